// The tests need programs npm cannot install: Debian's Chromium and a CJK font (the browser tests)
// LibreOffice and bubblewrap, its sandbox (the production server's conversion tests), 7-Zip and
// libarchive's bsdtar and The Unarchiver (the archives' tests), msoffcrypto-tool (encrypted office files), ffmpeg (audio and video), LibRaw's tools (camera raw) and Redis (the conversion queue's tests). On a fresh machine they are missing:
// install them when we can (root with apt-get, as on these machines), else stop at once with the
// exact command to run.
// `node scripts/ensure-test-tools.ts chromium` checks just the ones named.
import { execFileSync } from 'node:child_process';
import { accessSync, constants, existsSync } from 'node:fs';
import path from 'node:path';
import { CHROMIUM } from '../browser-tests/support/chromium.ts';

interface Tool {
  name: string;
  present: () => boolean;
  /** Debian packages that provide it. */
  packages: string[];
  /** LibreOffice's recommends pull in a desktop; Chromium's bring the fonts pages are drawn with. */
  recommends: boolean;
  /** Why the tests need it, for the message. */
  purpose: string;
}

function onPath(command: string): boolean {
  return (process.env.PATH ?? '').split(path.delimiter).some((dir) => {
    try {
      accessSync(path.join(dir, command), constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

const TOOLS: Tool[] = [
  {
    name: 'chromium',
    present: () => existsSync(CHROMIUM),
    packages: ['chromium'],
    recommends: true,
    purpose: `the browser tests drive Chromium at ${CHROMIUM}`,
  },
  {
    name: 'cjk-fonts',
    present: () =>
      existsSync('/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc') &&
      existsSync('/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf') &&
      onPath('fc-match'),
    // fontconfig's fc-match names the font the drawn formats fall back to (drawn-pdf.ts); the
    // OFD tests embed DejaVu Sans as a document's own font.
    packages: ['fonts-wqy-zenhei', 'fontconfig', 'fonts-dejavu-core'],
    recommends: false,
    purpose:
      'Chinese titles and the zh-CN interface are drawn as boxes without a CJK font, and OFD, EPUB and diagrams cannot be drawn',
  },
  {
    name: 'libreoffice',
    present: () => onPath('soffice'),
    // The -nogui flavours: no X11 or desktop integration on a server.
    packages: [
      'libreoffice-core-nogui',
      'libreoffice-writer-nogui',
      'libreoffice-calc-nogui',
      'libreoffice-impress-nogui',
      'libreoffice-draw-nogui',
    ],
    recommends: false,
    purpose: 'the production server converts office files with LibreOffice (soffice)',
  },
  {
    name: 'bubblewrap',
    present: () => onPath('bwrap'),
    packages: ['bubblewrap'],
    recommends: false,
    purpose:
      'LibreOffice converts only in its sandbox (facility/sandbox/jail.ts); a server without it does not start',
  },
  {
    name: '7zip',
    present: () => onPath('7zz'),
    packages: ['7zip'],
    recommends: false,
    purpose:
      'the server lists and extracts .7z archives with 7zz, in the sandbox (facility/archives/programs.ts)',
  },
  {
    name: 'bsdtar',
    present: () => onPath('bsdtar'),
    packages: ['libarchive-tools'],
    recommends: false,
    purpose:
      'the server lists and extracts RAR 4 and 5, .tar.bz2 and .tar.xz with bsdtar, in the sandbox (facility/archives/programs.ts)',
  },
  {
    name: 'unar',
    present: () => onPath('unar') && onPath('lsar'),
    packages: ['unar'],
    recommends: false,
    purpose:
      'the server lists and extracts RAR 4 and 5, encrypted ones too, with The Unarchiver (lsar, unar), in the sandbox (facility/archives/rar.ts)',
  },
  {
    name: 'ffmpeg',
    present: () => onPath('ffmpeg') && onPath('ffprobe'),
    packages: ['ffmpeg'],
    recommends: false,
    purpose:
      'the server probes audio and video with ffprobe and transcodes .avi, .mkv and the like with ffmpeg, in the sandbox (facility/media/)',
  },
  {
    name: 'libraw',
    present: () => onPath('raw-identify') && onPath('dcraw_emu'),
    packages: ['libraw-bin'],
    recommends: false,
    purpose:
      "the server reads a camera raw image's size with raw-identify and develops it with dcraw_emu, in the sandbox (facility/conversion/converters/raw-image.ts)",
  },
  {
    name: 'msoffcrypto',
    present: () => existsSync('/usr/lib/python3/dist-packages/msoffcrypto'),
    packages: ['python3-msoffcrypto-tool'],
    recommends: false,
    purpose:
      'the server decrypts password-protected office files with msoffcrypto-tool, in the sandbox (facility/conversion/office-password.ts)',
  },
  {
    name: 'redis',
    present: () => onPath('redis-server'),
    packages: ['redis-server'],
    recommends: false,
    purpose: 'the conversion queue tests start their own redis-server (REDIS_URL, npm run worker)',
  },
];

const wanted = process.argv.slice(2);
const unknown = wanted.filter((name) => !TOOLS.some((tool) => tool.name === name));
if (unknown.length > 0) {
  console.error(
    `Unknown tool(s): ${unknown.join(', ')}. Known: ${TOOLS.map((t) => t.name).join(', ')}`,
  );
  process.exit(2);
}
const missing = TOOLS.filter(
  (tool) => (wanted.length === 0 || wanted.includes(tool.name)) && !tool.present(),
);
const aptInstall = (tool: Tool): string[] => [
  'install',
  '-y',
  ...(tool.recommends ? [] : ['--no-install-recommends']),
  ...tool.packages,
];
if (missing.length > 0) {
  const canInstall = process.getuid?.() === 0 && existsSync('/usr/bin/apt-get');
  for (const tool of missing) console.log(`Missing ${tool.name}: ${tool.purpose}.`);
  if (!canInstall) {
    const commands = missing.map((tool) => `sudo apt-get ${aptInstall(tool).join(' ')}`);
    console.error(
      `Install it, then run the tests again:\n  sudo apt-get update\n  ${commands.join('\n  ')}`,
    );
    process.exit(1);
  }
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  for (const tool of missing) {
    console.log(`Installing Debian's ${tool.packages.join(' ')}…`);
    execFileSync('apt-get', [...aptInstall(tool), '-qq'], { stdio: 'inherit', env });
  }
  const still = missing.filter((tool) => !tool.present());
  if (still.length > 0) {
    console.error(`Still missing after the install: ${still.map((t) => t.name).join(', ')}`);
    process.exit(1);
  }
}
