// Audio and video through `npm run serve` with signed links (docs/server.md, "Audio and video";
// docs/decisions/2026-12-06-media-view.md): clips made by Debian's ffmpeg here, played by the
// browser's own player by ranges under the reader's watermark, with their captions, from the
// keyboard; a reader who may not download gets no save control, no context menu and only the
// player's ranges (past the server's 4 MiB a range); an .avi transcoded once, then played; a
// phone in Chinese; axe in each state.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { audit } from './support/axe.ts';
import { WATERMARK_LAYER } from './support/pixels.ts';
import { serveWithChromium } from './support/served.ts';
import type { Served } from './support/served.ts';
import { hostKey } from './support/signed-links.ts';
import type { HostKey } from './support/signed-links.ts';
import type { RunningServer } from './support/server.ts';
import { PHONE, newSession, screenshot } from './support/viewer.ts';

const root = mkdtempSync(path.join(tmpdir(), 'folio-media-'));
const docsDir = path.join(root, 'docs');
let browser: Browser;
let server: RunningServer;
let served: Served;
let key: HostKey;
let talkBytes: number;

function ffmpeg(out: string, args: string[]): void {
  execFileSync('ffmpeg', ['-nostdin', '-v', 'error', '-y', ...args, path.join(docsDir, out)]);
}

before(async () => {
  key = await hostKey(root);
  mkdirSync(docsDir);
  const picture = ['-f', 'lavfi', '-i', 'testsrc=size=1280x720:rate=25'];
  const sound = ['-f', 'lavfi', '-i', 'sine=frequency=440'];
  // 8 s at 10 Mbit/s: over the 4 MiB a view-only reader's range holds, so playing it through
  // takes several.
  ffmpeg('talk.mp4', [
    ...picture,
    ...sound,
    '-t',
    '8',
    // Noise, so the encoder spends the bitrate asked (a plain test picture takes a tenth of it).
    '-vf',
    'noise=alls=40:allf=t',
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-b:v',
    '10M',
    '-maxrate',
    '10M',
    '-bufsize',
    '5M',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-movflags',
    '+faststart',
  ]);
  talkBytes = statSync(path.join(docsDir, 'talk.mp4')).size;
  writeFileSync(
    path.join(docsDir, 'talk.vtt'),
    'WEBVTT\n\n00:00.000 --> 00:30.000\nHello from the captions\n',
  );
  writeFileSync(
    path.join(docsDir, 'talk.zh-CN.vtt'),
    'WEBVTT\n\n00:00.000 --> 00:30.000\n你好，这是字幕\n',
  );
  writeFileSync(
    path.join(docsDir, 'talk.mp4.json'),
    JSON.stringify({
      watermarkInfo: { text: '{name}', fontSize: 28, color: 'rgba(255,0,0,0.5)' },
      param: { download: true },
    }),
  );
  const small = ['-f', 'lavfi', '-i', 'testsrc=size=320x240:rate=25'];
  ffmpeg('old.avi', [...small, ...sound, '-t', '4', '-c:v', 'mpeg4', '-c:a', 'mp3']);
  served = await serveWithChromium(root, { AUTH_PUBLIC_KEYS: key.keysFile, VIEW_ONLY: 'auto' });
  ({ server, browser } = served);
});

after(() => served.close());

async function open(page: Page, doc: string, lang: string, perm?: string[]): Promise<void> {
  const signed = await key.token(doc, perm);
  await page.goto(
    `${server.url}/viewer/?doc=${encodeURIComponent(doc)}&lang=${lang}#token=${signed}`,
  );
}

const PLAYER = 'video.folio-media-player';

/** Resolves once the player's time has passed `seconds` (it is playing). */
async function playedPast(page: Page, seconds: number, timeout = 30_000): Promise<void> {
  await page.waitForFunction(
    ([selector, at]) => {
      const video = document.querySelector<HTMLVideoElement>(selector);
      return video !== null && !video.paused && video.currentTime > at;
    },
    [PLAYER, seconds] as const,
    { timeout },
  );
}

/** The text of the captions showing now. */
function shownCaptions(page: Page): Promise<string[]> {
  return page.evaluate((selector) => {
    const video = document.querySelector<HTMLVideoElement>(selector);
    if (!video) return [];
    return [...video.textTracks]
      .filter((track) => track.mode === 'showing')
      .flatMap((track) => [...(track.activeCues ?? [])])
      .map((cue) => (cue as VTTCue).text);
  }, PLAYER);
}

/** Whether the watermark's layer lies over the whole of the player's box. */
async function watermarkOverPlayer(page: Page): Promise<boolean> {
  const layer = await page.locator(WATERMARK_LAYER).boundingBox();
  const player = await page.locator(PLAYER).boundingBox();
  if (!layer || !player) return false;
  return (
    layer.x <= player.x &&
    layer.y <= player.y &&
    layer.x + layer.width >= player.x + player.width &&
    layer.y + layer.height >= player.y + player.height
  );
}

