/** A temporary DOCS_DIR filled by the test, and the facility served over it at `/viewer/`. */
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { devMiddleware } from '../../app.ts';
import { serve } from './_http-client.ts';
import { guardFromHereMb } from '../../../facility/pool/__tests__/_memory-guard.ts';

export const BASE = '/viewer/';

export interface Facility {
  dir: string;
  origin: string;
  /** `http://…/viewer/api/` — what the viewer's previewApi would be. */
  api: string;
  close: () => Promise<void>;
}

export async function makeDocsDir(
  files: Record<string, Uint8Array | string>,
  links: Record<string, string> = {},
): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'folio-docs-'));
  // A name may be a nested id (`contracts/2026/a.pdf`): its folders are made first.
  const inside = async (name: string) => {
    const file = path.join(dir, name);
    await mkdir(path.dirname(file), { recursive: true });
    return file;
  };
  for (const [name, bytes] of Object.entries(files)) await writeFile(await inside(name), bytes);
  for (const [name, target] of Object.entries(links)) await symlink(target, await inside(name));
  return dir;
}

export async function startFacility(
  files: Record<string, Uint8Array | string>,
  links: Record<string, string> = {},
): Promise<Facility> {
  const dir = await makeDocsDir(files, links);
  // A CACHE_DIR of its own: a test finds only what it drew or measured, and leaves nothing in the
  // one `npm start` uses (<tmp>/folio-cache).
  const cacheDir = await mkdtemp(path.join(tmpdir(), 'folio-cache-'));
  const server = await serve(
    devMiddleware({
      basePath: BASE,
      docsDir: dir,
      cacheDir,
      pool: { maxRssMb: guardFromHereMb() },
    }),
  );
  return {
    dir,
    origin: server.origin,
    api: `${server.origin}${BASE}api/`,
    close: async () => {
      await server.close();
      await rm(dir, { recursive: true, force: true });
      await rm(cacheDir, { recursive: true, force: true });
    },
  };
}

/** The facility's JSON answer for a document id. */
export async function getMeta(
  facility: Facility,
  id: string,
): Promise<{ status: number; body: Record<string, unknown>; headers: Headers }> {
  const res = await fetch(`${facility.api}documents/${encodeURIComponent(id)}`);
  return {
    status: res.status,
    headers: res.headers,
    body: (await res.json()) as Record<string, unknown>,
  };
}
