// Browser tests drive Debian's Chromium (DESIGN.md §7). On a fresh machine it is missing: install
// it when we can (root with apt-get, as on these machines), else say exactly what to do.
import { existsSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { CHROMIUM } from './support/chromium.ts';

if (!existsSync(CHROMIUM)) {
  const root = process.getuid?.() === 0;
  if (!root || !existsSync('/usr/bin/apt-get')) {
    console.error(
      `Chromium is missing at ${CHROMIUM}. Install it: sudo apt-get install -y chromium`,
    );
    process.exit(1);
  }
  console.log(`Chromium is missing at ${CHROMIUM}; installing Debian's chromium…`);
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
}
