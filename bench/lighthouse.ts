/**
 * Lighthouse: `npm run bench -- lighthouse` (after `npm run build`, which writes apps/web/dist).
 *
 * Starts the server as `npm start` builds it, serving the built web app, on an in-memory embedded
 * database with the demo data and the simulated market, then runs Lighthouse's performance audit with
 * its mobile defaults (emulated Moto G Power, simulated slow 4G and 4x CPU slowdown) in Debian's
 * chromium on the public home page and on `/platform/BTCUSD` for the signed-in demo client. Prints
 * performance, LCP, CLS and TBT per page against the issue's targets. Figures, not a timed test.
 */

import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer, { type Page } from 'puppeteer-core';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { attachRealtime } from '../apps/server/src/realtime/socket-server.js';
import { openRuntime } from '../apps/server/src/runtime.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const WEB_DIST = path.join(root, 'apps/web/dist');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** Where the web app keeps the signed-in client (apps/web/src/shared/session/authStore.ts). */
const AUTH_STORAGE_KEY = 'ob.auth';
const DEMO = { email: 'demo@example.com', password: 'Demo1234!' };

interface Figures {
  page: string;
  performance: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  fcpMs: number;
  /** Opportunities Lighthouse names, with what they would save. */
  notes: string[];
}

interface Target {
  performance: number;
  lcpMs?: number;
  cls?: number;
}

async function startWebServer() {
  const config = loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: 'memory://',
    DEMO: 'true',
    LOG_LEVEL: 'silent',
    MARKET_FEED: process.env.LIGHTHOUSE_MARKET_FEED ?? 'simulated',
    MARKET_HISTORY: 'false',
    AUTH_RATE_LIMIT_PER_MINUTE: '1000000',
    WEB_DIST_DIR: WEB_DIST,
  });
  const runtime = await openRuntime(config, { live: true });
  const app = await buildApp(runtime.ctx, { logger: false });
  const realtime = await attachRealtime(app.server, runtime.ctx);
  await app.ready();
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as AddressInfo).port;
  return {
    // localhost, as a person opens it (a secure context: the browser asks for brotli).
    url: `http://localhost:${port}`,
    async close() {
      await realtime.close();
      await app.close();
      await runtime.close();
    },
  };
}

