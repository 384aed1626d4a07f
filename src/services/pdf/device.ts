/** Phones get the smaller canvas budgets pdf.js itself uses on mobile (≈5.2 M pixels). */
export function isPhoneLike(): boolean {
  return window.matchMedia('(max-width: 768px), (pointer: coarse)').matches;
}

export const PHONE_MAX_CANVAS_PIXELS = 5_242_880;
export const DESKTOP_MAX_CANVAS_PIXELS = 16_777_216;
