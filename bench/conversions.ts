// `npm run bench -- --conversions`: documents that are not PDFs (docs/server.md, "Formats"), made
// here into bench/.out, Folio's production build on loopback:
//
// - a 50-page .docx (LibreOffice saves it from flat ODF written here, a page break before each
//   page's heading) and a 5 000-row .csv (four columns, Chinese in two);
// - cold: a server with an empty CACHE_DIR, from the first metadata request to the answer naming
//   the converted PDF's pages (the viewer's polling, as the API sees it);
// - warm: page 1's canvas in the viewer once the conversion is cached, against the same PDF put in
//   a DOCS_DIR of its own as a .pdf and asked for once first (so each server has read its PDF).
//   Target: warm ≤ 1.2× the PDF's, as a cached conversion is served as one.
//
//   npm run bench -- --conversions [--runs N] [--no-build]
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { pollUntilSettled } from '../server/__tests__/_serve.ts';
import { savedAs } from '../server/__tests__/_office-samples.ts';
import { launchChromium } from '../browser-tests/support/chromium.ts';
import { folioDist } from './build.ts';
import { coldServer } from './cold-server.ts';
import { OUT, ROOT } from './docs.ts';
import { runSession } from './measure.ts';
import { PROFILES } from './profiles.ts';
import { waitForQuiet } from './quiet.ts';
import { loadAverageLine, median, msOrNa as ms } from './report.ts';

const PAGES = 50;
const ROWS = 5000;
/** A conversion on a loaded machine: the server's own CONVERT_TIMEOUT_S default is 120 s. */
const CONVERT_WAIT_MS = 180_000;

/** Flat ODF of `PAGES` pages, each a heading (a page break before it) and a paragraph. */
function pagesSource(): string {
  const page = (n: number) =>
    `<text:p text:style-name="Break">第 ${String(n)} 页 Page ${String(n)}</text:p><text:p>${'本公司营业收入稳定增长，请各部门于下周提交预算。 The quarter closed as planned. '.repeat(12)}</text:p>`;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<office:document xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" xmlns:fo="urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0" office:version="1.3" office:mimetype="application/vnd.oasis.opendocument.text">',
    '<office:automatic-styles><style:style style:name="Break" style:family="paragraph"><style:paragraph-properties fo:break-before="page"/></style:style></office:automatic-styles>',
    `<office:body><office:text>${Array.from({ length: PAGES }, (_, i) => page(i + 1)).join('')}</office:text></office:body>`,
    '</office:document>',
  ].join('\n');
}

function rowsCsv(): string {
  const lines = ['编号,部门,金额,备注'];
  for (let n = 1; n <= ROWS; n += 1) {
    lines.push(
      `${String(n)},销售部 ${String(n % 17)},${String((n * 37) % 10_000)},row ${String(n)}`,
    );
  }
  return `${lines.join('\n')}\n`;
}

/** The inputs, made once into bench/.out/conversions/. */
async function inputs(): Promise<{ dir: string; ids: string[] }> {
  const dir = path.join(OUT, 'conversions');
  mkdirSync(dir, { recursive: true });
  const docx = path.join(dir, `pages-${String(PAGES)}.docx`);
  const csv = path.join(dir, `rows-${String(ROWS)}.csv`);
  try {
    readFileSync(docx);
  } catch {
    const made = (await savedAs('text', pagesSource(), ['.docx'])).get('.docx');
    if (made === undefined) throw new Error('LibreOffice saved no .docx');
    writeFileSync(docx, made);
  }
  writeFileSync(csv, rowsCsv());
  return { dir, ids: [path.basename(docx), path.basename(csv)] };
}

/** Page 1's canvas in the viewer, ms from navigation; null if not painted in time. */
async function firstCanvas(browser: Browser, url: string, id: string, pages: number) {
  await waitForQuiet(5000);
  const result = await runSession(browser, {
    side: 'folio',
    url: `${url}?doc=${encodeURIComponent(id)}&lang=en`,
    pages,
    profile: PROFILES.loopback,
    firstViewOnly: true,
  });
  return result.firstPaintMs;
}

