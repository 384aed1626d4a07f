/**
 * A sheet's cell comments as the sheet view marks them (docs/decisions/
 * 2026-12-07-sheet-comments-and-drawings.md): the notes part (`xl/commentsN.xml`) and the threaded
 * comments part (`xl/threadedComments/…`, with the workbook's persons for their authors) the
 * sheet's relationships name. Both are streamed and read only up to MARK_LIMITS.comments: a
 * part of a million comments costs the first ten thousand, then stops inflating.
 */
import { SHEET_LIMITS } from './sheet-types.ts';
import type { SheetComment } from './sheet-types.ts';
import { readXml } from './xml-stream.ts';
import { partStream, partText } from './zip-parts.ts';
import type { Parts } from './zip-parts.ts';
import { cellAt, relationships } from './xlsx-read.ts';
import type { Relationship } from './xlsx-read.ts';

/** How many comments a sheet's answer holds, and the characters of each shown. */
export const MARK_LIMITS = {
  comments: 10_000,
  commentText: 4000,
  author: 64,
  /** Drawn objects a sheet's answer holds. */
  drawings: 10_000,
  /** Charts whose part is opened for its title. */
  chartTitles: 200,
  title: 256,
} as const;

const isType = (rel: Relationship, suffix: string): boolean =>
  !rel.external && rel.type.endsWith(suffix);

/** Comments read, and whether the part had more than the answer holds. */
export interface ReadComments {
  comments: SheetComment[];
  capped: boolean;
}

/** A comment's text gathered from its runs (`t`), phonetic runs (`rPh`) left out, capped. */
function textGatherer() {
  let text = '';
  let inText = false;
  let phonetic = false;
  return {
    reset: () => {
      text = '';
    },
    open: (name: string) => {
      if (name === 't') inText = !phonetic;
      else if (name === 'rPh') phonetic = true;
    },
    close: (name: string) => {
      if (name === 't') inText = false;
      else if (name === 'rPh') phonetic = false;
    },
    text: (chunk: string) => {
      if (inText && text.length < MARK_LIMITS.commentText) text += chunk;
    },
    /** For a threaded comment, whose `text` element holds the text itself. */
    direct: (chunk: string) => {
      if (text.length < MARK_LIMITS.commentText) text += chunk;
    },
    value: () => text.slice(0, MARK_LIMITS.commentText).trim(),
  };
}

/** Notes (`comments` part): `authors`, then `comment ref authorId` with rich text. */
async function readNotes(parts: Parts, part: string, out: ReadComments): Promise<void> {
  const stream = await partStream(parts, part, SHEET_LIMITS.sheetBytes);
  const authors: string[] = [];
  let author: string | undefined;
  let at: { r: number; c: number; author: string } | undefined;
  const text = textGatherer();
  await readXml(
    stream,
    {
      open: (name, a) => {
        if (out.capped) return;
        if (name === 'author' && authors.length < MARK_LIMITS.comments) author = '';
        else if (name === 'comment') {
          const cell = cellAt(a.ref?.split(':')[0] ?? '');
          const index = Number(a.authorId);
          at = cell && { r: cell[0], c: cell[1], author: authors.at(index) ?? '' };
          text.reset();
        } else if (at) text.open(name);
      },
      text: (chunk) => {
        if (author !== undefined) {
          if (author.length < MARK_LIMITS.author) author += chunk;
        } else if (at) text.text(chunk);
      },
      close: (name) => {
        if (out.capped) return;
        if (name === 'author' && author !== undefined) {
          authors.push(author.slice(0, MARK_LIMITS.author).trim());
          author = undefined;
        } else if (name === 'comment' && at) {
          if (out.comments.length >= MARK_LIMITS.comments) out.capped = true;
          else out.comments.push({ ...at, text: text.value() });
          at = undefined;
        } else if (at) text.close(name);
      },
    },
    () => out.capped,
  );
}

/** The workbook's persons (`xl/persons/person.xml`): id → display name. */
async function readPersons(parts: Parts): Promise<Map<string, string>> {
  const persons = new Map<string, string>();
  const rels = await relationships(parts, 'xl/workbook.xml');
  const part = [...rels.values()].find((rel) => isType(rel, '/person'))?.target;
  const xml = part === undefined ? undefined : await partText(parts, part, SHEET_LIMITS.partBytes);
  if (xml === undefined) return persons;
  await readXml(xml, {
    open: (name, a) => {
      if (name === 'person' && a.id !== undefined && persons.size < MARK_LIMITS.comments) {
        persons.set(a.id, (a.displayName ?? '').slice(0, MARK_LIMITS.author));
      }
    },
  });
  return persons;
}

/**
 * Threaded comments: each `threadedComment ref personId` holds its text; a reply names its
 * thread's first comment (`parentId`) and is listed after it on the same cell, in file order.
 */
async function readThreads(
  parts: Parts,
  part: string,
  persons: Map<string, string>,
  out: ReadComments,
): Promise<void> {
  const stream = await partStream(parts, part, SHEET_LIMITS.sheetBytes);
  let at: { r: number; c: number; author: string } | undefined;
  let inText = false;
  const text = textGatherer();
  await readXml(
    stream,
    {
      open: (name, a) => {
        if (out.capped) return;
        if (name === 'threadedComment') {
          const cell = cellAt(a.ref?.split(':')[0] ?? '');
          at = cell && { r: cell[0], c: cell[1], author: persons.get(a.personId ?? '') ?? '' };
          text.reset();
        } else if (at && name === 'text') inText = true;
      },
      text: (chunk) => {
        if (inText) text.direct(chunk);
      },
      close: (name) => {
        if (out.capped) return;
        if (name === 'text') inText = false;
        else if (name === 'threadedComment' && at) {
          if (out.comments.length >= MARK_LIMITS.comments) out.capped = true;
          else out.comments.push({ ...at, text: text.value() });
          at = undefined;
        }
      },
    },
    () => out.capped,
  );
}

/**
 * The comments of the sheet whose part is `sheetPart`. A cell with a threaded comment keeps only
 * its thread: Excel writes a note beside it for older versions, saying so, which is not the text.
 */
export async function readSheetComments(parts: Parts, sheetPart: string): Promise<ReadComments> {
  const rels = [...(await relationships(parts, sheetPart)).values()];
  const threads: ReadComments = { comments: [], capped: false };
  const threadParts = rels.filter((rel) => isType(rel, '/threadedComment'));
  if (threadParts.length > 0) {
    const persons = await readPersons(parts);
    for (const rel of threadParts) {
      if (parts.entries.has(rel.target)) await readThreads(parts, rel.target, persons, threads);
    }
  }
  const notes: ReadComments = { comments: [], capped: false };
  for (const rel of rels.filter((item) => isType(item, '/comments'))) {
    if (parts.entries.has(rel.target)) await readNotes(parts, rel.target, notes);
  }
  const threaded = new Set(threads.comments.map(({ r, c }) => `${String(r)}:${String(c)}`));
  const kept = notes.comments.filter(({ r, c }) => !threaded.has(`${String(r)}:${String(c)}`));
  const comments = [...threads.comments, ...kept];
  return {
    comments: comments.slice(0, MARK_LIMITS.comments),
    capped: threads.capped || notes.capped || comments.length > MARK_LIMITS.comments,
  };
}
