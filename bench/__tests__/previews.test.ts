import { previewUrls } from '../previews';

const API = 'http://127.0.0.1:8000/viewer/api';

describe('previewUrls', () => {
  it('names every page the answer counts at every width, under previewApi', () => {
    const answer = {
      name: 'a.pdf',
      previews: {
        url: 'documents/a.pdf/previews/h1/{page}-{width}.webp',
        pages: 2,
        widths: [390, 816],
      },
    };
    expect(previewUrls(answer, API)).toEqual([
      `${API}/documents/a.pdf/previews/h1/1-390.webp`,
      `${API}/documents/a.pdf/previews/h1/1-816.webp`,
      `${API}/documents/a.pdf/previews/h1/2-390.webp`,
      `${API}/documents/a.pdf/previews/h1/2-816.webp`,
    ]);
  });

  it('takes a list of pages as it is', () => {
    const answer = { previews: { url: 'p/{page}-{width}.webp', pages: [1, 3], widths: [100] } };
    expect(previewUrls(answer, `${API}/`)).toEqual([`${API}/p/1-100.webp`, `${API}/p/3-100.webp`]);
  });

  it('names none when the facility has no previews or names them in a shape it does not know', () => {
    expect(previewUrls({ name: 'a.pdf' }, API)).toEqual([]);
    expect(previewUrls({ previews: null }, API)).toEqual([]);
    expect(previewUrls({ previews: { url: 'x', pages: 2 } }, API)).toEqual([]);
    expect(previewUrls('nonsense', API)).toEqual([]);
  });
});
