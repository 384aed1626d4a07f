// `npm run bench -- --media`: a video in Folio's production build over a link emulated at
// 20 Mbit/s and 40 ms (CDP `Network.emulateNetworkConditions`, bench/profiles.ts), each run on a
// fresh server with a CACHE_DIR of its own (docs/decisions/2026-12-06-media-view.md):
//
// - a 100 MB MP4 the browser plays as it is (H.264 at ≈ 10 Mbit/s, 720p, its index first): ms
//   from navigation to the metadata asked for and answered (the server's part is between the
//   two), to its first frame shown (the player started as soon as it knows the video,
//   muted, as a reader pressing play at once), to `canplaythrough` (the browser expects to play to
//   the end without stalling), and a seek to the middle (ms from `currentTime` set to the first
//   frame shown there); the media bytes received by the first frame (by ranges, never the whole).
//   Target: first frame ≤ 2 s.
// - an AVI (MPEG-4 part 2, 20 s, 720p) transcoded by the server: the first open (the transcode
//   included), then the same measures on the transcode, opened again.
//
//   npm run bench -- --media [--runs N] [--no-build]
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { launchChromium } from '../browser-tests/support/chromium.ts';
import { folioDist } from './build.ts';
import { coldServer } from './cold-server.ts';
import { OUT, ROOT } from './docs.ts';
import { emulateLink, openPage } from './measure.ts';
import { PROFILES } from './profiles.ts';
import { waitForQuiet } from './quiet.ts';
import { loadAverageLine, median, msOrNa as ms } from './report.ts';

const LINK = PROFILES['20mbit'].network;
const PLAYER = 'video.folio-media-player';

