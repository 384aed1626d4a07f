// Folio's page previews in the bench's server cache: cleared before a cold session, rendered
// before a warm one. The facility answer names them (docs/contracts.md: `previews`, a URL template
// relative to previewApi with `{page}` and `{width}`, the pages and the widths there are); the
// server renders one on its first request and keeps it under `CACHE_DIR/previews/`.
import { rmSync } from 'node:fs';
import path from 'node:path';

/** Every preview URL a facility answer names (all its pages at all its widths); none without. */
export function previewUrls(answer: unknown, previewApi: string): string[] {
  if (typeof answer !== 'object' || answer === null || !('previews' in answer)) return [];
  const previews = answer.previews;
  if (typeof previews !== 'object' || previews === null) return [];
  const { url, pages, widths } = previews as { url?: unknown; pages?: unknown; widths?: unknown };
  if (typeof url !== 'string' || !Array.isArray(widths)) return [];
  // `pages`: how many first pages have previews, or the list of them.
  const numbers =
    typeof pages === 'number'
      ? Array.from({ length: pages }, (_, i) => i + 1)
      : Array.isArray(pages)
        ? pages
        : [];
  const base = previewApi.endsWith('/') ? previewApi : `${previewApi}/`;
  return numbers.flatMap((page) =>
    widths.map((width) =>
      new URL(
        url.replaceAll('{page}', String(page)).replaceAll('{width}', String(width)),
        base,
      ).toString(),
    ),
  );
}

/** The server's preview cache (`CACHE_DIR/previews/`). */
export function previewCache(cacheDir: string): string {
  return path.join(cacheDir, 'previews');
}

/** Cold: nothing rendered. */
export function clearPreviews(cacheDir: string): void {
  rmSync(previewCache(cacheDir), { recursive: true, force: true });
}

/**
 * Warm: asks the facility for the document and then for every preview it names, so the server
 * renders (or finds) each. How many there were; 0 when the answer names none.
 */
export async function primePreviews(previewApi: string, id: string): Promise<number> {
  const base = previewApi.endsWith('/') ? previewApi : `${previewApi}/`;
  const meta = await fetch(new URL(`documents/${encodeURIComponent(id)}`, base));
  if (!meta.ok) throw new Error(`facility: ${id} answered ${String(meta.status)}`);
  const urls = previewUrls(await meta.json(), base);
  for (const url of urls) {
    const reply = await fetch(url);
    if (!reply.ok) throw new Error(`preview ${url} answered ${String(reply.status)}`);
    await reply.arrayBuffer();
  }
  return urls.length;
}
