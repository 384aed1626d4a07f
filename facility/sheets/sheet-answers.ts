/**
 * `GET documents/{id}/sheets/{hash}/{name}` (docs/server.md, "Sheets"): the id's document found as
 * every route finds it, then its rows, tail, search or marks (sheets.ts). Behind the same token as the
 * metadata; a view-only reader gets them too (rows are what such a reader reads, never the file).
 */
import { shownName } from '../archives/entries.ts';
import { jsonError } from '../http/answer.ts';
import type { Answer } from '../http/answer.ts';
import { commentsShown, searchAllowed } from '../policy/param.ts';
import { forReader } from '../policy/reader.ts';
import type { Reader } from '../policy/reader.ts';
import type { Lookup } from '../sources/lookup.ts';
import type { GridChoice } from './grid-choice.ts';
import type { Sheets } from './sheets.ts';

export type SheetAnswers = (
  id: string,
  hash: string,
  name: string,
  query: string | undefined,
  reader?: Reader,
) => Promise<Answer>;

export function createSheetAnswers({
  lookup,
  sheets,
  gridChoice,
}: {
  lookup: Lookup;
  sheets: Sheets;
  gridChoice: GridChoice;
}): SheetAnswers {
  return async (id, hash, name, query, reader) => {
    const found = await lookup.find(id);
    if (!('doc' in found)) return found;
    const { doc, sidecar } = found;
    if (!gridChoice.shownAsGrid(found)) return jsonError(404, 'not_found');
    // Only once its workbook is made (grid-choice.ts): the metadata named no rows before.
    const read = await gridChoice.gridFile(found);
    if (read.kind === 'failed') return read.answer;
    if (read.kind === 'converting') return jsonError(404, 'not_found');
    const { file, stats, ext } = read;
    const fields = forReader(sidecar?.fields ?? {}, reader, new Date());
    const title = shownName(doc);
    return sheets.answer({ file, stats, ext, title }, hash, name, {
      query,
      searchable: searchAllowed(fields),
      comments: commentsShown(fields),
    });
  };
}
