/**
 * How pdf.js draws a document's annotations (contracts §5b `showComment`): notes, highlights, free
 * text and links on the canvas and in the annotation layer, forms never; or none at all. pdf.js has
 * no mode that keeps links but hides comments, so a document whose comments are hidden has no
 * clickable links either (docs/decisions/2026-11-28-show-comment.md).
 *
 * pdf.js's `AnnotationMode` values, spelled here so that print and thumbnails need not load
 * pdf.js to name them (its API fixes them: DISABLE 0, ENABLE 1).
 */
const DISABLE = 0;
const ENABLE = 1;

export function annotationModeFor(showComments: boolean): number {
  return showComments ? ENABLE : DISABLE;
}