interface Row {
  id: string;
  pages: number;
  cold: number[];
  warm: number[];
  pdf: number[];
}

export async function conversionsBench({ runs, build }: { runs: number; build: boolean }) {
  const log = (line: string) => {
    console.log(`[bench --conversions] ${line}`);
  };
  const dist = path.join(ROOT, 'dist');
  await folioDist(dist, build, log);
  log('making the inputs (the .docx once, by LibreOffice) …');
  const { dir, ids } = await inputs();
  log(loadAverageLine());
  const browser = await launchChromium();
  const rows: Row[] = ids.map((id) => ({ id, pages: 0, cold: [], warm: [], pdf: [] }));
  try {
    for (let run = 1; run <= runs; run += 1) {
      for (const row of rows) {
        const pdfDir = mkdtempSync(path.join(os.tmpdir(), 'folio-bench-converted-'));
        const server = await coldServer(dir, dist, 'conversions');
        try {
          await waitForQuiet(5000);
          const startedAt = Date.now();
          const meta = (await pollUntilSettled(server, row.id, CONVERT_WAIT_MS)).at(-1);
          const coldMs = Date.now() - startedAt;
          if (meta?.status !== 200) {
            throw new Error(`${row.id}: ${String(meta?.status)} ${JSON.stringify(meta?.body)}`);
          }
          row.cold.push(coldMs);
          row.pages = Number(meta.body.pageCount);
          const warm = await firstCanvas(browser, server.url, row.id, row.pages);
          if (warm !== null) row.warm.push(warm);
          // The very PDF the conversion made, served as a PDF by a server of its own.
          const converted = await fetch(
            `${server.api}documents/${encodeURIComponent(row.id)}/content`,
          );
          const asPdf = `${row.id}.pdf`;
          writeFileSync(path.join(pdfDir, asPdf), Buffer.from(await converted.arrayBuffer()));
          const pdfServer = await coldServer(pdfDir, dist, 'converted');
          try {
            // Asked for once first, as the converted one was: both servers have read the PDF.
            await pollUntilSettled(pdfServer, asPdf);
            const pdf = await firstCanvas(browser, pdfServer.url, asPdf, row.pages);
            if (pdf !== null) row.pdf.push(pdf);
            log(
              `${row.id} run ${String(run)}: ${String(row.pages)} pages, cold ${ms(coldMs)}, warm page 1 ${ms(warm)}, as a PDF ${ms(pdf)}`,
            );
          } finally {
            await pdfServer.close();
          }
        } finally {
          await server.close();
          rmSync(pdfDir, { recursive: true, force: true });
        }
      }
    }
  } finally {
    await browser.close();
  }
  const table = [
    '| document | pages | cold: conversion (first request → pages named) | warm: page 1 canvas | the same PDF: page 1 canvas | warm / PDF | target |',
    '| --- | --- | --- | --- | --- | --- | --- |',
    ...rows.map((row) => {
      const [warm, pdf] = [median(row.warm), median(row.pdf)];
      const ratio = warm !== null && pdf !== null ? warm / pdf : null;
      return `| ${row.id} | ${String(row.pages)} | ${ms(median(row.cold))} | ${ms(warm)} | ${ms(pdf)} | ${ratio === null ? 'n/a' : `${ratio.toFixed(2)}×`} | ≤ 1.2× ${ratio !== null && ratio <= 1.2 ? '✅' : '❌'} |`;
    }),
  ];
  console.log(`\nMedians of ${String(runs)} run(s):\n\n${table.join('\n')}\n`);
  writeFileSync(
    path.join(OUT, 'conversions-results.json'),
    `${JSON.stringify({ date: new Date().toISOString(), loadAverage: os.loadavg(), rows }, null, 2)}\n`,
  );
  log('results: bench/.out/conversions-results.json');
}
