// The two builds the bench measures: Folio's production build (the project's own webpack config, as
// `npm run build` makes it) and the anchor page (bench/anchor/webpack.config.ts).
import { existsSync } from 'node:fs';
import path from 'node:path';
import webpack from 'webpack';
import type { Configuration, Stats } from 'webpack';
import makeFolioConfig from '../webpack.config.js';
import { anchorConfig, pdfjsVersion } from './anchor/webpack.config.ts';

function compile(config: Configuration): Promise<Stats> {
  return new Promise((resolve, reject) => {
    webpack(config, (error, result) => {
      if (error) reject(error);
      else if (!result) reject(new Error('webpack gave no result'));
      else if (result.hasErrors()) reject(new Error(result.toString('errors-only')));
      else resolve(result);
    });
  });
}

/** `npm run build`, in-process, into `distDir`. */
export async function buildFolio(distDir: string): Promise<void> {
  const config = makeFolioConfig({}, { mode: 'production' });
  await compile({ ...config, output: { ...config.output, path: path.resolve(distDir) } });
}

/** Folio's production build in `distDir`: built now, or (`--no-build`) the one already there. */
export async function folioDist(
  distDir: string,
  build: boolean,
  log: (line: string) => void,
): Promise<void> {
  if (build) {
    log('building Folio (production) into dist/ …');
    await buildFolio(distDir);
  } else if (!existsSync(path.join(distDir, 'index.html'))) {
    throw new Error('--no-build: dist/index.html is missing; run npm run build');
  }
}

export async function buildAnchor(outDir: string): Promise<void> {
  await compile(anchorConfig(path.resolve(outDir)));
}

/**
 * The anchor's build in `outDir`: built now, or (`--no-build`) the one already there when it is
 * complete (its page and this pdfjs-dist's assets).
 */
export async function anchorDist(
  outDir: string,
  build: boolean,
  log: (line: string) => void,
): Promise<void> {
  const built =
    existsSync(path.join(outDir, 'index.html')) &&
    existsSync(path.join(outDir, `pdfjs-${pdfjsVersion}`));
  if (!build && built) {
    log('--no-build: reusing bench/.out/anchor/');
  } else {
    log('building the anchor (pdf.js PDFViewer page) into bench/.out/anchor/ …');
    await buildAnchor(outDir);
  }
}
