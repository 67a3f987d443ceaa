import {
  brandQuote,
  pipSize,
  type Quote,
  quoteTermsFor,
  type TradingProfile,
  tickSizeOf,
} from '@openbroker/domain';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { brands } from '../../db/schema.js';
import { createTestServer, testDbKind } from '../../test/harness.js';
import { staffCall, staffSession } from '../../test/staff-kit.js';

const DEMO = 'localhost:3000';
const PRO = 'meridian.localhost:3000';

describe(`brand trading conditions through the API (${testDbKind})`, async () => {
  const server = await createTestServer();
  const { app, runtime } = server;
  const db = runtime.ctx.database.db;
  const brandId = async (slug: string) => {
    const [row] = await db.select({ id: brands.id }).from(brands).where(eq(brands.slug, slug));
    return row?.id as number;
  };
  const get = (url: string, host: string) => app.inject({ method: 'GET', url, headers: { host } });
  const brandOf = async (host: string) => (await get('/api/brand', host)).json().data;
  const page = async (host: string, slug: string, lang: string) => {
    const { contentToken } = await brandOf(host);
    const res = await app.inject({
      method: 'POST',
      url: `/api/collections/get/page?token=${contentToken}`,
      headers: { host },
      payload: { filter: { title_slug: slug }, lang },
    });
    expect(res.statusCode, res.body).toBe(200);
    return JSON.stringify(res.json().data[0]);
  };

  it('the public brand config carries the client-facing profile: markups, levels, caps, retail-loss share', async () => {
    const demo = await brandOf(DEMO);
    expect(demo.trading).toMatchObject({
      preset: 'esma',
      stopOutLevel: 0.5,
      marginCallLevel: 1,
      leverageCaps: { forexMajor: 30, forexMinor: 20, share: 5, crypto: 2 },
      retailLossPercent: 74,
    });
    expect(demo.trading.groups.forex.markup).toEqual({ unit: 'pips', value: 0.4 });
    // the web prices with the domain function from this payload, as the engine does (brandQuote)
    const profile = demo.trading as TradingProfile;
    const feed = { buy: 1.16506, sell: 1.16494 } as Quote;
    const terms = quoteTermsFor(profile, 'forex', pipSize('EURUSD', 'forex', 5), tickSizeOf(5));
    const dealing = brandQuote(feed, terms);
    expect(Number(dealing.buy) - Number(dealing.sell)).toBeCloseTo(0.0002, 10);
    const pro = await brandOf(PRO);
    expect(pro.trading).toMatchObject({ preset: 'professional', leverageCaps: null, stopOutLevel: 0.3 });
    expect(JSON.stringify(pro)).not.toMatch(/secret|apiKey/i);
  });

  it('the instrument list offers only the leverage the preset allows, with pip size and spread', async () => {
    const res = await get('/api/market/instruments', DEMO);
    expect(res.statusCode, res.body).toBe(200);
    const bySymbol = new Map<string, Record<string, unknown>>(
      res.json().data.map((i: Record<string, unknown>) => [i.symbol, i]),
    );
    expect(bySymbol.get('EURUSD')).toMatchObject({
      group: 'forex',
      precision: 5,
      pipSize: 0.0001,
      // the typical spread of the brand quote in the instrument's unit (forex: pips), and its tick
      tick: 0.00001,
      unit: 'pip',
      spread: 2,
      leverages: [1, 3, 5, 10, 15, 20, 30],
      leverageCap: 30,
    });
    expect(bySymbol.get('USDZAR')).toMatchObject({ leverages: [1, 3, 5, 10, 15, 20], leverageCap: 20 });
    expect(bySymbol.get('BTCUSD')).toMatchObject({ leverages: [1, 2], open: true, nextOpen: null });
    // crypto counts in points (one price unit): the 0.3 % markup a side on the feed's typical spread (25 around
    // 95,000): 95,012.5 × 1.003 = 95,297.5375 → 95,297.54 and 94,987.5 × 0.997 = 94,702.5375 → 94,702.53
    expect(bySymbol.get('BTCUSD')).toMatchObject({ tick: 0.01, unit: 'point', spread: 595.01 });
    const now = runtime.ctx.market.clock.now();
    for (const instrument of bySymbol.values()) {
      if (instrument.open) expect(instrument.nextOpen).toBeNull();
      else expect(Date.parse(String(instrument.nextOpen))).toBeGreaterThan(now);
    }
    const pro = new Map<string, Record<string, unknown>>(
      (await get('/api/market/instruments', PRO))
        .json()
        .data.map((i: Record<string, unknown>) => [i.symbol, i]),
    );
    expect(pro.get('EURUSD')).toMatchObject({ unit: 'pip', spread: 1.4, leverageCap: null });
    expect(pro.get('USDZAR')).toMatchObject({ leverages: [1, 3, 5, 10, 15, 20, 30] });
    // every instrument carries the brand quote of its last price (closed markets show it greyed): the
    // last feed quote, or for a market without one since the start its last minute's close ± the typical half spread
    for (const instrument of bySymbol.values()) {
      const last = instrument.last as { buy: number; sell: number } | null;
      if (last) expect(last.buy, String(instrument.symbol)).toBeGreaterThan(last.sell);
    }
    const feed = runtime.ctx.market.book.last('BTCUSD');
    if (feed) {
      const expected = brandQuote(
        { buy: feed.ask, sell: feed.bid },
        { markup: { unit: 'percent', value: 0.3 }, pipSize: 0.01, tick: 0.01 },
      );
      expect(bySymbol.get('BTCUSD')?.last).toEqual({ buy: expected.buy, sell: expected.sell });
    }
  });

  it("a market without a quote since the start shows its last candle's close as the brand's last quote", async () => {
    if (runtime.ctx.market.book.last('EURUSD')) return; // a live EURUSD quote stands for itself (checked above)
    const time = Math.floor(runtime.ctx.market.clock.now() / 60_000) * 60_000;
    runtime.ctx.market.candles.upsert('EURUSD', '1m', {
      time,
      open: 1.08,
      high: 1.081,
      low: 1.079,
      close: 1.08,
      volume: 1,
    });
    const res = await get('/api/market/instruments', DEMO);
    const eurusd = res.json().data.find((i: { symbol: string }) => i.symbol === 'EURUSD');
    // the feed's typical spread 0.00012 around 1.08, 0.4 pip a side, on the 0.00001 tick: 1.08010 / 1.07990
    expect(eurusd.last).toEqual({ buy: 1.0801, sell: 1.0799 });
  });

  it('the site advertises the spreads and leverage the terminal gives', async () => {
    const home = await page(DEMO, 'index', 'en');
    expect(home).toContain('leverage up to 1:30 and spreads from 2.0 pips');
    expect(home).not.toContain('{{');
    expect(await page(DEMO, 'index', 'de')).toContain('Hebel bis 1:30 und Spreads ab 2,0 Pips');
    const levels = await page(DEMO, 'account-levels', 'en');
    expect(levels).toContain('Spreads from 2.0 pips');
    expect(levels).toContain('<td>2.0 pips</td><td>1:30</td>');
    expect(levels).not.toMatch(/0\.6 pips|1\.2 pips/);
    expect(await page(PRO, 'index', 'en')).toContain('spreads from 1.4 pips');
    const terms = await page(DEMO, 'terms-conditions', 'en');
    expect(terms).toContain('falls to 50% of the margin in use');
    expect(terms).toContain('1:30 for major currency pairs, 1:20 for major indices and gold, 1:10 for other');
    expect(await page(PRO, 'terms-conditions', 'en')).toContain('falls to 30% of the margin in use');
    const { contentToken } = await brandOf(DEMO);
    const settings = await app.inject({
      method: 'GET',
      url: `/api/singletons/get/settings?token=${contentToken}`,
      headers: { host: DEMO },
    });
    expect(settings.json().data.risk_warning).toContain('74% of retail investor accounts lose money');
  });

  it('an admin changes a brand’s costs; a bad value is refused with a message and nothing changes', async () => {
    const id = await brandId('aurora');
    const host = 'aurora.localhost:3000';
    const admin = await staffSession(server, ['admin']);
    const heard: string[] = [];
    const stop = runtime.ctx.brands.onTradingChanged((key) => heard.push(key));
    const url = `/api/backoffice/brands/${id}/trading`;
    const before = (await staffCall(app, 'GET', url, admin.token)).json().data;
    expect(before.settings.preset).toBe('esma');

    const bad = await staffCall(app, 'PUT', url, admin.token, {
      preset: 'esma',
      leverageCaps: { forexMajor: 100 },
      groups: { forex: { markup: { unit: 'pips', value: 5 } } },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([
      expect.objectContaining({
        path: 'leverageCaps.forexMajor',
        key: 'pricing.capAbovePreset',
        message: 'Leverage 100 is above the ESMA/FCA retail cap of 30; choose 30 or less',
      }),
    ]);
    expect((await staffCall(app, 'GET', url, admin.token)).json().data).toEqual(before);
    expect((await brandOf(host)).trading.groups.forex.markup).toEqual({ unit: 'pips', value: 0.4 });
    expect(heard).toEqual([]);

    const good = await staffCall(app, 'PUT', url, admin.token, {
      preset: 'esma',
      leverageCaps: { crypto: 1 },
      groups: { forex: { markup: { unit: 'pips', value: 0.2 } } },
    });
    expect(good.statusCode, good.body).toBe(200);
    expect(good.json().data.profile.leverageCaps.crypto).toBe(1);
    expect((await brandOf(host)).trading.groups.forex.markup).toEqual({ unit: 'pips', value: 0.2 });
    expect(heard).toEqual([`brand:${id}`]);
    const profiles = await runtime.ctx.brands.tradingProfiles();
    expect(profiles.get(`brand:${id}`)?.groups.forex.markup).toEqual({ unit: 'pips', value: 0.2 });
    expect(profiles.get(`brand:${await brandId('meridian')}`)?.preset).toBe('professional');
    stop();
  });

  it('only admins change trading settings', async () => {
    const support = await staffSession(server, ['support']);
    const res = await staffCall(
      app,
      'PUT',
      `/api/backoffice/brands/${await brandId('helix')}/trading`,
      support.token,
      {
        preset: 'professional',
      },
    );
    expect(res.statusCode).toBe(403);
  });
});
