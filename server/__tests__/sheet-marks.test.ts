/**
 * A sheet's comments and drawn objects over real HTTP (docs/server.md, "Sheets"; docs/decisions/
 * 2026-12-07-sheet-comments-and-drawings.md): the comments' URL and text only when the policy's
 * `showComment` is on — with it off, no answer the reader can get carries a comment's text.
 */
import { SignJWT } from 'jose';
import { buildZip } from '../../facility/archives/__tests__/_zip.ts';
import { xlsxParts } from '../../facility/sheets/__tests__/_xlsx.ts';
import { withMarks } from '../../facility/sheets/__tests__/_xlsx-marks.ts';
import { secretKey } from '../auth-keys.ts';
import { startServe } from './_serve.ts';
import type { Served } from './_serve.ts';

jest.setTimeout(120_000);

const SECRET = 's'.repeat(40);
const SECRET_NOTE = 'Do not pay this invoice';
const THREAD_TEXT = 'Who approved this?';
const now = () => Math.floor(Date.now() / 1000);
let served: Served;

const commented = (name: string) =>
  buildZip(
    withMarks(
      xlsxParts([
        {
          name,
          rows: [
            ['Invoice', 120],
            ['Total', 120],
          ],
        },
      ]),
      {
        sheet: 1,
        notes: [{ ref: 'B1', author: 'Ann', text: SECRET_NOTE }],
        threads: [{ ref: 'A2', comments: [{ author: 'Bo', text: THREAD_TEXT }] }],
        drawings: [
          { kind: 'chart', from: [3, 0], to: [10, 4], name: 'Chart 1', title: 'Totals by month' },
        ],
      },
    ),
  );

beforeAll(async () => {
  served = await startServe({
    files: {
      'shown.xlsx': commented('Shown'),
      'hidden.xlsx': commented('Hidden'),
      'hidden.xlsx.json': JSON.stringify({ param: { showComment: false } }),
      'plain.csv': 'a,b\n1,2\n',
    },
    options: { auth: { mode: 'tokens', keys: [secretKey(SECRET)] }, sheetView: 'grid' },
  });
});

afterAll(() => served.close());

async function get(path: string, doc: string) {
  const token = await new SignJWT({ doc, name: 'Li Lei', exp: now() + 600 })
    .setProtectedHeader({ alg: 'HS256' })
    .sign(new TextEncoder().encode(SECRET));
  const res = await fetch(`${served.api}${path}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  const text = await res.text();
  return { status: res.status, text, json: () => JSON.parse(text) as Record<string, unknown> };
}

interface SheetField {
  rows: string;
  tail: string;
  comments?: string;
  drawings?: string;
}

const at = (template: string) => template.replace('{sheet}', '0').replace('{from}', '0');

async function sheetOf(doc: string): Promise<{ sheet: SheetField; text: string }> {
  const meta = await get(`documents/${doc}`, doc);
  expect(meta.status).toBe(200);
  return { sheet: meta.json().sheet as SheetField, text: meta.text };
}

describe('comments and drawings of a grid', () => {
  it('serves the comments and drawings when the policy shows comments', async () => {
    const { sheet } = await sheetOf('shown.xlsx');
    expect(sheet.comments).toMatch(/\/\{sheet\}-comments\.json$/);
    const comments = await get(at(sheet.comments ?? ''), 'shown.xlsx');
    expect(comments.status).toBe(200);
    expect(comments.json()).toEqual({
      comments: [
        { r: 1, c: 0, author: 'Bo', text: THREAD_TEXT },
        { r: 0, c: 1, author: 'Ann', text: `Ann:\n${SECRET_NOTE}` },
      ],
      capped: false,
    });
    const drawings = await get(at(sheet.drawings ?? ''), 'shown.xlsx');
    expect(drawings.json()).toEqual({
      drawings: [{ kind: 'chart', from: [3, 0], to: [10, 4], label: 'Totals by month' }],
      capped: false,
    });
  });

  it('sends no comment text at all when showComment is false', async () => {
    const { sheet, text } = await sheetOf('hidden.xlsx');
    expect(sheet.comments).toBeUndefined();
    // The URL a reader might guess is refused, and nothing else the reader can get holds the text.
    const guessed = at(sheet.drawings ?? '').replace('-drawings.json', '-comments.json');
    const refused = await get(guessed, 'hidden.xlsx');
    expect(refused.status).toBe(403);
    const bodies = [text, refused.text];
    for (const path of [sheet.rows, sheet.tail, sheet.drawings ?? '']) {
      const answer = await get(at(path), 'hidden.xlsx');
      expect(answer.status).toBe(200);
      bodies.push(answer.text);
    }
    expect(bodies.at(-1)).toContain('Totals by month');
    for (const body of bodies) {
      expect(body).not.toContain(SECRET_NOTE);
      expect(body).not.toContain(THREAD_TEXT);
      expect(body).not.toContain('Ann');
    }
  });

  it('answers a table of text with no marks', async () => {
    const { sheet } = await sheetOf('plain.csv');
    const drawings = await get(at(sheet.drawings ?? ''), 'plain.csv');
    expect(drawings.json()).toEqual({ drawings: [], capped: false });
    const comments = await get(at(sheet.comments ?? ''), 'plain.csv');
    expect(comments.json()).toEqual({ comments: [], capped: false });
  });
});
