import { act, screen, within } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { ListingView } from '../ListingView';
import { BackToList } from '../../BackToList';
import type { Listing, ListingEntry } from '../../../domain/listing';
import { docActions } from '../../../models/doc';
import { listingActions, listingModel } from '../../../models/listing';
import { createTestApp, renderWithProviders } from '../../../test/renderWithProviders';
import type { PreloadedDoc } from '../../../test/renderWithProviders';
import type { Locale } from '../../../i18n';
import { fakeCanvas } from '../../../test/fakeCanvas';

// The watermark draws its tile on a canvas, which jsdom has not.
beforeEach(() => {
  fakeCanvas();
});
afterEach(() => {
  jest.restoreAllMocks();
});

const entry = (index: number, path: string, opens = true): ListingEntry => ({
  id: `scans.zip!${String(index)}`,
  path,
  size: 1536,
  modified: '2026-01-02T03:04:05.000Z',
  opens,
  encrypted: false,
});

const ARCHIVE: Listing = {
  kind: 'archive',
  entries: [
    entry(1, '2026/合同/季度报告.pdf'),
    entry(2, '2026/合同/acme.pdf'),
    entry(3, '2026/readme.pdf'),
    entry(4, 'setup.exe', false),
  ],
  truncated: false,
  message: undefined,
};

const EMAIL: Listing = {
  kind: 'email',
  entries: [{ ...entry(1, '合同.pdf'), id: 'mail.eml!1' }],
  truncated: false,
  message: {
    from: 'Li Lei <li@example.com>',
    to: ['Han <han@example.com>'],
    cc: [],
    date: '2026-01-02T03:04:05.000Z',
    subject: '<b>The contract</b>',
    text: 'Hello,\nattached.',
    html: '<p>Hello</p><script>parent.__pwned = 1</script>',
  },
};

function Where() {
  const { search } = useLocation();
  return <output aria-label="where">{search}</output>;
}

function renderListing(
  listing: Listing,
  {
    docId = 'scans.zip',
    param = {},
    locale = 'en',
  }: {
    docId?: string;
    param?: NonNullable<PreloadedDoc['docData']>['param'];
    locale?: Locale;
  } = {},
) {
  return renderWithProviders(
    <MemoryRouter initialEntries={[`/viewer/?doc=${encodeURIComponent(docId)}&lang=${locale}`]}>
      <ListingView docId={docId} />
      <Where />
    </MemoryRouter>,
    {
      locale,
      preloadedState: {
        doc: {
          docId,
          docData: {
            title: docId,
            pageCount: 0,
            view: 'listing',
            listing,
            watermarkInfo: { text: 'alice' },
            param,
          },
        },
      },
    },
  );
}

const rows = () => screen.getAllByRole('treeitem');
const focused = () => document.activeElement?.textContent ?? '';

