import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTestServer, testDbKind } from '../../test/harness.js';

const THEME_SCRIPT = "document.documentElement.dataset.bsTheme=localStorage.getItem('ob.theme')||'light'";

function fakeWebBuild(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ob-web-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    `<!doctype html><html><head><script>${THEME_SCRIPT}</script><script type="module" src="/assets/app-abc123.js"></script></head><body><div id="root"></div></body></html>`,
  );
  fs.writeFileSync(path.join(dir, 'assets', 'app-abc123.js'), 'console.log("app")');
  fs.writeFileSync(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return dir;
}

describe(`serving the built web app (${testDbKind})`, async () => {
  const dir = fakeWebBuild();
  const { app } = await createTestServer({ WEB_DIST_DIR: dir });

  it.each(['/', '/platform/EURUSD', '/my-account/documents', '/some-content-page'])(
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
    expect(res.body).toBe('console.log("app")');
    expect(res.headers['cache-control']).toContain('immutable');
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

describe(`without a web build (${testDbKind})`, async () => {
  const { app } = await createTestServer({ WEB_DIST_DIR: '/nonexistent' });

  it('tells the operator how to build the web app', async () => {
    const res = await app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(503);
    expect(res.body).toContain('npm start');
  });
});
