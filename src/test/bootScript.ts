/**
 * index.html's boot script as a function, run as the page would run it, for the tests that keep
 * its rules in step with the app's (the facility URL it asks for, the language it puts on <html>).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

export const bootScript = (() => {
  const html = readFileSync(path.join(__dirname, '..', 'index.html'), 'utf8');
  const body = /<script id="folio-boot">([\s\S]*?)<\/script>/.exec(html)?.[1];
  if (body === undefined) throw new Error('no boot script in src/index.html');
  // The build's template values: no files to load here.
  const source = body
    .replace(/<%= (scripts|styles|preload) %>/g, '[]')
    .replace('<%= worker %>', 'null');
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- our own script, run as a page would
  return new Function(source) as () => void;
})();
