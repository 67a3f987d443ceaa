import {
  brandQuote,
  DEFAULT_TRADING_PROFILE,
  FillAudit,
  pipSize,
  quoteTermsFor,
  tickSizeOf,
} from '@openbroker/domain';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { fillAudits, users } from '../../db/schema.js';
import { systemClock } from '../../market/clock.js';
import { TickRing } from '../../market/tick-ring.js';
import { firstAccountOf } from '../../test/accounts-kit.js';
import { createTestServer, testDbKind } from '../../test/harness.js';
import { paymentKit } from '../../test/payments-kit.js';
import { staffSession } from '../../test/staff-kit.js';
import { brandProfileKey } from '../brands/brand-trading.js';
import { FillAuditRepo } from './fill-audit.repo.js';
import { FILL_WINDOW_MS, FillAuditService } from './fill-audit.service.js';

/** RFC 4180 lines of quoted cells (as lib/csv.ts writes them). */
function parseCsv(text: string): string[][] {
  return text
    .split('\r\n')
    .filter((line) => line !== '')
    .map((line) => [...line.matchAll(/"((?:[^"]|"")*)"/g)].map((m) => (m[1] ?? '').replace(/""/g, '"')));
}

/**
 * The fill audit: each open and close stores, with the trade, the feed quote the engine dealt at, the brand's markup
 * and the brand quote; the check passes for the engine's fills; the feed's quotes around a fill are written once the
 * minute after it passed; a client reads only their own fills.
 */
