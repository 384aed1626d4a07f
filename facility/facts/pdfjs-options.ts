/**
 * How the facility's pdf.js opens untrusted files, in the pool's threads: no XFA forms, fonts
 * drawn from the file's own data (none of the machine's), and no console output. pdf.js ≥ 5 has no
 * eval path, so there is no `isEvalSupported` to turn off.
 */
export const FACILITY_PDFJS = {
  enableXfa: false,
  disableFontFace: true,
  useSystemFonts: false,
  verbosity: 0,
} as const;
