/**
 * Reads the facility's `media` (contracts §3 "Views beyond pages"; the contract in
 * docs/decisions/2026-12-06-media-view.md). Nothing is trusted: URLs must be http(s) (resolved
 * against previewApi), numbers finite and bounded, language tags plain BCP 47, at most
 * {@link MEDIA_LIMITS}.tracks captions. Without a usable URL there is nothing to play: undefined.
 */
import type { MediaInfo, MediaTrack } from '../../domain/media';
import { httpUrl } from '../facilityPaths';

export const MEDIA_LIMITS = {
  url: 8192,
  tracks: 32,
  /** A week of seconds; a picture side in pixels. */
  duration: 7 * 86_400,
  side: 65_536,
} as const;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function urlOf(raw: unknown, base: URL): string | undefined {
  return typeof raw === 'string' && raw.length <= MEDIA_LIMITS.url ? httpUrl(raw, base) : undefined;
}

function bounded(raw: unknown, max: number): number | undefined {
  return typeof raw === 'number' && Number.isFinite(raw) && raw > 0 && raw <= max ? raw : undefined;
}

function readTrack(raw: unknown, base: URL): MediaTrack | undefined {
  if (!isRecord(raw)) return undefined;
  const url = urlOf(raw.url, base);
  if (url === undefined) return undefined;
  const lang =
    typeof raw.lang === 'string' && /^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8}){0,2}$/.test(raw.lang)
      ? raw.lang
      : undefined;
  return { url, lang };
}

/** The answer's `media` when its view is `media` and it names a playable URL. */
export function readMedia(view: unknown, raw: unknown, base: URL): MediaInfo | undefined {
  if (view !== 'media' || !isRecord(raw)) return undefined;
  const url = urlOf(raw.url, base);
  if (url === undefined) return undefined;
  const tracks = (Array.isArray(raw.tracks) ? raw.tracks : [])
    .slice(0, MEDIA_LIMITS.tracks)
    .map((track) => readTrack(track, base))
    .filter((track): track is MediaTrack => track !== undefined);
  const width = bounded(raw.width, MEDIA_LIMITS.side);
  const height = bounded(raw.height, MEDIA_LIMITS.side);
  return {
    kind: raw.kind === 'audio' ? 'audio' : 'video',
    url,
    mimeType:
      typeof raw.mimeType === 'string' && /^(audio|video)\/[\w.+-]{1,64}$/.test(raw.mimeType)
        ? raw.mimeType
        : '',
    duration: bounded(raw.duration, MEDIA_LIMITS.duration),
    width: width !== undefined && height !== undefined ? width : undefined,
    height: width !== undefined && height !== undefined ? height : undefined,
    tracks,
    // Anything but an explicit false keeps the save control away.
    viewOnly: raw.viewOnly !== false,
  };
}
