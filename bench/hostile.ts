/**
 * `node bench/hostile.ts`: the hostile inputs of server/__tests__/_hostile.ts against a real
 * `npm run serve` (its own process, loopback only, the built dist/), one at a time, each with
 * health polled every 100 ms: what the server answered, its peak RSS (VmRSS of the server process,
 * sampled every 100 ms) and health's worst latency meanwhile; then an autocannon load of metadata
 * and range requests while 10 conversions and fresh bombs run. Bounded: every step has a deadline,
 * the load runs LOAD_S seconds. Prints one JSON report (docs/decisions/2026-11-26-hostile-input-limits.md).
 */
import { execFileSync } from 'node:child_process';
import { cpSync, readFileSync } from 'node:fs';
import { chmod, copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import {
  distinctPdfs,
  linkingDocx,
  pdfStreamBomb,
  pngBomb,
  tiffBomb,
} from '../server/__tests__/_hostile.ts';
import { serve, watched } from './served-process.ts';

const REPO = fileURLToPath(new URL('..', import.meta.url));
const LOAD_S = Number(process.env.LOAD_S ?? 20);
const STEP_DEADLINE_MS = 120_000;
const CANARY = 'folio-bench-canary-51c9';

const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

async function metaUntilSettled(
  api: string,
  id: string,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const deadline = Date.now() + STEP_DEADLINE_MS;
  for (;;) {
    const res = await fetch(`${api}documents/${encodeURIComponent(id)}`);
    const body = (await res.json()) as Record<string, unknown>;
    const converting = res.status === 200 && Number(body.loadedCount) < Number(body.pageCount);
    if (!converting || Date.now() > deadline) return { status: res.status, body };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

function brief(meta: { status: number; body: Record<string, unknown> }): string {
  const { error, message, pageCount } = meta.body;
  const what = typeof error === 'string' ? error : `pageCount ${JSON.stringify(pageCount)}`;
  return `${String(meta.status)} ${what}${typeof message === 'string' ? `: ${message}` : ''}`;
}

async function main(): Promise<void> {
  const root = await mkdtemp(path.join(tmpdir(), 'folio-hostile-bench-'));
  await chmod(root, 0o711); // LibreOffice's unprivileged user reaches its job folders under it
  const docs = path.join(root, 'docs');
  const cache = path.join(root, 'cache');
  await mkdir(docs);
  await mkdir(cache);
  const hits: string[] = [];
  const loopback = createServer((req, res) => {
    hits.push(req.url ?? '');
    res.writeHead(200).end(`LOOPBACK-${CANARY}`);
  });
  await new Promise<void>((resolve) => loopback.listen(0, '127.0.0.1', resolve));
  const loopbackUrl = `http://127.0.0.1:${String((loopback.address() as AddressInfo).port)}`;

  await writeFile(path.join(docs, 'bomb.png'), await pngBomb());
  await writeFile(path.join(docs, 'bomb.tiff'), tiffBomb());
  await writeFile(path.join(docs, 'bomb.pdf'), await pdfStreamBomb(1024));
  await writeFile(path.join(docs, 'linking.docx'), linkingDocx(loopbackUrl));
  const flood = await distinctPdfs(500);
  for (const [name, bytes] of flood) await writeFile(path.join(docs, name), bytes);
  await copyFile(
    path.join(REPO, 'mock/documents/tracemonkey.pdf'),
    path.join(docs, 'tracemonkey.pdf'),
  );
  const office = await readFile(path.join(REPO, 'server/__tests__/fixtures/three-pages.docx'));
  for (let i = 0; i < 10; i++) {
    // Distinct content (a trailing byte after the zip is ignored by readers): 10 real conversions.
    await writeFile(
      path.join(docs, `load-${String(i)}.docx`),
      Buffer.concat([office, Buffer.from([i])]),
    );
  }

  const served = await serve({
    DOCS_DIR: docs,
    CACHE_DIR: cache,
    FOLIO_SECRET_FOR_BENCH: CANARY,
    REDIS_URL_UNUSED: `redis://:${CANARY}@127.0.0.1:1`,
    RATE_LIMIT_MAX: '1000000',
  });
  const rows: Record<string, unknown>[] = [];
  const row = async (input: string, work: () => Promise<string>) => {
    const before = load();
    const [answer, watch] = await watched(served, work);
    rows.push({ input, answer, ...watch, loadBefore: before, loadAfter: load() });
    console.error(JSON.stringify(rows.at(-1)));
  };

  await row('PNG 20000×20000 (1.2 MB)', async () =>
    brief(await metaUntilSettled(served.api, 'bomb.png')),
  );
  await row('TIFF declaring 16384×16384 RGBA (1 GiB)', async () =>
    brief(await metaUntilSettled(served.api, 'bomb.tiff')),
  );
  await row('PDF object stream inflating to 1 GB (1 MB)', async () =>
    brief(await metaUntilSettled(served.api, 'bomb.pdf')),
  );
  await row('DOCX linking /etc/passwd, /proc/self/environ, a loopback URL', async () => {
    const meta = await metaUntilSettled(served.api, 'linking.docx');
    const pdf = path.join(root, 'linking.pdf');
    const res = await fetch(`${served.api}documents/linking.docx/content`);
    await writeFile(pdf, Buffer.from(await res.arrayBuffer()));
    const text = execFileSync(
      process.execPath,
      [path.join(REPO, 'server/__tests__/_pdf-text.ts'), pdf],
      {
        encoding: 'utf8',
      },
    );
    const leaks = ['root:x:0:0', CANARY, 'LOOPBACK', 'PATH='].filter((leak) => text.includes(leak));
    return `${brief(meta)}; PDF text has the document (${String(text.includes('Quarterly report'))}), leaks: ${String(leaks.length)}, loopback hits: ${String(hits.length)}`;
  });
  await row('500 distinct PDFs at once', async () => {
    const answers = await Promise.all(
      [...flood.keys()].map(async (id) => {
        const res = await fetch(`${served.api}documents/${id}`);
        await res.arrayBuffer();
        return `${String(res.status)}${res.status === 503 ? ` Retry-After ${String(res.headers.get('retry-after'))}` : ''}`;
      }),
    );
    const counts = new Map<string, number>();
    for (const answer of answers) counts.set(answer, (counts.get(answer) ?? 0) + 1);
    return [...counts].map(([answer, n]) => `${String(n)}× ${answer}`).join(', ');
  });

  // Framing: a template-literal hostOrigin, and one the server cannot read.
  const framing = async (script: string) => {
    const dist = path.join(root, `dist-${String(rows.length)}`);
    cpSync(path.join(REPO, 'dist'), dist, { recursive: true });
    const index = path.join(dist, 'index.html');
    const html = readFileSync(index, 'utf8').replace(
      /<script id="folio-settings">[\s\S]*?<\/script>/,
      `<script id="folio-settings">${script}</script>`,
    );
    await writeFile(index, html);
    try {
      const other = await serve({ DOCS_DIR: docs, CACHE_DIR: cache, DIST_DIR: dist });
      const header = (await fetch(other.url)).headers.get('content-security-policy') ?? '';
      other.child.kill();
      return /frame-ancestors[^;]*/.exec(header)?.[0] ?? 'no frame-ancestors';
    } catch (error) {
      return `refused to start: ${
        String(error)
          .split('\n')
          .find((l) => l.includes('hostOrigin')) ?? String(error)
      }`;
    }
  };
  await row('hostOrigin as a template literal', () =>
    framing("window.routerBase = '/'; window.hostOrigin = `https://host.example`;"),
  );
  await row('hostOrigin computed (window.hostOrigin = top.origin)', () =>
    framing("window.routerBase = '/'; window.hostOrigin = top.origin;"),
  );

  // Load: metadata and ranges while 10 conversions and fresh bombs run.
  const statuses = new Map<number, number>();
  let retryAfterMissing = 0;
  const onResponse = (
    status: number,
    _body: string,
    _context: object,
    headers: IncomingHttpHeaders | undefined,
  ) => {
    statuses.set(status, (statuses.get(status) ?? 0) + 1);
    if (status === 503 && headers?.['retry-after'] === undefined) retryAfterMissing += 1;
  };
  const before = load();
  const [result, watch] = await watched(served, async () => {
    const background = [
      ...Array.from({ length: 10 }, (_, i) =>
        metaUntilSettled(served.api, `load-${String(i)}.docx`),
      ),
    ];
    await writeFile(path.join(docs, 'bomb-2.png'), await pngBomb(20_000, 20_001));
    await writeFile(path.join(docs, 'bomb-2.pdf'), await pdfStreamBomb(1000));
    background.push(
      metaUntilSettled(served.api, 'bomb-2.png'),
      metaUntilSettled(served.api, 'bomb-2.pdf'),
    );
    const cannon = await autocannon({
      url: served.url.replace(/\/$/, ''),
      connections: 20,
      duration: LOAD_S,
      requests: [
        { method: 'GET', path: '/api/documents/tracemonkey.pdf', onResponse },
        {
          method: 'GET',
          path: '/api/documents/tracemonkey.pdf/content',
          headers: { Range: 'bytes=0-65535' },
          onResponse,
        },
        {
          method: 'GET',
          path: '/api/documents/tracemonkey.pdf/content',
          headers: { Range: 'bytes=500000-565535' },
          onResponse,
        },
      ],
    });
    const settled = await Promise.all(background);
    return { cannon, settled: settled.map(brief) };
  });
  const answered = [...statuses.values()].reduce((a, b) => a + b, 0);
  const loadReport = {
    connections: 20,
    seconds: LOAD_S,
    requests: result.cannon.requests.total,
    p50Ms: result.cannon.latency.p50,
    p99Ms: result.cannon.latency.p99,
    maxMs: result.cannon.latency.max,
    errors: result.cannon.errors,
    timeouts: result.cannon.timeouts,
    non2xx: result.cannon.non2xx,
    statuses: Object.fromEntries(statuses),
    answered,
    lostOrOther: result.cannon.requests.total - answered + result.cannon.errors,
    retryAfterMissing,
    background: result.settled,
    ...watch,
    loadBefore: before,
    loadAfter: load(),
  };
  served.child.kill();
  loopback.close();
  await rm(root, { recursive: true, force: true });
  console.log(JSON.stringify({ at: new Date().toISOString(), rows, load: loadReport }, null, 2));
}

await main();