describe(`fill audit (${testDbKind})`, async () => {
  const server = await createTestServer({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
  const { app, runtime } = server;
  const { ctx } = runtime;
  const { db } = ctx.database;
  const kit = paymentKit(app, db, ctx.config.paymentSandboxSecret);
  const operator = { authorization: `Bearer ${ctx.operatorToken}`, 'x-operator': 'fill-audit-test' };

  const trader = async () => {
    const client = await kit.client();
    await db
      .update(users)
      .set({ verifiedAccount: true, assetsGroupPermission: [1, 2, 3, 4, 5] })
      .where(eq(users.id, client.id));
    const created = await kit.create(client.token, { amount: 1000, method: 2 });
    expect(created.statusCode, created.body).toBe(200);
    const reference = created.json().data.transaction_id as string;
    const confirmed = await app.inject({
      method: 'POST',
      url: `/api/admin/transactions/${reference}/confirm`,
      headers: operator,
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    await ctx.trading.refreshAccount(client.id);
    const [row] = await db.select({ brandId: users.brandId }).from(users).where(eq(users.id, client.id));
    return { ...client, brandId: row?.brandId as number };
  };
  const audit = (token: string | undefined, positionId: number, kind: string, query = '') =>
    app.inject({
      method: 'GET',
      url: `/api/fill-audit/${positionId}/${kind}${query}`,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
  const auditOf = async (token: string, positionId: number, kind: 'open' | 'close') => {
    const res = await audit(token, positionId, kind);
    expect(res.statusCode, res.body).toBe(200);
    return FillAudit.parse(res.json().data);
  };

  const a = await trader();
  const b = await trader();
  const openedAt = Date.now();
  const feedOpen = { symbol: 'BTCUSD', bid: 64_000, ask: 64_010, ts: openedAt };
  expect(ctx.market.ingest(feedOpen)).toBe(true);
  const opened = await ctx.trading.open({
    accountId: a.id,
    now: openedAt,
    symbol: 'BTCUSD',
    direction: 'buy',
    amount: 100,
    leverage: 2,
    price: 64_010 * 1.00025,
  });
  if (!opened.ok) throw new Error(opened.rejection.message.key);
  const event = opened.events.find((e) => e.type === 'position.opened');
  if (event?.type !== 'position.opened') throw new Error('no position opened');
  const position = event.position;
  const feedClose = { symbol: 'BTCUSD', bid: 64_500.5, ask: 64_511, ts: Date.now() };
  expect(ctx.market.ingest(feedClose)).toBe(true);
  const closed = await ctx.trading.close({ accountId: a.id, now: Date.now(), positionId: position.id });
  if (!closed.ok) throw new Error(closed.rejection.message.key);
  const closeEvent = closed.events.find((e) => e.type === 'position.closed');
  if (closeEvent?.type !== 'position.closed') throw new Error('no position closed');

  // the brand's markup on crypto as the engine deals it
  const profile =
    (await ctx.brands.tradingProfiles()).get(brandProfileKey(a.brandId)) ?? DEFAULT_TRADING_PROFILE;
  const instrument = ctx.market.catalogue.get('BTCUSD');
  if (!instrument) throw new Error('no BTCUSD');
  const terms = quoteTermsFor(
    profile,
    'crypto',
    pipSize('BTCUSD', 'crypto', instrument.precision),
    tickSizeOf(instrument.precision),
  );

  it("records the open with the feed quote it was dealt at, the brand's markup and quote, and the check passes", async () => {
    const open = await auditOf(a.token, position.id, 'open');
    const expected = brandQuote({ buy: feedOpen.ask, sell: feedOpen.bid }, terms);
    expect(open).toMatchObject({
      positionId: position.id,
      kind: 'open',
      symbol: 'BTCUSD',
      direction: 'buy',
      cause: 'client',
      fillPrice: position.openRate,
      feed: { bid: 64_000, ask: 64_010, at: new Date(openedAt).toISOString() },
      markup: terms.markup,
      tick: terms.tick,
      quote: { buy: expected.buy, sell: expected.sell },
    });
    expect(open.check).toMatchObject({ side: 'buy', pass: true, quoteMatches: true, difference: 0 });
    expect(open.check.expected).toBe(position.openRate);
    expect(open.window.state).toBe('pending');
  });

  it('records the close at the sell side of the brand quote then, and the check passes', async () => {
    const close = await auditOf(a.token, position.id, 'close');
    const expected = brandQuote({ buy: feedClose.ask, sell: feedClose.bid }, terms);
    expect(close).toMatchObject({
      kind: 'close',
      cause: 'manual',
      fillPrice: closeEvent.position.closedRate,
      feed: { bid: 64_500.5, ask: 64_511 },
      quote: { buy: expected.buy, sell: expected.sell },
    });
    expect(close.check).toMatchObject({ side: 'sell', pass: true, expected: expected.sell });
  });

  it("answers 404 for another client's fill, an unknown position and without a session 401", async () => {
    expect((await audit(b.token, position.id, 'open')).statusCode).toBe(404);
    expect((await audit(b.token, position.id, 'close')).statusCode).toBe(404);
    expect((await audit(a.token, 2_000_000_000, 'open')).statusCode).toBe(404);
    expect((await audit(undefined, position.id, 'open')).statusCode).toBe(401);
    // a staff member's token is no client session here (staff have no fill-audit screen)
    expect((await audit((await staffSession(server, ['admin'])).token, position.id, 'open')).statusCode).toBe(
      401,
    );
    expect((await audit(a.token, position.id, 'middle')).statusCode).toBe(400);
    expect((await audit(a.token, -1, 'open')).statusCode).toBe(400);
    expect((await audit(a.token, 99_999_999_999, 'open')).statusCode).toBe(400);
  });

  it('writes the feed quotes a minute either side once that minute passed; a restart within it leaves it partial', async () => {
    const repo = new FillAuditRepo(db);
    const later = { ...systemClock, now: () => Date.now() + FILL_WINDOW_MS + 1_000 };
    // a ring that listened from before the fill: complete
    const ring = new TickRing({ startedAt: openedAt - 5 * 60_000 });
    ring.push({ symbol: 'BTCUSD', bid: 63_990, ask: 64_000, ts: openedAt - 90_000 }); // before the window
    ring.push({ symbol: 'BTCUSD', bid: 63_995, ask: 64_005, ts: openedAt - 30_000 });
    ring.push(feedOpen);
    ring.push({ symbol: 'ETHUSD', bid: 3_000, ask: 3_001, ts: openedAt + 1_000 }); // another symbol
    ring.push({ symbol: 'BTCUSD', bid: 64_100, ask: 64_110, ts: openedAt + 30_000 });
    const writer = new FillAuditService(repo, { clock: later, ring, log: { error: () => {} } });
    // not yet due at the real time
    const early = new FillAuditService(repo, { clock: systemClock, ring, log: { error: () => {} } });
    await early.writeDue();
    expect((await auditOf(a.token, position.id, 'open')).window.state).toBe('pending');
    expect(await writer.writeDue()).toBeGreaterThanOrEqual(2);
    const open = await auditOf(a.token, position.id, 'open');
    expect(open.window.state).toBe('complete');
    expect(open.window.quotes.map((q) => [q.bid, q.ask])).toEqual([
      [63_995, 64_005],
      [64_000, 64_010],
      [64_100, 64_110],
    ]);
    expect(open.window.quotes).toContainEqual({ at: open.feed.at, bid: open.feed.bid, ask: open.feed.ask });
    // written once: a second writer changes nothing
    await writer.writeDue();
    expect((await auditOf(a.token, position.id, 'open')).window.quotes).toHaveLength(3);

    // a fill whose window began before the ring started listening (the server restarted): partial
    const [row] = await db
      .insert(fillAudits)
      .values({
        userId: a.id,
        accountId: firstAccountOf(a.id),
        positionId: 2_000_000_001,
        kind: 'open',
        symbol: 'BTCUSD',
        direction: 'sell',
        cause: 'client',
        filledAt: new Date(openedAt),
        fillPrice: '63000',
        feedBid: '63000',
        feedAsk: '63010',
        feedAt: new Date(openedAt),
        markupUnit: 'percent',
        markupValue: '0.025',
        pipSize: '1',
        tick: '0.01',
        quoteBuy: '63025.26',
        quoteSell: '62984.25',
      })
      .returning();
    const restarted = new FillAuditService(repo, {
      clock: later,
      ring: new TickRing({ startedAt: openedAt + 10_000 }),
      log: { error: () => {} },
    });
    await restarted.writeDue();
    const partial = await auditOf(a.token, row?.positionId as number, 'open');
    expect(partial.window.state).toBe('partial');
    expect(partial.check.pass).toBe(false); // 63000 is not the quote's sell of 62984.25
  });

  it('downloads the audit as CSV with the check and the quotes', async () => {
    const res = await audit(a.token, position.id, 'open', '?format=csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toContain(`fill-audit-${position.id}-open.csv`);
    const rows = parseCsv(res.body);
    expect(rows).toContainEqual(['check', 'pass']);
    expect(rows).toContainEqual(['fill price', String(position.openRate)]);
    expect(rows).toContainEqual(['feed ask', '64010']);
    expect(rows.at(-1)?.[1]).toBe('64100');
    expect((await audit(b.token, position.id, 'open', '?format=csv')).statusCode).toBe(404);
  });
});
