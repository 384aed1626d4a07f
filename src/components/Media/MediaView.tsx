import { useId, useRef, useState } from 'react';
import type { KeyboardEvent, MouseEvent } from 'react';
import { shallowEqual } from 'react-redux';
import { useAppSelector } from '../../app';
import { useLocale, useMessages } from '../../i18n';
import type { Locale } from '../../i18n';
import { selectMedia, selectParam, selectShownTitle } from '../../models/doc/selectors';
import { useBootBarReplaced } from '../../boot/bootBar';
import { useFirstFrameReplaced } from '../../boot/firstFrame/replaced';
import type { MediaInfo, MediaTrack } from '../../domain/media';
import { BackToList } from '../BackToList';
import { DownloadControls } from '../Download/DownloadControls';
import { FullscreenButton } from '../Fullscreen/FullscreenButton';
import { useFullscreen } from '../Fullscreen/useFullscreen';
import { WatermarkedStage } from '../Watermark';
import { mediaMessages } from './messages';
import './Media.css';

/** How far ← and → move, in seconds. */
const SEEK_S = 5;

/** A caption track's name in the reader's language (`zh-CN` → "中文（中国）"). */
function trackLabel(track: MediaTrack, locale: Locale, fallback: string): string {
  if (track.lang === undefined) return fallback;
  try {
    return new Intl.DisplayNames([locale], { type: 'language' }).of(track.lang) ?? track.lang;
  } catch {
    return track.lang;
  }
}

/** The track shown first: the reader's language, else its base language, else the first. */
function defaultTrack(tracks: readonly MediaTrack[], locale: Locale): number {
  const exact = tracks.findIndex((track) => track.lang === locale);
  if (exact >= 0) return exact;
  const base = locale.split('-')[0];
  const near = tracks.findIndex((track) => track.lang?.split('-')[0] === base);
  return near >= 0 ? near : 0;
}

/**
 * ← and → on the player go back or on {@link SEEK_S} s. Space is the player's own: Chromium's
 * toggles a focused player on its key-up whatever a handler does, so taking it here too would
 * toggle twice (tried in Chromium, docs/decisions/2026-12-06-media-view.md).
 */
function onPlayerKey(event: KeyboardEvent<HTMLMediaElement>): void {
  if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
  if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
  const player = event.currentTarget;
  const step = event.key === 'ArrowLeft' ? -SEEK_S : SEEK_S;
  const end = Number.isFinite(player.duration) ? player.duration : Infinity;
  player.currentTime = Math.min(end, Math.max(0, player.currentTime + step));
  event.preventDefault();
}

/**
 * The browser's own player for the facility's media, read by ranges. No way out of the
 * watermark: the player's own fullscreen, picture-in-picture and casting are off (the toolbar's
 * Fullscreen takes the whole viewer, watermark included); no save control or context menu for a
 * reader who may not download (or under anti-copy).
 */
function Player({ media, label, hint }: { media: MediaInfo; label: string; hint: string }) {
  const t = useMessages(mediaMessages);
  const locale = useLocale();
  const { download, antiCopy } = useAppSelector((state) => {
    const param = selectParam(state);
    return { download: param.download, antiCopy: param.antiCopy };
  }, shallowEqual);
  const [failed, setFailed] = useState(false);
  const saveable = download && !media.viewOnly;
  const first = defaultTrack(media.tracks, locale);
  const tracks = media.tracks.map((track, index) => (
    <track
      key={track.url}
      kind="captions"
      src={track.url}
      srcLang={track.lang}
      label={trackLabel(track, locale, t('media.captions'))}
      default={index === first}
    />
  ));
  const common = {
    className: 'folio-media-player',
    'data-kind': media.kind,
    src: media.url,
    controls: true,
    preload: 'metadata',
    'aria-label': label,
    'aria-describedby': hint,
    controlsList: saveable
      ? 'nofullscreen noremoteplayback'
      : 'nodownload nofullscreen noremoteplayback',
    disableRemotePlayback: true,
    onKeyDown: onPlayerKey,
    onContextMenu: (event: MouseEvent) => {
      if (!saveable || antiCopy) event.preventDefault();
    },
    onError: () => {
      setFailed(true);
    },
  } as const;
  if (failed) {
    return (
      <p className="folio-media-error" role="alert">
        {t('media.cannotPlay')}
      </p>
    );
  }
  if (media.kind === 'audio') return <audio {...common}>{tracks}</audio>;
  const shape =
    media.width !== undefined && media.height !== undefined
      ? { aspectRatio: `${String(media.width)} / ${String(media.height)}` }
      : undefined;
  return (
    <video {...common} disablePictureInPicture playsInline style={shape}>
      {tracks}
    </video>
  );
}

/**
 * The media engine's view (contracts §3 "Views beyond pages";
 * docs/decisions/2026-12-06-media-view.md): audio or video in the browser's own player, by
 * ranges, under the document's watermark, with its captions, and a toolbar of what applies —
 * the way back to a listing, the title, Fullscreen and the original's download when the policy
 * allows it. Anti-copy is the page's (DocumentView). Its own chunk (`media`): a reader of a PDF
 * loads nothing of it.
 */
export function MediaView({ docId }: { docId: string }) {
  const t = useMessages(mediaMessages);
  const media = useAppSelector(selectMedia);
  const showHeaderBar = useAppSelector((state) => selectParam(state).showHeaderBar);
  const title = useAppSelector(selectShownTitle);
  const docTitle = useAppSelector((state) => state.doc.docData.title);
  const viewerRef = useRef<HTMLElement>(null);
  const hint = useId();
  useFullscreen(viewerRef);
  useBootBarReplaced();
  useFirstFrameReplaced();
  if (media === undefined) return null;
  const named = docTitle === '' ? docId : docTitle;
  const label = t(media.kind === 'video' ? 'media.video' : 'media.audio', { title: named });
  return (
    <main
      ref={viewerRef}
      className="folio-viewer folio-media-viewer"
      data-doc-id={docId}
      data-view="media"
    >
      {showHeaderBar && (
        <section aria-label={t('media.toolbar')} className="folio-header-bar">
          <BackToList />
          <div className="folio-header-bar-start" style={{ flex: '1 1 0' }}>
            {title !== '' && <span className="folio-header-bar-title">{title}</span>}
          </div>
          <div className="folio-header-bar-group">
            <FullscreenButton />
            <DownloadControls />
          </div>
        </section>
      )}
      <div className="folio-body">
        <WatermarkedStage>
          <div className="folio-media">
            <Player media={media} label={label} hint={hint} />
            <p id={hint} className="folio-media-hint">
              {t('media.keys')}
            </p>
          </div>
        </WatermarkedStage>
      </div>
    </main>
  );
}
