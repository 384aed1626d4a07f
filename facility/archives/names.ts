/**
 * Entry names in whatever encoding the archive was written with (docs/server.md, "Archives and
 * e-mail"): a zip entry flagged UTF-8 is UTF-8; the others of one archive are read together, as
 * UTF-8 when they all are, else as the legacy encoding `chardet` is sure of in them all (GB18030
 * for GBK, Shift_JIS, Big5, EUC-KR), else as CP437, zip's own default.
 */
import chardet from 'chardet';
import iconv from 'iconv-lite';

const LEGACY = new Map<string, string>([
  ['GB18030', 'gb18030'],
  ['Shift_JIS', 'shift_jis'],
  ['Big5', 'big5'],
  ['EUC-KR', 'euc-kr'],
  ['EUC-JP', 'euc-jp'],
]);

/** chardet's confidence (0–100) a legacy encoding needs; CJK names of any length reach 100. */
const MIN_CONFIDENCE = 50;

const UTF8 = new TextDecoder('utf-8', { fatal: true });

/** Whether the bytes are well-formed UTF-8. */
export function isUtf8(bytes: Uint8Array): boolean {
  try {
    UTF8.decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/** The encoding (iconv-lite's name) the unflagged names of one archive are read in. */
export function namesEncoding(names: readonly Uint8Array[]): string {
  if (names.every(isUtf8)) return 'utf-8';
  const all = Buffer.concat(names.map((name) => Buffer.from(name)));
  // Only chardet's first guess, and only a sure one: West European names in CP437 look like a
  // windows-125x page to it, and a short one may pass for anything.
  const best = chardet.analyse(all).at(0);
  const encoding = best === undefined ? undefined : LEGACY.get(best.name);
  return encoding !== undefined && best !== undefined && best.confidence >= MIN_CONFIDENCE
    ? encoding
    : 'cp437';
}

export function decodeName(bytes: Uint8Array, encoding: string): string {
  return encoding === 'utf-8'
    ? new TextDecoder('utf-8').decode(bytes)
    : iconv.decode(Buffer.from(bytes), encoding);
}
