import type { RangeError } from '../../services/print';
import type { Translate } from '../../i18n';
import type { printMessages } from './messages';

/** Why a typed page range names no page, in the reader's language (both print dialogs). */
export function rangeMessage(t: Translate<keyof typeof printMessages>, error: RangeError): string {
  switch (error.kind) {
    case 'empty':
      return t('print.error.empty');
    case 'syntax':
      return t('print.error.syntax', { part: error.part });
    case 'zero':
      return t('print.error.zero');
    case 'reversed':
      return t('print.error.reversed', { part: error.part });
    case 'pastEnd':
      return t('print.error.pastEnd', { page: error.page, count: error.pageCount });
  }
}
