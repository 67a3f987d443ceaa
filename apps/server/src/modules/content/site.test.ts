import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTestServer, testDbKind } from '../../test/harness.js';

const THEME_SCRIPT = "document.documentElement.dataset.bsTheme=localStorage.getItem('ob.theme')||'light'";

function fakeWebBuild(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ob-web-'));
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    `<!doctype html><html><head><meta charset="UTF-8" /><title>OpenBroker</title><link\n rel="icon"\n href="data:image/svg+xml,x" /><script>${THEME_SCRIPT}</script></head><body><div id="root"></div></body></html>`,
  );
  // The build's own copies never shadow the brand's.
  fs.writeFileSync(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  fs.writeFileSync(path.join(dir, 'robots.txt'), 'User-agent: *\nDisallow: /\n');
  return dir;
}

describe(`per-brand site files (${testDbKind})`, async () => {
  const { app } = await createTestServer({ WEB_DIST_DIR: fakeWebBuild() });
  const get = (url: string, host: string) => app.inject({ method: 'GET', url, headers: { host } });

  it("answers robots.txt with the host's sitemap and keeps crawlers out of the client area", async () => {
    const res = await get('/robots.txt', 'aurora.localhost:3000');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.body).toContain('Sitemap: http://aurora.localhost:3000/sitemap.xml');
    expect(res.body).toContain('Disallow: /platform');
    expect(res.body).toContain('Disallow: /api/');
  });

  it("lists the brand's published pages in sitemap.xml with absolute URLs of the requesting host", async () => {
    const res = await get('/sitemap.xml', 'helix.localhost:3000');
    expect(res.headers['content-type']).toContain('application/xml');
    const locs = [...res.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toContain('http://helix.localhost:3000/');
    expect(locs).toContain('http://helix.localhost:3000/terms-conditions');
    expect(locs).toContain('http://helix.localhost:3000/blog/margin-explained');
    // Helix has no economics: no calendar page.
    expect(locs).not.toContain('http://helix.localhost:3000/economic-calendar');
    expect(locs.every((loc) => loc?.startsWith('http://helix.localhost:3000/'))).toBe(true);
    const demo = await get('/sitemap.xml', 'localhost:3000');
    expect(demo.body).toContain('<loc>http://localhost:3000/economic-calendar</loc>');
  });

  it('builds robots.txt and sitemap.xml URLs from configuration, never from a forged Host (they are cached publicly)', async () => {
    // An unknown host falls back to the default brand: its URLs are PUBLIC_URL's (http://localhost:3000 here).
    for (const host of ['evil.example', 'evil.example:3000', 'attacker.localhost']) {
      const robots = await get('/robots.txt', host);
      expect(robots.headers['cache-control']).toContain('public');
      expect(robots.body).toContain('Sitemap: http://localhost:3000/sitemap.xml');
      expect(robots.body).not.toContain(host.split(':')[0] ?? host);
      const sitemap = await get('/sitemap.xml', host);
      const locs = [...sitemap.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
      expect(locs.length).toBeGreaterThan(0);
      expect(locs.every((loc) => loc?.startsWith('http://localhost:3000/'))).toBe(true);
    }
    // A brand's own host name with a made-up port keeps PUBLIC_URL's scheme and port.
    expect((await get('/robots.txt', 'aurora.localhost:6666')).body).toContain(
      'Sitemap: http://aurora.localhost:3000/sitemap.xml',
    );
  });

  it("serves each brand's own logo as its favicon", async () => {
    const aurora = await get('/favicon.svg', 'aurora.localhost');
    const kestrel = await get('/favicon.svg', 'kestrel.localhost');
    expect(aurora.headers['content-type']).toContain('image/svg+xml');
    expect(aurora.body).toMatch(/^<svg /);
    expect(aurora.body).not.toBe(kestrel.body);
    expect((await get('/logo.svg', 'aurora.localhost')).body).toBe(aurora.body);
  });

  it('serves the content images', async () => {
    const res = await get('/content/illustrations/hero-trading.svg', 'localhost');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('image/svg+xml');
  });

  it("puts the brand's page title, description, theme colour and favicon into the app shell", async () => {
    const res = await get('/about', 'sterling.localhost:3000');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>About Sterling &amp; Crowe · Sterling &amp; Crowe</title>');
    expect(res.body).toMatch(
      /<meta name="description" content="Sterling &amp; Crowe is an online broker[^"]*" \/>/,
    );
    expect(res.body).toContain(
      '<meta name="theme-color" media="(prefers-color-scheme: light)" content="#14532d" />',
    );
    expect(res.body).toContain('<link rel="icon" type="image/svg+xml" href="/favicon.svg" />');
    expect(res.body).not.toContain('data:image/svg+xml');
    expect(res.body.match(/<title>/g)).toHaveLength(1);
    const home = await get('/', 'aurora.localhost');
    expect(home.body).toContain(
      '<title>Aurora Markets – Online trading in forex, stocks, crypto and more</title>',
    );
    const platform = await get('/platform/EURUSD', 'aurora.localhost');
    expect(platform.body).toContain('<title>Aurora Markets</title>');
  });

  it('keeps the content security policy valid: the inline theme script is untouched', async () => {
    const res = await get('/about', 'aurora.localhost');
    const hash = createHash('sha256').update(THEME_SCRIPT).digest('base64');
    expect(res.body).toContain(`<script>${THEME_SCRIPT}</script>`);
    expect(String(res.headers['content-security-policy'])).toContain(`'sha256-${hash}'`);
  });
});

