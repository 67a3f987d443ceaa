import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { assets } from '../../db/schema.js';
import { loadCatalogue } from '../../market/instruments.js';
import { registerClient } from '../../test/factories.js';
import { createTestServer, testDbKind } from '../../test/harness.js';

describe(`countries and assets for logged-in clients (${testDbKind})`, async () => {
  const { app, runtime } = await createTestServer({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
  const client = await registerClient(app);

  it('lists every country as {id, name, alpha2, phone_code}, by name, with the token in the query', async () => {
    const res = await app.inject({ method: 'GET', url: `/api/get/countries?token=${client.token}` });
    expect(res.statusCode).toBe(200);
    const { status, data } = res.json();
    expect(status).toBe(true);
    expect(data.length).toBeGreaterThanOrEqual(249);
    expect(data).toContainEqual({ id: expect.any(Number), name: 'Germany', alpha2: 'DE', phone_code: '49' });
    const names = data.map((c: { name: string }) => c.name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    for (const country of data)
      expect(Object.keys(country).sort()).toEqual(['alpha2', 'id', 'name', 'phone_code']);
  });

  it('takes the token from the bearer header as well', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/get/countries',
      headers: { authorization: `Bearer ${client.token}` },
    });
    expect(res.statusCode).toBe(200);
  });

  it('lists the instrument catalogue synced on start, each with its category name and leverage list (spec §3 asset)', async () => {
    const res = await app.inject({ method: 'GET', url: `/api/get/assets?token=${client.token}` });
    expect(res.statusCode).toBe(200);
    const data = res.json().data as Array<{ symbol: string }>;
    expect(data).toHaveLength(loadCatalogue().instruments.length);
    expect(data).toContainEqual({
      id: expect.any(Number),
      name: 'BINANCE:BTCUSDT',
      symbol: 'BTCUSD',
      code: 'BTCUSD',
      asset_category_id: 3,
      position_assets_category: { name: 'crypto', leverage: '1,2' },
    });
    expect(data).toContainEqual({
      id: expect.any(Number),
      name: 'FX:EURUSD',
      symbol: 'EURUSD',
      code: 'EURUSD',
      asset_category_id: 1,
      position_assets_category: { name: 'forex', leverage: '1,3,5,10,15,20,30' },
    });
  });

  it('leaves out instruments staff disabled', async () => {
    await runtime.ctx.database.db.update(assets).set({ enabled: false }).where(eq(assets.symbol, 'DOGEUSD'));
    await runtime.ctx.database.db.insert(assets).values({
      symbol: 'OLDCOIN',
      name: 'BINANCE:OLDUSDT',
      displayName: 'Delisted',
      code: 'OLD',
      assetCategoryId: 3,
      enabled: false,
    });
    const res = await app.inject({ method: 'GET', url: `/api/get/assets?token=${client.token}` });
    const symbols = (res.json().data as Array<{ symbol: string }>).map((a) => a.symbol);
    expect(symbols).not.toContain('OLDCOIN');
    expect(symbols).not.toContain('DOGEUSD');
    expect(symbols).toContain('BTCUSD');
  });

  it('refuses a made-up token of plausible length with 401', async () => {
    const res = await app.inject({ method: 'GET', url: `/api/get/assets?token=${'x'.repeat(199)}` });
    expect(res.statusCode).toBe(401);
  });
});
