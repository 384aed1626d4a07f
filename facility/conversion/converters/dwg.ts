/**
 * DWG drawings are not converted: the one free reader, LibreDWG, is GPL and may run only as a
 * program of its own in the sandbox, and Debian 12 packages none of it (no `libredwg-tools`), so
 * no machine of Folio's has its `dwg2dxf` (docs/decisions/2026-12-06-cad-drawings-and-decoded-images.md).
 * The file is answered `415` saying so and what to send instead, not the table's general "not a
 * kind of file this server previews".
 */
import { ConversionError } from '../failures.ts';
import type { FormatConverter } from '../format.ts';

export const dwg: FormatConverter = {
  uses: 'pool',
  atOnce: true,
  convert() {
    return Promise.reject(
      new ConversionError(
        'unsupported',
        'DWG drawings are not converted on this server (no DWG reader it may run is installed); save the drawing as DXF to view it',
      ),
    );
  },
};
