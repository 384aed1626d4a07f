/**
 * The policy flags the facility itself acts on (contracts §5b), read from a document's fields as
 * a reader gets them (reader.ts narrows them), by the viewer's own rule and tables
 * (src/domain/document.ts, read by src/services/param.ts too): a flag left out takes the spec's
 * default; a value of the wrong type, or a `param` that is not an object, takes the restrictive
 * value for a policy flag (`download`) and the default for the others.
 */
import { PARAM_DEFAULTS, PARAM_RESTRICTIVE } from '../../src/domain/document.ts';
import type { ParamFlag } from '../../src/domain/document.ts';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function paramOf(fields: Record<string, unknown> | undefined): Record<string, unknown> {
  const param = fields?.param;
  return isRecord(param) ? param : {};
}

/** One flag of the document's `param`, as the viewer reads it (services/param.ts sanitizeParam). */
function flag(fields: Record<string, unknown> | undefined, key: ParamFlag): boolean {
  const raw = fields?.param;
  const value = isRecord(raw) && Object.hasOwn(raw, key) ? raw[key] : undefined;
  if (typeof value === 'boolean') return value;
  const wrongTyped = value !== undefined || (raw !== undefined && !isRecord(raw));
  return wrongTyped ? (PARAM_RESTRICTIVE[key] ?? PARAM_DEFAULTS[key]) : PARAM_DEFAULTS[key];
}

/** `download`: the reader may have the file's bytes. */
export function documentAllowsDownload(fields: Record<string, unknown> | undefined): boolean {
  return flag(fields, 'download');
}

/**
 * `showSearch`: a view-only reader is sent the pages' texts only when the viewer shows them a
 * find bar.
 */
export function searchAllowed(fields: Record<string, unknown> | undefined): boolean {
  return flag(fields, 'showSearch');
}

/** `showComment`: false draws no annotation into page images. */
export function commentsShown(fields: Record<string, unknown> | undefined): boolean {
  return flag(fields, 'showComment');
}

/** `gridLine`: a spreadsheet's PDF prints its cell grid (print-grid.ts). */
export function gridLinePrinted(fields: Record<string, unknown> | undefined): boolean {
  return flag(fields, 'gridLine');
}

/**
 * `sheetView` (no default: the server's `SHEET_VIEW`): a workbook or a table of text shown as a
 * grid or as pages (facility/sheets/grid-choice.ts); any other value is as if it were left out.
 */
export function sheetViewAsked(
  fields: Record<string, unknown> | undefined,
): 'grid' | 'pages' | undefined {
  const asked = paramOf(fields).sheetView;
  return asked === 'grid' || asked === 'pages' ? asked : undefined;
}
