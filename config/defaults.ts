/** App defaults from spec §2 and §9, in one place. */

/** spec §2: the page title when no route sets one. */
export const DEFAULT_TITLE = '';

/** spec §9: message toasts last 3 seconds by default. */
export const TOAST_DURATION_S = 3;

/** spec §9: notifications auto-close after 1.5 s, 65 px from the top. */
export const NOTIFICATION_DURATION_S = 1.5;
export const NOTIFICATION_TOP_PX = 65;

/**
 * Print (behaviour.md, "The facility's policy"): pages render at PRINT_DPI (150 dpi: pdf.js scale 150 / 72), each within the
 * device's canvas pixel budget (src/services/pdf/device.ts: 16.7 M pixels, 5.2 M on phones; a larger
 * page renders at a lower dpi), and are kept as JPEG blobs at PRINT_IMAGE quality until printed.
 * Cleanup waits for `afterprint`, or PRINT_CLEANUP_FALLBACK_MS where a browser never sends it.
 */
export const PRINT_DPI = 150;
export const PRINT_IMAGE = { type: 'image/jpeg', quality: 0.9 } as const;
export const PRINT_CLEANUP_FALLBACK_MS = 60_000;

/**
 * The reading chrome's antd part (panels, dialogs, menus: `reading-panels`) loads once page 1 is
 * drawn, so its bytes, code and first render do not delay the page
 * (docs/decisions/2026-11-27-toolbar-without-antd.md); it waits at most this long for a page that
 * is slow to come. Long enough for page 1 of a large document on a 5 Mbit/s link (≈ 2.5 s from the
 * page's mount, docs/benchmarks.md), whose ranges its ≈ 690 kB would otherwise share the link with.
 */
export const CHROME_WAIT_MS = 4000;

/** Phones and narrow windows (behaviour.md, "The phone and the shortcuts help": "≤ 768 px"): the layout and the sign pad switch here. */
export const NARROW_SCREEN_QUERY = '(max-width: 768px)';
