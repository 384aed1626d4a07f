/**
 * The policy flags the facility itself acts on (contracts §5b), read from a document's fields as
 * a reader gets them (reader.ts narrows them): a flag left out takes the spec's default, and a
 * value of the wrong type takes the restrictive one for `download`, the default for the others.
 */

function paramOf(fields: Record<string, unknown> | undefined): Record<string, unknown> {
  const param = fields?.param;
  return typeof param === 'object' && param !== null && !Array.isArray(param)
    ? (param as Record<string, unknown>)
    : {};
}

/** `download` (default on; anything but `true` is off when it is given). */
export function documentAllowsDownload(fields: Record<string, unknown> | undefined): boolean {
  const param = paramOf(fields);
  return !('download' in param) || param.download === true;
}

/**
 * `showSearch` (default off, as the viewer's, spec §3): a view-only reader is sent the pages'
 * texts only when the viewer shows them a find bar.
 */
export function searchAllowed(fields: Record<string, unknown> | undefined): boolean {
  return paramOf(fields).showSearch === true;
}

/** `showComment` (default on): false draws no annotation into page images. */
export function commentsShown(fields: Record<string, unknown> | undefined): boolean {
  return paramOf(fields).showComment !== false;
}

/** `gridLine` (default off): a spreadsheet's PDF prints its cell grid (print-grid.ts). */
export function gridLinePrinted(fields: Record<string, unknown> | undefined): boolean {
  return paramOf(fields).gridLine === true;
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
