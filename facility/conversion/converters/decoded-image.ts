/**
 * HEIC, HEIF, AVIF and TIFF: decoded in a pool task by heic-decode or sharp, a page per frame,
 * each frame's size checked before it is decoded (image-pages.ts).
 */
import { ConversionError, inPool } from '../failures.ts';
import type { FormatConverter } from '../format.ts';

export const decodedImage: FormatConverter = {
  uses: 'pool',
  async convert({ input, output, reading, pool, maxImagePixels: maxPixels }) {
    const made = await inPool('not a readable image', () =>
      pool.run('decodedImage', { input, output, ext: reading.ext, maxPixels }),
    );
    if (made.refused !== undefined) throw new ConversionError('too_large', made.refused);
  },
};
