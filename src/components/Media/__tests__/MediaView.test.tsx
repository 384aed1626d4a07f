import { fireEvent, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { MediaView } from '../MediaView';
import type { MediaInfo } from '../../../domain/media';
import { renderWithProviders } from '../../../test/renderWithProviders';
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

const VIDEO: MediaInfo = {
  kind: 'video',
  url: 'http://folio.test/api/documents/talk.mp4/media/t',
  mimeType: 'video/mp4',
  duration: 60,
  width: 1280,
  height: 720,
  tracks: [
    { url: 'http://folio.test/api/documents/talk.mp4/tracks/t/default', lang: undefined },
    { url: 'http://folio.test/api/documents/talk.mp4/tracks/t/zh-CN', lang: 'zh-CN' },
  ],
  viewOnly: false,
};

function renderMedia(
  media: MediaInfo,
  {
    param = { download: true },
    locale = 'en',
  }: { param?: NonNullable<PreloadedDoc['docData']>['param']; locale?: Locale } = {},
) {
  return renderWithProviders(
    <MemoryRouter initialEntries={[`/viewer/?doc=talk.mp4&lang=${locale}`]}>
      <MediaView docId="talk.mp4" />
    </MemoryRouter>,
    {
      locale,
      preloadedState: {
        doc: {
          docId: 'talk.mp4',
          docData: {
            title: 'talk',
            pageCount: 0,
            view: 'media',
            media,
            watermarkInfo: { text: 'alice' },
            param,
          },
        },
      },
    },
  );
}

function player(): HTMLVideoElement {
  const video = document.querySelector<HTMLVideoElement>('video.folio-media-player');
  if (video === null) throw new Error('no video player');
  return video;
}

describe('MediaView', () => {
  it('plays the facility’s URL in the browser’s player, named, described, under the watermark', () => {
    renderMedia(VIDEO);
    const video = player();
    expect(video).toHaveAttribute('src', VIDEO.url);
    expect(video).toHaveAttribute('controls');
    expect(video).toHaveAttribute('aria-label', 'Video: talk');
    expect(video).toHaveAccessibleDescription(/Space plays or pauses/);
    expect(video.closest('.folio-stage')).toHaveClass('folio-watermarked');
    // No way out of the watermark: the player's own fullscreen, picture-in-picture, casting.
    expect(video).toHaveAttribute('controlslist', 'nofullscreen noremoteplayback');
    expect(video).toHaveAttribute('disablepictureinpicture');
    expect(screen.getByRole('button', { name: 'Download' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Next page' })).not.toBeInTheDocument();
  });

  it('names each caption track in the reader’s language and shows the reader’s first', () => {
    renderMedia(VIDEO, { locale: 'zh-CN' });
    const tracks = [...document.querySelectorAll('track')];
    expect(tracks.map((track) => [track.kind, track.srclang, track.default])).toEqual([
      ['captions', '', false],
      ['captions', 'zh-CN', true],
    ]);
    expect(tracks[0]).toHaveAttribute('label', '字幕');
    expect(tracks[1]?.label).toMatch(/中文/);
    expect(player()).toHaveAttribute('aria-label', '视频：talk');
  });

  it('gives a view-only reader no save control and no context menu', () => {
    renderMedia({ ...VIDEO, viewOnly: true }, { param: { download: false, antiCopy: false } });
    const video = player();
    expect(video).toHaveAttribute('controlslist', 'nodownload nofullscreen noremoteplayback');
    expect(fireEvent.contextMenu(video)).toBe(false);
    expect(screen.queryByRole('button', { name: 'Download' })).not.toBeInTheDocument();
  });

  it('takes ← and → on the player, and leaves Space to the player’s own controls', () => {
    renderMedia(VIDEO);
    const video = player();
    const play = jest.spyOn(video, 'play').mockResolvedValue(undefined);
    Object.defineProperty(video, 'duration', { value: 60 });
    expect(fireEvent.keyDown(video, { key: ' ' })).toBe(true);
    expect(play).not.toHaveBeenCalled();
    video.currentTime = 10;
    fireEvent.keyDown(video, { key: 'ArrowRight' });
    expect(video.currentTime).toBe(15);
    fireEvent.keyDown(video, { key: 'ArrowLeft' });
    fireEvent.keyDown(video, { key: 'ArrowLeft' });
    fireEvent.keyDown(video, { key: 'ArrowLeft' });
    expect(video.currentTime).toBe(0);
  });

  it('plays audio in an audio player, and says so when the browser cannot', () => {
    renderMedia({ ...VIDEO, kind: 'audio', tracks: [], width: undefined, height: undefined });
    const audio = document.querySelector('audio.folio-media-player');
    expect(audio).toHaveAttribute('aria-label', 'Audio: talk');
    fireEvent.error(audio as HTMLAudioElement);
    expect(screen.getByRole('alert')).toHaveTextContent('This browser cannot play this file.');
  });
});
