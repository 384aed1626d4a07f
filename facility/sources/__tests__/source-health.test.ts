/**
 * health's `sourceAnswers` (source-health.ts): the source's own probe, asked at most once every
 * 5 s however often health is polled; here over the folder source, whose probe is whether DOCS_DIR
 * can still be read.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createFolderSource } from '../folder-source.ts';
import { createSourceHealth } from '../source-health.ts';

jest.setTimeout(20_000);

test('a folder gone is source_unavailable, seen within 5 s, not on every poll', async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'folio-health-'));
  const health = createSourceHealth(createFolderSource(dir));
  expect(await health()).toBe('ok');
  await rm(dir, { recursive: true });
  // Kept: the probe is not asked again yet.
  expect(await health()).toBe('ok');
  await new Promise((resolve) => setTimeout(resolve, 5100));
  expect(await health()).toBe('source_unavailable');
});
