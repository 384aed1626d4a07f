/**
 * Components under test get the real thing (redux-templates' `renderWithProviders`): a started
 * Folio app with every registered model, the store's Provider and the app shell (antd, language).
 * A preloaded document is reached through the doc model's own reducers, as the fetch effect
 * reaches it, never by writing the store's state directly.
 *
 * Every app started here is stopped after each test (its models removed, so the doc model's
 * window listeners go with it), after React Testing Library has unmounted what it rendered.
 */
import { cleanup, render } from '@testing-library/react';
import type { RenderOptions } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement, ReactNode } from 'react';
import { Provider } from 'react-redux';
import { createFolioApp } from '../app';
import { createUrlHistory } from '../url/history';
import type { FolioApp } from '../app';
import { Shell } from '../components/Shell';
import { SharedTooltipProvider } from '../components/SharedTooltip';
import { TooltipOver } from '../components/SharedTooltip/TooltipOver';
import type { Locale } from '../i18n';
import { docActions, models } from '../models';
import type { DocError } from '../models/doc/state';
import { PARAM_DEFAULTS } from '../domain/document';
import type { DocParam, PageSize } from '../domain/document';
import { initialDocData } from '../services/facilityDocument';
import type { DocData } from '../services/facilityDocument';

/** A4 portrait in PDF points. */
export const A4: PageSize = { width: 595, height: 842 };

export interface PreloadedDoc {
  /** The facility id; default `sample.pdf`. */
  docId?: string;
  /** Where the fetch stands; default `ready`. */
  status?: 'loading' | 'converting' | 'ready' | 'error';
  /**
   * What the facility answered; pageCount defaults to 14 A4 pages, loadedCount to pageCount, the
   * URLs to the facility's for `docId`, previews to none.
   */
  docData?: Partial<Omit<DocData, 'param'>> & { param?: Partial<DocParam> };
  /** Reader state, applied with setPage, zoomTo and rotateBy (so the model clamps it). */
  currentPage?: number;
  /** A ratio, as in the state: 1.2 is 120 %. */
  zoom?: number;
  /** Degrees, a multiple of 90. */
  rotate?: number;
  /** With status `error` (no document shown); default a facility 500. */
  error?: DocError;
}

export interface PreloadedState {
  doc?: PreloadedDoc;
}

// antd's popups (Tooltip, Dropdown) observe their size; jsdom has no ResizeObserver. Nothing is
// laid out in jsdom, so one that never reports is faithful.
if (!('ResizeObserver' in globalThis)) {
  globalThis.ResizeObserver = class {
    observe(): void {
      /* jsdom lays nothing out */
    }
    unobserve(): void {
      /* nothing observed */
    }
    disconnect(): void {
      /* nothing observed */
    }
  };
}

const running = new Set<FolioApp>();

afterEach(() => {
  cleanup();
  running.forEach((app) => {
    models.forEach((model) => {
      app.unmodel(model.namespace);
    });
  });
  running.clear();
});

function fullDocData(docId: string, preloaded: PreloadedDoc['docData'] = {}): DocData {
  const { param, ...fields } = preloaded;
  const pageCount = fields.pageCount ?? fields.pageSize?.length ?? 14;
  return {
    ...initialDocData,
    title: 'Sample document',
    fileUrl: `http://facility.test/api/documents/${docId}/content`,
    originalUrl: `http://facility.test/api/documents/${docId}/original`,
    pageSize: Array.from({ length: pageCount }, () => ({ ...A4 })),
    loadedCount: pageCount,
    ...fields,
    pageCount,
    param: { ...PARAM_DEFAULTS, ...param },
  };
}

/** Drives a started app's doc model to `doc` through its reducers. */
export function preloadDoc(app: FolioApp, doc: PreloadedDoc): void {
  const { dispatch } = app;
  const docId = doc.docId ?? 'sample.pdf';
  const status = doc.status ?? 'ready';
  const docData = fullDocData(docId, doc.docData);
  dispatch(docActions.fetchStarted(docId));
  if (status === 'loading') return;
  if (status === 'error') {
    dispatch(docActions.failed(doc.error ?? { kind: 'facility', status: 500 }));
    return;
  }
  if (status === 'converting') {
    const { loadedCount, pageCount } = docData;
    dispatch(docActions.converting({ loadedCount, pageCount }));
    return;
  }
  dispatch(docActions.save({ docData, mimeType: 'application/pdf' }));
  if (doc.currentPage !== undefined) dispatch(docActions.setPage(doc.currentPage));
  if (doc.zoom !== undefined) dispatch(docActions.zoomTo(Math.round(doc.zoom * 100)));
  if (doc.rotate !== undefined) dispatch(docActions.rotateBy(Math.trunc(doc.rotate / 90)));
}

/** A started app with the real models, stopped after the test; optionally with a document. */
export function createTestApp(preloadedState: PreloadedState = {}): FolioApp {
  const app = createFolioApp();
  // The page's history, as in the app: tests move the URL with the window's history API.
  app.start({ history: createUrlHistory() });
  running.add(app);
  if (preloadedState.doc) preloadDoc(app, preloadedState.doc);
  return app;
}

export interface ProvidersOptions extends Omit<RenderOptions, 'wrapper' | 'queries'> {
  preloadedState?: PreloadedState;
  locale?: Locale;
  /** An app to render against instead of a new one (then preloadedState is not applied). */
  app?: FolioApp;
}

export function renderWithProviders(
  ui: ReactElement,
  { preloadedState, locale = 'en', app: given, ...renderOptions }: ProvidersOptions = {},
) {
  const app = given ?? createTestApp(preloadedState);
  function Wrapper({ children }: { children: ReactNode }) {
    return (
      <Provider store={app.store}>
        <Shell locale={locale}>
          <SharedTooltipProvider Tip={TooltipOver}>{children}</SharedTooltipProvider>
        </Shell>
      </Provider>
    );
  }
  return {
    app,
    store: app.store,
    user: userEvent.setup(),
    ...render(ui, { wrapper: Wrapper, ...renderOptions }),
  };
}
