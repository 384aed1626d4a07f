/**
 * Conversions on the queue over an HTTP origin (docs/server.md, "Document sources"): the server
 * adds the job under the document's nested id and `npm run worker`, given the same DOCS_URL and no
 * DOCS_DIR, asks the origin for that id's version itself and converts it.
 */
import { once } from 'node:events';
import { readFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { createHttpSource, parseHeaders } from '../../facility/sources/http-source.ts';
import { freePort, killAll, logged, startRedis, startWorker, stop } from './_cluster.ts';
import type { Proc } from './_cluster.ts';
import { FIXTURES, pollUntilSettled, startServe } from './_serve.ts';
import type { Served } from './_serve.ts';

jest.setTimeout(120_000);

const CREDENTIAL = 'Bearer queue-origin-credential';
const ID = 'contracts/2026/three pages.docx';
const asked: string[] = [];
let origin: http.Server;
let redis: Proc;
let worker: Proc;
let served: Served;

beforeAll(async () => {
  const docx = await readFile(path.join(FIXTURES, 'three-pages.docx'));
  origin = http.createServer((req, res) => {
    const id = decodeURIComponent((req.url ?? '').replace(/^\/files\//, ''));
    asked.push(`${req.method ?? ''} ${id}`);
    if (req.headers.authorization !== CREDENTIAL) return res.writeHead(401).end();
    if (id !== ID) return res.writeHead(404).end();
    res.writeHead(200, { 'content-length': docx.length, etag: '"one"' });
    res.end(req.method === 'HEAD' ? undefined : docx);
  });
  origin.listen(0, '127.0.0.1');
  await once(origin, 'listening');
  const template = `http://127.0.0.1:${String((origin.address() as AddressInfo).port)}/files/{id}`;
  const redisUrl = `redis://127.0.0.1:${String(await freePort())}`;
  redis = await startRedis(Number(new URL(redisUrl).port));
  served = await startServe({
    options: {
      redisUrl,
      source: createHttpSource({ template, headers: parseHeaders(`Authorization: ${CREDENTIAL}`) }),
    },
  });
  worker = await startWorker(
    { redisUrl, docsDir: '', cacheDir: served.cacheDir },
    { DOCS_DIR: '', DOCS_URL: template, DOCS_HEADERS: `Authorization: ${CREDENTIAL}` },
  );
});

afterAll(async () => {
  await served.close();
  await stop(worker);
  await stop(redis);
  killAll();
  origin.closeAllConnections();
  origin.close();
});

test('the worker reads the nested id from the origin and converts it, once', async () => {
  const last = (await pollUntilSettled(served, ID)).at(-1);
  expect(last).toMatchObject({ status: 200, body: { pageCount: 3, loadedCount: 3 } });
  expect(served.spawns()).toBe(0); // not converted by the server
  const converted = logged(worker, 'converted');
  expect(converted).toHaveLength(1);
  expect(converted[0]).toMatchObject({ file: ID });
  // The worker asked the origin for the version itself, and found that version's copy the server
  // had made in the shared CACHE_DIR: the file crossed once.
  expect(asked.filter((line) => line === `HEAD ${ID}`).length).toBeGreaterThanOrEqual(2);
  expect(asked.filter((line) => line === `GET ${ID}`)).toHaveLength(1);
});
