/**
 * XMind mind maps made a PDF in a pool task (docs/server.md, "Formats"): each sheet a page, its
 * topics drawn as a tree growing to the right (diagram-draw.ts). Both generations are read: XMind
 * 2020 and later (`content.json`) and XMind 8 and before (`content.xml`); a file holding both
 * (newer XMinds write a `content.xml` that only says to upgrade) is read from its JSON. Drawn: the
 * attached and detached topics' titles, their markers as symbols before the title
 * ({@link markerSymbol}) and the tree's links; not drawn: images, notes, relationships, boundaries
 * and summaries, and the themes' colours and structures (one layout).
 */
import { answered, fallbackFont } from './drawn-pdf.ts';
import type { Drawn, DrawnJob } from './drawn-pdf.ts';
import { MAX_DIAGRAM_ITEMS, checkItems, writeDiagramPdf } from './diagram-draw.ts';
import type { Connector, DiagramPage, Shape } from './diagram-draw.ts';
import { PackageRefused, openZipPackage } from './zip-package.ts';
import { allText, attribute, child, childrenNamed, parseXml } from './xml-tree.ts';
import type { XmlElement } from './xml-tree.ts';

export interface Topic {
  title: string;
  /** Its markers' ids as XMind names them (`priority-1`, `task-done`, `flag-red`…). */
  markers: string[];
  children: Topic[];
}

interface JsonTopic {
  title?: unknown;
  markers?: unknown;
  children?: { attached?: unknown; detached?: unknown };
}

/** Markers on one topic at most: a topic's label, not a list. */
const MAX_MARKERS = 8;

/**
 * A marker as a symbol the fallback font has (WenQuanYi Zen Hei: checked with fontkit's
 * `hasGlyphForCodePoint`; it has no ✔ or ⚑), so it is drawn and found as text: priorities as
 * circled numbers, a task's progress as a circle filling up, stars, flags; any other marker
 * (people, smileys, arrows, symbols) as ◆, saying a marker is there.
 */
export function markerSymbol(id: string): string {
  const priority = /^priority-([1-9])$/.exec(id);
  if (priority) return String.fromCodePoint(0x2460 + Number(priority[1]) - 1);
  if (id === 'task-done') return '●';
  if (id === 'task-start') return '○';
  if (id.startsWith('task-')) return '◑';
  if (id.startsWith('star-')) return '★';
  if (id.startsWith('flag-')) return '▲';
  return '◆';
}

/** The topic's label: its markers' symbols, then its title. */
export function topicLabel(topic: Topic): string {
  const symbols = topic.markers.map(markerSymbol).join('');
  return symbols === '' ? topic.title : `${symbols} ${topic.title}`;
}

function jsonMarkers(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  return (value as unknown[])
    .slice(0, MAX_MARKERS)
    .map((marker) =>
      typeof marker === 'object' && marker !== null && 'markerId' in marker
        ? marker.markerId
        : undefined,
    )
    .filter((id): id is string => typeof id === 'string');
}

/** Levels of topics at most: the layout recurses through them. */
const MAX_DEPTH = 200;

/** Topics counted as they are read: a map over the limits is refused before it is laid out. */
class TopicCount {
  private count = 0;
  add(depth: number): void {
    this.count += 1;
    checkItems(this.count, 'topics');
    if (depth > MAX_DEPTH) {
      throw new PackageRefused(`its topics are nested more than ${String(MAX_DEPTH)} deep`, true);
    }
  }
}

function jsonTopic(value: unknown, count: TopicCount, depth: number): Topic {
  count.add(depth);
  const topic = (typeof value === 'object' && value !== null ? value : {}) as JsonTopic;
  const list = (items: unknown) => (Array.isArray(items) ? (items as unknown[]) : []);
  return {
    title: typeof topic.title === 'string' ? topic.title : '',
    markers: jsonMarkers(topic.markers),
    children: [...list(topic.children?.attached), ...list(topic.children?.detached)].map((item) =>
      jsonTopic(item, count, depth + 1),
    ),
  };
}

function xmlTopic(element: XmlElement | undefined, count: TopicCount, depth: number): Topic {
  count.add(depth);
  const title = child(element, 'title');
  const children = childrenNamed(child(element, 'children'), 'topics').flatMap((topics) =>
    childrenNamed(topics, 'topic'),
  );
  const markers = childrenNamed(child(element, 'marker-refs'), 'marker-ref')
    .slice(0, MAX_MARKERS)
    .map((ref) => attribute(ref, 'marker-id'))
    .filter((id): id is string => typeof id === 'string');
  return {
    title: allText(title),
    markers,
    children: children.map((topic) => xmlTopic(topic, count, depth + 1)),
  };
}

