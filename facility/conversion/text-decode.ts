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

/** Multi-byte encodings of East Asia, the most used first: the order that breaks every other tie. */
const EAST_ASIAN = ['gb18030', 'big5', 'shift_jis', 'euc-kr', 'euc-jp'];

/** A range of double-byte codes: lead bytes, then trail bytes, each from–to. */
type Rows = readonly (readonly [number, number, number, number])[];

/**
 * Where each East Asian encoding keeps what text mostly uses: every one lays out its common
 * characters first. GB2312's punctuation and level 1 (the 3 755 most used hanzi); Big5's symbols
 * and its 5 401 frequently used hanzi (to C67E); JIS X 0208's symbols, kana and level 1 kanji;
 * KS X 1001's symbols and its 2 350 hangul.
 */
const COMMON: Readonly<Partial<Record<string, Rows>>> = {
  gb18030: [
    [0xa1, 0xa3, 0xa1, 0xfe],
    [0xb0, 0xd7, 0xa1, 0xfe],
  ],
  big5: [
    [0xa1, 0xc5, 0x40, 0xfe],
    [0xc6, 0xc6, 0x40, 0x7e],
  ],
  shift_jis: [
    [0x81, 0x84, 0x40, 0xfc],
    [0x88, 0x98, 0x40, 0xfc],
  ],
  'euc-jp': [
    [0xa1, 0xa8, 0xa1, 0xfe],
    [0xb0, 0xcf, 0xa1, 0xfe],
  ],
  'euc-kr': [
    [0xa1, 0xa3, 0xa1, 0xfe],
    [0xb0, 0xc8, 0xa1, 0xfe],
  ],
};

/**
 * How much `bytes` read as `encoding` looks like text: the share of its characters past ASCII that
 * are common ones of that encoding ({@link COMMON}), or for a single-byte code page, letters.
 * Mojibake is rare characters, symbols and half-width kana; a replacement character counts against.
 */
function plausibility(bytes: Uint8Array, encoding: string): number {
  const rows = COMMON[encoding];
  const common = new Map<string, boolean>();
  const isCommon = (char: string): boolean => {
    if (rows === undefined) return /\p{L}/u.test(char);
    const code = iconv.encode(char, encoding);
    const [lead = 0, trail = 0] = code;
    return (
      code.length === 2 &&
      rows.some(
        ([from, to, low, high]) => lead >= from && lead <= to && trail >= low && trail <= high,
      )
    );
  };
  let past = 0;
  let found = 0;
  for (const char of iconv.decode(Buffer.from(bytes), encoding)) {
    if (char <= '\x7f') continue;
    past += 1;
    let known = common.get(char);
    if (known === undefined) {
      known = char !== '\ufffd' && isCommon(char);
      common.set(char, known);
    }
    if (known) found += 1;
  }
  return past === 0 ? 0 : found / past;
}

/** The encoding `bytes` are in (iconv-lite's name); a streaming reader passes its first bytes. */
export function detectedEncoding(bytes: Uint8Array): string {
  const marked = byteOrderMark(bytes);
  if (marked !== undefined) return marked;
  if (isUtf8(bytes)) return 'utf-8';
  const sample = bytes.subarray(0, SAMPLE_BYTES);
  // The bytes are not UTF-8, so not ASCII either, whatever chardet rates a short file.
  const guesses = chardet
    .analyse(sample)
    .map((guess) => ({ ...guess, name: widest(guess.name.toLowerCase()) }))
    .filter((guess) => guess.name !== 'ascii' && iconv.encodingExists(guess.name));
  const first = guesses.at(0);
  if (first === undefined) return 'windows-1252';
  // chardet's statistics need more than ten double-byte characters: below that it rates every
  // East Asian encoding that decodes the bytes without error alike (two rows of a sheet read as
  // Big5 then), and a few words of CJK often below a code page. The East Asian encodings tied
  // at the top and chardet's likeliest code page are told apart by how plausible their text is;
  // on a tie GB18030 comes first of the East Asian ones, and chardet's order between the two kinds.
  const eastAsian = guesses.filter((guess) => EAST_ASIAN.includes(guess.name));
  const top = Math.max(...eastAsian.map((guess) => guess.confidence));
  const tied = eastAsian
    .filter((guess) => guess.confidence === top)
    .map((guess) => guess.name)
    .sort((a, b) => EAST_ASIAN.indexOf(a) - EAST_ASIAN.indexOf(b));
  if (tied.length === 0 || (tied.length === 1 && tied[0] === first.name)) return first.name;
  // chardet's likeliest code page, if it names one.
  const codePage = guesses.filter((guess) => !EAST_ASIAN.includes(guess.name)).slice(0, 1);
  const contenders = EAST_ASIAN.includes(first.name)
    ? [...tied, ...codePage.map((guess) => guess.name)]
    : [...codePage.map((guess) => guess.name), ...tied];
  // A stable sort: equally plausible readings keep that order. None with a common character
  // (an accented word, which chardet leaves to the East Asian encodings): the usual code page.
  const best = contenders
    .map((name) => ({ name, score: plausibility(sample, name) }))
    .sort((a, b) => b.score - a.score)
    .at(0);
  return best === undefined || best.score === 0 ? (codePage[0]?.name ?? 'windows-1252') : best.name;
}

export function decodeText(bytes: Uint8Array): DecodedText {
  const encoding = detectedEncoding(bytes);
  // iconv-lite strips the byte-order mark itself.
  return { text: iconv.decode(Buffer.from(bytes), encoding), encoding };
}
