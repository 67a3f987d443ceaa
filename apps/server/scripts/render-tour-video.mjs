/**
 * Renders the home page's platform tour (assets/content/tour/platform-tour.html, a CSS animation) into
 * the video the seeded home pages play (assets/content/tour/platform-tour.webm, VP9).
 *
 * Run it after changing the tour page: `node apps/server/scripts/render-tour-video.mjs`. It needs
 * Debian's chromium (CHROMIUM_PATH) and ffmpeg with libvpx at that time only; the result is committed,
 * so installing and running the product needs neither.
 *
 * Frames are rendered deterministically: every animation is paused and seeked to the frame's time, so
 * the video is smooth however slow the machine is.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';

const here = path.dirname(fileURLToPath(import.meta.url));
const tourDir = path.resolve(here, '../assets/content/tour');
const source = path.join(tourDir, 'platform-tour.html');
const target = path.join(tourDir, 'platform-tour.webm');

const WIDTH = 1280;
const HEIGHT = 720;
const FPS = 30;
const DURATION_MS = 16_000; // one cycle of the tour's animations

const frames = fs.mkdtempSync(path.join(os.tmpdir(), 'ob-tour-'));
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox'],
});
try {
  const page = await browser.newPage({ viewport: { width: WIDTH, height: HEIGHT } });
  await page.goto(pathToFileURL(source).href);
  await page.evaluate(() => document.fonts.ready);
  const count = Math.round((DURATION_MS / 1000) * FPS);
  for (let frame = 0; frame < count; frame++) {
    const at = (frame * 1000) / FPS;
    await page.evaluate((time) => {
      for (const animation of document.getAnimations()) {
        animation.pause();
        animation.currentTime = time;
      }
    }, at);
    await page.screenshot({ path: path.join(frames, `frame-${String(frame).padStart(4, '0')}.png`) });
  }
  console.log(`rendered ${count} frames at ${WIDTH}x${HEIGHT}`);
} finally {
  await browser.close();
}

const encode = spawnSync(
  'ffmpeg',
  [
    '-y',
    '-loglevel',
    'error',
    '-framerate',
    String(FPS),
    '-i',
    path.join(frames, 'frame-%04d.png'),
    '-c:v',
    'libvpx-vp9',
    '-b:v',
    '0',
    '-crf',
    '38',
    '-row-mt',
    '1',
    '-pix_fmt',
    'yuv420p',
    '-an',
    target,
  ],
  { stdio: 'inherit' },
);
fs.rmSync(frames, { recursive: true, force: true });
if (encode.status !== 0) {
  console.error('ffmpeg failed: install it with `apt-get install ffmpeg`');
  process.exit(1);
}
console.log(`${path.relative(process.cwd(), target)}: ${(fs.statSync(target).size / 1024).toFixed(0)} KiB`);
