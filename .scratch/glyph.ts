import { fallbackFont } from '../facility/conversion/drawn-pdf.ts';
const f = fallbackFont();
for (const c of ['•', '·', '・', '–', '◦', '■']) console.log(c, f.hasGlyph(c.codePointAt(0)!));
