/**
 * `node scripts/paints.ts <viewer URL>`: Chromium opens the URL and waits for page 1 to be painted
 * (non-white pixels read from its canvas); exits non-zero otherwise. Used by .ci/prod-install.
 */
import { launchChromium } from '../browser-tests/support/chromium.ts';
import { waitForPainted } from '../browser-tests/support/pixels.ts';

const url = process.argv.at(2);
if (url === undefined) throw new Error('usage: node scripts/paints.ts <viewer URL>');
const browser = await launchChromium();
try {
  const page = await browser.newPage();
  await page.goto(url);
  const painted = await waitForPainted(page, 1, 30_000);
  // The type is given: /dev/null has no extension to take it from.
  await page.screenshot({ path: process.env.PAINTS_SCREENSHOT ?? '/dev/null', type: 'png' });
  console.log(`prod-install: page 1 painted (${String(painted)} sampled pixels not white)`);
} finally {
  await browser.close();
}
