import { chromium } from 'playwright-core';
import type { Browser } from 'playwright-core';

/** Debian's Chromium (contracts §7): test tools cannot download their own browsers here. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: FLAGS, headless: true });
}
