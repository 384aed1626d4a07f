/** XMind maps the tests write: the JSON generation (XMind 2020+) and the XML one (XMind 8). */
import { strToU8, zipSync } from 'fflate';

interface Node {
  title: string;
  /** XMind's marker ids. */
  markers?: string[];
  children?: Node[];
}

export const PLAN: Node = {
  title: '项目计划 Project plan',
  children: [
    {
      title: 'Research',
      markers: ['priority-1', 'task-half'],
      children: [{ title: 'Interviews', markers: ['task-done'] }, { title: 'Survey' }],
    },
    {
      title: '设计 Design',
      children: [{ title: 'Wireframes' }, { title: 'Prototype' }, { title: 'Review' }],
    },
    { title: 'Launch', markers: ['flag-red', 'smiley-laugh'] },
  ],
};

const json = (node: Node, at = 0): unknown => ({
  id: `t${String(at)}`,
  title: node.title,
  ...(node.markers !== undefined && { markers: node.markers.map((markerId) => ({ markerId })) }),
  ...(node.children !== undefined && {
    children: { attached: node.children.map((c, n) => json(c, at * 10 + n + 1)) },
  }),
});

const escape = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;');
const xml = (node: Node): string =>
  `<topic><title>${escape(node.title)}</title>${
    node.markers === undefined
      ? ''
      : `<marker-refs>${node.markers.map((id) => `<marker-ref marker-id="${id}"/>`).join('')}</marker-refs>`
  }${
    node.children === undefined
      ? ''
      : `<children><topics type="attached">${node.children.map(xml).join('')}</topics></children>`
  }</topic>`;

/** XMind 2020's package: `content.json`, and the `content.xml` that only says to upgrade. */
export function jsonMap(root: Node = PLAN): Uint8Array {
  return zipSync({
    'content.json': strToU8(
      JSON.stringify([{ id: 's1', title: 'Sheet 1', rootTopic: json(root) }]),
    ),
    'content.xml': strToU8(
      '<?xml version="1.0"?><xmap-content><sheet><topic><title>Warning: upgrade XMind</title></topic></sheet></xmap-content>',
    ),
    'metadata.json': strToU8('{}'),
  });
}

/** XMind 8's package: `content.xml`. */
export function xmlMap(root: Node = PLAN): Uint8Array {
  return zipSync({
    'content.xml': strToU8(
      `<?xml version="1.0" encoding="UTF-8"?><xmap-content xmlns="urn:xmind:xmap:xmlns:content:2.0"><sheet id="s1">${xml(root)}<title>Sheet 1</title></sheet></xmap-content>`,
    ),
    'META-INF/manifest.xml': strToU8('<manifest/>'),
  });
}

/** A map of `count` topics under one root, as the JSON generation writes it (a million: hostile). */
export function wideJsonMap(count: number): Uint8Array {
  const children = Array.from(
    { length: count },
    (_, at) => `{"id":"${String(at)}","title":"n${String(at)}"}`,
  );
  const content = `[{"id":"s","title":"big","rootTopic":{"id":"r","title":"root","children":{"attached":[${children.join(',')}]}}}]`;
  return zipSync({ 'content.json': strToU8(content) });
}
