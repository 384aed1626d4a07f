// `npm run bench -- --drawn`: formats Folio draws as pages itself (docs/server.md, "Formats"), in its
// production build, each run on a fresh server with a CACHE_DIR of its own (cold: never drawn before):
//
// - a 10-page OFD (the invoice page the tests write, ten times: text in a CJK fallback font, a
//   ruled table, a logo and a seal) and a 5 MB DXF (the tests' floor plan and a grid of lines and
//   labels around it, ≈ 60 000 entities);
// - the metadata's answer naming the drawn PDF's pages (the viewer's polling, as the API sees it),
//   and page 1's canvas in Chromium from navigation, on loopback and on the 20 Mbit/s link.
//
//   npm run bench -- --drawn [--runs N] [--no-build]
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { invoiceOfd } from '../facility/conversion/__tests__/_ofd.ts';
import { dxfText, floorPlan, line, text } from '../facility/conversion/__tests__/_dxf.ts';
import type { Record_ } from '../facility/conversion/__tests__/_dxf.ts';
import { pollUntilSettled } from '../server/__tests__/_serve.ts';
import { launchChromium } from '../browser-tests/support/chromium.ts';
import { folioDist } from './build.ts';
import { coldServer } from './cold-server.ts';
import { OUT, ROOT } from './docs.ts';
import { runSession } from './measure.ts';
import { PROFILES } from './profiles.ts';
import type { Profile } from './profiles.ts';
import { waitForQuiet } from './quiet.ts';
import { loadAverageLine, median, msOrNa as ms } from './report.ts';

const OFD_PAGES = 10;
const DXF_BYTES = 5 * 1024 * 1024;
/** A drawing on a loaded machine: the server's own CONVERT_TIMEOUT_S default is 120 s. */
const DRAW_WAIT_MS = 180_000;

/** The floor plan with a grid of lines and labels around it, until the file is 5 MB. */
function bigDrawing(): string {
  const plan = floorPlan();
  const extra: Record_[] = [];
  let size = dxfText(plan).length;
  for (let at = 0; size < DXF_BYTES; at += 1) {
    const x = 12_000 + (at % 200) * 100;
    const y = Math.floor(at / 200) * 100;
    const added: Record_[] =
      at % 10 === 0
        ? [line('GRID', x, y, x + 90, y), text('TEXT', x, y + 20, 30, `P${String(at)}`)]
        : [line('GRID', x, y, x + 90, y + 90)];
    extra.push(...added);
    size += dxfText({ entities: added }).length - dxfText({ entities: [] }).length;
  }
  return dxfText({ ...plan, entities: [...plan.entities, ...extra] });
}

/** The inputs, written into bench/.out/drawn/. */
async function inputs(): Promise<{ dir: string; ids: string[]; entities: number }> {
  const dir = path.join(OUT, 'drawn');
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'invoices.ofd'), await invoiceOfd({ pages: OFD_PAGES }));
  const drawing = bigDrawing();
  writeFileSync(path.join(dir, 'plan.dxf'), drawing);
  const entities = drawing.split('\n  0\n').length;
  return { dir, ids: ['invoices.ofd', 'plan.dxf'], entities };
}

/** The metadata's answer naming the pages, ms from the first request, on a fresh server. */
async function coldAnswer(dir: string, dist: string, id: string): Promise<number> {
  const server = await coldServer(dir, dist, 'drawn');
  try {
    await waitForQuiet(5000);
    const started = performance.now();
    const last = (await pollUntilSettled(server, id, DRAW_WAIT_MS)).at(-1);
    if (last?.status !== 200) {
      throw new Error(`${id}: ${String(last?.status)} ${JSON.stringify(last?.body)}`);
    }
    return performance.now() - started;
  } finally {
    await server.close();
  }
}

/** Page 1's canvas, ms from navigation, on a fresh server; null if not painted in time. */
async function coldCanvas(
  browser: Browser,
  dir: string,
  dist: string,
  id: string,
  profile: Profile,
): Promise<number | null> {
  const server = await coldServer(dir, dist, 'drawn');
  try {
    await waitForQuiet(5000);
    const result = await runSession(browser, {
      side: 'folio',
      url: `${server.url}?doc=${encodeURIComponent(id)}&lang=en`,
      pages: id.endsWith('.ofd') ? OFD_PAGES : 1,
      profile,
      firstViewOnly: true,
    });
    return result.firstPaintMs;
  } finally {
    await server.close();
  }
}

export async function drawnBench({ runs, build }: { runs: number; build: boolean }) {
  const log = (line_: string) => {
    console.log(`[bench --drawn] ${line_}`);
  };
  const dist = path.join(ROOT, 'dist');
  await folioDist(dist, build, log);
  const { dir, ids, entities } = await inputs();
  log(`inputs: ${OFD_PAGES} OFD pages; a DXF of ${String(entities)} records`);
  const browser = await launchChromium();
  const rows = ids.map((id) => ({
    id,
    answer: [] as number[],
    near: [] as number[],
    far: [] as number[],
  }));
  try {
    for (let run = 1; run <= runs; run += 1) {
      log(`run ${String(run)}: ${loadAverageLine()}`);
      for (const row of rows) {
        row.answer.push(await coldAnswer(dir, dist, row.id));
        const near = await coldCanvas(browser, dir, dist, row.id, PROFILES.loopback);
        const far = await coldCanvas(browser, dir, dist, row.id, PROFILES['20mbit']);
        if (near !== null) row.near.push(near);
        if (far !== null) row.far.push(far);
        log(
          `${row.id}: answer ${ms(row.answer.at(-1) ?? null)}, page 1 loopback ${ms(near)}, 20 Mbit/s ${ms(far)}`,
        );
      }
    }
  } finally {
    await browser.close();
  }
  const table = [
    '| row (cold, median) | the answer naming the pages | page 1, loopback | page 1, 20 Mbit/s + 40 ms |',
    '| --- | --- | --- | --- |',
    ...rows.map(
      (row) =>
        `| ${row.id} | ${ms(median(row.answer))} | ${ms(median(row.near))} | ${ms(median(row.far))} |`,
    ),
  ];
  console.log(
    `\nMedians of ${String(runs)} run(s), ${loadAverageLine()} at the end:\n\n${table.join('\n')}\n`,
  );
}
