// The three benchmark documents, gathered into one DOCS_DIR (`bench/.out/docs`) for the facility.
// Each is looked for in $BENCH_DOCS first, then in the repo's mock/documents/, then in
// ../shared/docs/ (beside the repo); image-200.pdf, which the repo does not carry, is generated
// (bench/make-image-doc.ts) when none of those has it.
import { copyFileSync, existsSync, linkSync, mkdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { makeImageDoc } from './make-image-doc.ts';

export const ROOT = path.join(import.meta.dirname, '..');
export const OUT = path.join(import.meta.dirname, '.out');
export const DOCS_DIR = path.join(OUT, 'docs');

export interface BenchDoc {
  /** The facility id (= file name). */
  id: string;
  /** Short name for the table and `--docs`. */
  name: string;
  pages: number;
  /** Where the file came from. */
  source: string;
}

export const ALL_DOCS: readonly Omit<BenchDoc, 'source'>[] = [
  { id: 'tracemonkey.pdf', name: 'tracemonkey', pages: 14 },
  { id: 'text-1000.pdf', name: 'text-1000', pages: 1000 },
  { id: 'image-200.pdf', name: 'image-200', pages: 200 },
];

/** `--docs tracemonkey,image-200.pdf` → the documents, in the table's order. */
export function selectDocs(list: string | undefined): Omit<BenchDoc, 'source'>[] {
  if (list === undefined) return [...ALL_DOCS];
  const wanted = list
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const w of wanted) {
    if (!ALL_DOCS.some((d) => d.name === w || d.id === w)) {
      throw new Error(`--docs: unknown "${w}" (${ALL_DOCS.map((d) => d.name).join(', ')})`);
    }
  }
  return ALL_DOCS.filter((d) => wanted.includes(d.name) || wanted.includes(d.id));
}

function candidates(id: string): string[] {
  const dirs = [
    process.env.BENCH_DOCS,
    path.join(ROOT, 'mock', 'documents'),
    path.join(ROOT, '..', 'shared', 'docs'),
  ];
  return dirs.flatMap((d) => (d === undefined || d === '' ? [] : [path.join(d, id)]));
}

/** A hard link when the file system allows it (19 MB need not be copied), else a copy. */
function place(from: string, to: string): void {
  rmSync(to, { force: true });
  try {
    linkSync(from, to);
  } catch {
    copyFileSync(from, to);
  }
}

/**
 * Puts every selected document into DOCS_DIR (real files: the facility only follows symlinks that
 * stay inside DOCS_DIR) and says where each came from.
 */
export async function prepareDocs(selected: Omit<BenchDoc, 'source'>[]): Promise<BenchDoc[]> {
  mkdirSync(DOCS_DIR, { recursive: true });
  const docs: BenchDoc[] = [];
  for (const doc of selected) {
    const target = path.join(DOCS_DIR, doc.id);
    const found = candidates(doc.id).find((f) => existsSync(f) && statSync(f).isFile());
    let source: string;
    if (found !== undefined) {
      place(found, target);
      source = path.relative(ROOT, found);
    } else if (doc.id === 'image-200.pdf') {
      const generated = path.join(OUT, 'image-200.pdf');
      if (existsSync(generated)) {
        source = 'bench/.out/image-200.pdf (generated earlier by bench/make-image-doc.ts)';
      } else {
        console.log('image-200.pdf: not in $BENCH_DOCS or ../shared/docs, generating it (~1 min)…');
        await makeImageDoc(generated);
        source = 'bench/.out/image-200.pdf (generated now by bench/make-image-doc.ts)';
      }
      place(generated, target);
    } else {
      throw new Error(`${doc.id} not found in ${candidates(doc.id).join(', ')}`);
    }
    const mb = (statSync(target).size / 1e6).toFixed(1);
    docs.push({ ...doc, source: `${source} (${mb} MB)` });
  }
  return docs;
}
