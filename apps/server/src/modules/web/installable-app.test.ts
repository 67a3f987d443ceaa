import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { brands } from '../../db/schema.js';
import { DEMO_BRAND_SETTINGS } from '../../seed/seed.js';
import { createTestServer, testDbKind } from '../../test/harness.js';
import { palettes } from '../brands/brand-theme.js';

const WORKER = `const SW_BUILD={"version":"abc123","precache":["/assets/index-abc.js"]};
self.addEventListener("fetch",()=>{});`;

function fakeWebBuild(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ob-web-app-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html><head><title>x</title></head><body><div id="root"></div></body></html>',
  );
  fs.writeFileSync(path.join(dir, 'sw.js'), WORKER);
  return dir;
}

const BLUE = { host: 'blue.example.com' };
const RED = { host: 'red.example.com' };

describe(`the installable app (${testDbKind})`, async () => {
  const { app, runtime } = await createTestServer({ WEB_DIST_DIR: fakeWebBuild() });
  const { db } = runtime.ctx.database;
  const theme = (primary: string, logoText: string) => ({
    ...DEMO_BRAND_SETTINGS.theme,
    primary,
    logoText,
    ...palettes(primary, primary),
    logoSvg: undefined,
    logoUrl: undefined,
    faviconUrl: undefined,
  });
  await db.insert(brands).values({
    slug: 'blue',
    name: 'Blue Harbour Markets',
    hosts: [BLUE.host],
    settings: { ...DEMO_BRAND_SETTINGS, theme: theme('#0b5cab', 'Blue') },
  });
  const [red] = await db
    .insert(brands)
    .values({
      slug: 'red',
      name: 'Red Rock Trading',
      hosts: [RED.host],
      settings: { ...DEMO_BRAND_SETTINGS, theme: theme('#b03a2e', 'RedRock') },
    })
    .returning();
  if (!red) throw new Error('no brand');
  // the red brand has an uploaded logo: a wide orange banner
  const banner = await sharp({ create: { width: 300, height: 100, channels: 3, background: '#ff8800' } })
    .png()
    .toBuffer();
  const upload = await runtime.ctx.media.store({
    brandId: red.id,
    originalName: 'logo.png',
    content: banner,
    createdBy: null,
  });
  if (!upload.ok) throw new Error(upload.key);
  await db
    .update(brands)
    .set({ settings: { ...red.settings, theme: { ...red.settings.theme, logoUrl: upload.media.url } } })
    .where(eq(brands.id, red.id));

  const get = (url: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url, headers });
  const manifestOf = async (headers: Record<string, string>) => {
    const res = await get('/manifest.webmanifest', headers);
    expect(res.statusCode).toBe(200);
    return res.json() as {
      name: string;
      short_name: string;
      start_url: string;
      scope: string;
      display: string;
      theme_color: string;
      background_color: string;
      icons: { src: string; sizes: string; type: string; purpose: string }[];
    };
  };

  it('answers the manifest as a web app manifest with a short cache lifetime', async () => {
    const res = await get('/manifest.webmanifest', BLUE);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/manifest+json; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=600');
  });

  it("names each host's brand, its colours and the terminal as start page", async () => {
    const blue = await manifestOf(BLUE);
    const red = await manifestOf(RED);
    expect(blue).toMatchObject({
      name: 'Blue Harbour Markets',
      short_name: 'Blue',
      start_url: '/platform',
      scope: '/',
      display: 'standalone',
      theme_color: '#0b5cab',
      background_color: palettes('#0b5cab', '#0b5cab').light.background,
    });
    expect(red).toMatchObject({
      name: 'Red Rock Trading',
      short_name: 'RedRock',
      theme_color: '#b03a2e',
      background_color: palettes('#b03a2e', '#b03a2e').light.background,
    });
    for (const manifest of [blue, red]) {
      expect(manifest.icons.map(({ sizes, type, purpose }) => ({ sizes, type, purpose }))).toEqual([
        { sizes: '192x192', type: 'image/png', purpose: 'any' },
        { sizes: '512x512', type: 'image/png', purpose: 'any' },
        { sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ]);
    }
    // another brand, other artwork: other icon addresses, so no cache mixes them up
    expect(blue.icons[0]?.src).not.toBe(red.icons[0]?.src);
  });

  it('serves every icon of the manifest as a PNG of its size', async () => {
    for (const host of [BLUE, RED]) {
      for (const icon of (await manifestOf(host)).icons) {
        const res = await get(icon.src, host);
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toBe('image/png');
        expect(res.headers['cache-control']).toBe('public, max-age=3600');
        const meta = await sharp(res.rawPayload).metadata();
        expect(meta.format).toBe('png');
        expect(`${meta.width}x${meta.height}`).toBe(icon.sizes);
      }
    }
  });

  /** The colour at (x, y) of a PNG. */
  const pixel = async (png: Buffer, x: number, y: number) => {
    const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    const at = (y * info.width + x) * 4;
    return [...data.subarray(at, at + 4)];
  };

  it("draws the brand's mark when it has no upload, its uploaded logo when it has one", async () => {
    const blue = (await get('/icons/maskable-512.png', BLUE)).rawPayload;
    const red = (await get('/icons/maskable-512.png', RED)).rawPayload;
    // maskable: the mark full bleed, square (blue), or the logo on the brand's background (red)
    const corner = await pixel(blue, 0, 0);
    expect(corner[3]).toBe(255);
    expect(corner[2]).toBeGreaterThan(corner[0] ?? 0);
    expect((await pixel((await get('/icons/icon-512.png', BLUE)).rawPayload, 0, 0))[3]).toBe(0);
    const [r, g, b] =
      palettes('#b03a2e', '#b03a2e')
        .light.background.match(/\w\w/g)
        ?.map((hex) => Number.parseInt(hex, 16)) ?? [];
    expect(await pixel(red, 2, 2)).toEqual([r, g, b, 255]);
    // the uploaded orange banner sits in the middle of the red brand's icon
    expect(await pixel(red, 256, 256)).toEqual([0xff, 0x88, 0x00, 255]);
    // a plain icon keeps the logo's own shape: transparent around the wide banner
    const plain = (await get('/icons/icon-512.png', RED)).rawPayload;
    expect((await pixel(plain, 256, 20))[3]).toBe(0);
    expect(await pixel(plain, 256, 256)).toEqual([0xff, 0x88, 0x00, 255]);
  });

  it('answers an unknown icon name with 404', async () => {
    const res = await get('/icons/icon-64.png', BLUE);
    expect(res.statusCode).toBe(404);
  });

  it("links the manifest, the touch icon and the home-screen title in each brand's shell", async () => {
    for (const [host, shortName] of [
      [BLUE, 'Blue'],
      [RED, 'RedRock'],
    ] as const) {
      const res = await get('/platform', host);
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<link rel="manifest" href="/manifest.webmanifest" />');
      expect(res.body).toContain(`<meta name="apple-mobile-web-app-title" content="${shortName}" />`);
      expect(res.body).toMatch(/<meta name="theme-color" media="\(prefers-color-scheme: light\)"/);
      const touch = /<link rel="apple-touch-icon" sizes="180x180" href="([^"]+)"/.exec(res.body)?.[1];
      expect(touch).toBeDefined();
      const icon = await get(touch ?? '', host);
      expect(icon.headers['content-type']).toBe('image/png');
      expect((await sharp(icon.rawPayload).metadata()).width).toBe(180);
      // iOS shows transparency as black: the touch icon is opaque to the corner
      expect((await pixel(icon.rawPayload, 0, 0))[3]).toBe(255);
    }
  });

  it('serves the service worker from the site root, revalidated on every check', async () => {
    const res = await get('/sw.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toBe(WORKER);
  });

  it('allows the same-origin worker and manifest in its content security policy', async () => {
    const csp = (await get('/')).headers['content-security-policy'] as string;
    expect(csp).toContain("worker-src 'self'");
    expect(csp).toContain("manifest-src 'self'");
  });
});
