/**
 * The reader a verified signed link names (docs/server.md, "Signed links"), and what it changes in
 * the facility's answers: `perm` narrows the document's `param` (never widens it), and the
 * watermark template of the sidecar or the folder default is filled with the reader's name here,
 * on the server, so the reader cannot change it.
 */

/** What a token's `perm` may grant; each maps to the `param` flags it governs. */
export const PERMISSIONS = ['download', 'print', 'copy', 'search', 'sign'] as const;
export type Permission = (typeof PERMISSIONS)[number];

export interface Reader {
  /** The document id the token was signed for. */
  doc: string;
  /** The host's id for the reader. */
  sub?: string;
  /** The reader's name, for the watermark. */
  name?: string;
  /** Narrows the document's policy; undefined: the document's own policy holds. */
  perm?: readonly Permission[];
  /** A watermark template replacing the document's text. */
  watermark?: string;
  /** Seconds since the epoch. */
  exp: number;
}

/** The `param` flags a missing permission sets, each its restrictive value (contracts §5b). */
const WITHOUT: Record<Permission, Record<string, boolean>> = {
  download: { download: false, isFcsDownload: false, showBrowser: false },
  print: { print: false },
  copy: { antiCopy: true, select: false },
  search: { showSearch: false },
  sign: { showSignature: false },
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The document's `param` with every permission the token lacks switched off. */
export function narrowParam(param: unknown, perm: readonly Permission[] | undefined): unknown {
  if (perm === undefined) return param;
  const narrowed: Record<string, unknown> = isRecord(param) ? { ...param } : {};
  for (const permission of PERMISSIONS) {
    if (!perm.includes(permission)) Object.assign(narrowed, WITHOUT[permission]);
  }
  return narrowed;
}

/** Whether the token lets its reader download (the document's own flag is checked apart). */
export function readerMayDownload(reader: Reader | undefined): boolean {
  return reader?.perm === undefined || reader.perm.includes('download');
}

/**
 * `{name}` (the name, else `sub`), `{sub}`, `{doc}`, `{date}` (YYYY-MM-DD) and `{time}` (HH:MM),
 * both UTC at the open. Without a reader (auth off) the reader's fields are empty.
 */
export function fillWatermark(template: string, reader: Reader | undefined, now: Date): string {
  const iso = now.toISOString();
  const values: Record<string, string> = {
    name: reader?.name ?? reader?.sub ?? '',
    sub: reader?.sub ?? '',
    doc: reader?.doc ?? '',
    date: iso.slice(0, 10),
    time: iso.slice(11, 16),
  };
  return template.replace(/\{(name|sub|doc|date|time)\}/g, (_match, key: string) => values[key]);
}

/** The metadata's policy fields as this reader gets them. */
export function forReader(
  fields: Record<string, unknown>,
  reader: Reader | undefined,
  now: Date,
): Record<string, unknown> {
  const out = { ...fields };
  const info = isRecord(fields.watermarkInfo) ? fields.watermarkInfo : undefined;
  const template = reader?.watermark ?? (typeof info?.text === 'string' ? info.text : undefined);
  if (template !== undefined) {
    out.watermarkInfo = { ...info, text: fillWatermark(template, reader, now) };
  }
  if (reader?.perm !== undefined) out.param = narrowParam(fields.param, reader.perm);
  return out;
}
