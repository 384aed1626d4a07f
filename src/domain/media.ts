/**
 * What the media view plays (contracts §3 "Views beyond pages"; the media contract in
 * docs/decisions/2026-12-06-media-view.md): the facility's URL of the audio or video, which the
 * browser's own player reads by ranges, and the captions beside it. Pure data, read and checked
 * by services/media/read.ts.
 */

export interface MediaTrack {
  /** Absolute http(s) URL of a WebVTT file. */
  url: string;
  /** A BCP 47 tag (`zh-CN`), or undefined for the file's one unnamed caption track. */
  lang: string | undefined;
}

export interface MediaInfo {
  kind: 'video' | 'audio';
  /** Absolute http(s) URL the player reads (by ranges). */
  url: string;
  /** The file's type as the facility names it (`video/mp4`), '' when it gave none usable. */
  mimeType: string;
  /** Seconds, when known. */
  duration: number | undefined;
  /** The picture's size, when known: the player keeps its shape before the first frame. */
  width: number | undefined;
  height: number | undefined;
  tracks: MediaTrack[];
  /** The reader may not download: the player offers no way to save the file. */
  viewOnly: boolean;
}
