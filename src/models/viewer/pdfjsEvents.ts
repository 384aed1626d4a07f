/**
 * The pdf.js events the models take, as pdf.js's web/app.js binds its event bus's names to its
 * handlers: each name (pdf.js's own, e.g. `textlayerrendered`) with the actions its payload
 * becomes. The `relay` effect asks the document session for these names only and puts what each entry
 * returns; a payload holds only its primitive fields (services/pdf/forwardingEventBus.ts), and an
 * entry checks the types of those it reads, as pdf.js's payloads are not typed.
 *
 * What both engines report (laid out, page, scale, sizes, a page drawn, a rotation) is not here but
 * a computed `ViewerEvent`: a view-only document's image engine has no pdf.js bus, so the names
 * here never come for it and their state stays at its start (docs/architecture.md, "Where a change
 * goes"; docs/decisions/2026-11-29-pdfjs-events-table.md).
 */
import type { AnyAction } from '../../runtime';
import type { PdfjsDetail } from '../../services/pdf/pageEngine';

export type PdfjsEventTable = Readonly<
  Record<string, (detail: PdfjsDetail) => readonly AnyAction[]>
>;

export const pdfjsEvents: PdfjsEventTable = {};