describe('ListingView: an archive', () => {
  it('lists folders first, closed, then entries with their size and date; a tree with one tab stop', () => {
    renderListing(ARCHIVE);
    const tree = screen.getByRole('tree', { name: 'Contents of scans.zip' });
    expect(
      within(tree)
        .getAllByRole('treeitem')
        .map((row) => row.textContent),
    ).toEqual([
      expect.stringMatching(/^2026/),
      expect.stringMatching(/^setup\.exe.*no preview.*1\.5 KB/),
    ]);
    expect(rows()[0]).toHaveAttribute('aria-expanded', 'false');
    expect(rows()[0]).toHaveAttribute('aria-level', '1');
    expect(rows().filter((row) => row.tabIndex === 0)).toHaveLength(1);
    // No link for an entry Folio cannot show.
    expect(screen.queryByRole('link', { name: 'setup.exe' })).not.toBeInTheDocument();
  });

  it('has no page, zoom, rotation or print control; Download of the original when allowed', () => {
    renderListing(ARCHIVE, { param: { download: true } });
    for (const name of ['Previous page', 'Next page', 'Zoom in', 'Zoom out', 'Print']) {
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    }
    expect(screen.getByRole('button', { name: 'Download' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Open in new tab' })).not.toBeInTheDocument();
  });

  it('has no Download when the policy forbids it, and no toolbar without showHeaderBar', () => {
    renderListing(ARCHIVE, { param: { download: false, showHeaderBar: false } });
    expect(screen.queryByRole('button', { name: 'Download' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Toolbar' })).not.toBeInTheDocument();
  });

  it('lies under the document’s watermark', () => {
    const { container } = renderListing(ARCHIVE);
    expect(container.querySelector('.folio-watermarked .folio-listing')).not.toBeNull();
  });

  it('moves with the arrows, Home and End; → opens and enters, ← closes and leaves (APG tree)', async () => {
    const { user } = renderListing(ARCHIVE);
    act(() => {
      rows()[0]?.focus();
    });
    await user.keyboard('{ArrowRight}');
    expect(rows()[0]).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{ArrowDown}');
    expect(focused()).toMatch(/^合同/);
    await user.keyboard('{ArrowRight}');
    await user.keyboard('{ArrowRight}');
    expect(focused()).toMatch(/^acme\.pdf/);
    await user.keyboard('{ArrowDown}');
    expect(focused()).toMatch(/^季度报告\.pdf/);
    await user.keyboard('{ArrowLeft}');
    expect(focused()).toMatch(/^合同/);
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('treeitem', { name: /^合同/ })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    await user.keyboard('{End}');
    expect(focused()).toMatch(/^setup\.exe/);
    await user.keyboard('{Home}');
    expect(focused()).toMatch(/^2026/);
    expect(rows().filter((row) => row.tabIndex === 0)).toEqual([document.activeElement]);
  });

  it('opens an entry with Enter or its link: ?doc=<entry id>, the language kept, no token', async () => {
    const { user } = renderListing(ARCHIVE);
    await user.click(screen.getByRole('treeitem', { name: /^2026/ }));
    await user.click(screen.getByRole('treeitem', { name: /^合同/ }));
    const link = screen.getByRole('link', { name: 'acme.pdf' });
    expect(link).toHaveAttribute('href', '/viewer/?doc=scans.zip%212&lang=en');
    act(() => {
      screen.getByRole('treeitem', { name: /^季度报告/ }).focus();
    });
    await user.keyboard('{Enter}');
    expect(screen.getByRole('status', { name: 'where' }).textContent).toBe(
      '?doc=scans.zip%211&lang=en',
    );
  });

  it('filters entries by name, their folders open, and says how many', async () => {
    const { user } = renderListing(ARCHIVE);
    await user.type(screen.getByRole('searchbox', { name: 'Search by name' }), 'ACME');
    expect(screen.getByText('1 of 4 entries')).toBeInTheDocument();
    expect(rows().map((row) => row.textContent)).toEqual([
      expect.stringMatching(/^2026/),
      expect.stringMatching(/^合同/),
      expect.stringMatching(/^acme\.pdf/),
    ]);
    await user.clear(screen.getByRole('searchbox'));
    await user.type(screen.getByRole('searchbox'), 'zzz');
    expect(screen.getByText('No entry’s name holds “zzz”.')).toBeInTheDocument();
    expect(screen.queryByRole('tree')).not.toBeInTheDocument();
  });

  it('speaks Chinese', () => {
    renderListing(ARCHIVE, { locale: 'zh-CN' });
    expect(screen.getByRole('tree', { name: 'scans.zip 的内容' })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: '按名称搜索' })).toBeInTheDocument();
    expect(screen.getByText('共 4 项')).toBeInTheDocument();
    expect(screen.getByText('无法预览')).toBeInTheDocument();
  });

  it('tags an encrypted entry, beside its link (its password is asked for once opened)', () => {
    renderListing({
      ...ARCHIVE,
      entries: [{ ...entry(9, 'secret.pdf'), encrypted: true }],
    });
    expect(screen.getByText('encrypted')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /secret\.pdf/ })).toHaveAttribute(
      'href',
      '/viewer/?doc=scans.zip%219&lang=en',
    );
  });

  it('counts one entry and one item in the singular', () => {
    renderListing({ ...ARCHIVE, entries: [entry(1, 'a/b.pdf')] });
    expect(screen.getByText('1 entry')).toBeInTheDocument();
    expect(screen.getByText('1 item')).toBeInTheDocument();
  });

  it('says when the facility listed only part of it', () => {
    renderListing({ ...ARCHIVE, truncated: true });
    expect(screen.getByRole('note')).toHaveTextContent('Only the first 4 entries are listed.');
  });
});

describe('ListingView: an e-mail', () => {
  it('shows its fields as text, its HTML body in a sandboxed frame with a CSP, and its attachments', () => {
    renderListing(EMAIL, { docId: 'mail.eml', param: { antiCopy: true } });
    const message = screen.getByRole('article', { name: 'E-mail message' });
    expect(within(message).getByRole('heading', { level: 1 })).toHaveTextContent(
      '<b>The contract</b>',
    );
    expect(within(message).getByText('Li Lei <li@example.com>')).toBeInTheDocument();
    expect(within(message).queryByText('Cc')).not.toBeInTheDocument();
    const frame = screen.getByTitle('Message');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame).toHaveAttribute('sandbox', '');
    expect(frame.getAttribute('srcdoc')).toMatch(
      /^<!doctype html><html><head><meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src data:; style-src 'unsafe-inline'">.*user-select:none!important/,
    );
    expect(message.querySelector('script')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Attachments' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '合同.pdf' })).toHaveAttribute(
      'href',
      '/viewer/?doc=mail.eml%211&lang=en',
    );
  });

  it('shows the text body as preformatted text when there is no HTML one', () => {
    if (EMAIL.message === undefined) throw new Error('the e-mail has a message');
    const text: Listing = { ...EMAIL, message: { ...EMAIL.message, html: undefined } };
    renderListing(text, { docId: 'mail.eml' });
    const body = screen.getByLabelText('Message');
    expect(body.tagName).toBe('PRE');
    expect(body.textContent).toBe('Hello,\nattached.');
    expect(screen.queryByTitle('Message')).not.toBeInTheDocument();
  });

  it('says so when it has no attachment', () => {
    renderListing({ ...EMAIL, entries: [] }, { docId: 'mail.eml', locale: 'zh-CN' });
    expect(screen.getByText('没有附件。')).toBeInTheDocument();
    expect(screen.getByText('发件人')).toBeInTheDocument();
  });
});

describe('BackToList', () => {
  function renderBack(docId: string, locale: Locale = 'en') {
    return renderWithProviders(
      <MemoryRouter initialEntries={[`/viewer/?doc=${encodeURIComponent(docId)}&lang=${locale}`]}>
        <BackToList />
      </MemoryRouter>,
      { locale, preloadedState: { doc: { docId } } },
    );
  }

  it('links an entry back to its listing', () => {
    renderBack('scans.zip!3!2');
    expect(screen.getByRole('link', { name: 'Back to list' })).toHaveAttribute(
      'href',
      '/viewer/?doc=scans.zip%213&lang=en',
    );
  });

  it('is 返回列表 in Chinese', () => {
    renderBack('scans.zip!3', 'zh-CN');
    expect(screen.getByRole('link', { name: '返回列表' })).toBeInTheDocument();
  });

  it('is absent for any other document', () => {
    renderBack('report.pdf');
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });
});

describe('the listing model follows the documents fetched (its effect)', () => {
  it('keeps a listing’s search while its entries are opened, and forgets it for another document', () => {
    const { app } = renderListing(ARCHIVE);
    const state = () => app.store.getState().listing;
    act(() => {
      app.dispatch(listingActions.search('acme'));
    });
    act(() => {
      app.dispatch(docActions.fetchStarted('scans.zip!2'));
    });
    expect(state()).toMatchObject({ listingId: 'scans.zip', query: 'acme' });
    act(() => {
      app.dispatch(docActions.fetchStarted('scans.zip'));
    });
    expect(state().query).toBe('acme');
    act(() => {
      app.dispatch(docActions.fetchStarted('other.pdf'));
    });
    expect(state()).toEqual({ listingId: 'other.pdf', query: '', open: [] });
  });
});

describe('the listing model, started after the link’s document was asked for', () => {
  it('takes that document as its listing', () => {
    const app = createTestApp();
    app.dispatch(docActions.fetchStarted('late.zip'));
    app.unmodel('listing');
    app.model(listingModel);
    expect(app.store.getState().listing.listingId).toBe('late.zip');
  });
});
