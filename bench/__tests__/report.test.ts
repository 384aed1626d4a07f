import { emptyResult } from '../measure';
import type { RunResult } from '../measure';
import { allSessions, markdownTable, mark, timePerRun } from '../report';
import type { BenchResults, DocResult } from '../report';

function run(values: Partial<RunResult>): RunResult {
  return { ...emptyResult(), ...values };
}

const doc = { id: 'tracemonkey.pdf', name: 'tracemonkey', pages: 14, source: 'mock' };
const anchor = [run({ firstPaintMs: 2000, pixelsMs: 2000, controlsMs: 90, heapMB: 6 })];

function results(docs: DocResult[]): BenchResults {
  const bytes = { files: ['a.js'], raw: 1000, gzip: 500 };
  return {
    date: '2026-11-26',
    command: 'npm run bench',
    runs: 1,
    seriesRuns: 0,
    commit: 'abc',
    loadAverageStart: [0],
    loadAverage: [0],
    durationS: 1,
    machine: {
      cpus: 2,
      cpuModel: 'x',
      memoryGB: 1,
      os: 'Linux',
      chromium: '1',
      pdfjsDist: '1',
      node: 'v22',
    },
    scripts: { anchor: bytes, folio: bytes },
    docs,
    notes: [],
  };
}

function rowsOf(table: string, label: string): string[] {
  return table.split('\n').filter((line) => line.includes(`| ${label} |`));
}

describe('the table', () => {
  const warm: DocResult = {
    doc,
    link: '20mbit',
    temp: 'warm',
    firstViewOnly: false,
    runs: {
      anchor,
      folio: [
        run({ firstPaintMs: 1900, pixelsMs: 900, previewMs: 900, controlsMs: 950, heapMB: 13 }),
      ],
    },
  };
  const cold: DocResult = {
    doc,
    link: '20mbit',
    temp: 'cold',
    firstViewOnly: true,
    runs: {
      anchor,
      folio: [
        run({
          firstPaintMs: 2100,
          pixelsMs: 2100,
          controlsMs: 2100,
          missing: { previewMs: 'no preview of page 1 painted' },
        }),
      ],
    },
  };
  const table = markdownTable(results([cold, warm]));

  it('labels each row with its document, link and temperature', () => {
    expect(table).toContain('| tracemonkey (14 p.), 20 Mbit/s, 40 ms, cold | first page pixels');
    expect(table).toContain('| tracemonkey (14 p.), 20 Mbit/s, 40 ms, warm | first page pixels');
  });

  it('marks first page pixels against the warm and the cold targets', () => {
    const [coldPixels, warmPixels] = rowsOf(table, 'first page pixels (preview or canvas)');
    expect(coldPixels).toContain('≤ 1.0× (not later than today) ❌');
    expect(warmPixels).toContain('0.45×');
    expect(warmPixels).toContain('≤ 0.5× (warm previews) ✅');
  });

  it("marks the toolbar against the anchor's first paint", () => {
    const [coldControls, warmControls] = rowsOf(table, 'toolbar controls usable');
    expect(coldControls).toContain("≤ anchor's first paint (2000 ms) ❌");
    expect(warmControls).toContain("≤ anchor's first paint (2000 ms) ✅");
  });

  it('shows the walk only where Folio walked', () => {
    expect(rowsOf(table, 'JS heap after visiting')).toHaveLength(1);
    expect(rowsOf(table, 'JS heap after visiting')[0]).toContain('≤ anchor + 6 MB ❌');
    expect(rowsOf(table, '↳ preview painted')[0]).toContain('n/a (no preview of page 1 painted)');
  });
});

describe('mark', () => {
  it('says n/a rather than guess when a median is missing, and nothing without a target', () => {
    const target = { text: 'Folio 0', meets: (f: number) => f === 0 };
    expect(mark(target, null, 0)).toBe('Folio 0: n/a');
    expect(mark(target, 0, 0)).toBe('Folio 0 ✅');
    expect(mark(null, 1, 1)).toBe('');
  });
});

describe('the time a run takes', () => {
  it('counts the shared anchor runs once, per document and profile', () => {
    const shared = [run({ sessionS: 12 }), run({ sessionS: 14 })];
    const row = (temp: 'cold' | 'warm', seconds: number[]): DocResult => ({
      doc,
      link: 'loopback',
      temp,
      firstViewOnly: temp === 'cold',
      runs: { anchor: shared, folio: seconds.map((sessionS) => run({ sessionS })) },
    });
    const docs = [row('cold', [2, 4]), row('warm', [16, 18])];
    expect(allSessions(docs)).toHaveLength(6);
    // (12 + 14 + 2 + 4 + 16 + 18) / 2 runs
    expect(timePerRun(docs)).toEqual(['tracemonkey (14 p.), loopback: 33 s']);
  });
});
