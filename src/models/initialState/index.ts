import { createInitialStateModel } from '../../runtime';
import { readSettings } from '../../services/settings';
import { pickLocale } from '../../i18n/pickLocale';
import { pageLocation } from '../../url';

/** What Folio knows before any page renders: where it is deployed and the reader's language. */
export async function getInitialState() {
  await Promise.resolve();
  return {
    settings: readSettings(),
    locale: pickLocale(pageLocation().search, navigator.languages),
  };
}

export const initialStateModel = createInitialStateModel(getInitialState);
