/**
 * The optional `<file name>.json` beside a document (format: facility/README.md), and the folder's
 * default `DOCS_DIR/.folio.json` (`watermarkInfo` and `param` only, under each document's own).
 * Both are read on every request — they are tiny, and an edit takes effect without a restart.
 * Fields the viewer consumes (`title`, `watermarkInfo`, `param`, `override`) pass through
 * unchecked, hostile values included: the viewer must sanitise them. The dev-only simulations
 * are checked, so a typo there is reported rather than silently ignored.
 */
import { lstat, readFile } from 'node:fs/promises';
import { VIEW_ONLY_MODES, isViewOnlyMode } from './view-only.ts';
import type { ViewOnlyMode } from './view-only.ts';

export interface SimulatedFailure {
  status: number;
  body: string;
  contentType: string;
}

export interface Sidecar {
  /** Changes when the sidecar is edited; restarts a simulated conversion. */
  mtimeMs: number;
  /** `title`, `watermarkInfo`, `param` as given, then `override`'s fields, merged over the metadata. */
  fields: Record<string, unknown>;
  convertMs?: number;
  delayMs?: number;
  fail?: SimulatedFailure;
  /** The document's view-only mode over the server's `VIEW_ONLY` (view-only.ts). */
  viewOnly?: ViewOnlyMode;
}

export type SidecarResult =
  { kind: 'none' } | { kind: 'ok'; sidecar: Sidecar } | { kind: 'invalid'; message: string };

const PASSED_THROUGH = ['title', 'watermarkInfo', 'param'] as const;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isDuration(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0;
}

function parseFailure(value: unknown): SimulatedFailure | string {
  if (!isRecord(value)) return '"fail" must be an object';
  const { status, body, contentType } = value;
  if (typeof status !== 'number' || !Number.isInteger(status) || status < 200 || status > 599) {
    return '"fail.status" must be an integer from 200 to 599';
  }
  if (contentType !== undefined && typeof contentType !== 'string') {
    return '"fail.contentType" must be a string';
  }
  return {
    status,
    // A string body is sent byte for byte (so malformed JSON can be simulated); anything else as JSON.
    body: typeof body === 'string' ? body : JSON.stringify(body ?? { error: 'simulated' }),
    contentType: contentType ?? 'application/json; charset=utf-8',
  };
}

export function parseSidecar(text: string, mtimeMs: number): SidecarResult {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return { kind: 'invalid', message: `not JSON: ${String(error)}` };
  }
  if (!isRecord(json)) return { kind: 'invalid', message: 'must be a JSON object' };

  const fields: Record<string, unknown> = {};
  for (const key of PASSED_THROUGH) {
    if (key in json) fields[key] = json[key];
  }
  if (json.override !== undefined) {
    if (!isRecord(json.override))
      return { kind: 'invalid', message: '"override" must be an object' };
    Object.assign(fields, json.override);
  }
  const sidecar: Sidecar = { mtimeMs, fields };
  for (const key of ['convertMs', 'delayMs'] as const) {
    const value = json[key];
    if (value === undefined) continue;
    if (!isDuration(value)) return { kind: 'invalid', message: `"${key}" must be a number ≥ 0` };
    sidecar[key] = value;
  }
  if (json.viewOnly !== undefined) {
    if (!isViewOnlyMode(json.viewOnly)) {
      return {
        kind: 'invalid',
        message: `"viewOnly" must be one of ${VIEW_ONLY_MODES.join(', ')}`,
      };
    }
    sidecar.viewOnly = json.viewOnly;
  }
  if (json.fail !== undefined) {
    const fail = parseFailure(json.fail);
    if (typeof fail === 'string') return { kind: 'invalid', message: fail };
    sidecar.fail = fail;
  }
  return { kind: 'ok', sidecar };
}

/** The folder-level default's name: a leading dot, so no id can ever name it. */
export const FOLDER_DEFAULT = '.folio.json';

/**
 * The folder default under the document's sidecar: its `param` flags apply unless the document's
 * own `param` sets them, its `watermarkInfo` and `viewOnly` unless the document has its own.
 * Simulations and other keys of the default are ignored (they only make sense per document).
 */
export function withFolderDefault(own: Sidecar | null, folder: Sidecar | null): Sidecar | null {
  if (!folder) return own;
  const base = folder.fields;
  const fields: Record<string, unknown> = { ...own?.fields };
  if (!('watermarkInfo' in fields) && 'watermarkInfo' in base) {
    fields.watermarkInfo = base.watermarkInfo;
  }
  if (isRecord(base.param)) {
    fields.param = isRecord(fields.param)
      ? { ...base.param, ...fields.param }
      : (fields.param ?? base.param);
  }
  const viewOnly = own?.viewOnly ?? folder.viewOnly;
  return { ...own, mtimeMs: own?.mtimeMs ?? 0, fields, ...(viewOnly && { viewOnly }) };
}

export async function readSidecar(file: string): Promise<SidecarResult> {
  try {
    // lstat, not stat: a sidecar that is a symlink could point outside DOCS_DIR, and a parse error
    // would echo the start of whatever it points to.
    const own = await lstat(file);
    if (!own.isFile()) return { kind: 'invalid', message: 'must be a regular file' };
    return parseSidecar(await readFile(file, 'utf8'), own.mtimeMs);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { kind: 'none' };
    return { kind: 'invalid', message: String(error) };
  }
}
