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

/** `executablePath`: another way to start the same Chromium (the bench's `--split-cores`). */
export function launchChromium(executablePath = CHROMIUM): Promise<Browser> {
  return chromium.launch({ executablePath, args: FLAGS, headless: true });
}
