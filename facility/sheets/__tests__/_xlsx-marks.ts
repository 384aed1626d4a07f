/**
 * Comments and drawings added to a workbook the tests write (_xlsx.ts): the parts as Excel
 * writes them — a notes part, a threaded comments part with its persons, a drawing with a picture
 * and a chart (and the chart's part with its title) — related to sheet `sheet` (1-based).
 */
import type { ZipEntry } from '../../archives/__tests__/_zip.ts';

const RELS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const escape = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export interface NoteSpec {
  ref: string;
  author: string;
  text: string;
}

export interface ThreadSpec {
  ref: string;
  /** The first comment and its replies: author and text each. */
  comments: { author: string; text: string }[];
}

export interface DrawingSpec {
  kind: 'image' | 'chart' | 'shape';
  /** Two-cell anchor: 0-based [row, column] to [row, column]; else one-cell with `size` px. */
  from: [number, number];
  to?: [number, number];
  size?: [number, number];
  name: string;
  description?: string;
  /** A chart's title. */
  title?: string;
}

export interface MarksSpec {
  sheet: number;
  notes?: NoteSpec[] | { count: number };
  threads?: ThreadSpec[];
  drawings?: DrawingSpec[] | { count: number };
}

const xml = (body: string) => Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>${body}`);

function notesXml(notes: NoteSpec[] | { count: number }): string {
  const list: NoteSpec[] = Array.isArray(notes)
    ? notes
    : Array.from({ length: notes.count }, (_, i) => ({
        ref: `A${String(i + 1)}`,
        author: 'Bulk',
        text: `note ${String(i + 1)}`,
      }));
  const authors = [...new Set(list.map((note) => note.author))];
  return `<comments xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><authors>${authors
    .map((a) => `<author>${escape(a)}</author>`)
    .join('')}</authors><commentList>${list
    .map(
      (note) =>
        `<comment ref="${note.ref}" authorId="${String(authors.indexOf(note.author))}"><text><r><rPr><b/></rPr><t>${escape(note.author)}:</t></r><r><t xml:space="preserve">\n${escape(note.text)}</t></r><rPh sb="0" eb="1"><t>phonetic</t></rPh></text></comment>`,
    )
    .join('')}</commentList></comments>`;
}

function drawingXml(drawings: DrawingSpec[]): { body: string; rels: string[] } {
  const rels: string[] = [];
  const anchors = drawings.map((d, i) => {
    const where = d.to
      ? `<xdr:from><xdr:col>${String(d.from[1])}</xdr:col><xdr:colOff>0</xdr:colOff><xdr:row>${String(d.from[0])}</xdr:row><xdr:rowOff>0</xdr:rowOff></xdr:from><xdr:to><xdr:col>${String(d.to[1])}</xdr:col><xdr:colOff>0</xdr:colOff><xdr:row>${String(d.to[0])}</xdr:row><xdr:rowOff>0</xdr:rowOff></xdr:to>`
      : `<xdr:from><xdr:col>${String(d.from[1])}</xdr:col><xdr:colOff>0</xdr:colOff><xdr:row>${String(d.from[0])}</xdr:row><xdr:rowOff>0</xdr:rowOff></xdr:from><xdr:ext cx="${String((d.size?.[0] ?? 100) * 9525)}" cy="${String((d.size?.[1] ?? 50) * 9525)}"/>`;
    const props = `<xdr:cNvPr id="${String(i + 2)}" name="${escape(d.name)}"${d.description ? ` descr="${escape(d.description)}"` : ''}/>`;
    let object: string;
    if (d.kind === 'image') {
      rels.push(
        `<Relationship Id="rId${String(i + 1)}" Type="${RELS}/image" Target="../media/image${String(i + 1)}.png"/>`,
      );
      object = `<xdr:pic><xdr:nvPicPr>${props}<xdr:cNvPicPr/></xdr:nvPicPr><xdr:blipFill><a:blip r:embed="rId${String(i + 1)}"/></xdr:blipFill><xdr:spPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="1" cy="1"/></a:xfrm></xdr:spPr></xdr:pic>`;
    } else if (d.kind === 'chart') {
      rels.push(
        `<Relationship Id="rId${String(i + 1)}" Type="${RELS}/chart" Target="../charts/chart${String(i + 1)}.xml"/>`,
      );
      object = `<xdr:graphicFrame macro=""><xdr:nvGraphicFramePr>${props}<xdr:cNvGraphicFramePr/></xdr:nvGraphicFramePr><xdr:xfrm><a:off x="0" y="0"/><a:ext cx="0" cy="0"/></xdr:xfrm><a:graphic><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/chart"><c:chart xmlns:c="http://schemas.openxmlformats.org/drawingml/2006/chart" r:id="rId${String(i + 1)}"/></a:graphicData></a:graphic></xdr:graphicFrame>`;
    } else {
      object = `<xdr:sp macro="" textlink=""><xdr:nvSpPr>${props}<xdr:cNvSpPr/></xdr:nvSpPr><xdr:spPr/></xdr:sp>`;
    }
    const tag = d.to ? 'xdr:twoCellAnchor' : 'xdr:oneCellAnchor';
    return `<${tag}>${where}${object}<xdr:clientData/></${tag}>`;
  });
  return {
    body: `<xdr:wsDr xmlns:xdr="http://schemas.openxmlformats.org/drawingml/2006/spreadsheetDrawing" xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" xmlns:r="${RELS}">${anchors.join('')}</xdr:wsDr>`,
    rels,
  };
}