describe('audio and video through npm run serve, with a signed link', () => {
  it('plays a video from the keyboard, under the watermark, with its captions', async () => {
    const session = await newSession(browser);
    const { page } = session;
    await open(page, 'talk.mp4', 'en');
    await page.locator(PLAYER).waitFor();
    assert.equal(await page.locator(PLAYER).getAttribute('aria-label'), 'Video: talk');
    assert.equal(
      await page.locator(PLAYER).getAttribute('controlslist'),
      'nofullscreen noremoteplayback',
    );
    await page.getByRole('button', { name: 'Download' }).waitFor();
    await page.locator(PLAYER).focus();
    await page.keyboard.press('Space');
    await playedPast(page, 1);
    // → goes 5 s on.
    await page.keyboard.press('ArrowRight');
    await playedPast(page, 6);
    assert.deepEqual(await shownCaptions(page), ['Hello from the captions']);
    assert.ok(await watermarkOverPlayer(page), 'the watermark lies over the whole player');
    await screenshot(page, 'media-video-playing');
    const violations = await audit(page, 'media video playing');
    assert.deepEqual(violations, []);
    assert.deepEqual(session.problems, []);
    await session.close();
  });

  it('a reader who may not download: no save control, no context menu, ranges only', async () => {
    const session = await newSession(browser);
    const { page } = session;
    const asked: { range: string | undefined; status: number; length: number }[] = [];
    page.on('response', (response) => {
      if (!response.url().includes('/media/')) return;
      asked.push({
        range: response.request().headers().range,
        status: response.status(),
        length: Number(response.headers()['content-length'] ?? 0),
      });
    });
    await open(page, 'talk.mp4', 'en', ['print']);
    await page.locator(PLAYER).waitFor();
    assert.equal(
      await page.locator(PLAYER).getAttribute('controlslist'),
      'nodownload nofullscreen noremoteplayback',
    );
    assert.equal(await page.getByRole('button', { name: 'Download' }).count(), 0);
    const menuPrevented = await page.locator(PLAYER).evaluate((video) => {
      const event = new MouseEvent('contextmenu', { bubbles: true, cancelable: true });
      return !video.dispatchEvent(event);
    });
    assert.ok(menuPrevented, 'the context menu (Save video as…) is not offered');
    // Played from 3 s to past 7 s: the bytes past the first 4 MiB come in further ranges.
    await page.locator(PLAYER).evaluate((video: HTMLVideoElement) => {
      video.muted = true;
      video.currentTime = 3;
      void video.play();
    });
    await playedPast(page, 7);
    assert.ok(asked.length > 0);
    for (const answer of asked) {
      assert.ok(
        answer.range?.startsWith('bytes='),
        `every request names a range: ${JSON.stringify(answer)}`,
      );
      assert.equal(answer.status, 206);
      assert.ok(answer.length <= 4 * 1024 * 1024);
    }
    assert.ok(talkBytes > 4 * 1024 * 1024, `the clip (${String(talkBytes)} bytes) is over the cap`);
    await screenshot(page, 'media-view-only');
    // The whole file, the PDF route and the original are refused to this reader.
    const url = await page.locator(PLAYER).getAttribute('src');
    assert.ok(url);
    const whole = await page.request.get(url);
    assert.equal(whole.status(), 403);
    assert.equal(((await whole.json()) as { error: string }).error, 'view_only');
    const bearer = { authorization: `Bearer ${await key.token('talk.mp4', ['print'])}` };
    for (const route of ['content', 'original']) {
      const res = await page.request.get(`${server.url}/viewer/api/documents/talk.mp4/${route}`, {
        headers: bearer,
      });
      assert.equal(res.status(), 403, route);
    }
    assert.deepEqual(session.problems, []);
    await session.close();
  });

  it('on a phone in Chinese: the Chinese captions, the player the screen’s width', async () => {
    const session = await newSession(browser, PHONE);
    const { page } = session;
    await open(page, 'talk.mp4', 'zh-CN');
    await page.locator(PLAYER).waitFor();
    await page.locator(PLAYER).evaluate((video: HTMLVideoElement) => {
      video.muted = true;
      void video.play();
    });
    await playedPast(page, 0.5);
    assert.deepEqual(await shownCaptions(page), ['你好，这是字幕']);
    assert.equal(await page.locator(PLAYER).getAttribute('aria-label'), '视频：talk');
    const box = await page.locator(PLAYER).boundingBox();
    assert.ok(box && box.width >= 380, `the player spans the phone: ${JSON.stringify(box)}`);
    assert.ok(await watermarkOverPlayer(page));
    await screenshot(page, 'media-phone-zh');
    assert.deepEqual(await audit(page, 'media phone zh-CN'), []);
    assert.deepEqual(session.problems, []);
    await session.close();
  });

  it('an .avi is transcoded once by ffmpeg, then plays', async () => {
    const session = await newSession(browser);
    const { page } = session;
    await open(page, 'old.avi', 'en');
    await page.locator(PLAYER).waitFor({ timeout: 90_000 });
    await page.locator(PLAYER).evaluate((video: HTMLVideoElement) => {
      video.muted = true;
      void video.play();
    });
    await playedPast(page, 1);
    await screenshot(page, 'media-avi-transcoded');
    assert.deepEqual(session.problems, []);
    await session.close();
  });
});
