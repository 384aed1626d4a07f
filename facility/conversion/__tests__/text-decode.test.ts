/**
 * Text files decode to the right characters whatever they arrived in
 * (facility/conversion/text-decode.ts): each sample is a known string encoded here with iconv-lite,
 * so no file of unknown licence ships.
 */
import iconv from 'iconv-lite';
import { decodeText } from '../text-decode.ts';

// A few sentences: the detector's statistics need more than a word or two.
const SIMPLIFIED = '这是一份季度报告。本公司营业收入稳定增长，请各部门于下周提交预算。';
const TRADITIONAL = '這是一份季度報告。本公司營業收入穩定成長，請各部門於下週提交預算。';
const JAPANESE = 'これは四半期報告書です。来週までに各部署の予算を提出してください。';

test.each([
  ['UTF-8', SIMPLIFIED, 'utf8', 'utf-8'],
  ['UTF-8 with a byte-order mark', SIMPLIFIED, 'utf8-bom', 'utf-8'],
  ['UTF-16LE with a byte-order mark', SIMPLIFIED, 'utf16le-bom', 'utf-16le'],
  ['UTF-16BE with a byte-order mark', TRADITIONAL, 'utf16be-bom', 'utf-16be'],
  ['GBK', SIMPLIFIED, 'gbk', 'gb18030'],
  ['GB18030', `${SIMPLIFIED} 𠀀`, 'gb18030', 'gb18030'],
  ['Big5', TRADITIONAL, 'big5', 'big5'],
  ['Shift-JIS', JAPANESE, 'shift_jis', 'shift_jis'],
])('%s decodes to the text written', (_name, text, how, detected) => {
  const bytes =
    how === 'utf8-bom'
      ? Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)])
      : how === 'utf16le-bom'
        ? Buffer.concat([Buffer.from([0xff, 0xfe]), iconv.encode(text, 'utf-16le')])
        : how === 'utf16be-bom'
          ? Buffer.concat([Buffer.from([0xfe, 0xff]), iconv.encode(text, 'utf-16be')])
          : iconv.encode(text, how);
  // Not one of them is valid UTF-8 but UTF-8 itself: each was really detected.
  const decoded = decodeText(bytes);
  expect(decoded.encoding).toBe(detected);
  expect(decoded.text).toBe(text);
});

// Two rows of a sheet hold too few characters for chardet's statistics: it rates every East Asian
// encoding that decodes them without error alike (confidence 10), and the first it lists used to
// win — these GB18030 rows read as Big5 or Shift-JIS mojibake ("窒藷,啎呾"). Short rows of the
// other encodings must still read as themselves.
test.each([
  ['部门,预算\n销售部,1200\n', 'gb18030'],
  ['产品,数量\n苹果,12\n', 'gb18030'],
  ['编号,地区\n1,北京\n', 'gb18030'],
  ['城市,人口\n上海,2400\n', 'gb18030'],
  ['日期,金额\n2026-11-29,300\n', 'gb18030'],
  ['部門,預算\n銷售部,1200\n', 'big5'],
  ['城市,人口\n台北,2400\n', 'big5'],
  ['名前,部署\n田中,営業部\n', 'shift_jis'],
])('the short table %j in %s reads as itself', (text, encoding) => {
  expect(decodeText(iconv.encode(text, encoding))).toEqual({ text, encoding });
});

test('plain ASCII and Latin-1 still read as themselves', () => {
  expect(decodeText(Buffer.from('Quarterly report\n')).text).toBe('Quarterly report\n');
  const latin = iconv.encode('Café crème, déjà vu: naïve façade, garçon, à bientôt.', 'latin1');
  expect(decodeText(latin).text).toBe('Café crème, déjà vu: naïve façade, garçon, à bientôt.');
  // A word too short for chardet, which rates only East Asian readings of it: none is plausible.
  expect(decodeText(iconv.encode('Straße', 'latin1')).text).toBe('Straße');
});

test('a few words of GBK among code (too little for chardet alone) still read as Chinese', () => {
  const code = '# 计算预算\ndef total(rows):\n    return sum(r["预算"] for r in rows)\n';
  expect(decodeText(iconv.encode(code, 'gbk'))).toEqual({ text: code, encoding: 'gb18030' });
});