function chartXml(title: string): string {
  return `<c:chartSpace xmlns:c="http://schemas.openxmlformats.org/drawingml/2006/chart" xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"><c:chart><c:title><c:tx><c:rich><a:bodyPr/><a:p><a:r><a:t>${escape(title)}</a:t></a:r></a:p></c:rich></c:tx></c:title><c:plotArea><c:valAx><c:title><c:tx><c:rich><a:p><a:r><a:t>Axis</a:t></a:r></a:p></c:rich></c:tx></c:title></c:valAx></c:plotArea></c:chart></c:chartSpace>`;
}

/** The workbook's parts with the marks added (the sheet's relationships part made or extended). */
export function withMarks(entries: readonly ZipEntry[], marks: MarksSpec): ZipEntry[] {
  const n = String(marks.sheet);
  const relsName = `xl/worksheets/_rels/sheet${n}.xml.rels`;
  const out = entries.filter((entry) => entry.name !== relsName);
  const found = entries.find((entry) => entry.name === relsName)?.data;
  const existing = found === undefined ? undefined : Buffer.from(found).toString('utf8');
  const sheetRels =
    existing === undefined
      ? []
      : [...existing.matchAll(/<Relationship [^>]*\/>/g)].map((m) => m[0]);
  if (marks.notes) {
    sheetRels.push(
      `<Relationship Id="rIdC" Type="${RELS}/comments" Target="../comments${n}.xml"/>`,
    );
    out.push({ name: `xl/comments${n}.xml`, data: xml(notesXml(marks.notes)) });
  }
  if (marks.threads) {
    const people = [...new Set(marks.threads.flatMap((t) => t.comments.map((c) => c.author)))];
    sheetRels.push(
      `<Relationship Id="rIdT" Type="http://schemas.microsoft.com/office/2017/10/relationships/threadedComment" Target="../threadedComments/threadedComment${n}.xml"/>`,
    );
    let id = 0;
    const items = marks.threads.flatMap((thread) => {
      const first = `{00000000-0000-0000-0000-${String((id += 1)).padStart(12, '0')}}`;
      return thread.comments.map(
        (comment, i) =>
          `<threadedComment ref="${thread.ref}" dT="2026-12-07T00:00:00.00" personId="{P${String(people.indexOf(comment.author))}}" id="${i === 0 ? first : `{R${String((id += 1))}}`}"${i === 0 ? '' : ` parentId="${first}"`}><text>${escape(comment.text)}</text></threadedComment>`,
      );
    });
    out.push({
      name: `xl/threadedComments/threadedComment${n}.xml`,
      data: xml(
        `<ThreadedComments xmlns="http://schemas.microsoft.com/office/spreadsheetml/2018/threadedcomments">${items.join('')}</ThreadedComments>`,
      ),
    });
    out.push({
      name: 'xl/persons/person.xml',
      data: xml(
        `<personList xmlns="http://schemas.microsoft.com/office/spreadsheetml/2018/threadedcomments">${people
          .map(
            (p, i) => `<person displayName="${escape(p)}" id="{P${String(i)}}" providerId="None"/>`,
          )
          .join('')}</personList>`,
      ),
    });
    const book = out.find((entry) => entry.name === 'xl/_rels/workbook.xml.rels');
    if (book?.data) {
      book.data = Buffer.from(
        Buffer.from(book.data)
          .toString('utf8')
          .replace(
            '</Relationships>',
            `<Relationship Id="rIdP" Type="http://schemas.microsoft.com/office/2017/10/relationships/person" Target="persons/person.xml"/></Relationships>`,
          ),
      );
    }
  }
  if (marks.drawings) {
    const list: DrawingSpec[] = Array.isArray(marks.drawings)
      ? marks.drawings
      : Array.from({ length: marks.drawings.count }, (_, i) => ({
          kind: 'shape' as const,
          from: [i, 0] as [number, number],
          name: `Shape ${String(i + 1)}`,
        }));
    const drawing = drawingXml(list);
    sheetRels.push(
      `<Relationship Id="rIdD" Type="${RELS}/drawing" Target="../drawings/drawing${n}.xml"/>`,
    );
    out.push({ name: `xl/drawings/drawing${n}.xml`, data: xml(drawing.body) });
    out.push({
      name: `xl/drawings/_rels/drawing${n}.xml.rels`,
      data: xml(
        `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${drawing.rels.join('')}</Relationships>`,
      ),
    });
    list.forEach((d, i) => {
      if (d.kind === 'chart') {
        out.push({
          name: `xl/charts/chart${String(i + 1)}.xml`,
          data: xml(chartXml(d.title ?? '')),
        });
      }
    });
  }
  out.push({
    name: relsName,
    data: xml(
      `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${sheetRels.join('')}</Relationships>`,
    ),
  });
  return out;
}
