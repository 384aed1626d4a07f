/** behaviour.md, "The facility's policy": the Download and Open in new tab controls, present only as the policy allows. */
import { act, screen, waitFor } from '@testing-library/react';
import { DownloadControls, useDownloadFeedback } from '..';
import { docActions } from '../../../models/doc';
import { downloadActions } from '../../../models/download';
import { renderWithProviders } from '../../../test/renderWithProviders';
import type { Locale } from '../../../i18n';
import type { DocParam } from '../../../domain/document';
import { setFacilityToken } from '../../../services/facilityAuth';

function renderControls(param: Partial<DocParam> = {}, locale: Locale = 'en') {
  return renderWithProviders(<DownloadControls />, {
    locale,
    preloadedState: { doc: { docId: 'a.pdf', docData: { param } } },
  });
}

const queryButton = (name: string) => screen.queryByRole('button', { name });

describe('DownloadControls', () => {
  it('contracts §5 names: Download and Open in new tab, with the defaults (both allowed)', () => {
    renderControls();
    expect(screen.getByRole('button', { name: 'Download' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Open in new tab' })).toBeEnabled();
  });

  it('names both in Chinese under zh-CN', () => {
    renderControls({}, 'zh-CN');
    expect(screen.getByRole('button', { name: '下载' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '在新标签页中打开' })).toBeInTheDocument();
  });

  it.each<[string, Partial<DocParam>, boolean, boolean]>([
    ['download off: neither (a tab is a route to the bytes)', { download: false }, false, false],
    [
      'download off, showBrowser on: still neither',
      { download: false, showBrowser: true },
      false,
      false,
    ],
    ['showBrowser off: Download only', { showBrowser: false }, true, false],
    ['isFcsDownload off: both', { isFcsDownload: false }, true, true],
  ])('contracts §5b %s', (_, param, download, openInTab) => {
    renderControls(param);
    expect(queryButton('Download') !== null).toBe(download);
    expect(queryButton('Open in new tab') !== null).toBe(openInTab);
  });

  it('Open in new tab opens the viewed PDF with noopener', async () => {
    const open = jest.spyOn(window, 'open').mockReturnValue(null);
    const { user } = renderControls({ isFcsDownload: true });
    await user.click(screen.getByRole('button', { name: 'Open in new tab' }));
    expect(open).toHaveBeenCalledWith(
      'http://facility.test/api/documents/a.pdf/content',
      '_blank',
      'noopener',
    );
    open.mockRestore();
  });

  it('with a signed link, Open in new tab fetches with the token and shows the bytes', async () => {
    setFacilityToken('a.b.c');
    const tab = { opener: {}, location: { href: '' }, close: jest.fn() };
    const open = jest.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    const fetch = jest
      .spyOn(window, 'fetch')
      .mockResolvedValue(
        new Response('%PDF-1.7', { headers: { 'content-type': 'application/pdf' } }),
      );
    URL.createObjectURL = jest.fn(() => 'blob:folio/1');
    URL.revokeObjectURL = jest.fn();
    try {
      const { user } = renderControls({ isFcsDownload: true });
      await user.click(screen.getByRole('button', { name: 'Open in new tab' }));
      expect(open).toHaveBeenCalledWith('', '_blank');
      expect(tab.opener).toBeNull();
      const [url, init] = fetch.mock.calls[0] ?? [];
      expect(url).toBe('http://facility.test/api/documents/a.pdf/content');
      expect(init?.headers).toEqual({ Authorization: 'Bearer a.b.c' });
      await waitFor(() => {
        expect(tab.location.href).toBe('blob:folio/1');
      });
    } finally {
      setFacilityToken(undefined);
      open.mockRestore();
      fetch.mockRestore();
    }
  });

  it('Download saves the document through the model’s download effect', async () => {
    const { user, app } = renderControls({ isFcsDownload: false });
    // The viewed PDF as a data: URL, so the real fetch needs no network.
    const { docData, mimeType } = app.getState().doc;
    app.dispatch(
      docActions.save({
        docData: {
          ...docData,
          fileUrl: 'data:application/pdf;base64,JVBERi0xLjcK',
          originalUrl: 'data:,',
        },
        mimeType,
      }),
    );
    URL.createObjectURL = () => 'blob:http://localhost/1';
    URL.revokeObjectURL = () => undefined;
    const names: string[] = [];
    const onClick = (event: MouseEvent) => {
      if (event.target instanceof HTMLAnchorElement) {
        event.preventDefault();
        names.push(event.target.download);
      }
    };
    document.addEventListener('click', onClick);
    await user.click(screen.getByRole('button', { name: 'Download' }));
    await waitFor(() => {
      expect(names).toEqual(['Sample document.pdf']);
    });
    document.removeEventListener('click', onClick);
  });
});

function Feedback() {
  useDownloadFeedback();
  return null;
}

describe('useDownloadFeedback', () => {
  it.each<[{ status?: number }, string]>([
    [{ status: 503 }, 'The download failed (HTTP 503). Please try again.'],
    [{}, 'The download failed: the file could not be reached. Please try again.'],
  ])('a failure %o is told once in a toast, then marked as told', async (failure, text) => {
    const { app } = renderWithProviders(<Feedback />, { preloadedState: { doc: {} } });
    act(() => {
      app.dispatch(downloadActions.failed(failure));
    });
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(screen.getAllByText(text)).toHaveLength(1);
    expect(app.getState().download.failure).toBeUndefined();
  });

  it('tells it in Chinese under zh-CN', async () => {
    const { app } = renderWithProviders(<Feedback />, {
      locale: 'zh-CN',
      preloadedState: { doc: {} },
    });
    act(() => {
      app.dispatch(downloadActions.failed({ status: 404 }));
    });
    expect(await screen.findByText('下载失败（HTTP 404），请重试。')).toBeInTheDocument();
  });
});
