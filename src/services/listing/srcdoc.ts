/**
 * An e-mail's HTML body as a sandboxed frame's document (docs/decisions/2026-12-06-listing-view.md):
 * the facility has sanitised it already; here, whatever it holds, a Content-Security-Policy
 * allowing no script, no network and no frame (images from `data:` only, inline styles) is the
 * first thing in its head, and links open nowhere. The frame itself has `sandbox=""` (no scripts,
 * no forms, no navigation of the viewer). It is never markup of the viewer's page.
 */
export const EMAIL_CSP = "default-src 'none'; img-src data:; style-src 'unsafe-inline'";

/** Under anti-copy (contracts §5b): nothing selectable, nothing to long-press or drag out. */
const ANTI_COPY_STYLE =
  '*{-webkit-user-select:none!important;user-select:none!important;-webkit-touch-callout:none!important}' +
  'img{pointer-events:none!important;-webkit-user-drag:none}';

export function emailSrcdoc(html: string, { antiCopy }: { antiCopy: boolean }): string {
  return (
    '<!doctype html><html><head>' +
    `<meta http-equiv="Content-Security-Policy" content="${EMAIL_CSP}">` +
    '<meta charset="utf-8"><meta name="referrer" content="no-referrer">' +
    '<base target="_self">' +
    '<style>body{margin:8px;font:14px/1.5 system-ui,sans-serif;overflow-wrap:anywhere}img{max-width:100%;height:auto}</style>' +
    (antiCopy ? `<style>${ANTI_COPY_STYLE}</style>` : '') +
    '</head><body>' +
    html +
    '</body></html>'
  );
}
