/**
 * The production build the browser tests share: webpack runs once per test run (minutes on two
 * cores), into FOLIO_BUILD_DIR when run.ts sets it, and the test files that need it (build, serve)
 * — each in its own process — reuse it. What they check of webpack's stats is kept beside it.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import webpack from 'webpack';
import type { Configuration, Stats } from 'webpack';
import makeConfig from '../../webpack.config.js';

export interface BuildFacts {
  /** JS files of each named chunk group (the lazy page's is `viewer`). */
  chunkGroupScripts: Record<string, string[]>;
  chunkLoadTimeout: number;
  publicPath: string;
}

export interface ProdBuild {
  distDir: string;
  facts: BuildFacts;
}

function run(config: Configuration): Promise<Stats> {
  return new Promise((resolve, reject) => {
    webpack(config, (error, result) => {
      if (error) reject(error);
      else if (!result || result.hasErrors()) reject(new Error(result?.toString('errors-only')));
      else resolve(result);
    });
  });
}

/** Builds into `<root>/dist` unless an earlier test of this run already did. */
export async function prodBuild(): Promise<ProdBuild> {
  let root = process.env.FOLIO_BUILD_DIR;
  if (root === undefined) {
    // A test file run on its own builds for itself alone.
    const own = mkdtempSync(path.join(tmpdir(), 'folio-build-'));
    process.once('exit', () => {
      rmSync(own, { recursive: true, force: true });
    });
    root = own;
  }
  const distDir = path.join(root, 'dist');
  const factsFile = path.join(root, 'build-facts.json');
  if (existsSync(factsFile)) {
    return { distDir, facts: JSON.parse(readFileSync(factsFile, 'utf8')) as BuildFacts };
  }
  mkdirSync(root, { recursive: true });
  const config = makeConfig({}, { mode: 'production' });
  const stats = await run({ ...config, output: { ...config.output, path: distDir } });
  const json = stats.toJson({ chunkGroups: true, assets: false, modules: false });
  const chunkGroupScripts: Record<string, string[]> = {};
  for (const [name, group] of Object.entries(json.namedChunkGroups ?? {})) {
    chunkGroupScripts[name] = (group.assets ?? [])
      .map((asset) => asset.name)
      .filter((file) => file.endsWith('.js'));
  }
  const output = stats.compilation.outputOptions;
  const facts: BuildFacts = {
    chunkGroupScripts,
    chunkLoadTimeout: output.chunkLoadTimeout,
    publicPath: String(output.publicPath),
  };
  writeFileSync(factsFile, JSON.stringify(facts));
  return { distDir, facts };
}
