import { describe, expect, it } from 'vitest';
import { brands } from '../../db/schema.js';
import { DEMO_BRAND_SETTINGS } from '../../db/seed.js';
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

  it('never leaks operational settings such as the home slug', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/brand', headers: { host: 'localhost' } });
    expect(res.json().data).not.toHaveProperty('homeSlug');
    expect(res.json().data).not.toHaveProperty('id');
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
