/**
 * One reader cannot starve the rest (docs/server.md, "Fair turns"): one reader's 250 concurrent
 * page images at 2880 px while five other readers open documents no one has opened before.
 *
 * The bound is the one the fair pool is for — each of the five has its page count and page 1
 * within 5 s — or, on a machine so busy that the five take longer than 2.5 s with no flood at all,
 * twice that. Before the fair pool the five got `pageCount 0` after 60 s (the wait counted toward
 * the parse's time limit, and the time-out was kept as "unreadable").
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { SignJWT } from 'jose';
import { SAMPLES } from '../routes/__tests__/_fixtures.ts';
import { secretKey } from '../auth-keys.ts';
import { startServe } from './_serve.ts';
import type { Served } from './_serve.ts';
import { guardFromHereMb } from '../../facility/pool/__tests__/_memory-guard.ts';

jest.setTimeout(300_000);

const SECRET = 'f'.repeat(40);
const FLOOD = 250;
const READERS = 5;

async function token(doc: string, sub: string, perm?: string[]): Promise<string> {
  return new SignJWT({ doc, sub, name: sub, perm, exp: Math.floor(Date.now() / 1000) + 600 })
    .setProtectedHeader({ alg: 'HS256' })
    .sign(new TextEncoder().encode(SECRET));
}

/** tracemonkey with a comment after its end: the same pages, a content no one has parsed. */
async function freshCopies(prefix: string): Promise<Record<string, Buffer>> {
  const bytes = await readFile(path.join(SAMPLES, 'tracemonkey.pdf'));
  return Object.fromEntries(
    Array.from({ length: READERS }, (_, i) => [
      `${prefix}-${String(i)}.pdf`,
      Buffer.concat([bytes, Buffer.from(`\n% ${prefix} ${String(i)}\n`)]),
    ]),
  );
}

async function get(served: Served, url: string, bearer: string, signal?: AbortSignal) {
  const headers = { Authorization: `Bearer ${bearer}` };
  const res = await fetch(`${served.api}${url}`, { headers, signal });
  const json = (res.headers.get('content-type') ?? '').includes('json');
  const body: unknown = json ? await res.json() : Buffer.from(await res.arrayBuffer());
  return { status: res.status, body };
}

interface Opened {
  pageCount: number;
  pageOne: number;
  ms: number;
}

/** A reader opening `doc` as the viewer does: the metadata, then page 1's preview. */
async function open(served: Served, doc: string): Promise<Opened> {
  const bearer = await token(doc, `reader-${doc}`);
  const started = performance.now();
  const meta = await get(served, `documents/${doc}`, bearer);
  const body = meta.body as { pageCount?: number; previews?: { url: string } };
  const url = body.previews?.url.replace('{page}', '1').replace('{width}', '960') ?? '';
  const image = await get(served, url, bearer);
  return { pageCount: body.pageCount ?? 0, pageOne: image.status, ms: performance.now() - started };
}

async function serve(pageImagesPerReader?: number, maxQueuePerLane?: number): Promise<Served> {
  const heavy = await readFile(path.join(SAMPLES, 'text-1000.pdf'));
  return startServe({
    files: {
      'heavy.pdf': heavy,
      ...(await freshCopies('quiet')),
      ...(await freshCopies('flooded')),
    },
    options: {
      auth: { mode: 'tokens', keys: [secretKey(SECRET)] },
      viewOnly: 'auto',
      pageImagesPerReader,
      pool: {
        maxRssMb: guardFromHereMb(),
        maxQueuePerLane,
      },
    },
  });
}

/** One view-only reader asks for pages 2…251 of a 1000-page document at 2880 px, all at once. */
async function flood(served: Served, signal?: AbortSignal) {
  const bearer = await token('heavy.pdf', 'flooder', ['print']);
  const meta = (await get(served, 'documents/heavy.pdf', bearer)).body as {
    viewOnly: { pages: string };
  };
  return Array.from({ length: FLOOD }, (_, i) =>
    get(
      served,
      meta.viewOnly.pages.replace('{page}', String(i + 2)).replace('{width}', '2880'),
      bearer,
      signal,
    )
      .then((answer) => answer.status)
      .catch(() => 0),
  );
}

async function healthMs(served: Served): Promise<number> {
  const started = performance.now();
  const res = await fetch(`${served.api}health`);
  expect(res.status).toBe(200);
  return performance.now() - started;
}

test("with one reader's limits lifted, the pool's turns alone keep five others fast", async () => {
  const served = await serve(FLOOD, FLOOD);
  try {
    const quiet = await Promise.all(
      Object.keys(await freshCopies('quiet')).map((doc) => open(served, doc)),
    );
    const bound = Math.max(5_000, 2 * Math.max(...quiet.map((one) => one.ms)));
    const leave = new AbortController();
    const flooding = await flood(served, leave.signal);
    await new Promise((resolve) => setTimeout(resolve, 1_000)); // the flood is queued
    const docs = Object.keys(await freshCopies('flooded'));
    const health: number[] = [];
    const opening = Promise.all(docs.map((doc) => open(served, doc)));
    for (let i = 0; i < 5; i += 1) health.push(await healthMs(served));
    const flooded = await opening;
    for (const one of flooded) {
      expect({ pageCount: one.pageCount, pageOne: one.pageOne }).toEqual({
        pageCount: 14,
        pageOne: 200,
      });
      expect(one.ms).toBeLessThan(bound);
    }
    console.log(
      `load ${(await import('node:os')).loadavg()[0].toFixed(2)}; quiet ${quiet.map((o) => Math.round(o.ms)).join(' ')} ms; ` +
        `flooded ${flooded.map((o) => Math.round(o.ms)).join(' ')} ms; health ${health.map(Math.round).join(' ')} ms`,
    );
    expect(Math.max(...health)).toBeLessThan(bound);
    leave.abort(); // the flooding reader leaves; what they asked for is drawn before the close
    await Promise.all(flooding);
  } finally {
    await served.close();
  }
});

test("with the defaults, one reader's pages past 8 in flight are answered busy at once", async () => {
  const served = await serve();
  try {
    const flooding = await flood(served);
    const opened = await open(served, Object.keys(await freshCopies('flooded'))[0]);
    expect({ pageCount: opened.pageCount, pageOne: opened.pageOne }).toEqual({
      pageCount: 14,
      pageOne: 200,
    });
    const statuses = await Promise.all(flooding);
    // PAGE_IMAGES_PER_READER: eight drawn, every other one 503 busy (the viewer asks again).
    expect(statuses.filter((status) => status === 200).length).toBeGreaterThanOrEqual(8);
    expect(statuses.filter((status) => status === 503).length).toBeGreaterThanOrEqual(FLOOD - 16);
    expect(statuses.every((status) => status === 200 || status === 503)).toBe(true);
  } finally {
    await served.close();
  }
});
