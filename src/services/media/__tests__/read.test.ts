import { MEDIA_LIMITS, readMedia } from '../read';

const base = new URL('http://folio.test/viewer/api/');

describe('readMedia: the facility’s `media`, nothing trusted', () => {
  it('reads a video with its captions, URLs resolved against previewApi', () => {
    expect(
      readMedia(
        'media',
        {
          kind: 'video',
          url: 'documents/talk.mp4/media/t',
          mimeType: 'video/mp4',
          duration: 12.5,
          width: 1280,
          height: 720,
          tracks: [{ url: 'documents/talk.mp4/tracks/t/default' }, { url: 'x', lang: 'zh-CN' }],
          viewOnly: false,
        },
        base,
      ),
    ).toEqual({
      kind: 'video',
      url: 'http://folio.test/viewer/api/documents/talk.mp4/media/t',
      mimeType: 'video/mp4',
      duration: 12.5,
      width: 1280,
      height: 720,
      tracks: [
        {
          url: 'http://folio.test/viewer/api/documents/talk.mp4/tracks/t/default',
          lang: undefined,
        },
        { url: 'http://folio.test/viewer/api/x', lang: 'zh-CN' },
      ],
      viewOnly: false,
    });
  });

  it.each([
    ['another view', 'pages', { url: 'a' }],
    ['no media', 'media', undefined],
    ['a javascript: URL', 'media', { url: 'javascript:alert(1)' }],
    ['a data: URL', 'media', { url: 'data:video/mp4;base64,AAAA' }],
    ['a URL too long', 'media', { url: 'a'.repeat(MEDIA_LIMITS.url + 1) }],
  ])('has nothing to play with %s', (_, view, raw) => {
    expect(readMedia(view, raw, base)).toBeUndefined();
  });

  it('drops what does not fit: numbers, types, language tags, tracks past the cap; view only unless said', () => {
    const read = readMedia(
      'media',
      {
        kind: 'hologram',
        url: 'm',
        mimeType: 'text/html',
        duration: Infinity,
        width: 1e9,
        height: 720,
        tracks: [
          { url: 'javascript:1', lang: 'en' },
          { url: 't', lang: '<b>' },
          ...Array.from({ length: 40 }, (_, i) => ({ url: `t${String(i)}`, lang: 'en' })),
        ],
      },
      base,
    );
    expect(read).toMatchObject({
      kind: 'video',
      mimeType: '',
      duration: undefined,
      width: undefined,
      height: undefined,
      viewOnly: true,
    });
    expect(read?.tracks[0]).toEqual({ url: 'http://folio.test/viewer/api/t', lang: undefined });
    expect(read?.tracks).toHaveLength(MEDIA_LIMITS.tracks - 1);
  });
});
