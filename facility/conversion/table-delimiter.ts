/**
 * A table of text's delimiter, found from its first lines (docs/server.md, "Formats"): read by
 * the PDF path (text-prepare.ts) and the sheet view (facility/sheets/csv-read.ts) alike.
 */

/** Lines looked at to find a table's delimiter. */
const SAMPLE_LINES = 20;
const DELIMITERS = [',', '\t', ';', '|'];

/** Occurrences of `delimiter` outside double quotes. */
function countOutsideQuotes(line: string, delimiter: string): number {
  let count = 0;
  let quoted = false;
  for (const char of line) {
    if (char === '"') quoted = !quoted;
    else if (char === delimiter && !quoted) count += 1;
  }
  return count;
}

/**
 * The delimiter that splits the first lines most evenly: found in every line the same number of
 * times beats found often. A `.tsv` is tab-separated unless its lines say otherwise.
 */
export function tableDelimiter(text: string, ext: string): string {
  const sample = text.split(/\r\n?|\n/, SAMPLE_LINES).filter((line) => line !== '');
  let best = ext === '.tsv' ? '\t' : ',';
  let bestScore = 0;
  for (const delimiter of DELIMITERS) {
    const counts = sample.map((line) => countOutsideQuotes(line, delimiter));
    const first = counts[0] ?? 0;
    if (first === 0) continue;
    const steady = counts.filter((count) => count === first).length / counts.length;
    const score = steady * 1000 + first;
    if (score > bestScore) {
      best = delimiter;
      bestScore = score;
    }
  }
  return best;
}
