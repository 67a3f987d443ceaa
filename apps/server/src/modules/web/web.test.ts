import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { brands, contentPages } from '../../db/schema.js';
import { DEMO_BRAND_SETTINGS } from '../../seed/seed.js';
import { createTestServer, testDbKind } from '../../test/harness.js';

const THEME_SCRIPT = "document.documentElement.dataset.bsTheme=localStorage.getItem('ob.theme')||'light'";

const APP_JS = `console.log(${JSON.stringify('app '.repeat(200))})`;

function fakeWebBuild(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ob-web-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    `<!doctype html><html><head><script>${THEME_SCRIPT}</script><script type="module" src="/assets/app-abc123.js"></script></head><body><div id="root"></div></body></html>`,
  );
  fs.writeFileSync(path.join(dir, 'assets', 'app-abc123.js'), APP_JS);
  // As the build writes them (apps/web/vite.config.ts precompress): .br and .gz next to the asset.
  fs.writeFileSync(path.join(dir, 'assets', 'app-abc123.js.br'), zlib.brotliCompressSync(APP_JS));
  fs.writeFileSync(path.join(dir, 'assets', 'app-abc123.js.gz'), zlib.gzipSync(APP_JS));
  fs.writeFileSync(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return dir;
}

describe(`serving the built web app (${testDbKind})`, async () => {
  const dir = fakeWebBuild();
  const { app } = await createTestServer({ WEB_DIST_DIR: dir });

  it.each(['/', '/platform/EURUSD', '/my-account/documents', '/about'])(
    'answers the deep link %s with the app shell, so a reload keeps the screen',
    async (url) => {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<div id="root"></div>');
      expect(res.headers['cache-control']).toBe('no-cache');
    },
  );

  it('serves hashed assets with a long cache lifetime', async () => {
    const res = await app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(APP_JS);
    expect(res.headers['cache-control']).toContain('immutable');
  });

  describe('compression', () => {
    const decode = {
      br: (body: Buffer) => zlib.brotliDecompressSync(body).toString('utf8'),
      gzip: (body: Buffer) => zlib.gunzipSync(body).toString('utf8'),
    };

    it.each(['br', 'gzip'] as const)(
      'sends the precompressed %s copy of a hashed asset, cached for a year',
      async (encoding) => {
        const res = await app.inject({
          method: 'GET',
          url: '/assets/app-abc123.js',
          headers: { 'accept-encoding': encoding === 'br' ? 'gzip, deflate, br' : 'gzip, deflate' },
        });
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-encoding']).toBe(encoding);
        expect(res.headers['content-type']).toContain('javascript');
        expect(res.headers.vary).toMatch(/accept-encoding/i);
        expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        expect(res.rawPayload.length).toBeLessThan(APP_JS.length);
        expect(decode[encoding](res.rawPayload)).toBe(APP_JS);
      },
    );

    it('sends a hashed asset as it is to a client that accepts no encoding', async () => {
      for (const headers of [
        {},
        { 'accept-encoding': 'identity' },
        { 'accept-encoding': 'br;q=0, gzip;q=0' },
      ]) {
        const res = await app.inject({ method: 'GET', url: '/assets/app-abc123.js', headers });
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-encoding']).toBeUndefined();
        expect(res.body).toBe(APP_JS);
        expect(res.headers['cache-control']).toContain('immutable');
      }
    });

    it.each(['br', 'gzip'] as const)(
      'compresses the per-brand app shell with %s, never cached by the browser',
      async (encoding) => {
        const plain = await app.inject({ method: 'GET', url: '/platform/EURUSD' });
        const res = await app.inject({
          method: 'GET',
          url: '/platform/EURUSD',
          headers: { 'accept-encoding': encoding === 'br' ? 'br' : 'gzip;q=1, br;q=0' },
        });
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-encoding']).toBe(encoding);
        expect(res.headers['content-type']).toContain('text/html');
        expect(res.headers.vary).toMatch(/accept-encoding/i);
        expect(res.headers['cache-control']).toBe('no-cache');
        expect(decode[encoding](res.rawPayload)).toBe(plain.body);
      },
    );

    it('sends the app shell uncompressed, with Vary, when the client asks for no encoding', async () => {
      const res = await app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'identity' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.body).toContain('<div id="root"></div>');
    });
  });

  it('allows exactly the inline theme script in its content security policy', async () => {
    const res = await app.inject({ method: 'GET', url: '/' });
    const hash = createHash('sha256').update(THEME_SCRIPT).digest('base64');
    const scriptSrc = String(res.headers['content-security-policy'])
      .split(';')
      .find((directive) => directive.startsWith('script-src '));
    expect(scriptSrc).toBe(`script-src 'self' 'sha256-${hash}'`);
  });

  it('answers API misses and non-GET misses with JSON, never with the shell', async () => {
    for (const [method, url] of [
      ['GET', '/api/nope'],
      ['POST', '/anything'],
    ] as const) {
      const res = await app.inject({ method, url });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ status: false, code: 'NOT_FOUND' });
    }
  });

  it('answers a malformed JSON body with a clear 400, not a 500', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/health',
      headers: { 'content-type': 'application/json' },
      payload: '{"broken": ',
    });
    expect([400, 404]).toContain(res.statusCode);
    expect(res.json().status).toBe(false);
  });
});

