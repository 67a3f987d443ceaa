import { describe, expect, it } from 'vitest';
import { brands } from '../../db/schema.js';
import { DEMO_BRAND_SETTINGS } from '../../seed/seed.js';
import { createTestServer, testDbKind } from '../../test/harness.js';
import { normalizeHost } from './brands.service.js';

describe(`brand resolution by host (${testDbKind})`, async () => {
  const { app, runtime } = await createTestServer();
  await runtime.ctx.database.db.insert(brands).values({
    slug: 'alpha',
    name: 'Alpha Markets',
    hosts: ['alpha.example.com', 'www.alpha.example.com'],
    settings: {
      ...DEMO_BRAND_SETTINGS,
      theme: { primary: '#aa0000', logoText: 'Alpha' },
      legalName: 'Alpha Ltd.',
    },
  });

  it('serves the brand that owns the Host header, ignoring case and port', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/brand',
      headers: { host: 'WWW.Alpha.example.com:8443' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      slug: 'alpha',
      name: 'Alpha Markets',
      theme: { primary: '#aa0000' },
    });
  });

  it('falls back to the default brand for an unknown host', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/brand',
      headers: { host: 'unknown.example.org' },
    });
    expect(res.json().data).toMatchObject({
      slug: 'demo',
      currency: 'EUR',
      currencySymbol: '€',
      minDeposit: 250,
    });
  });

  it("publishes the demo brand's flags the web app needs: registration on, restricted mode off", async () => {
    const res = await app.inject({ method: 'GET', url: '/api/brand', headers: { host: 'localhost:3000' } });
    expect(res.json().data.features).toEqual({
      registrationEnabled: true,
      restrictedMode: false,
      economics: true,
      homeRedirectsToPlatform: false,
    });
  });

  it('never leaks the internal id or the payment provider settings', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/brand', headers: { host: 'localhost' } });
    expect(res.json().data).not.toHaveProperty('id');
    expect(res.json().data).not.toHaveProperty('payments');
  });

  it.each([
    ['aurora.localhost:3000', 'aurora', 'Aurora Markets'],
    ['meridian.localhost:3000', 'meridian', 'Meridian Capital FX'],
    ['sterling.localhost', 'sterling', 'Sterling & Crowe'],
    ['127.0.0.1:3000', 'demo', 'OpenBroker Demo'],
    ['demo.localhost:3000', 'demo', 'OpenBroker Demo'],
  ])('resolves the seeded host %s to the brand %s', async (host, slug, name) => {
    const res = await app.inject({ method: 'GET', url: '/api/brand', headers: { host } });
    expect(res.json().data).toMatchObject({ slug, name });
  });

  it('gives the web everything it themes and routes with: palettes, fonts, logo, widgets, tokens', async () => {
    const data = (
      await app.inject({ method: 'GET', url: '/api/brand', headers: { host: 'kestrel.localhost' } })
    ).json().data;
    expect(data).toMatchObject({
      homeSlug: 'index',
      widgets: ['cross-rates', 'ticker-tape'],
      theme: { logoUrl: '/logo.svg', faviconUrl: '/favicon.svg', light: { primary: '#c2410c' } },
      mapTileUrl: expect.stringContaining('{z}'),
    });
    expect(data.theme.dark.background).toMatch(/^#[0-9a-f]{6}$/);
    expect(data.theme.fonts.body).toContain('sans-serif');
    expect(data.theme.logoSvg).toMatch(/^<svg /);
    expect(data.contentToken).toMatch(/^[\w-]{40,}$/);
    expect(data.formsToken).not.toBe(data.contentToken);
  });

  it('fills theme tokens from the primary colour for a brand stored without them', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/brand',
      headers: { host: 'alpha.example.com' },
    });
    expect(res.json().data.theme).toMatchObject({
      primary: '#aa0000',
      light: { primary: '#aa0000' },
      radius: 8,
    });
    expect(res.json().data.contentToken).toBe('');
  });
});

describe('host normalisation', () => {
  it.each([
    ['Example.COM:3000', 'example.com'],
    ['[::1]:3000', '::1'],
    ['localhost', 'localhost'],
    [undefined, ''],
  ])('%s → %s', (input, expected) => {
    expect(normalizeHost(input)).toBe(expected);
  });
});
