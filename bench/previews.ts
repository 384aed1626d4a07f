// Folio's page previews in the bench's server cache: cleared before a cold session, rendered
// before a warm one. The server renders a preview on its first request and keeps it under
// `CACHE_DIR/previews/` (docs/server.md, "Page previews"); the facility answer names them
// (docs/contracts.md, `previews`), and a facility may name none.
import { rmSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { emulateLink, openAtFirstPaint, openPage, sleep } from './measure.ts';
import type { Device } from './profiles.ts';

/** Cold: nothing rendered. */
export function clearPreviews(cacheDir: string): void {
  rmSync(path.join(cacheDir, 'previews'), { recursive: true, force: true });
}

/** Whether a facility answer names previews (an object in its `previews` field). */
export function namesPreviews(answer: unknown): boolean {
  if (typeof answer !== 'object' || answer === null || !('previews' in answer)) return false;
  return typeof answer.previews === 'object' && answer.previews !== null;
}

/** Whether the facility at `previewApi` names previews for document `id`. */
export async function facilityNamesPreviews(previewApi: string, id: string): Promise<boolean> {
  const base = previewApi.endsWith('/') ? previewApi : `${previewApi}/`;
  const meta = await fetch(new URL(`documents/${encodeURIComponent(id)}`, base));
  if (!meta.ok) throw new Error(`facility: ${id} answered ${String(meta.status)}`);
  return namesPreviews(await meta.json());
}

/** How long a priming load stays open after page 1: the previews of pages near it arrive. */
const PRIMING_SETTLE_MS = 1500;

/**
 * A link far enough for the viewer to ask for previews not drawn yet: near the server it asks
 * for none (docs/decisions/2026-11-28-near-cold-preview.md).
 */
const PRIMING_LINK = { latencyMs: 100, mbit: 100 };

/**
 * Warm: opens `url` once on `device`, untimed, so that the viewer asks the server for the very
 * previews (pages and widths) a measured session on that screen will ask for. Whether page 1 was
 * painted.
 */
export async function primeByLoading(
  browser: Browser,
  url: string,
  device: Device,
): Promise<boolean> {
  const { context, page } = await openPage(browser, device);
  try {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await emulateLink(cdp, PRIMING_LINK);
    const painted = await openAtFirstPaint(page, url);
    await sleep(PRIMING_SETTLE_MS);
    return painted;
  } finally {
    await context.close();
  }
}
