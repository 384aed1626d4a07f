/**
 * pdf.js's strings in the reader's language, from Folio's own messages (pdf.js's IL10n). Without
 * one, pdf.js's viewer names every page "Page n" in English, whatever the reader's language, and
 * parses its whole English Fluent bundle before page 1 to do so.
 *
 * With editing and forms off (engine.ts), pdf.js asks for three strings: each page's landmark
 * name, a text annotation's icon, and a popup's date. Its viewer marks an element with
 * `data-l10n-id` / `data-l10n-args` and leaves the translating to whoever watches the container,
 * as pdf.js's own app does.
 */
import { translate as message } from '../../i18n';
import type { Locale } from '../../i18n';

type Args = Record<string, unknown>;

/** How to put an id's text on its element. */
const STRINGS: Partial<Record<string, (element: Element, args: Args, locale: Locale) => void>> = {
  'pdfjs-page-landmark': (element, { page }, locale) => {
    if (typeof page === 'number') {
      element.setAttribute('aria-label', message(locale, 'engine.pageLandmark', { page }));
    }
  },
  'pdfjs-text-annotation-type': (element, { type }, locale) => {
    if (typeof type === 'string') {
      element.setAttribute('alt', message(locale, 'engine.annotationType', { type }));
    }
  },
  'pdfjs-annotation-date-time-string': (element, { dateObj }, locale) => {
    if (typeof dateObj === 'number') {
      element.textContent = new Date(dateObj).toLocaleString(locale, {
        dateStyle: 'short',
        timeStyle: 'medium',
      });
    }
  },
};

function readArgs(element: Element): Args {
  try {
    const parsed: unknown = JSON.parse(element.getAttribute('data-l10n-args') ?? '{}');
    return typeof parsed === 'object' && parsed !== null ? (parsed as Args) : {};
  } catch {
    return {};
  }
}

function translateElement(element: Element, locale: Locale): void {
  const put = STRINGS[element.getAttribute('data-l10n-id') ?? ''];
  if (put) put(element, readArgs(element), locale);
}

function translateTree(root: Element, locale: Locale): void {
  if (root.hasAttribute('data-l10n-id')) translateElement(root, locale);
  root.querySelectorAll('[data-l10n-id]').forEach((element) => {
    translateElement(element, locale);
  });
}

/** What pdf.js's viewer components call on their `l10n` (web/interfaces.js, IL10n). */
export interface ViewerL10n {
  getLanguage(): string;
  getDirection(): string;
  get(ids: string | string[], args?: Args | null, fallback?: string): Promise<string | string[]>;
  translate(element: HTMLElement): Promise<void>;
  translateOnce(element: HTMLElement): Promise<void>;
  destroy(): Promise<void>;
  pause(): void;
  resume(): void;
}

export function viewerL10n(locale: Locale): ViewerL10n {
  const roots = new Set<Element>();
  const onMutations = (records: MutationRecord[]) => {
    for (const record of records) {
      if (record.type === 'attributes' && record.target instanceof Element) {
        translateElement(record.target, locale);
      }
      record.addedNodes.forEach((node) => {
        if (node instanceof Element) translateTree(node, locale);
      });
    }
  };
  const observer = new MutationObserver(onMutations);
  const observe = () => {
    for (const root of roots) {
      observer.observe(root, {
        subtree: true,
        childList: true,
        attributes: true,
        attributeFilter: ['data-l10n-id', 'data-l10n-args'],
      });
    }
  };
  return {
    getLanguage: () => locale.toLowerCase(),
    getDirection: () => 'ltr',
    get(ids, _args, fallback) {
      // Only pdf.js's editors ask for a string by id, and they are off: no text is better than
      // an id shown to the reader.
      return Promise.resolve(Array.isArray(ids) ? ids.map(() => '') : (fallback ?? ''));
    },
    translate(element) {
      roots.add(element);
      translateTree(element, locale);
      observe();
      return Promise.resolve();
    },
    translateOnce(element) {
      translateTree(element, locale);
      return Promise.resolve();
    },
    destroy() {
      observer.disconnect();
      roots.clear();
      return Promise.resolve();
    },
    // pdf.js pauses around DOM it builds itself (text layers: hundreds of spans, none to translate).
    pause() {
      onMutations(observer.takeRecords());
      observer.disconnect();
    },
    resume() {
      observe();
    },
  };
}
