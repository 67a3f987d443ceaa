import fs from 'node:fs';
import path from 'node:path';
import type { Page, Response } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { logInThroughForm, newSession } from '../support/browser.js';
import { root } from '../support/server-process.js';

/**
 * Web delivery in chromium against the production build: the public home page fetches no
 * trading-terminal or back-office code, the build's assets arrive brotli-compressed, and two figures
 * are printed (not asserted, they depend on the machine): the home page's largest contentful paint and
 * the time from navigation to the first live price on /platform for the demo client.
 */

interface ManifestChunk {
  file: string;
  src?: string;
  imports?: string[];
}

const manifest = JSON.parse(
  fs.readFileSync(path.join(root, 'apps/web/dist/.vite/manifest.json'), 'utf8'),
) as Record<string, ManifestChunk>;

/** The built files of the chunks under `srcPrefix` (a route's own code), e.g. the terminal's. */
const chunksOf = (srcPrefix: string): string[] =>
  Object.values(manifest)
    .filter((chunk) => chunk.src?.startsWith(srcPrefix))
    .map((chunk) => `/${chunk.file}`);

const PLATFORM_CHUNKS = chunksOf('src/features/platform/');
const BACKOFFICE_CHUNKS = chunksOf('src/features/backoffice/');

/** Every response of the build's own files (/assets/...), as the browser received it. */
function recordAssets(page: Page): { path: string; encoding: string | undefined }[] {
  const seen: { path: string; encoding: string | undefined }[] = [];
  page.on('response', (response: Response) => {
    const { pathname } = new URL(response.url());
    if (pathname.startsWith('/assets/') && /\.(js|css)$/.test(pathname)) {
      seen.push({ path: pathname, encoding: response.headers()['content-encoding'] });
    }
  });
  return seen;
}

describe('web delivery', () => {
  it('the public home page loads no terminal or back-office chunk, and its assets come brotli-compressed', async () => {
    expect(PLATFORM_CHUNKS.length).toBeGreaterThan(0);
    expect(BACKOFFICE_CHUNKS.length).toBeGreaterThan(0);
    const { page, context, errors } = await newSession('desktop');
    const assets = recordAssets(page);
    await page.addInitScript(() => {
      const w = window as unknown as { __lcp: number };
      w.__lcp = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) w.__lcp = entry.startTime;
      }).observe({ type: 'largest-contentful-paint', buffered: true });
    });
    await page.goto('/');
    await page.getByTestId('content-page').waitFor();
    await page.getByTestId('widget-market-quotes').waitFor({ timeout: 20_000 });
    // Input ends LCP reporting; read it once the page has settled.
    await page.waitForLoadState('load');
    const lcp = await page.evaluate(() => (window as unknown as { __lcp: number }).__lcp);
    console.log(
      `web delivery: home page LCP ${Math.round(lcp)} ms (chromium, desktop viewport, no throttling)`,
    );

    const paths = assets.map((asset) => asset.path);
    expect(paths.length).toBeGreaterThan(0);
    expect(paths.filter((file) => PLATFORM_CHUNKS.includes(file))).toEqual([]);
    expect(paths.filter((file) => BACKOFFICE_CHUNKS.includes(file))).toEqual([]);
    // Chromium asks for br on localhost (a secure context); every script and style sheet came so.
    expect(assets.filter((asset) => asset.encoding !== 'br')).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('prints the time from navigation to the first live price on /platform for the demo client', async () => {
    const { page, context } = await newSession('desktop');
    await logInThroughForm(page);
    // A fresh load of the terminal, as after a reload: the code, the socket, the first quote.
    await page.goto('/404');
    await page.goto('/platform/BTCUSD');
    const firstPrice = await page.waitForFunction(
      () => {
        const text = document.querySelector('[data-testid="trade-sell-price"]')?.textContent ?? '';
        return /^\d+(\.\d+)?$/.test(text) ? performance.now() : false;
      },
      undefined,
      { timeout: 30_000, polling: 'raf' },
    );
    const ms = (await firstPrice.jsonValue()) as number;
    console.log(
      `web delivery: /platform first live price ${Math.round(ms)} ms after navigation (chromium, desktop)`,
    );
    expect(ms).toBeGreaterThan(0);
    await context.close();
  });
});