/**
 * A quick count before parsing, so a map of a million topics is refused without building its tree:
 * `mention` starts each topic (and a few other things: each sheet's title, XML's `<topics>`), so
 * it is counted against twice the limit; the topics are counted exactly as they are read.
 */
function checkMentions(bytes: Buffer, mention: string): void {
  let count = 0;
  for (let at = bytes.indexOf(mention); at >= 0; at = bytes.indexOf(mention, at + 1)) {
    count += 1;
    if (count > 2 * MAX_DIAGRAM_ITEMS) {
      throw new PackageRefused(
        `the map has more than ${String(MAX_DIAGRAM_ITEMS)} topics; the limit is ${String(MAX_DIAGRAM_ITEMS)}`,
        true,
      );
    }
  }
}

export function sheetsOf(
  json: Buffer | undefined,
  xml: Buffer | undefined,
): { title: string; root: Topic }[] {
  const count = new TopicCount();
  if (json !== undefined) {
    checkMentions(json, '"title"');
    const sheets: unknown = JSON.parse(json.toString('utf8'));
    if (!Array.isArray(sheets)) throw new PackageRefused('its content.json holds no sheets');
    return (sheets as { title?: unknown; rootTopic?: unknown }[]).map((sheet) => ({
      title: typeof sheet.title === 'string' ? sheet.title : '',
      root: jsonTopic(sheet.rootTopic, count, 0),
    }));
  }
  if (xml !== undefined) {
    checkMentions(xml, '<topic');
    const content = parseXml(xml);
    return childrenNamed(content, 'sheet').map((sheet) => ({
      title: allText(child(sheet, 'title')),
      root: xmlTopic(child(sheet, 'topic'), count, 0),
    }));
  }
  throw new PackageRefused('not an XMind map: it has neither content.json nor content.xml');
}

const ROW = 34;
const GAP = 48;
const MAX_LABEL = 240;

/** The tree laid out left to right, each topic centred on the rows of its subtree. */
export function treePage(
  name: string,
  root: Topic,
  measure: (text: string, size: number) => number,
): DiagramPage {
  const shapes: Shape[] = [];
  const connectors: Connector[] = [];
  // Each level's column starts after the widest topic of the level before it.
  const widths: number[] = [];
  const fontSize = (depth: number) => (depth === 0 ? 12 : 10);
  const sizeOf = (topic: Topic, depth: number) =>
    Math.min(measure(topicLabel(topic), fontSize(depth)) + 20, MAX_LABEL);
  const walk = (topic: Topic, depth: number) => {
    widths[depth] = Math.max(widths[depth] ?? 0, sizeOf(topic, depth));
    for (const next of topic.children) walk(next, depth + 1);
  };
  walk(root, 0);
  const columns = [0];
  for (let at = 1; at < widths.length; at += 1)
    columns.push(columns[at - 1] + widths[at - 1] + GAP);
  let row = 0;
  const middle = (shape: Shape) => shape.y + shape.height / 2;
  const place = (topic: Topic, depth: number): Shape => {
    const placed = topic.children.map((next) => place(next, depth + 1));
    const first = placed.at(0);
    const last = placed.at(-1);
    const centre =
      first === undefined || last === undefined
        ? row++ * ROW + ROW / 2
        : (middle(first) + middle(last)) / 2;
    const width = sizeOf(topic, depth);
    const lines = Math.ceil((measure(topicLabel(topic), fontSize(depth)) + 20) / MAX_LABEL);
    const height = Math.max(depth === 0 ? 34 : 24, lines * (fontSize(depth) + 3) + 10);
    const shape: Shape = {
      x: columns[depth],
      y: centre - height / 2,
      width,
      height,
      kind: depth === 0 ? 'rounded' : 'box',
      label: topicLabel(topic),
      fill: depth === 0 ? '#dbeafe' : '#ffffff',
      fontSize: fontSize(depth),
    };
    shapes.push(shape);
    for (const next of placed) {
      const from: [number, number] = [shape.x + shape.width, shape.y + shape.height / 2];
      const to: [number, number] = [next.x, next.y + next.height / 2];
      const bend = from[0] + GAP / 2;
      connectors.push({ points: [from, [bend, from[1]], [bend, to[1]], to], arrow: false });
    }
    return shape;
  };
  place(root, 0);
  return { name, shapes, connectors };
}

async function drawMindMap(job: DrawnJob): Promise<Drawn> {
  const pkg = await openZipPackage(job.input, job.work);
  const sheets = sheetsOf(await pkg.read('content.json'), await pkg.read('content.xml'));
  const { measure } = fallbackFont();
  const pages = sheets.map((sheet) => treePage(sheet.title, sheet.root, measure));
  const count = await writeDiagramPdf(pages, sheets[0]?.root.title ?? '', job.output);
  return { pages: count };
}

export function mindMapPdf(job: DrawnJob): Promise<Drawn> {
  return answered(drawMindMap(job));
}
