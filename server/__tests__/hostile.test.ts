/**
 * Hostile files and floods against `npm run serve`'s app (docs/server.md, "Limits"): each is
 * refused or bounded with a clear answer, health keeps answering meanwhile, and nothing of the
 * machine (a linked file, the environment, a loopback URL) reaches a converted PDF. Timing is the
 * bench's (bench/hostile.ts); here every answer is checked.
 */
import { execFileSync, spawn } from 'node:child_process';
import type { SpawnOptions } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { distinctPdfs, linkingDocx, pdfStreamBomb, pngBomb, tiffBomb } from './_hostile.ts';
import { pollHealth } from './_health.ts';
import { getMeta, pollUntilSettled, startServe } from './_serve.ts';
import type { Served } from './_serve.ts';

jest.setTimeout(180_000);

const PDF_TEXT = fileURLToPath(new URL('_pdf-text.ts', import.meta.url));
const hasSoffice = (() => {
  try {
    execFileSync('sh', ['-c', 'command -v soffice'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

async function metricsText(served: Served): Promise<string> {
  const address = served.app.metricsAddress();
  if (!address) throw new Error('metrics are not served');
  return (await fetch(`http://127.0.0.1:${String(address.port)}/metrics`)).text();
}

function counter(text: string, name: string, labels: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${name}{`) && l.includes(labels));
  return line === undefined ? 0 : Number(line.split(' ').at(-1));
}

describe('image bombs are refused from their header, before any decoder', () => {
  let served: Served;
  beforeAll(async () => {
    served = await startServe({
      files: { 'bomb.png': await pngBomb(), 'bomb.tiff': tiffBomb() },
      options: { metricsPort: 0 },
    });
  });
  afterAll(() => served.close());

  test.each([
    ['bomb.png', /20000 × 20000 pixels; the limit is 40 megapixels/],
    ['bomb.tiff', /16384 × 16384 pixels; the limit is 40 megapixels/],
  ])('%s: 413 too_large with the sizes, health answering throughout', async (id, message) => {
    const health = pollHealth(served);
    const meta = await pollUntilSettled(served, id);
    const statuses = await health.stop();
    expect(meta.at(-1)).toMatchObject({
      status: 413,
      body: { error: 'too_large', message: expect.stringMatching(message) as unknown },
    });
    expect(statuses.length).toBeGreaterThan(0);
    expect(statuses.every((status) => status === 200)).toBe(true);
    const content = await fetch(`${served.api}documents/${id}/content`);
    expect(content.status).toBe(413);
  });

  test('no LibreOffice ran for the TIFF, and the refusals are counted', async () => {
    expect(served.spawns()).toBe(0);
    const text = await metricsText(served);
    expect(counter(text, 'folio_refused_inputs_total', 'reason="too_large"')).toBe(2);
  });

  test('a file that is no image under an image name is unsupported (415)', async () => {
    await writeFile(path.join(served.docsDir, 'fake.png'), 'not a png at all');
    const meta = await pollUntilSettled(served, 'fake.png');
    expect(meta.at(-1)).toMatchObject({ status: 415, body: { error: 'unsupported' } });
  });
});

describe('a PDF whose object stream inflates to 1 GB', () => {
  let served: Served;
  beforeAll(async () => {
    // The pool's memory watchdog a little above what this test process already uses.
    const maxRssMb = Math.round(process.memoryUsage.rss() / 1024 / 1024) + 400;
    served = await startServe({
      files: { 'bomb.pdf': await pdfStreamBomb(1024) },
      options: { pool: { maxRssMb } },
    });
  });
  afterAll(() => served.close());

  test('is stopped by the memory watchdog: 413 too_large, health answering, server alive', async () => {
    const health = pollHealth(served);
    const meta = await getMeta(served, 'bomb.pdf');
    const statuses = await health.stop();
    expect(meta).toMatchObject({
      status: 413,
      body: { error: 'too_large', message: expect.stringMatching(/memory limit/) as unknown },
    });
    expect(statuses.every((status) => status === 200)).toBe(true);
    // Remembered: asked again, it is answered at once without another parse.
    expect((await getMeta(served, 'bomb.pdf')).status).toBe(413);
  });
});

describe('500 distinct PDFs asked at once', () => {
  let served: Served;
  let files: Map<string, Uint8Array>;
  beforeAll(async () => {
    files = await distinctPdfs(500);
    served = await startServe({
      files: Object.fromEntries(files),
      options: { pool: { maxQueue: 100 } },
    });
  });
  afterAll(() => served.close());

  test('each is answered 200, or 503 with Retry-After while the queue is full; asked again, 200', async () => {
    const health = pollHealth(served);
    const ids = [...files.keys()];
    const first = await Promise.all(
      ids.map(async (id) => {
        const res = await fetch(`${served.api}documents/${id}`);
        const body = (await res.json()) as Record<string, unknown>;
        return { id, status: res.status, retryAfter: res.headers.get('retry-after'), body };
      }),
    );
    const statuses = await health.stop();
    for (const answer of first) {
      if (answer.status === 503) {
        expect(answer.body).toMatchObject({
          error: 'busy',
          message: expect.any(String) as unknown,
        });
        expect(Number(answer.retryAfter)).toBeGreaterThan(0);
      } else {
        expect(answer).toMatchObject({ status: 200, body: { pageCount: 1 } });
      }
    }
    expect(first.filter((answer) => answer.status === 503).length).toBeGreaterThan(0);
    expect(statuses.every((status) => status === 200)).toBe(true);
    for (const { id } of first.filter((answer) => answer.status === 503)) {
      let meta = await getMeta(served, id);
      while (meta.status === 503) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        meta = await getMeta(served, id);
      }
      expect(meta).toMatchObject({ status: 200, body: { pageCount: 1 } });
    }
  });
});

describe('floods: the rate limit and the event loop', () => {
  let served: Served;
  beforeAll(async () => {
    served = await startServe({
      files: { 'a.pdf': (await distinctPdfs(1)).values().next().value ?? new Uint8Array() },
      options: { limits: { rateLimitMax: 5, maxEventLoopDelayMs: 50, retryAfterS: 3 } },
    });
  });
  afterAll(() => served.close());

  test('over RATE_LIMIT_MAX, api/ answers 429 with Retry-After; health and the app are not limited', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await getMeta(served, 'a.pdf')).status);
    expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    const limited = await fetch(`${served.api}documents/a.pdf`);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await limited.json()).toMatchObject({
      message: expect.stringMatching(/requests/) as unknown,
    });
    for (let i = 0; i < 10; i++) expect((await fetch(`${served.api}health`)).status).toBe(200);
  });

  test('while the event loop lags, requests get 503 with Retry-After; health still answers', async () => {
    const lagged = async () => {
      const end = Date.now() + 1200;
      while (Date.now() < end); // the server's own loop, blocked (it runs in this process)
      await new Promise((resolve) => setTimeout(resolve, 50));
      return fetch(`${served.origin}/viewer/`);
    };
    let res = await lagged();
    for (let i = 0; i < 5 && res.status !== 503; i++) res = await lagged();
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('3');
    expect((await fetch(`${served.api}health`)).status).toBe(200);
  });
});

describe('metrics: on their own port only, and they move', () => {
  let served: Served;
  beforeAll(async () => {
    served = await startServe({ fixtures: [], options: { metricsPort: 0 } });
  });
  afterAll(() => served.close());

  test('the public port has no /metrics', async () => {
    for (const url of [`${served.origin}/metrics`, `${served.api}metrics`]) {
      const res = await fetch(url);
      expect(res.status).toBe(404);
      expect(await res.text()).not.toMatch(/folio_/);
    }
    expect(served.app.metricsAddress()?.port).not.toBe(Number(new URL(served.origin).port));
  });

  test('requests by route and status are counted, the pool is watched', async () => {
    const route = 'route="/viewer/api/documents/:id"';
    const before = counter(await metricsText(served), 'folio_http_requests_total', route);
    await getMeta(served, 'missing.pdf');
    await getMeta(served, 'missing.pdf');
    const text = await metricsText(served);
    const labels = `${route},method="GET",status="404"`;
    expect(counter(text, 'folio_http_requests_total', labels)).toBe(before + 2);
    expect(text).toMatch(/^folio_pool_queued_tasks 0$/m);
  });
});

(hasSoffice ? describe : describe.skip)(
  'a DOCX that links /etc/passwd, the environment and a loopback URL',
  () => {
    const CANARY = 'folio-canary-8d1f3a';
    let served: Served;
    let hits: string[];
    let closeLoopback: () => Promise<void>;
    const launches: { args: readonly string[]; env: NodeJS.ProcessEnv | undefined }[] = [];

    beforeAll(async () => {
      hits = [];
      const loopback = createServer((req, res) => {
        hits.push(req.url ?? '');
        res.writeHead(200, { 'Content-Type': 'text/plain' }).end(`LOOPBACK-${CANARY}`);
      });
      await new Promise<void>((resolve) => loopback.listen(0, '127.0.0.1', resolve));
      closeLoopback = () =>
        new Promise((resolve) => {
          loopback.close(() => {
            resolve();
          });
        });
      const { port } = loopback.address() as AddressInfo;
      process.env.FOLIO_TEST_SECRET = CANARY;
      const recording = (command: string, args: readonly string[], options: SpawnOptions) => {
        launches.push({ args: [command, ...args], env: options.env });
        return spawn(command, args, options);
      };
      served = await startServe({
        files: { 'report.docx': linkingDocx(`http://127.0.0.1:${String(port)}`) },
        options: { spawn: recording },
      });
    });
    afterAll(async () => {
      delete process.env.FOLIO_TEST_SECRET;
      await served.close();
      await closeLoopback();
    });

    test('converts without their content, fetches nothing, and LibreOffice sees no secret', async () => {
      const meta = await pollUntilSettled(served, 'report.docx', 120_000);
      expect(meta.at(-1)).toMatchObject({ status: 200, body: { pageCount: 1, loadedCount: 1 } });
      const pdf = await fetch(`${served.api}documents/report.docx/content`);
      expect(pdf.status).toBe(200);
      const dir = await mkdtemp(path.join(tmpdir(), 'folio-hostile-'));
      try {
        const file = path.join(dir, 'report.pdf');
        await writeFile(file, Buffer.from(await pdf.arrayBuffer()));
        const text = execFileSync(process.execPath, [PDF_TEXT, file], { encoding: 'utf8' });
        expect(text).toMatch(/Quarterly report/); // the document itself converted
        expect(text).toMatch(/End of report/);
        expect(text).not.toMatch(/root:x:0:0|\/bin\/(ba)?sh|nologin/);
        expect(text).not.toContain(CANARY);
        expect(text).not.toMatch(/LOOPBACK|PATH=|HOME=/);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
      expect(hits).toEqual([]);
      expect(launches).toHaveLength(1);
      const launch = launches[0];
      // The wrappers get PATH; inside the sandbox only the environment it sets
      // (facility/sandbox/jail.ts).
      expect(Object.keys(launch.env ?? {})).toEqual(['PATH']);
      const line = launch.args.join(' ');
      expect(line).toMatch(
        /bwrap --clearenv --setenv PATH \S+ --setenv LANG C.UTF-8 --setenv HOME \/job\/home --setenv TMPDIR \/job\/tmp --unshare-all/,
      );
      expect(JSON.stringify(launch)).not.toContain(CANARY);
      if (process.getuid?.() === 0) {
        // As root: the unprivileged user before the sandbox is made.
        expect(line).toMatch(/setpriv --reuid=65534 --regid=65534 --clear-groups -- bwrap/);
      }
      expect(launch.args.join(' ')).toMatch(/prlimit --as=\d+/);
    });
  },
);
