import { useMemo } from 'react';
import type { EmailMessage as Message } from '../../domain/listing';
import { useLocale, useMessages } from '../../i18n';
import { shortDate } from '../../services/listing/format';
import { emailSrcdoc } from '../../services/listing/srcdoc';
import { listingMessages } from './messages';

/**
 * An e-mail's header fields and body (docs/decisions/2026-12-06-listing-view.md). Every field is
 * text. The HTML body, when there is one, is a frame's own document: `sandbox=""` (no script, no
 * form, no navigation of the viewer, an opaque origin) and a CSP that allows no network as its
 * first head element (services/listing/srcdoc.ts); under anti-copy nothing in it can be selected
 * or dragged. Otherwise the text body, as preformatted text.
 */
export function EmailMessage({ message, antiCopy }: { message: Message; antiCopy: boolean }) {
  const t = useMessages(listingMessages);
  const locale = useLocale();
  const srcdoc = useMemo(
    () => (message.html === undefined ? undefined : emailSrcdoc(message.html, { antiCopy })),
    [message.html, antiCopy],
  );
  const fields: [string, string][] = [
    [t('email.from'), message.from],
    [t('email.to'), message.to.join(', ')],
    [t('email.cc'), message.cc.join(', ')],
    [t('email.date'), shortDate(message.date, locale)],
  ];
  return (
    <article className="folio-email" aria-label={t('email.message')}>
      <h1 className="folio-email-subject">
        <span className="folio-visually-hidden">{t('email.subject')}: </span>
        {message.subject === '' ? t('email.noSubject') : message.subject}
      </h1>
      <dl className="folio-email-headers">
        {fields
          .filter(([, value]) => value !== '')
          .map(([name, value]) => (
            <div key={name} className="folio-email-field">
              <dt>{name}</dt>
              <dd>{value}</dd>
            </div>
          ))}
      </dl>
      {srcdoc !== undefined ? (
        <iframe
          className="folio-email-html"
          title={t('email.body')}
          sandbox=""
          srcDoc={srcdoc}
          referrerPolicy="no-referrer"
        />
      ) : (
        message.text !== undefined && (
          <pre className="folio-email-text" aria-label={t('email.body')} tabIndex={0}>
            {message.text}
          </pre>
        )
      )}
    </article>
  );
}
