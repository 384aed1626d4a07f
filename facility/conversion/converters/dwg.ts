/**
 * DWG drawings (R13 to 2018): LibreDWG, GPL, reads them — only as a program of its own
 * (programs/dwg-to-dxf/, GPL-3.0-or-later, running the WebAssembly build of the optional package
 * `@mlightcad/libredwg-web`), started by Node in the converters' sandbox with the job's DWG in and
 * a DXF out; the DXF is then drawn as any DXF is (dxf.ts). Folio's code never imports either:
 * they meet through the job's files (docs/decisions/2026-12-07-dwg.md). A server installed without
 * optional packages answers `503` saying how to view the drawing instead.
 */
import { access, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { inJail, prepareJailFolder, programFolderFor } from '../../sandbox/jail.ts';
import { runJailed } from '../../sandbox/run.ts';
import { ConversionError } from '../failures.ts';
import type { FormatConverter } from '../format.ts';
import { drawDxf } from './dxf.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const PROGRAM = path.join(ROOT, 'programs', 'dwg-to-dxf');
const LIBREDWG = path.join(ROOT, 'node_modules', '@mlightcad', 'libredwg-web');

/**
 * The reader's time and address space. Its WebAssembly memory starts at 1 GB (the package's
 * build); V8 without its trap handler reserves no guard regions, so 3 GB of address space holds
 * it, the Liftoff code and Node. A 1.3 MB drawing took 2–12 s on the loaded 2-core machine.
 */
export const DWG_LIMITS = { timeoutMs: 90_000, memoryMb: 3072, maxStdoutBytes: 1024 };
/** A DXF past this is not drawn (its entities are counted again by dxf.ts). */
export const MAX_DWG_DXF_BYTES = 256 * 1024 * 1024;
/**
 * `--disable-wasm-trap-handler`: bounds checks instead of 8 GB guard regions per memory, which
 * an address-space limit refuses; `--liftoff-only`: TurboFan's compile of the module ran out of
 * the limit after the drawing was written.
 */
const NODE_FLAGS = ['--disable-wasm-trap-handler', '--liftoff-only', '--max-old-space-size=512'];

/**
 * Node (when not in /usr), the program and the package as the sandbox shows them: read-only at
 * their own paths, or copies in the job's folder (jail.ts `programFolderFor`).
 */
async function programPaths(job: { work: string }) {
  const nodeFolder = path.dirname(process.execPath);
  const inUsr = nodeFolder.startsWith('/usr/');
  const [node, program, libredwg] = await Promise.all([
    inUsr ? { bind: undefined, inside: nodeFolder } : programFolderFor(job, nodeFolder),
    programFolderFor(job, PROGRAM),
    programFolderFor(job, LIBREDWG),
  ]);
  return {
    node: path.join(node.inside, path.basename(process.execPath)),
    program: program.inside,
    libredwg: libredwg.inside,
    binds: [node.bind, program.bind, libredwg.bind].filter((bind) => bind !== undefined),
  };
}

export const dwg: FormatConverter = {
  uses: 'pool',
  async convert(job) {
    try {
      await access(path.join(LIBREDWG, 'wasm', 'libredwg-web.wasm'));
    } catch {
      throw new ConversionError(
        'converter_not_installed',
        'DWG drawings are not converted on this server (its optional DWG reader, @mlightcad/libredwg-web, is not installed); save the drawing as DXF to view it',
        true,
      );
    }
    const drawing = path.join(job.work, 'drawing.dxf');
    const paths = await programPaths(job);
    await prepareJailFolder(job.work);
    const result = await runJailed(
      { work: job.work, programs: paths.binds },
      paths.node,
      [
        ...NODE_FLAGS,
        path.join(paths.program, 'dwg-to-dxf.mjs'),
        paths.libredwg,
        inJail(job, job.input),
        inJail(job, drawing),
      ],
      DWG_LIMITS,
    );
    if (result.timedOut) {
      throw new ConversionError(
        'too_large',
        `reading the drawing took longer than ${String(DWG_LIMITS.timeoutMs / 1000)} s and was stopped`,
      );
    }
    if (result.code === 3 || result.code === null) {
      throw new ConversionError(
        'too_large',
        `the drawing needs more than the DWG reader's ${String(DWG_LIMITS.memoryMb)} MB`,
      );
    }
    if (result.code !== 0) {
      // The reader's last words, unless they are the drawing's own bytes echoed in a warning.
      const reason = /[^\x20-\x7e]/.test(result.stderr) ? '' : result.stderr;
      throw new ConversionError(
        'unsupported',
        `not a DWG drawing this server reads${reason === '' ? '' : ` (${reason})`}`,
      );
    }
    const { size } = await stat(drawing);
    if (size > MAX_DWG_DXF_BYTES) {
      throw new ConversionError(
        'too_large',
        `the drawing's DXF is ${String(Math.round(size / 1024 / 1024))} MB; at most ${String(MAX_DWG_DXF_BYTES / 1024 / 1024)} are drawn`,
      );
    }
    await drawDxf(job, drawing, { everyLayerOn: true });
  },
};
