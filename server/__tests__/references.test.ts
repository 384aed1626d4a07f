/**
 * A document reads nothing but itself (docs/server.md, "Converters' sandbox"): files that name
 * `file:///…` paths — another document, a PNG outside DOCS_DIR, a converted PDF in CACHE_DIR, a
 * page preview, /etc/passwd — convert with none of them in their PDF, whether the reference is
 * dropped before LibreOffice reads it (SVG, flat ODF, a web page) or only the sandbox stands in
 * its way (a zipped ODG, a DOCX's linked image).
 */
import { execFileSync } from 'node:child_process';
import { chmod, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { pngBomb } from './_hostile.ts';
import {
  referencingDocx,
  referencingFodg,
  referencingHtml,
  referencingOdg,
  referencingSvg,
} from './_references.ts';
import { pollUntilSettled, startServe } from './_serve.ts';
import type { Served } from './_serve.ts';

jest.setTimeout(300_000);

const PDF_TEXT = fileURLToPath(new URL('_pdf-text.ts', import.meta.url));
const hasSoffice = (() => {
  try {
    execFileSync('sh', ['-c', 'command -v soffice'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

let served: Served;
let outside: string;
let targets: string[];

/** The PDF the server serves for `id`: its bytes and its text. */
async function convertedPdf(id: string): Promise<{ bytes: Buffer; text: string }> {
  const meta = (await pollUntilSettled(served, id, 180_000)).at(-1);
  expect(meta).toMatchObject({ status: 200 });
  const res = await fetch(`${served.api}documents/${encodeURIComponent(id)}/content`);
  const bytes = Buffer.from(await res.arrayBuffer());
  const file = path.join(outside, `${id}.pdf`);
  await writeFile(file, bytes);
  return { bytes, text: execFileSync(process.execPath, [PDF_TEXT, file], { encoding: 'utf8' }) };
}

(hasSoffice ? describe : describe.skip)('files naming other files', () => {
  beforeAll(async () => {
    outside = await mkdtemp(path.join(tmpdir(), 'folio-outside-'));
    // World-readable, as the attacker found them: only the sandbox keeps them out.
    await chmod(outside, 0o755);
    const png = await pngBomb(64, 64);
    await writeFile(path.join(outside, 'outside.png'), png, { mode: 0o644 });
    served = await startServe({
      files: {
        'private/secret.png': png,
        'private/secret.png.json': JSON.stringify({ param: { download: false } }),
        'cached.svg': referencingSvg('CACHED CANARY', []),
      },
    });
    await chmod(served.cacheDir, 0o755).catch(() => undefined);
    // A converted PDF of another document, and a page preview, where the server keeps them.
    await convertedPdf('cached.svg');
    const cachedPdf = (await readdir(served.cacheDir)).find((name) =>
      /^[0-9a-f]{64}\.pdf$/.test(name),
    );
    expect(cachedPdf).toBeDefined();
    targets = [
      pathToFileURL(path.join(served.docsDir, 'private', 'secret.png')).href,
      pathToFileURL(path.join(outside, 'outside.png')).href,
      pathToFileURL(path.join(served.cacheDir, cachedPdf ?? '')).href,
      'file:///etc/passwd',
    ];
    const words = 'OWN WORDS';
    const attacks: Record<string, string | Buffer> = {
      'attack.svg': referencingSvg(words, targets),
      'attack.fodg': referencingFodg(words, targets),
      'attack.odg': referencingOdg(words, targets),
      'attack.doc': referencingHtml(words, targets),
      'attack.docx': referencingDocx(words, targets),
    };
    for (const [name, bytes] of Object.entries(attacks)) {
      await writeFile(path.join(served.docsDir, name), bytes);
    }
  });

  afterAll(async () => {
    await served.close();
    await rm(outside, { recursive: true, force: true });
  });

  test.each(['attack.svg', 'attack.fodg', 'attack.odg', 'attack.doc', 'attack.docx'])(
    '%s converts with its own words and nothing it names',
    async (id) => {
      const { bytes, text } = await convertedPdf(id);
      expect(text).toContain('OWN WORDS');
      expect(text).not.toContain('CACHED CANARY');
      expect(text).not.toMatch(/root:x:0|nologin/);
      // Every target is an image or a PDF LibreOffice would place as one.
      expect(bytes.toString('latin1')).not.toMatch(/\/Subtype\s*\/(Image|Form)/);
    },
  );
});