describe(`economic calendar events (${testDbKind})`, async () => {
  const { app } = await createTestServer();
  const events = (query: string, host = 'localhost') =>
    app.inject({ method: 'GET', url: `/api/economics/events${query}`, headers: { host } });

  it('answers the sample events around now, oldest first, results only for past events', async () => {
    const res = await events('');
    expect(res.statusCode).toBe(200);
    const data = res.json().data as { at: string; actual: string | null; impact: number }[];
    // The sample falls on trading days −9…+10 (economic-events.ts weekdayFrom): the default window
    // (7 days back, 14 ahead) holds about 30 of them whatever the weekday.
    expect(data.length).toBeGreaterThanOrEqual(25);
    const times = data.map((e) => Date.parse(e.at));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    for (const event of data) {
      if (Date.parse(event.at) > Date.now()) expect(event.actual).toBeNull();
    }
    expect(data.some((e) => Date.parse(e.at) < Date.now() && e.actual !== null)).toBe(true);
  });

  it('filters by impact and by currency', async () => {
    const data = (await events('?impact=3&currency=usd,EUR')).json().data as {
      impact: number;
      currency: string;
    }[];
    expect(data.length).toBeGreaterThan(0);
    for (const event of data) {
      expect(event.impact).toBe(3);
      expect(['USD', 'EUR']).toContain(event.currency);
    }
  });

  it('filters by date range, a bare until date including its whole day', async () => {
    // a day of the calendar that has events (none fall on a weekend, so not simply today), from the middle of the
    // default window, whose first and last days may be cut at the window's hour
    const all = (await events('')).json().data as { at: string }[];
    const day = all[Math.floor(all.length / 2)]?.at.slice(0, 10);
    if (!day) throw new Error('the seeded calendar has events');
    const data = (await events(`?from=${day}&until=${day}`)).json().data as { at: string }[];
    expect(data.length).toBe(all.filter((e) => e.at.startsWith(day)).length);
    expect(data.length).toBeGreaterThan(0);
    for (const event of data) expect(event.at.slice(0, 10)).toBe(day);
  });

  it('refuses a bad impact or date with a field message', async () => {
    expect((await events('?impact=7')).statusCode).toBe(400);
    expect((await events('?from=yesterday')).statusCode).toBe(400);
  });

  it('is not there for a brand without the economics feature', async () => {
    expect((await events('', 'helix.localhost')).statusCode).toBe(404);
  });
});