// an unknown /{slug} was answered 200; where the app shows its 404 page, the status says so too.
describe(`the status of a page load (${testDbKind})`, async () => {
  const dir = fakeWebBuild();
  const { app, runtime } = await createTestServer({ WEB_DIST_DIR: dir });
  const { db } = runtime.ctx.database;
  const demo = await runtime.ctx.brands.resolve(undefined);
  const page = (slug: string, lang: string, published = true) => ({
    brandId: demo.id,
    slug,
    lang,
    title: `Page ${slug}`,
    published,
    components: [],
  });
  await db
    .insert(contentPages)
    .values([page('issue-23/listed', 'en'), page('nur-deutsch', 'de'), page('draft-only', 'en', false)]);
  const OFF = { host: 'quiet.example.com' };
  await db.insert(brands).values({
    slug: 'quiet',
    name: 'Quiet Markets',
    hosts: [OFF.host],
    settings: {
      ...DEMO_BRAND_SETTINGS,
      features: { ...DEMO_BRAND_SETTINGS.features, economics: false, restrictedMode: true },
    },
  });
  const get = (url: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url, headers });

  it.each([
    '/',
    '/login',
    '/register',
    '/password/request',
    '/password/reset/a-token',
    '/autoLogin/a-code',
    '/affiliate',
    '/contact-us',
    '/my-account',
    '/my-account/no-such-tab',
    '/transactions/withdrawals',
    '/transactions/everything',
    '/payment',
    '/payment/withdraw',
    '/platform',
    '/platform/EURUSD',
    '/platform/btcusd',
    '/referrals',
    '/auto-trading',
    '/economic-calendar',
    '/backoffice',
    '/backoffice/clients/7',
    '/about',
    '/issue-23/listed',
    '/nur-deutsch',
    '/about?utm_source=mail',
  ])('answers %s, a screen or a published page, with 200', async (url) => {
    const res = await get(url);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root"></div>');
  });

  it.each([
    '/some-content-page',
    '/404',
    '/draft-only',
    '/About',
    '/issue-23',
    '/issue-23/listed/more',
    '/a/b/c',
    '/platform/NOSUCHSYMBOL',
    '/platform/BTCUSD/chart',
    '/autoLogin',
    '/%C3%A9t%C3%A9',
  ])('answers %s with 404 and the app, which shows its 404 page', async (url) => {
    const res = await get(url);
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('<div id="root"></div>');
    expect(res.body).toContain('<title>OpenBroker Demo</title>');
  });

  it("answers the screens a brand does not have with 404: no economics, restricted mode's referrals", async () => {
    for (const url of ['/economic-calendar', '/referrals']) {
      expect((await get(url, OFF)).statusCode).toBe(404);
      expect((await get(url)).statusCode).toBe(200);
    }
    expect((await get('/', OFF)).statusCode).toBe(200);
  });

  it('sends the 404 compressed like any shell', async () => {
    const res = await get('/no-such-page', { 'accept-encoding': 'br' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(res.rawPayload).toString('utf8')).toContain('<div id="root"></div>');
  });

  it('answers a page as soon as it is published, and 404 again once it is a draft', async () => {
    await db.insert(contentPages).values(page('later', 'en', false));
    expect((await get('/later')).statusCode).toBe(404);
    await runtime.ctx.content.savePage(demo.id, {
      slug: 'later',
      lang: 'en',
      title: 'Later',
      published: true,
      components: [],
    });
    expect((await get('/later')).statusCode).toBe(200);
  });

  it('keeps files and API misses as they were', async () => {
    expect((await get('/assets/app-abc123.js')).statusCode).toBe(200);
    expect((await get('/assets/missing.js')).statusCode).toBe(404);
    const api = await get('/api/nope');
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe(`without a web build (${testDbKind})`, async () => {
  const { app } = await createTestServer({ WEB_DIST_DIR: '/nonexistent' });

  it('tells the operator how to build the web app', async () => {
    const res = await app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(503);
    expect(res.body).toContain('npm start');
  });
});
