/**
 * The PDF's own outline, for when the facility gave none (`docOutline` empty): pdf.js's
 * `getOutline()` with every destination resolved to a 1-based page, titles cleaned as the
 * facility's are (control and bidi characters out, length capped), and the same bounds on depth
 * and count. An entry that points nowhere in the document (a web link, an action, a missing name,
 * a broken reference) keeps its title with `page: null`. Only `dest` is read: never `url` or
 * `unsafeUrl` (contracts §6).
 */
import { LIMITS } from '../facilityDocument';
import { sanitizeText, TEXT_LIMITS } from '../sanitizeText';
import type { OutlineItem } from '../../domain/document';

/** What this file reads of a pdf.js outline node. */
export interface PdfOutlineNode {
  title: string;
  dest: string | unknown[] | null;
  items: PdfOutlineNode[];
}

/** What this file needs of pdf.js's PDFDocumentProxy. */
export interface OutlineSource {
  numPages: number;
  getOutline(): Promise<PdfOutlineNode[] | null>;
  getDestination(id: string): Promise<unknown[] | null>;
  getPageIndex(ref: { num: number; gen: number }): Promise<number>;
}

function isRef(value: unknown): value is { num: number; gen: number } {
  if (typeof value !== 'object' || value === null) return false;
  const { num, gen } = value as Record<string, unknown>;
  return Number.isInteger(num) && Number.isInteger(gen);
}

async function pageOf(source: OutlineSource, dest: PdfOutlineNode['dest']): Promise<number | null> {
  try {
    const explicit = typeof dest === 'string' ? await source.getDestination(dest) : dest;
    if (!Array.isArray(explicit)) return null;
    const target: unknown = explicit[0];
    // A page reference, or (in some files) the 0-based page index itself.
    const index = isRef(target)
      ? await source.getPageIndex(target)
      : Number.isInteger(target)
        ? (target as number)
        : undefined;
    return index !== undefined && index >= 0 && index < source.numPages ? index + 1 : null;
  } catch {
    return null;
  }
}

export async function resolvePdfOutline(source: OutlineSource): Promise<OutlineItem[]> {
  const raw = await source.getOutline();
  let budget: number = LIMITS.outlineItems;
  const level = async (nodes: unknown, depth: number): Promise<OutlineItem[]> => {
    if (!Array.isArray(nodes) || depth > LIMITS.outlineDepth) return [];
    const kept = (nodes as PdfOutlineNode[]).slice(0, Math.max(0, budget));
    budget -= kept.length;
    return Promise.all(
      kept.map(async (node) => ({
        title: sanitizeText(node.title, TEXT_LIMITS.outlineItem),
        page: await pageOf(source, node.dest),
        children: await level(node.items, depth + 1),
      })),
    );
  };
  return level(raw, 1);
}
