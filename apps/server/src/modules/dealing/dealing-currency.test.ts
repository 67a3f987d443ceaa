/**
 * The dealing desk across brands that book in different currencies, on a real database: a EUR brand's and a USD
 * brand's positions in the same instrument are two rows (never one sum), every amount names its currency, and the
 * snapshot carries the feed's rate so the whole book converts into one reporting currency at the rate shown.
 */
import { convertTotal, money } from '@openbroker/domain';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { brands, tradingAccounts, users } from '../../db/schema.js';
import { createTestServer, testDbKind } from '../../test/harness.js';
import { paymentKit } from '../../test/payments-kit.js';
import { staffCall, staffSession } from '../../test/staff-kit.js';

describe(`dealing desk per currency (${testDbKind})`, async () => {
  const server = await createTestServer({ AUTH_RATE_LIMIT_PER_MINUTE: '100000' });
  const { app, runtime } = server;
  const { ctx } = runtime;
  const { db } = ctx.database;
  afterAll(async () => {
    await app.close();
  });
  const kit = paymentKit(app, db, ctx.config.paymentSandboxSecret);

  const [demo] = await db.select().from(brands).where(eq(brands.slug, 'demo'));
  if (!demo) throw new Error('the demo seed has the brand demo');
  // two brands without trading settings (spec pricing), one booking in EUR and one in USD
  const { trading: _trading, ...plainSettings } = demo.settings;
  const [euro] = await db
    .insert(brands)
    .values({
      slug: 'ccy-euro',
      name: 'Euro Markets',
      hosts: ['ccy-euro.test'],
      settings: { ...plainSettings, currency: 'EUR', currencySymbol: '€' },
    })
    .returning();
  const [dollar] = await db
    .insert(brands)
    .values({
      slug: 'ccy-dollar',
      name: 'Dollar Trade',
      hosts: ['ccy-dollar.test'],
      settings: { ...plainSettings, currency: 'USD', currencySymbol: '$' },
    })
    .returning();
  if (!euro || !dollar) throw new Error('brands stored');
  const dealer = await staffSession(server, ['dealer'], [euro.id, dollar.id]);

  const quote = (symbol: string, mid: number) =>
    expect(ctx.market.ingest({ symbol, bid: mid, ask: mid, ts: Date.now() })).toBe(true);

  /** A client of `brandId` with 10,000 in the brand's currency, holding one BTCUSD buy of `amount` (leverage 1). */
  const holder = async (brandId: number, amount: number) => {
    const c = await kit.client();
    await db
      .update(users)
      .set({ brandId, verifiedAccount: true, assetsGroupPermission: [1, 2, 3, 4, 5] })
      .where(eq(users.id, c.id));
    // the client's account moves with it, in the brand's currency (as registering on that brand opens it)
    const [brand] = await db.select().from(brands).where(eq(brands.id, brandId));
    await db
      .update(tradingAccounts)
      .set({ brandId, currency: brand?.settings.currency ?? 'EUR' })
      .where(eq(tradingAccounts.userId, c.id));
    await ctx.trading.ensureAccount(c.id);
    await ctx.trading.refreshAccount(c.id);
    const funded = await ctx.trading.adjustBalance({
      accountId: c.id,
      now: Date.now(),
      amount: money(10_000),
      kind: 'adjustment',
      cause: { staffAction: `desk-currency-test-${c.id}` },
    });
    expect(funded.ok).toBe(true);
    quote('BTCUSD', 50_000);
    const opened = await ctx.trading.open({
      accountId: c.id,
      symbol: 'BTCUSD',
      direction: 'buy',
      amount,
      leverage: 1,
      price: 50_000 * 1.00025,
      now: Date.now(),
    });
    expect(opened.ok, JSON.stringify(opened)).toBe(true);
    return c;
  };

  it("keeps a EUR brand's and a USD brand's BTCUSD exposure apart and converts the book at the feed's EURUSD mid", async () => {
    // EURUSD's last price: on a weekend its market is closed and this is the last known price, marked so
    quote('EURUSD', 1.25);
    const eurClient = await holder(euro.id, 1_000);
    const usdClient = await holder(dollar.id, 5_000);

    const res = await staffCall(app, 'GET', '/api/backoffice/dealing/desk', dealer.token);
    expect(res.statusCode, res.body).toBe(200);
    const desk = res.json().data;
    expect(desk.currencies).toEqual(['EUR', 'USD']);
    const btc = desk.instruments.filter((r: { symbol: string }) => r.symbol === 'BTCUSD');
    // €1,000 and $5,000: two rows, never "Long 6,000"
    expect(btc.map((r: { currency: string; longVolume: number }) => [r.currency, r.longVolume])).toEqual([
      ['EUR', 1_000],
      ['USD', 5_000],
    ]);
    expect(
      desk.totals.currencies.map((c: { currency: string; netVolume: number }) => [c.currency, c.netVolume]),
    ).toEqual([
      ['EUR', 1_000],
      ['USD', 5_000],
    ]);
    const crypto = desk.groups.find((g: { group: string }) => g.group === 'crypto');
    expect(crypto.currencies.map((c: { currency: string }) => c.currency)).toEqual(['EUR', 'USD']);
    // each account in its own brand's currency
    const currencyOf = (id: number) =>
      desk.nearest.find((a: { userId: number }) => a.userId === id)?.currency;
    expect(currencyOf(eurClient.id)).toBe('EUR');
    expect(currencyOf(usdClient.id)).toBe('USD');

    // the rate as the feed gave it: EURUSD mid 1.25, live only while its market is open
    const eurusd = desk.rates.find((r: { pair: string }) => r.pair === 'EURUSD');
    expect(eurusd).toMatchObject({ base: 'EUR', quote: 'USD', mid: '1.25' });
    expect(eurusd.live).toBe(ctx.market.book.availability('EURUSD', ctx.market.clock.now()) === 'available');
    const net = desk.totals.currencies.map((c: { currency: string; netVolume: number }) => ({
      currency: c.currency,
      amount: c.netVolume,
    }));
    // in USD: 1,000 × 1.25 + 5,000; in EUR: 1,000 + 5,000 ÷ 1.25
    expect(convertTotal(net, 'USD', desk.rates)).toMatchObject({ ok: true, amount: 6_250 });
    expect(convertTotal(net, 'EUR', desk.rates)).toMatchObject({ ok: true, amount: 5_000 });
    // a pair the feed has not priced in this run: no rate, no guessed total
    if (!desk.rates.some((r: { pair: string }) => r.pair === 'GBPUSD' || r.pair === 'EURGBP'))
      expect(convertTotal(net, 'GBP', desk.rates)).toMatchObject({ ok: false, missing: ['EUR', 'USD'] });

    // the open positions list names each position's currency
    const list = await staffCall(app, 'GET', '/api/backoffice/positions?symbol=BTCUSD', dealer.token);
    expect(list.statusCode, list.body).toBe(200);
    const currencyOfPosition = (id: number) =>
      list.json().data.items.find((p: { userId: number }) => p.userId === id)?.currency;
    expect(currencyOfPosition(eurClient.id)).toBe('EUR');
    expect(currencyOfPosition(usdClient.id)).toBe('USD');

    // the list's exposure per symbol is per currency too
    const exposure = await staffCall(app, 'GET', '/api/backoffice/exposure', dealer.token);
    expect(
      exposure
        .json()
        .data.filter((r: { symbol: string }) => r.symbol === 'BTCUSD')
        .map((r: { currency: string; buyAmount: string }) => [r.currency, r.buyAmount]),
    ).toEqual([
      ['EUR', '1000.00'],
      ['USD', '5000.00'],
    ]);

    // one brand's filter shows its currency only
    const dollarOnly = await staffCall(
      app,
      'GET',
      `/api/backoffice/dealing/desk?brandId=${dollar.id}`,
      dealer.token,
    );
    expect(dollarOnly.json().data.currencies).toEqual(['USD']);
  });

  it('names the currency of each close in the closes stream', async () => {
    const c = await holder(dollar.id, 300);
    const [open] = ctx.trading.positions(c.id).open;
    expect(open).toBeDefined();
    const closed = await ctx.trading.close({ accountId: c.id, positionId: open?.id ?? 0, now: Date.now() });
    expect(closed.ok).toBe(true);
    const res = await staffCall(
      app,
      'GET',
      `/api/backoffice/dealing/closes?brandId=${dollar.id}`,
      dealer.token,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data[0]).toMatchObject({ userId: c.id, currency: 'USD', brandSlug: 'ccy-dollar' });
  });
});
