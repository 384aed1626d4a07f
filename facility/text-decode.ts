/**
 * A text file's bytes as a string, whatever its encoding (docs/server.md, "Formats"): a byte-order
 * mark names UTF-8 or UTF-16; bytes that are valid UTF-8 are UTF-8; anything else is what `chardet`
 * finds most likely (GB18030, Big5, Shift_JIS, EUC-KR, the single-byte code pages…), decoded by
 * `iconv-lite`, so no file's reading depends on the server's locale.
 */
import { isUtf8 } from 'node:buffer';
import chardet from 'chardet';
import iconv from 'iconv-lite';

/** chardet's statistics settle within this much text; the rest is only decoded. */
const SAMPLE_BYTES = 64 * 1024;

export interface DecodedText {
  text: string;
  /** The encoding it was read as (iconv-lite's name). */
  encoding: string;
}

function byteOrderMark(bytes: Uint8Array): string | undefined {
  const [a, b, c] = bytes;
  if (a === 0xef && b === 0xbb && c === 0xbf) return 'utf-8';
  if (a === 0xff && b === 0xfe) return 'utf-16le';
  if (a === 0xfe && b === 0xff) return 'utf-16be';
  return undefined;
}

/** GB2312 and GBK are subsets of GB18030: reading with the widest loses nothing. */
function widest(encoding: string): string {
  return /^(gb2312|gbk|gb18030)$/i.test(encoding) ? 'gb18030' : encoding;
}

/** Multi-byte encodings of East Asia, the most used first: the order that breaks chardet's ties. */
const EAST_ASIAN = ['gb18030', 'big5', 'shift_jis', 'euc-kr', 'euc-jp'];

/**
 * Every run of bytes over 0x7f has an even length: East Asian double-byte text always does, a
 * Latin code page's text (an accented letter between ASCII ones) almost never.
 */
function pairedHighBytes(bytes: Uint8Array): boolean {
  let run = 0;
  for (const byte of bytes) {
    if (byte > 0x7f) run += 1;
    else if (run % 2 === 1) return false;
    else run = 0;
  }
  return run % 2 === 0;
}

function detectedEncoding(bytes: Uint8Array): string {
  const marked = byteOrderMark(bytes);
  if (marked !== undefined) return marked;
  if (isUtf8(bytes)) return 'utf-8';
  const sample = bytes.subarray(0, SAMPLE_BYTES);
  const guesses = chardet
    .analyse(sample)
    .map((guess) => ({ ...guess, name: widest(guess.name.toLowerCase()) }))
    .filter((guess) => iconv.encodingExists(guess.name));
  const first = guesses.at(0);
  if (first === undefined) return 'windows-1252';
  // A few words of Chinese are too little for chardet's statistics, which then favour a Latin code
  // page: paired high bytes say otherwise, and the likeliest East Asian encoding is taken.
  if (!EAST_ASIAN.includes(first.name) && pairedHighBytes(sample)) {
    const eastAsian = guesses
      .filter((guess) => EAST_ASIAN.includes(guess.name))
      .sort(
        (a, b) =>
          b.confidence - a.confidence || EAST_ASIAN.indexOf(a.name) - EAST_ASIAN.indexOf(b.name),
      );
    return eastAsian[0]?.name ?? first.name;
  }
  return first.name;
}

export function decodeText(bytes: Uint8Array): DecodedText {
  const encoding = detectedEncoding(bytes);
  // iconv-lite strips the byte-order mark itself.
  return { text: iconv.decode(Buffer.from(bytes), encoding), encoding };
}
