/**
 * The media view's answers (docs/server.md, "Audio and video"; contracts §3 "Views beyond
 * pages"): the metadata's `media` field, `GET documents/{id}/media/{ticket}` (the playable file
 * by ranges) and `GET documents/{id}/tracks/{ticket}/{lang}` (a `.vtt` beside the file, as a text
 * track). The ticket is what a `<video>` can carry instead of an Authorization header
 * (server/media-tickets.ts); the facility only names it.
 *
 * View only: a reader who may not download gets the media only as the player asks for it — a
 * `Range` request, each answer at most `viewOnlyRangeBytes` (probe.ts) — and a request for the whole
 * file is `403 view_only`, as `content` (404 `no_pages` for any media) and `original` are.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import mime from 'mime-types';
import { formatOfDocument } from '../archives/entries.ts';
import { parseEntryId } from '../archives/entry-id.ts';
import { jsonError } from '../http/answer.ts';
import type { Answer } from '../http/answer.ts';
import type { Reader } from '../policy/reader.ts';
import { viewOnlyRefusal } from '../policy/view-only.ts';
import type { Found, Lookup } from '../sources/lookup.ts';
import type { Media } from './media.ts';

/** A caption file larger than this is not served. */
const MAX_TRACK_BYTES = 2 * 1024 * 1024;
/**
 * The caption files looked for beside `talk.mp4`: `talk.vtt` (`default`), and `talk.<lang>.vtt`
 * for these languages (a source may not list its folders, so names are tried, not listed).
 */
export const TRACK_LANGUAGES = [
  'en',
  'zh-CN',
  'zh-TW',
  'zh',
  'ja',
  'ko',
  'fr',
  'de',
  'es',
  'pt',
  'ru',
  'it',
  'ar',
] as const;
const DEFAULT_TRACK = 'default';

/** The ticket naming a reader of one document, for the media's and tracks' URLs. */
export type MediaTicket = (id: string, reader: Reader | undefined) => string;

export interface MediaAnswers {
  /** The metadata's view and `media` (or still converting), given the fields every answer has. */
  metadata: (
    found: Found,
    base: Record<string, unknown>,
    fields: Record<string, unknown>,
    reader: Reader | undefined,
  ) => Promise<Answer>;
  /** `GET documents/{id}/media/{ticket}`; `range` is the request's Range header. */
  media: (id: string, range: string | undefined, reader?: Reader) => Promise<Answer>;
  /** `GET documents/{id}/tracks/{ticket}/{lang}`: whoever may open the media reads its captions. */
  track: (id: string, lang: string) => Promise<Answer>;
}

/** `talk.mp4` → `talk.vtt` (lang `default`) or `talk.zh-CN.vtt`. */
export function trackId(id: string, lang: string): string {
  const slash = id.lastIndexOf('/');
  const dot = id.lastIndexOf('.');
  const stem = dot > slash + 1 ? id.slice(0, dot) : id;
  return lang === DEFAULT_TRACK ? `${stem}.vtt` : `${stem}.${lang}.vtt`;
}

export function createMediaAnswers(options: {
  lookup: Lookup;
  media: Media;
  ticket: MediaTicket;
}): MediaAnswers {
  const { lookup, media, ticket } = options;

  async function trackFile(id: string, lang: string): Promise<Found | undefined> {
    // An archive's entry has no neighbours: its captions would be other entries.
    if (parseEntryId(id) !== undefined) return undefined;
    const found = await lookup.find(trackId(id, lang));
    return 'doc' in found ? found : undefined;
  }

  async function tracksOf(id: string): Promise<string[]> {
    const langs = [DEFAULT_TRACK, ...TRACK_LANGUAGES];
    const found = await Promise.all(langs.map((lang) => trackFile(id, lang)));
    return langs.filter((_, index) => found[index] !== undefined);
  }

  return {
    async metadata(found, base, fields, reader) {
      const id = found.doc.name;
      const state = await media.state(found);
      if (state.kind === 'failed') return state.answer;
      if (state.kind === 'converting') {
        // Transcoding: "0 of 1" keeps the viewer polling, as a converting document does.
        const body = { ...base, view: 'media', pageCount: 1, loadedCount: 0, ...fields };
        return { kind: 'json', status: 200, body };
      }
      const { facts } = state;
      const encoded = encodeURIComponent(id);
      const pass = encodeURIComponent(ticket(id, reader));
      const tracks = (await tracksOf(id)).map((lang) => ({
        url: `documents/${encoded}/tracks/${pass}/${lang}`,
        ...(lang !== DEFAULT_TRACK && { lang }),
      }));
      const body = {
        ...base,
        view: 'media',
        pageCount: 0,
        loadedCount: 0,
        media: {
          kind: facts.kind,
          url: `documents/${encoded}/media/${pass}`,
          mimeType: mime.lookup(state.file) || 'application/octet-stream',
          ...(facts.duration !== undefined && { duration: facts.duration }),
          ...(facts.width !== undefined && { width: facts.width, height: facts.height }),
          tracks,
          // The player then offers no way to save the file (and the server sends ranges only).
          viewOnly: lookup.viewOnlyFor(found, reader),
        },
        ...fields,
      };
      return { kind: 'json', status: 200, body };
    },

    async media(id, range, reader) {
      const found = await lookup.find(id);
      if (!('doc' in found)) return found;
      if (formatOfDocument(found.doc)?.view !== 'media') return jsonError(404, 'not_found');
      const state = await media.state(found);
      if (state.kind === 'failed') return state.answer;
      if (state.kind === 'converting') {
        return jsonError(409, 'converting', { loadedCount: 0 }, { 'Retry-After': 1 });
      }
      if (!lookup.viewOnlyFor(found, reader)) return { kind: 'file', file: state.file };
      // View only: the player's ranges, never the whole file (a request without a Range header).
      if (range === undefined) return viewOnlyRefusal();
      const { file } = state;
      const stats = await stat(file);
      return {
        kind: 'ranges',
        size: stats.size,
        contentType: mime.lookup(file) || 'application/octet-stream',
        etag: `"${stats.size.toString(16)}-${Math.floor(stats.mtimeMs).toString(16)}"`,
        read: (start, end) => Promise.resolve(createReadStream(file, { start, end })),
        failed: () => jsonError(500, 'unreadable'),
        wholeRefused: viewOnlyRefusal(),
        maxRangeBytes: media.limits.viewOnlyRangeBytes,
      };
    },

    async track(id, lang) {
      if (lang !== DEFAULT_TRACK && !(TRACK_LANGUAGES as readonly string[]).includes(lang)) {
        return jsonError(404, 'not_found');
      }
      const found = await lookup.find(id);
      if (!('doc' in found)) return found;
      if (formatOfDocument(found.doc)?.view !== 'media') return jsonError(404, 'not_found');
      const track = await trackFile(id, lang);
      if (track === undefined) return jsonError(404, 'not_found');
      if (track.doc.stats.size > MAX_TRACK_BYTES) {
        return jsonError(413, 'too_large', { message: 'the caption file is too large' });
      }
      return { kind: 'file', file: track.doc.file, cacheControl: 'no-cache' };
    },
  };
}
