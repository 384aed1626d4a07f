/**
 * A zip package's parts (OFD, EPUB, XMind: zips of XML and images) read by path, through the
 * archives' one zip reader (facility/archives/zip.ts): its central directory, its overlap check and
 * each part inflated under the caps below, written to the job's folder and read back. A pool task's
 * helper (docs/decisions/2026-12-06-packages-drawn-as-pages.md).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { ArchiveError, DEFAULT_ARCHIVE_LIMITS } from '../archives/listing.ts';
import type { ArchiveLimits, ListedEntry } from '../archives/listing.ts';
import { zip } from '../archives/zip.ts';

/**
 * Tighter than an archive's: a package is drawn in one pool thread's memory, not listed
 * (docs/server.md, "Limits").
 */
export const PACKAGE_LIMITS: ArchiveLimits = {
  ...DEFAULT_ARCHIVE_LIMITS,
  maxEntries: 5_000,
  maxTotalBytes: 512 * 1024 ** 2,
  maxEntryBytes: 64 * 1024 ** 2,
  maxRatio: 100,
};

/** Why a package is not drawn: the message names it; `too_large` is a cap. */
export class PackageRefused extends Error {
  readonly tooLarge: boolean;
  constructor(message: string, tooLarge = false) {
    super(message);
    this.tooLarge = tooLarge;
  }
}

export interface ZipPackage {
  /** Its parts' paths, `/`-separated, no leading `/`. */
  paths: readonly string[];
  /** A part's bytes; undefined when the package has no such part. */
  read: (part: string) => Promise<Buffer | undefined>;
}

/** A part's path as a package names it from `base` (a part's folder): `../a.xml`, `/Doc_0/x`. */
export function resolvePart(base: string, reference: string): string {
  const clean = reference.replaceAll('\\', '/').split(/[?#]/)[0] ?? '';
  const joined = clean.startsWith('/') ? clean : path.posix.join(base, clean);
  return path.posix.normalize(joined).replace(/^(\.\.\/|\/)+/, '');
}

function refused(error: unknown): PackageRefused {
  if (error instanceof ArchiveError) {
    return new PackageRefused(error.message, error.code === 'too_large');
  }
  return new PackageRefused(error instanceof Error ? error.message : String(error));
}

/** Opens `file` as a zip package whose parts are extracted to `work` when read. */
export async function openZipPackage(
  file: string,
  work: string,
  limits: ArchiveLimits = PACKAGE_LIMITS,
): Promise<ZipPackage> {
  let entries: ListedEntry[];
  try {
    ({ entries } = await zip.list(file, limits));
  } catch (error) {
    throw refused(error);
  }
  // Lower case: packages written on Windows name their parts in any case.
  const byPath = new Map(
    entries
      .filter((entry) => entry.type === 'file')
      .map((entry) => [entry.path.toLowerCase(), entry]),
  );
  const extracted = new Set<number>();
  return {
    paths: [...byPath.values()].map((entry) => entry.path),
    async read(part) {
      const entry = byPath.get(part.toLowerCase());
      if (entry === undefined) return undefined;
      const dest = path.join(work, `part-${String(entry.index)}`);
      if (!extracted.has(entry.index)) {
        try {
          await zip.extract(file, entry, dest, limits);
        } catch (error) {
          throw refused(error);
        }
        extracted.add(entry.index);
      }
      return readFile(dest);
    },
  };
}
