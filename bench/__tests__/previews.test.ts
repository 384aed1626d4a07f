import { namesPreviews } from '../previews';

describe('namesPreviews', () => {
  it('sees the previews field the facility answer may carry', () => {
    const previews = {
      url: 'documents/a.pdf/previews/h/{page}-{width}.webp',
      pages: 2,
      widths: [960],
    };
    expect(namesPreviews({ name: 'a.pdf', previews })).toBe(true);
  });

  it('is false for an answer without one, or not an object', () => {
    expect(namesPreviews({ name: 'a.pdf' })).toBe(false);
    expect(namesPreviews({ previews: null })).toBe(false);
    expect(namesPreviews({ previews: 'x' })).toBe(false);
    expect(namesPreviews('nonsense')).toBe(false);
  });
});