async function demoAuth(baseUrl: string): Promise<unknown> {
  const res = await fetch(`${baseUrl}/api/accounts/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...DEMO, info: 'lighthouse' }),
  });
  const body = (await res.json()) as { status: boolean; data?: unknown };
  if (!res.ok || body.status !== true)
    throw new Error(`demo login failed: ${res.status} ${JSON.stringify(body)}`);
  return body.data;
}

async function audit(page: Page, port: number, url: string, label: string): Promise<Figures> {
  const result = await lighthouse(
    url,
    {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      // Keep the signed-in client's localStorage (the /platform run); the home run starts signed out.
      disableStorageReset: true,
    },
    undefined,
    page,
  );
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { lhr } = result;
  // LIGHTHOUSE_REPORT_DIR=<dir> keeps each full report (JSON) for a closer look.
  const reportDir = process.env.LIGHTHOUSE_REPORT_DIR;
  if (reportDir) {
    fs.mkdirSync(reportDir, { recursive: true });
    const name = label.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '');
    fs.writeFileSync(path.join(reportDir, `${name}.json`), JSON.stringify(lhr));
  }
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const notes = Object.values(lhr.audits)
    .filter((a) => a.details?.type === 'opportunity' && (a.score ?? 1) < 0.9)
    .map((a) => {
      const details = a.details as { overallSavingsMs?: number; overallSavingsBytes?: number };
      const saving = [
        details.overallSavingsMs ? `${Math.round(details.overallSavingsMs)} ms` : '',
        details.overallSavingsBytes ? `${Math.round(details.overallSavingsBytes / 1024)} KiB` : '',
      ]
        .filter(Boolean)
        .join(', ');
      return `${a.title}${saving ? ` (${saving})` : ''}`;
    });
  const shifts = lhr.audits['layout-shifts'] ?? lhr.audits['layout-shift-elements'];
  const shiftItems = (
    shifts?.details as { items?: { node?: { snippet?: string }; score?: number }[] } | undefined
  )?.items;
  for (const item of shiftItems?.slice(0, 3) ?? []) {
    if (item.node?.snippet)
      notes.push(`layout shift ${item.score?.toFixed(3) ?? ''}: ${item.node.snippet.slice(0, 100)}`);
  }
  return {
    page: label,
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    lcpMs: numeric('largest-contentful-paint'),
    cls: numeric('cumulative-layout-shift'),
    tbtMs: numeric('total-blocking-time'),
    fcpMs: numeric('first-contentful-paint'),
    notes,
  };
}

function print(figures: Figures[], targets: Record<string, Target>): boolean {
  console.log('\nLighthouse, mobile defaults (simulated slow 4G, 4x CPU), performance category');
  console.log(
    `${'page'.padEnd(28)} ${'score'.padStart(6)} ${'LCP'.padStart(8)} ${'CLS'.padStart(7)} ${'TBT'.padStart(8)} ${'FCP'.padStart(8)}  target`,
  );
  let ok = true;
  for (const f of figures) {
    const target = targets[f.page];
    const met =
      !target ||
      (f.performance >= target.performance &&
        (target.lcpMs === undefined || f.lcpMs <= target.lcpMs) &&
        (target.cls === undefined || f.cls <= target.cls));
    ok &&= met;
    const goal = target
      ? `perf ≥ ${target.performance}${target.lcpMs ? `, LCP ≤ ${target.lcpMs / 1000} s` : ''}${target.cls !== undefined ? `, CLS ≤ ${target.cls}` : ''}: ${met ? 'met' : 'MISSED'}`
      : '';
    console.log(
      `${f.page.padEnd(28)} ${String(f.performance).padStart(6)} ${`${(f.lcpMs / 1000).toFixed(2)} s`.padStart(8)} ${f.cls.toFixed(3).padStart(7)} ${`${Math.round(f.tbtMs)} ms`.padStart(8)} ${`${(f.fcpMs / 1000).toFixed(2)} s`.padStart(8)}  ${goal}`,
    );
    for (const note of f.notes) console.log(`  - ${note}`);
  }
  return ok;
}

export async function lighthouseBench(): Promise<boolean> {
  if (!fs.existsSync(path.join(WEB_DIST, 'index.html'))) {
    console.error('The web app is not built: run `npm run build` first.');
    return false;
  }
  if (!fs.existsSync(CHROMIUM)) {
    console.error(`Chromium not found at ${CHROMIUM}: apt-get install chromium, or set CHROMIUM_PATH.`);
    return false;
  }
  const server = await startWebServer();
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  const figures: Figures[] = [];
  try {
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
    const page = await browser.newPage();
    // A warm-up visit, so the first measured run does not also pay for the server's first requests.
    await page.goto(`${server.url}/`, { waitUntil: 'load' });
    await page.evaluate(() => localStorage.clear());

    figures.push(await audit(page, chrome.port, `${server.url}/`, 'home (signed out)'));

    const auth = await demoAuth(server.url);
    await page.goto(`${server.url}/404`, { waitUntil: 'load' });
    await page.evaluate(
      (key, value) => localStorage.setItem(key, value),
      AUTH_STORAGE_KEY,
      JSON.stringify(auth),
    );
    figures.push(await audit(page, chrome.port, `${server.url}/platform/BTCUSD`, '/platform (demo client)'));
    await browser.disconnect();
  } finally {
    chrome.kill();
    await server.close();
  }
  return print(figures, {
    'home (signed out)': { performance: 90, lcpMs: 2_500, cls: 0.1 },
    '/platform (demo client)': { performance: 80 },
  });
}
