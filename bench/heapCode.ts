// How much of the JS heap is V8's compiled code: bytecode, optimised machine code and what they
// carry (feedback vectors, scope infos, deoptimisation data). It grows while V8 compiles and
// optimises the functions a walk keeps running, up to the size of the program, and not with the
// pages visited, so the series (series.ts) reports it beside the heap and judges flatness on the
// rest. The figure is DevTools' "Code" in a heap snapshot's statistics: the self sizes of the
// snapshot's nodes of type `code`.
import type { CDPSession } from 'playwright-core';

interface HeapSnapshot {
  snapshot: { meta: { node_fields: string[]; node_types: [string[], ...unknown[]] } };
  nodes: number[];
}

/** The bytes of the snapshot's `code` nodes. */
export function codeBytes(snapshot: HeapSnapshot): number {
  const { node_fields: fields, node_types: types } = snapshot.snapshot.meta;
  const width = fields.length;
  const typeAt = fields.indexOf('type');
  const sizeAt = fields.indexOf('self_size');
  const code = types[0].indexOf('code');
  let bytes = 0;
  for (let i = 0; i < snapshot.nodes.length; i += width) {
    if (snapshot.nodes[i + typeAt] === code) bytes += snapshot.nodes[i + sizeAt] ?? 0;
  }
  return bytes;
}

/** A heap snapshot over CDP (it collects garbage first), reduced to its compiled code, in MB. */
export async function readCodeMB(cdp: CDPSession): Promise<number> {
  const chunks: string[] = [];
  const onChunk = ({ chunk }: { chunk: string }) => chunks.push(chunk);
  cdp.on('HeapProfiler.addHeapSnapshotChunk', onChunk);
  try {
    await cdp.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
  } finally {
    cdp.off('HeapProfiler.addHeapSnapshotChunk', onChunk);
  }
  const bytes = codeBytes(JSON.parse(chunks.join('')) as HeapSnapshot);
  return Math.round(bytes / 1e5) / 10;
}
