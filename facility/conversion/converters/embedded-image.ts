/** PNG and JPEG: a one-page PDF the image's size, embedded by pdf-lib in a pool task. */
import { inPool } from '../failures.ts';
import type { FormatConverter } from '../format.ts';

export const embeddedImage: FormatConverter = {
  uses: 'pool',
  atOnce: true,
  async convert({ input, output, reading, pool }) {
    await inPool('not a readable image', () =>
      pool.run('image', { input, output, ext: reading.ext }),
    );
  },
};
