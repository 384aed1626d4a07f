/**
 * index.html's boot script as a function, run as the page would run it, for the tests that keep
 * its rules in step with the app's (the facility URL it asks for, the language it puts on <html>).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

const body = (() => {
  const html = readFileSync(path.join(__dirname, '..', 'index.html'), 'utf8');
  const script = /<script id="folio-boot">([\s\S]*?)<\/script>/.exec(html)?.[1];
  if (script === undefined) throw new Error('no boot script in src/index.html');
  return script;
})();

/** The script with the build's file lists (none unless given) and no worker. */
export function bootScriptWith(files: { scripts?: string[] } = {}): () => void {
  const source = body
    .replace(/<%= (styles|preload) %>/g, '[]')
    .replace('<%= scripts %>', JSON.stringify(files.scripts ?? []))
    .replace('<%= worker %>', 'null');
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- our own script, run as a page would
  return new Function(source) as () => void;
}

export const bootScript = bootScriptWith();
