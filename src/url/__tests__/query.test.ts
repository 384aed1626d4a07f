/** contracts §4: `?doc=` names the document, `?lang=` the language; every reader asks src/url. */
import { docIdFromSearch, langFromSearch, namesDocument } from '../query';

describe('the viewer URL query', () => {
  it.each([
    ['?doc=a%20b.pdf', { kind: 'id', id: 'a b.pdf' }],
    ['?doc=%E6%8A%A5%E5%91%8A.pdf&lang=en', { kind: 'id', id: '报告.pdf' }],
    ['?doc=%23x%3F%25.pdf', { kind: 'id', id: '#x?%.pdf' }],
    ['?doc=', { kind: 'none' }],
    ['', { kind: 'none' }],
    ['?doc=a%00b', { kind: 'invalid' }],
  ])('docIdFromSearch(%s)', (search, expected) => {
    expect(docIdFromSearch(search)).toEqual(expected);
  });

  it('namesDocument: any ?doc, even an empty one, is a document link', () => {
    expect(namesDocument('?doc=')).toBe(true);
    expect(namesDocument('?lang=en')).toBe(false);
  });

  it('langFromSearch gives ?lang as written', () => {
    expect(langFromSearch('?doc=x&lang=zh-CN')).toBe('zh-CN');
    expect(langFromSearch('?doc=x')).toBeNull();
  });
});
