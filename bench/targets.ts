// What Folio must reach, per row of the table (bench/README.md, "Targets";
// docs/decisions/2026-11-26-bench-previews.md): each target depends on the profile, on
// whether the previews were cached, and for the toolbar on the anchor's first paint.
import type { LinkName, Temp } from './profiles.ts';

export interface RowContext {
  link: LinkName;
  temp: Temp;
  /** The anchor's median first paint in the same row (ms); null when it has none. */
  anchorFirstPaint: number | null;
}

export interface Target {
  text: string;
  /** Whether Folio's median meets it, given the anchor's median of the same metric. */
  meets: (folio: number, anchor: number) => boolean;
}

/**
 * "Not later than today": Folio's first page before previews, as a ratio to the anchor's first
 * paint measured side by side (docs/benchmarks.md: loopback 1.14–1.18×, 20 Mbit/s 0.88–0.95×;
 * the phone 0.92–1.08×), rounded up to the tenth a 5-run median wanders by. A ratio, not a time:
 * absolute times follow the machine's load, the ratio to the anchor in the same run does not.
 */
export const TODAY: Record<LinkName, number> = {
  loopback: 1.2,
  '20mbit': 1.0,
  '5mbit': 1.0,
  phone: 1.1,
};

/**
 * First page pixels with the previews cached, as a ratio to the anchor's first paint: half on
 * links and the phone, where the PDF's bytes and pdf.js's start-up dominate; 0.8 on loopback,
 * where there is less wait to save.
 */
export function warmPixelsRatio(link: LinkName): number {
  return link === 'loopback' ? 0.8 : 0.5;
}

function ratioTarget(ratio: number, why: string): Target {
  return { text: `≤ ${ratio.toFixed(1)}× (${why})`, meets: (f, a) => f <= ratio * a };
}

export function pixelsTarget({ link, temp }: RowContext): Target {
  return temp === 'warm'
    ? ratioTarget(warmPixelsRatio(link), 'warm previews')
    : ratioTarget(TODAY[link], 'not later than today');
}

export function canvasTarget({ link }: RowContext): Target {
  return ratioTarget(TODAY[link], 'not later than today');
}

/** Usable no later than the anchor shows page 1: not a placeholder beside a painted page. */
export function controlsTarget({ anchorFirstPaint }: RowContext): Target | null {
  if (anchorFirstPaint === null) return null;
  return {
    text: `≤ anchor's first paint (${String(anchorFirstPaint)} ms)`,
    meets: (f) => f <= anchorFirstPaint,
  };
}

/** bench/README.md, "Targets": Folio's JS heap at most this much above the anchor's, wherever it is measured. */
export const HEAP_OVER_ANCHOR_MB = 6;
export const HEAP_TARGET: Target = {
  text: `≤ anchor + ${String(HEAP_OVER_ANCHOR_MB)} MB`,
  meets: (folio, anchor) => folio <= anchor + HEAP_OVER_ANCHOR_MB,
};
