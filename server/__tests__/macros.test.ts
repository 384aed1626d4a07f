/**
 * A document's macros never run while it converts (facility/conversion/sandbox.ts; docs/server.md,
 * "Formats").
 *
 * The sample is a Writer document whose Basic macro, bound to its "open document" event (OnLoad,
 * `dom:load`), adds words to the document and then writes a file at a path the test chooses. The
 * server converts in a sandbox that shows LibreOffice no folder of the test's
 * (facility/sandbox/jail.ts), so there only the words can tell: the PDF would carry them.
 * It is made here as flat ODF (`.fodt`, the Basic embedded) and saved by LibreOffice as `.odt`
 * (the Basic in `Basic/Standard/Module1.xml`). A VBA macro in an `.xlsm` is not tested: LibreOffice
 * 7 writes no `vbaProject.bin` from Basic (it keeps only one it read), and no licensed one ships.
 *
 * That the macro is live is shown first, on the very bytes then served: LibreOffice opening the
 * document with macro security at its lowest writes the file. Converted by the server it is not.
 */
import { spawn } from 'node:child_process';
import { access, chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { pathToFileURL } from 'node:url';
import { converted } from './_converted.ts';
import { savedAs } from './_office-samples.ts';
import { startServe } from './_serve.ts';

jest.setTimeout(600_000);

const WORDS = 'Folio macro document';
const RAN = 'MACRO RAN';

/** A Writer document whose OnLoad macro writes "the macro ran" to `target`. */
function macroDocument(target: string): string {
  const basic = [
    'Sub Main',
    `  ThisComponent.getText().getEnd().setString(" ${RAN}")`,
    '  Dim n As Integer',
    '  n = FreeFile',
    `  Open "${target}" For Output As #n`,
    '  Print #n, "the macro ran"',
    '  Close #n',
    'End Sub',
  ].join('\n');
  const escaped = basic.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('"', '&quot;');
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<office:document xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" xmlns:script="urn:oasis:names:tc:opendocument:xmlns:script:1.0" xmlns:ooo="http://openoffice.org/2004/office" xmlns:xlink="http://www.w3.org/1999/xlink" xmlns:dom="http://www.w3.org/2001/xml-events" office:version="1.3" office:mimetype="application/vnd.oasis.opendocument.text">',
    '<office:scripts><office:script script:language="ooo:Basic"><ooo:libraries>',
    `<ooo:library-embedded ooo:name="Standard"><ooo:module ooo:name="Module1"><ooo:source-code>${escaped}</ooo:source-code></ooo:module></ooo:library-embedded>`,
    '</ooo:libraries></office:script>',
    '<office:event-listeners><script:event-listener script:language="ooo:script" script:event-name="dom:load" xlink:href="vnd.sun.star.script:Standard.Module1.Main?language=Basic&amp;location=document" xlink:type="simple"/></office:event-listeners>',
    '</office:scripts>',
    `<office:body><office:text><text:p>${WORDS}</text:p></office:text></office:body>`,
    '</office:document>',
    '',
  ].join('\n');
}

/** A profile that runs every macro without asking: LibreOffice's lowest macro security. */
const RUN_MACROS = [
  '<?xml version="1.0" encoding="UTF-8"?>',
  '<oor:items xmlns:oor="http://openoffice.org/2001/registry" xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">',
  '<item oor:path="/org.openoffice.Office.Common/Security/Scripting"><prop oor:name="MacroSecurityLevel" oor:op="fuse"><value>0</value></prop></item>',
  '<item oor:path="/org.openoffice.Office.Common/Security/Scripting"><prop oor:name="DisableMacrosExecution" oor:op="fuse"><value>false</value></prop></item>',
  '</oor:items>',
  '',
].join('\n');

const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  );

/**
 * Opens `file` in a headless LibreOffice whose profile runs macros (opened, not converted:
 * `--convert-to` loads a document without leave to run its macros at all) and resolves whether
 * `target` appeared within a minute; LibreOffice, which stays open, is killed then.
 */
async function macroRunsWhenOpened(file: string, target: string, dir: string): Promise<boolean> {
  const profile = path.join(dir, 'profile');
  await mkdir(path.join(profile, 'user'), { recursive: true });
  await writeFile(path.join(profile, 'user', 'registrymodifications.xcu'), RUN_MACROS);
  const office = spawn(
    'soffice',
    [`-env:UserInstallation=${pathToFileURL(profile).href}`, '--headless', '--norestore', file],
    { detached: true, stdio: 'ignore' },
  );
  try {
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      if (await exists(target)) return true;
      await sleep(250);
    }
    return false;
  } finally {
    if (office.pid !== undefined) process.kill(-office.pid, 'SIGKILL');
  }
}

test('a macro bound to opening the document does not run when the server converts it', async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'folio-macro-'));
  try {
    const outbox = path.join(dir, 'outbox');
    await mkdir(outbox);
    await chmod(dir, 0o755);
    await chmod(outbox, 0o777);
    const target = path.join(outbox, 'macro-ran.txt');
    const flat = macroDocument(target);
    const odt = (await savedAs('text', flat, ['.odt'])).get('.odt');
    if (odt === undefined) throw new Error('LibreOffice saved no .odt');
    const files: Record<string, string | Buffer> = { 'macro.fodt': flat, 'macro.odt': odt };

    for (const [name, bytes] of Object.entries(files)) {
      const opened = path.join(dir, name);
      await writeFile(opened, bytes);
      expect([
        name,
        await macroRunsWhenOpened(opened, target, path.join(dir, `open-${name}`)),
      ]).toEqual([name, true]);
      await rm(target);
    }

    const served = await startServe({ files });
    try {
      for (const name of Object.keys(files)) {
        const { meta, text } = await converted(served, name);
        const words = text.replace(/\s/g, '');
        expect([
          name,
          meta.status,
          words.includes(WORDS.replace(/\s/g, '')),
          words.includes(RAN.replace(/\s/g, '')),
        ]).toEqual([name, 200, true, false]);
      }
    } finally {
      await served.close();
    }
    expect(await exists(target)).toBe(false);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
