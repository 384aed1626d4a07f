// Each hostile file served once by a fresh test server: its answer, the time to it, health's
// worst latency meanwhile (polled every 50 ms) and the process's peak RSS.
import { strToU8, zipSync } from 'fflate';
import { book } from '../facility/conversion/__tests__/_epub.ts';
import { invoiceOfd } from '../facility/conversion/__tests__/_ofd.ts';
import { wideJsonMap } from '../facility/conversion/__tests__/_xmind.ts';
import { pngBomb } from '../server/__tests__/_hostile.ts';
import { pollUntilSettled, startServe } from '../server/__tests__/_serve.ts';

const LAUGHS = `<!DOCTYPE ofd:Page [<!ENTITY lol "lol"><!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;"><!ENTITY lol2 "&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;"><!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;"><!ENTITY lol9 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">]>`;
const files: Record<string, Uint8Array | string> = {
  'laughs.ofd': await invoiceOfd({ prolog: LAUGHS, titleText: '&lol9;发票' }),
  'huge-page.ofd': await invoiceOfd({ box: '0 0 100000000 100000000' }),
  'huge-image.ofd': await invoiceOfd({ logo: await pngBomb() }),
  'bomb.ofd': zipSync({ 'OFD.xml': strToU8('<ofd:OFD/>'), 'Doc_0/Document.xml': new Uint8Array(70 * 1024 ** 2).fill(0x20) }),
  'script.epub': await book({ hostile: '<script>alert(1)</script><img src="http://127.0.0.1:9/x.png"/>' }),
  'million.xmind': wideJsonMap(1_000_000),
  'invoice.ofd': await invoiceOfd(),
};
const served = await startServe({ files });
for (const id of Object.keys(files)) {
  let worst = 0;
  let peak = process.memoryUsage.rss();
  let running = true;
  const poll = (async () => {
    while (running) {
      const t = performance.now();
      await (await fetch(`${served.api}health`)).arrayBuffer();
      worst = Math.max(worst, performance.now() - t);
      peak = Math.max(peak, process.memoryUsage.rss());
      await new Promise((r) => setTimeout(r, 50));
    }
  })();
  const t = performance.now();
  const last = (await pollUntilSettled(served, id, 120_000)).at(-1);
  const ms = performance.now() - t;
  running = false;
  await poll;
  console.log(`| ${id} | ${String(last?.status)} ${String(last?.body.error ?? '')}: ${String(last?.body.message ?? `${String(last?.body.pageCount)} page(s)`)} | ${ms.toFixed(0)} ms | ${worst.toFixed(0)} ms | ${(peak / 1024 ** 2).toFixed(0)} MB |`);
}
await served.close();
