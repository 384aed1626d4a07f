/**
 * The parts the drawn formats share and OFD's own notations (xml-tree.ts, zip-package.ts,
 * ofd-draw.ts): checked on their own, as the server's tests see only whole documents.
 */
import { deltasOf, sealPicture, svgPath } from '../ofd-draw.ts';
import { allText, descendants, parseXml } from '../xml-tree.ts';
import { resolvePart } from '../zip-package.ts';

const xml = (text: string) => new TextEncoder().encode(text);

describe('xml-tree', () => {
  test('an internal DTD’s entities are never expanded, nor its external ones read', () => {
    const root = parseXml(
      xml(`<?xml version="1.0"?><!DOCTYPE a [<!ENTITY x "xxxxxxxxxx"><!ENTITY y "&x;&x;&x;">
<!ENTITY f SYSTEM "file:///etc/passwd">]><a>&y;&f;&amp;&#x4E2D;</a>`),
    );
    expect(root?.name).toBe('a');
    expect(allText(root)).toBe('&y;&f;&中');
  });

  test('names are local, text and elements kept in order, a declared encoding decoded', () => {
    const gbk = Buffer.concat([
      Buffer.from('<?xml version="1.0" encoding="GBK"?><ofd:P xmlns:ofd="u">'),
      Buffer.from([0xd6, 0xd0, 0xce, 0xc4]), // 中文
      Buffer.from('<ofd:B>b</ofd:B>c</ofd:P>'),
    ]);
    const root = parseXml(gbk);
    expect(root?.name).toBe('P');
    expect(root?.content.map((part) => (typeof part === 'string' ? part : part.name))).toEqual([
      '中文',
      'B',
      'c',
    ]);
    expect(
      descendants(root ?? { name: '', attributes: {}, children: [], content: [] }, 'B'),
    ).toHaveLength(1);
  });
});

describe('OFD notations', () => {
  test('DeltaX with `g` repeats, plain numbers as they are', () => {
    expect(deltasOf('g 3 2.5 1 g 2 4')).toEqual([2.5, 2.5, 2.5, 1, 4, 4]);
    expect(deltasOf(undefined)).toEqual([]);
  });

  test('abbreviated path data as SVG’s', () => {
    expect(svgPath('S 0 0 L 10 0 B 1 2 3 4 5 6 Q 1 1 2 2 A 5 5 0 0 1 9 9 C')).toBe(
      'M 0 0 L 10 0 C 1 2 3 4 5 6 Q 1 1 2 2 A 5 5 0 0 1 9 9 Z',
    );
    // Anything else is dropped, never passed on.
    expect(svgPath('M 0 0 X javascript L 1 1')).toBe('M 0 0   L 1 1');
  });

  test('a seal’s picture is found inside its signed value', () => {
    const png = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.from('....IEND'),
      Buffer.from([0xae, 0x42, 0x60, 0x82]),
    ]);
    const value = Buffer.concat([Buffer.from([0x30, 0x82, 0x01]), png, Buffer.from('cert')]);
    expect(sealPicture(value)).toEqual(png);
    expect(sealPicture(Buffer.from('no picture'))).toBeUndefined();
  });

  test('a part named from another stays inside the package', () => {
    expect(resolvePart('Doc_0/Pages/Page_0', '../../Res/a.png')).toBe('Doc_0/Res/a.png');
    expect(resolvePart('Doc_0', '/Doc_0/Signs/Sign_0/Signature.xml')).toBe(
      'Doc_0/Signs/Sign_0/Signature.xml',
    );
    expect(resolvePart('Doc_0', '../../../../etc/passwd')).toBe('etc/passwd');
    expect(resolvePart('OEBPS/text', '../images/a.png#x')).toBe('OEBPS/images/a.png');
  });
});