/** The clips, made once into bench/.out/media by Debian's ffmpeg. */
function prepareClips(): string {
  const dir = path.join(OUT, 'media');
  mkdirSync(dir, { recursive: true });
  const picture = ['-f', 'lavfi', '-i', 'testsrc2=size=1280x720:rate=25'];
  const sound = ['-f', 'lavfi', '-i', 'sine=frequency=440'];
  const make = (name: string, args: string[]) => {
    if (existsSync(path.join(dir, name))) return;
    execFileSync('ffmpeg', ['-nostdin', '-v', 'error', '-y', ...picture, ...sound, ...args, name], {
      cwd: dir,
    });
  };
  // 80 s at 10 Mbit/s of video: 100 MB.
  make('film.mp4', [
    ...['-t', '80', '-c:v', 'libx264', '-preset', 'ultrafast', '-b:v', '10M', '-maxrate', '10M'],
    ...['-bufsize', '20M', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-movflags', '+faststart'],
  ]);
  make('film.avi', ['-t', '20', '-c:v', 'mpeg4', '-q:v', '4', '-c:a', 'mp3']);
  return dir;
}

interface Played {
  /** From navigation: when the metadata was last asked for, and answered (naming the file). */
  askedMs: number | null;
  answerMs: number | null;
  /** From navigation; null when not seen. */
  frameMs: number | null;
  throughMs: number | null;
  seekMs: number | null;
  /** Media bytes received by the first frame. */
  bytesAtFrame: number | null;
}

/**
 * Marks, in the page, when the player first knows the video, shows a frame and can play through;
 * it is started at once, muted (media events do not bubble, but are seen on their way down).
 */
function installMarks() {
  const marks: Record<string, number> = {};
  Object.assign(window, { folioMediaMarks: marks });
  const mark = (name: string) => {
    marks[name] ??= performance.now();
  };
  for (const type of ['loadedmetadata', 'canplaythrough']) {
    document.addEventListener(
      type,
      (event) => {
        const video = event.target;
        if (!(video instanceof HTMLVideoElement)) return;
        mark(type);
        if (type !== 'loadedmetadata') return;
        video.requestVideoFrameCallback(() => {
          mark('frame');
        });
        video.muted = true;
        void video.play();
      },
      true,
    );
  }
}

/** `id` opened over the 20 Mbit/s link: its first frame, play-through and a seek. */
async function play(browser: Browser, url: string, id: string, waitMs: number): Promise<Played> {
  const { context, page } = await openPage(browser);
  try {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await emulateLink(cdp, LINK);
    const mediaRequests = new Set<string>();
    let bytes = 0;
    cdp.on('Network.requestWillBeSent', (event) => {
      if (event.request.url.includes('/media/')) mediaRequests.add(event.requestId);
    });
    cdp.on('Network.dataReceived', (event) => {
      if (mediaRequests.has(event.requestId)) bytes += event.dataLength;
    });
    await page.addInitScript(installMarks);
    let askedMs: number | null = null;
    let answerMs: number | null = null;
    const navigated = performance.now();
    const isMetadata = (url: string) => url.endsWith(`/api/documents/${encodeURIComponent(id)}`);
    page.on('request', (request) => {
      if (isMetadata(request.url())) askedMs = performance.now() - navigated;
    });
    page.on('response', (response) => {
      if (isMetadata(response.url())) answerMs = performance.now() - navigated;
    });
    await page.goto(`${url}?doc=${encodeURIComponent(id)}&lang=en`, { waitUntil: 'commit' });
    const marks = () =>
      page.evaluate(
        () => (window as unknown as { folioMediaMarks: Record<string, number> }).folioMediaMarks,
      );
    await page.waitForFunction(
      () =>
        'frame' in
        (window as unknown as { folioMediaMarks: Record<string, number> }).folioMediaMarks,
      undefined,
      { timeout: waitMs },
    );
    const bytesAtFrame = bytes;
    await page.waitForFunction(
      () =>
        'canplaythrough' in
        (window as unknown as { folioMediaMarks: Record<string, number> }).folioMediaMarks,
      undefined,
      { timeout: 60_000 },
    );
    const seen = await marks();
    const seekMs = await page.locator(PLAYER).evaluate(
      (video: HTMLVideoElement) =>
        new Promise<number>((resolve) => {
          const started = performance.now();
          video.addEventListener(
            'seeked',
            () => {
              video.requestVideoFrameCallback(() => {
                resolve(performance.now() - started);
              });
            },
            { once: true },
          );
          video.currentTime = video.duration / 2;
        }),
    );
    return {
      askedMs,
      answerMs,
      frameMs: seen.frame,
      throughMs: seen.canplaythrough,
      seekMs,
      bytesAtFrame,
    };
  } finally {
    await context.close();
  }
}

const mb = (bytes: number | null) =>
  bytes === null ? 'n/a' : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

export async function mediaBench({ runs, build }: { runs: number; build: boolean }) {
  const log = (line: string) => {
    console.log(`[bench --media] ${line}`);
  };
  const dist = path.join(ROOT, 'dist');
  await folioDist(dist, build, log);
  const docsDir = prepareClips();
  const filmBytes = statSync(path.join(docsDir, 'film.mp4')).size;
  const browser = await launchChromium();
  const asIs: Played[] = [];
  const firstOpens: number[] = [];
  const transcoded: Played[] = [];
  try {
    for (let run = 1; run <= runs; run += 1) {
      log(`run ${String(run)}: ${loadAverageLine()}`);
      const server = await coldServer(docsDir, dist, 'media');
      try {
        await waitForQuiet(5000);
        const film = await play(browser, server.url, 'film.mp4', 30_000);
        asIs.push(film);
        await waitForQuiet(5000);
        // The transcode happens during this open: its wait covers the transcode's bound.
        const first = await play(browser, server.url, 'film.avi', 600_000);
        if (first.frameMs !== null) firstOpens.push(first.frameMs);
        await waitForQuiet(5000);
        const again = await play(browser, server.url, 'film.avi', 30_000);
        transcoded.push(again);
        log(
          `mp4 as it is: asked ${ms(film.askedMs)}, answer ${ms(film.answerMs)}, frame ${ms(film.frameMs)} (${mb(film.bytesAtFrame)}), through ${ms(film.throughMs)}, seek ${ms(film.seekMs)}; ` +
            `avi first open ${ms(first.frameMs)}; transcoded: answer ${ms(again.answerMs)}, frame ${ms(again.frameMs)}, through ${ms(again.throughMs)}, seek ${ms(again.seekMs)}`,
        );
      } finally {
        await server.close();
      }
    }
  } finally {
    await browser.close();
  }
  const of = (list: Played[], key: keyof Played) =>
    median(list.flatMap((played) => (played[key] === null ? [] : [played[key]])));
  const rows = [
    '| row (20 Mbit/s, 40 ms, median) | metadata asked | metadata answered | first frame | can play through | seek to the middle | media bytes by the first frame |',
    '| --- | --- | --- | --- | --- | --- | --- |',
    `| MP4 played as it is (${mb(filmBytes)}, 80 s, 720p) | ${ms(of(asIs, 'askedMs'))} | ${ms(of(asIs, 'answerMs'))} | ${ms(of(asIs, 'frameMs'))} | ${ms(of(asIs, 'throughMs'))} | ${ms(of(asIs, 'seekMs'))} | ${mb(of(asIs, 'bytesAtFrame'))} |`,
    `| AVI (20 s, 720p), first open: transcoded meanwhile | — | — | ${ms(median(firstOpens))} | — | — | — |`,
    `| the same AVI's transcode, opened again | ${ms(of(transcoded, 'askedMs'))} | ${ms(of(transcoded, 'answerMs'))} | ${ms(of(transcoded, 'frameMs'))} | ${ms(of(transcoded, 'throughMs'))} | ${ms(of(transcoded, 'seekMs'))} | ${mb(of(transcoded, 'bytesAtFrame'))} |`,
  ];
  console.log(
    `\nMedians of ${String(runs)} run(s), ${loadAverageLine()} at the end; target: the MP4's first frame ≤ 2 000 ms:\n\n${rows.join('\n')}\n`,
  );
}
