/**
 * The dealing desk over the API and the `/backoffice` socket, on a real database: the desk's figures
 * against hand-computed ones, brand scope, the live push and its end, the broker close as the client hears it,
 * halted symbols, and the audit rows.
 */
import { DEALING_EVENTS, SOCKET_EVENTS } from '@openbroker/domain';
import { and, eq } from 'drizzle-orm';
import { io, type Socket } from 'socket.io-client';
import { afterAll, describe, expect, it } from 'vitest';
import { brands, positions, users } from '../../db/schema.js';
import { loginToken } from '../../test/factories.js';
import { createTestServer, testDbKind } from '../../test/harness.js';
import { paymentKit } from '../../test/payments-kit.js';
import { bookAdjustment, staffCall, staffSession } from '../../test/staff-kit.js';
import { verifyAuditChain } from '../audit/audit.repo.js';
import { verifyLedger } from '../ledger/ledger.verify.js';
import { attachDealingDesk } from './dealing.live.js';

describe(`dealing desk (${testDbKind})`, async () => {
  const server = await createTestServer({ AUTH_RATE_LIMIT_PER_MINUTE: '100000' }, { sockets: true });
  const { app, runtime, url, realtime } = server;
  const { ctx } = runtime;
  const { db } = ctx.database;
  if (!url || !realtime) throw new Error('sockets listen');
  // wired by realtime/backoffice-socket.ts in the app; attaching again answers the same desk
  const desk = attachDealingDesk(realtime.io.of('/backoffice'), ctx, { intervalMs: 100 });
  const sockets: Socket[] = [];
  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await app.close();
  });
  const kit = paymentKit(app, db, ctx.config.paymentSandboxSecret);

  const [demo] = await db.select().from(brands).where(eq(brands.slug, 'demo'));
  if (!demo) throw new Error('the demo seed has the brand demo');
  const { trading: _trading, ...plainSettings } = demo.settings;
  // Two brands of their own, without trading settings: spec pricing (buy = ask × 1.00025, sell = bid × 0.99975),
  // so every figure below can be worked out by hand.
  const [lab] = await db
    .insert(brands)
    .values({ slug: 'desk-lab', name: 'Desk Lab', hosts: ['desk-lab.test'], settings: plainSettings })
    .returning();
  const [other] = await db
    .insert(brands)
    .values({ slug: 'desk-other', name: 'Desk Other', hosts: ['desk-other.test'], settings: plainSettings })
    .returning();
  if (!lab || !other) throw new Error('brands stored');
  const dealer = await staffSession(server, ['dealer'], [lab.id]);
  const outsider = await staffSession(server, ['dealer'], [other.id]);
  const finance = await staffSession(server, ['finance']);
  const demoDealer = await staffSession(server, ['dealer'], [demo.id]);

  const mids = new Map<string, number>();
  const quote = (symbol: string, mid: number) => {
    mids.set(symbol, mid);
    expect(ctx.market.ingest({ symbol, bid: mid, ask: mid, ts: Date.now() })).toBe(true);
  };
  /** The same prices again, now: a slow machine must not let them go stale between two steps. */
  const fresh = () => {
    for (const [symbol, mid] of mids) quote(symbol, mid);
  };

  /** A verified client of `brandId` (default: the demo brand, whose host the tests sign in on) funded with 5,000. */
  const trader = async (brandId?: number) => {
    const c = await kit.client();
    await db
      .update(users)
      .set({ ...(brandId ? { brandId } : {}), verifiedAccount: true, assetsGroupPermission: [1, 2, 3, 4, 5] })
      .where(eq(users.id, c.id));
    await ctx.trading.refreshAccount(c.id);
    const funded = await bookAdjustment(server, finance.token, c.id, {
      kind: 'correction',
      amount: '5000.00',
      reason: 'Test funds',
    });
    expect(funded.statusCode, funded.body).toBe(200);
    const open = async (symbol: string, direction: 'buy' | 'sell', amount: number, leverage: number) => {
      fresh();
      const position = await ctx.trading.open({
        accountId: c.id,
        symbol,
        direction,
        amount,
        leverage,
        price:
          // the last quote, not the tradable one: `book.get` says nothing for EURUSD on a weekend, and this test must
          // pass on any day (the engine deals on the quotes it is fed; its market hours are not under test here)
          (ctx.market.book.last(symbol)?.ask ?? 0) * (direction === 'buy' ? 1.00025 : 0.99975),
        now: Date.now(),
      });
      expect(position.ok, JSON.stringify(position)).toBe(true);
      const event = position.ok ? position.events.find((e) => e.type === 'position.opened') : undefined;
      return event?.type === 'position.opened' ? event.position.id : 0;
    };
    return { ...c, open };
  };

  const connect = (namespace: string, token: string) => {
    const socket = io(`${url}${namespace}`, {
      auth: { token },
      transports: ['websocket'],
      reconnection: false,
    });
    sockets.push(socket);
    return socket;
  };
  const connected = (socket: Socket) =>
    new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
  const subscribe = (socket: Socket, payload: object) =>
    new Promise<{ ok: boolean; error?: string }>((resolve) =>
      socket.emit(DEALING_EVENTS.subscribe, payload, resolve),
    );

  it('sums exposure per instrument and asset class and finds the accounts nearest to stop-out, as worked out by hand', async () => {
    quote('BTCUSD', 40_000);
    quote('EURUSD', 1.2);
    const first = await trader(lab.id);
    const second = await trader(lab.id);
    // buy at 40,010 (1,000 × 2 = 2,000 notional), sell at 39,990 (500 × 1), buy EURUSD at 1.2003 (100 × 30)
    await first.open('BTCUSD', 'buy', 1000, 2);
    await first.open('EURUSD', 'buy', 100, 30);
    await second.open('BTCUSD', 'sell', 500, 1);
    // BTCUSD now sells at 43,989 and buys at 44,011
    quote('BTCUSD', 44_000);

    const res = await staffCall(app, 'GET', `/api/backoffice/dealing/desk?brandId=${lab.id}`, dealer.token);
    expect(res.statusCode, res.body).toBe(200);
    const snapshot = res.json().data;
    // buy: (43,989 − 40,010) × 2,000 ÷ 40,010 = 198.90; sell: (39,990 − 44,011) × 500 ÷ 39,990 = −50.28
    expect(snapshot.instruments.find((r: { symbol: string }) => r.symbol === 'BTCUSD')).toEqual({
      symbol: 'BTCUSD',
      currency: 'EUR',
      group: 'crypto',
      longVolume: 2000,
      shortVolume: 500,
      netVolume: 1500,
      longMargin: 1000,
      shortMargin: 500,
      positions: 2,
      longPositions: 1,
      shortPositions: 1,
      clientsProfit: 148.62,
      brokerProfit: -148.62,
    });
    // EURUSD: (1.1997 − 1.2003) × 3,000 ÷ 1.2003 = −1.50
    expect(snapshot.instruments.find((r: { symbol: string }) => r.symbol === 'EURUSD')).toMatchObject({
      group: 'forex',
      longVolume: 3000,
      shortVolume: 0,
      netVolume: 3000,
      positions: 1,
      clientsProfit: -1.5,
      brokerProfit: 1.5,
    });
    expect(snapshot.groups.map((g: { group: string }) => g.group)).toEqual([
      'forex',
      'stocks',
      'crypto',
      'commodities',
      'index',
    ]);
    expect(snapshot.groups.find((g: { group: string }) => g.group === 'crypto').currencies).toEqual([
      expect.objectContaining({ currency: 'EUR', longVolume: 2000, shortVolume: 500, clientsProfit: 148.62 }),
    ]);
    expect(snapshot.groups.find((g: { group: string }) => g.group === 'stocks').currencies).toEqual([]);
    expect(snapshot.totals).toEqual({
      accounts: 2,
      currencies: [
        expect.objectContaining({
          currency: 'EUR',
          longVolume: 5000,
          shortVolume: 500,
          netVolume: 4500,
          positions: 3,
          clientsProfit: 147.12,
          brokerProfit: -147.12,
        }),
      ],
    });
    // first: equity 5,000 + 198.90 − 1.50 = 5,197.40 on 1,100 margin = 472.49 %; second: 4,949.72 ÷ 500 = 989.94 %
    expect(snapshot.nearest).toEqual([
      expect.objectContaining({
        userId: first.id,
        clientName: 'Dana Deposit',
        brandSlug: 'desk-lab',
        currency: 'EUR',
        balance: 5000,
        equity: 5197.4,
        usedMargin: 1100,
        marginLevel: 472.49,
        positions: 2,
        stopOutLevel: 50,
      }),
      expect.objectContaining({ userId: second.id, equity: 4949.72, usedMargin: 500, marginLevel: 989.94 }),
    ]);
    expect(snapshot.computeMs).toBeGreaterThanOrEqual(0);
  });

  it("never shows another brand's positions, closes or accounts; another brand's filter is a 404", async () => {
    const foreign = await trader(other.id);
    await foreign.open('BTCUSD', 'buy', 700, 1);
    const mine = await staffCall(app, 'GET', '/api/backoffice/dealing/desk', dealer.token);
    expect(mine.json().data.totals.currencies[0].positions).toBe(3);
    expect(mine.json().data.nearest.some((a: { userId: number }) => a.userId === foreign.id)).toBe(false);
    const theirs = await staffCall(app, 'GET', '/api/backoffice/dealing/desk', outsider.token);
    expect(theirs.json().data.totals).toMatchObject({
      accounts: 1,
      currencies: [{ currency: 'EUR', positions: 1, longVolume: 700 }],
    });
    expect(
      (await staffCall(app, 'GET', `/api/backoffice/dealing/desk?brandId=${lab.id}`, outsider.token))
        .statusCode,
    ).toBe(404);
    expect(
      (await staffCall(app, 'GET', `/api/backoffice/dealing/closes?brandId=${lab.id}`, outsider.token))
        .statusCode,
    ).toBe(404);
    // finance may not read the desk
    expect((await staffCall(app, 'GET', '/api/backoffice/dealing/desk', finance.token)).statusCode).toBe(403);
  });

  it('pushes the desk every interval to a subscribed dealer and the closes of their brands; stops on disconnect', async () => {
    const socket = connect('/backoffice', dealer.token);
    const desks: { totals: { currencies: { positions: number }[] } }[] = [];
    const closes: { positionId: number; kind: string; brandId: number }[] = [];
    socket.on(DEALING_EVENTS.desk, (d) => desks.push(d));
    socket.on(DEALING_EVENTS.closed, (c) => closes.push(c));
    await connected(socket);
    const foreignSocket = connect('/backoffice', outsider.token);
    const foreignCloses: unknown[] = [];
    foreignSocket.on(DEALING_EVENTS.closed, (c) => foreignCloses.push(c));
    await connected(foreignSocket);

    expect(await subscribe(socket, { brandId: other.id })).toEqual({ ok: false, error: 'NOT_FOUND' });
    expect(await subscribe(socket, {})).toEqual({ ok: true });
    expect(await subscribe(foreignSocket, {})).toEqual({ ok: true });
    await expect.poll(() => desks.length, { timeout: 5_000 }).toBeGreaterThanOrEqual(3);
    expect(desks[0]?.totals.currencies[0]?.positions).toBe(3);

    // a new position shows in the next push, without asking
    const t = await trader(lab.id);
    const id = await t.open('EURUSD', 'sell', 200, 10);
    await expect.poll(() => desks.at(-1)?.totals.currencies[0]?.positions, { timeout: 5_000 }).toBe(4);

    // the client closes it: the stream hears it at once, the other brand's dealer does not
    fresh();
    const closed = await ctx.trading.close({ accountId: t.id, positionId: id, now: Date.now() });
    expect(closed.ok).toBe(true);
    await expect
      .poll(() => closes.find((c) => c.positionId === id), { timeout: 5_000 })
      .toMatchObject({
        kind: 'client',
        brandId: lab.id,
        quote: { buy: 1.2003, sell: 1.1997 },
      });
    const first = await staffCall(app, 'GET', '/api/backoffice/dealing/closes', dealer.token);
    expect(first.json().data[0]).toMatchObject({ positionId: id, kind: 'client', symbol: 'EURUSD' });
    expect(foreignCloses).toEqual([]);

    expect(desk.subscribers()).toBe(2);
    socket.disconnect();
    foreignSocket.emit(DEALING_EVENTS.unsubscribe);
    await expect.poll(() => desk.subscribers(), { timeout: 5_000 }).toBe(0);
    // nothing is pushed any more (a round with nobody subscribed sends nothing)
    const heard = desks.length;
    await desk.round();
    expect(desks.length).toBe(heard);
  });

  it('refuses the desk socket to staff without exposure.read', async () => {
    const socket = connect('/backoffice', finance.token);
    await connected(socket);
    expect(await subscribe(socket, {})).toEqual({ ok: false, error: 'FORBIDDEN' });
  });

  it('closes by the broker with the reason the client hears at once and History keeps; audited', async () => {
    // a client of the brand the test host resolves to, so their terminal socket connects
    const t = await trader();
    const id = await t.open('BTCUSD', 'buy', 300, 1);
    const trading = connect('/trading', await loginToken(app, t.email, t.password));
    const notices: { kind: string; cause?: string; position?: { id: number; close_context?: object } }[] = [];
    trading.on(SOCKET_EVENTS.notice, (n) => notices.push(n));
    await connected(trading);

    const res = await staffCall(
      app,
      'POST',
      `/api/backoffice/clients/${t.id}/positions/${id}/close`,
      demoDealer.token,
      {
        reason: 'Suspected price abuse',
      },
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.position).toMatchObject({ id, closingReason: 0, closingCause: 'broker' });
    await expect
      .poll(() => notices.find((n) => n.position?.id === id), { timeout: 5_000 })
      .toMatchObject({
        kind: 'closed',
        cause: 'broker',
        reason: 0,
        position: { close_context: { by: 'staff', reason: 'Suspected price abuse' } },
      });
    const [row] = await db.select().from(positions).where(eq(positions.id, id));
    expect(row).toMatchObject({ closingReason: 0, closeCause: 'broker' });
    expect(row?.closeContext).toMatchObject({ by: 'staff', reason: 'Suspected price abuse' });
    // the history the client reads (engine, then from the database after a restart)
    const history = ctx.trading.positions(t.id).history.find((p) => p.id === id);
    expect(history).toMatchObject({
      closingCause: 'broker',
      close_context: { reason: 'Suspected price abuse' },
    });
    const stored = await db.query.auditLog.findMany({
      where: (a, { and, eq }) => and(eq(a.userId, t.id), eq(a.action, 'position.close')),
    });
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ reason: 'Suspected price abuse', role: 'dealer' });
    const closes = await staffCall(app, 'GET', '/api/backoffice/dealing/closes', demoDealer.token);
    expect(closes.json().data.find((c: { positionId: number }) => c.positionId === id)).toMatchObject({
      kind: 'staff',
      reason: 'Suspected price abuse',
    });
    expect(await verifyLedger(db)).toEqual([]);
  });

  it('halts a symbol for a brand: opens, orders and changes refused with "Temporarily unavailable", closing allowed; audited', async () => {
    quote('EURUSD', 1.2);
    const t = await trader(lab.id);
    const held = await t.open('EURUSD', 'buy', 100, 10);
    fresh();
    const order = await ctx.trading.placeOrder({
      accountId: t.id,
      now: Date.now(),
      symbol: 'EURUSD',
      direction: 'buy',
      orderType: 'limit',
      price: 1.1,
      amount: 100,
      leverage: 10,
      expiry: { kind: 'gtc' },
    });
    expect(order.ok).toBe(true);
    const orderId =
      order.ok && order.events[0]?.type === 'order.placed' ? order.events[0].order.id : Number.NaN;
    const base = `/api/backoffice/brands/${lab.id}/halted-symbols`;

    // attackers and mistakes change nothing
    const why = { reason: 'Feed halted by the exchange' };
    expect((await staffCall(app, 'POST', `${base}/EURUSD`, outsider.token, why)).statusCode).toBe(404);
    expect((await staffCall(app, 'POST', `${base}/EURUSD`, finance.token, why)).statusCode).toBe(403);
    const unknown = await staffCall(app, 'POST', `${base}/NOPE`, dealer.token, why);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors[0].key).toBe('dealing.unknownSymbol');
    expect((await staffCall(app, 'POST', `${base}/EUR%0AUSD`, dealer.token, why)).statusCode).toBe(400);
    // a halt needs a reason: without one (or only blanks) nothing is halted
    for (const body of [{}, { reason: '   ' }]) {
      const noReason = await staffCall(app, 'POST', `${base}/EURUSD`, dealer.token, body);
      expect(noReason.statusCode).toBe(400);
      expect(noReason.json().errors[0]).toMatchObject({ path: 'reason', key: 'staff.reasonRequired' });
    }
    expect(
      (await db.select().from(brands).where(eq(brands.id, lab.id)))[0]?.settings.haltedSymbols ?? [],
    ).toEqual([]);

    const halted = await staffCall(app, 'POST', `${base}/eurusd`, dealer.token, why);
    expect(halted.statusCode, halted.body).toBe(200);
    expect(halted.json().data).toEqual({ brandId: lab.id, halted: ['EURUSD'] });
    const [stored] = await db.select().from(brands).where(eq(brands.id, lab.id));
    expect(stored?.settings.haltedSymbols).toEqual(['EURUSD']);

    // the terminal learns it before a client tries: the brand's instrument list marks it halted, not tradable
    const instrument = async (host: string) =>
      (await app.inject({ method: 'GET', url: '/api/market/instruments', headers: { host } }))
        .json()
        .data.find((i: { symbol: string }) => i.symbol === 'EURUSD');
    expect(await instrument('desk-lab.test')).toMatchObject({ halted: true, available: false });
    // the other brand's list says what the market says (EURUSD is closed at weekends)
    expect(await instrument('desk-other.test')).toMatchObject({
      halted: false,
      available: ctx.market.book.availability('EURUSD', Date.now()) === 'available',
    });

    const refused = { key: 'trade.temporarilyUnavailable' };
    fresh();
    const open = await ctx.trading.open({
      accountId: t.id,
      symbol: 'EURUSD',
      direction: 'buy',
      amount: 100,
      leverage: 10,
      price: 1.2003,
      now: Date.now(),
    });
    expect(open.ok ? null : open.rejection.message).toEqual(refused);
    const place = await ctx.trading.placeOrder({
      accountId: t.id,
      now: Date.now(),
      symbol: 'EURUSD',
      direction: 'buy',
      orderType: 'limit',
      price: 1.1,
      amount: 100,
      leverage: 10,
      expiry: { kind: 'gtc' },
    });
    expect(place.ok ? null : place.rejection.message).toEqual(refused);
    const modify = await ctx.trading.update({
      accountId: t.id,
      positionId: held,
      now: Date.now(),
      stop_lost: 1.1,
      take_profit: null,
    });
    expect(modify.ok ? null : modify.rejection.message).toEqual(refused);
    const moveOrder = await ctx.trading.updateOrder({
      accountId: t.id,
      now: Date.now(),
      orderId,
      price: 1.09,
    });
    expect(moveOrder.ok ? null : moveOrder.rejection.message).toEqual(refused);
    // another brand's clients trade it as before; the brand's other symbols too
    const foreign = await trader(other.id);
    await foreign.open('EURUSD', 'buy', 100, 10);
    await t.open('BTCUSD', 'buy', 100, 1);
    // closing and cancelling stay possible
    fresh();
    expect((await ctx.trading.cancelOrder({ accountId: t.id, now: Date.now(), orderId })).ok).toBe(true);
    expect((await ctx.trading.close({ accountId: t.id, positionId: held, now: Date.now() })).ok).toBe(true);

    const list = await staffCall(app, 'GET', '/api/backoffice/dealing/halts', dealer.token);
    expect(list.json().data).toEqual([
      { id: lab.id, slug: 'desk-lab', name: 'Desk Lab', halted: ['EURUSD'] },
    ]);

    // resumed: trading works again at once
    expect((await staffCall(app, 'DELETE', `${base}/EURUSD`, dealer.token, {})).statusCode).toBe(400);
    const resumed = await staffCall(app, 'DELETE', `${base}/EURUSD`, dealer.token, {
      reason: 'Exchange resumed trading',
    });
    expect(resumed.json().data.halted).toEqual([]);
    await t.open('EURUSD', 'buy', 100, 10);

    // PUT replaces the list; the same list again writes no audit row
    const put = await staffCall(app, 'PUT', base, dealer.token, { symbols: ['BTCUSD', 'eurusd'], ...why });
    expect(put.json().data.halted).toEqual(['BTCUSD', 'EURUSD']);
    await staffCall(app, 'PUT', base, dealer.token, { symbols: ['EURUSD', 'BTCUSD'], ...why });
    const badPut = await staffCall(app, 'PUT', base, dealer.token, { symbols: ['BTCUSD', 'NOPE'], ...why });
    expect(badPut.statusCode).toBe(400);
    expect(badPut.json().errors[0]).toMatchObject({ path: 'symbols.1', key: 'dealing.unknownSymbol' });
    // a bad body: out of scope still answers 404 (nothing said about the brand), in scope a 400 per field
    expect((await staffCall(app, 'PUT', base, outsider.token, {})).statusCode).toBe(404);
    const notList = await staffCall(app, 'PUT', base, dealer.token, { symbols: 'EURUSD', ...why });
    expect(notList.statusCode).toBe(400);
    expect(notList.json().errors[0]).toMatchObject({ path: 'symbols', key: 'field.invalid' });
    const control = await staffCall(app, 'PUT', base, dealer.token, { symbols: ['EUR\u0000USD'], ...why });
    expect(control.json().errors[0]).toMatchObject({ path: 'symbols.0', key: 'field.invalid' });
    await staffCall(app, 'PUT', base, dealer.token, { symbols: [], ...why });

    const audit = await db.query.auditLog.findMany({
      where: (a, { and, eq }) => and(eq(a.action, 'brand.haltedSymbols'), eq(a.brandId, lab.id)),
      orderBy: (a, { asc }) => asc(a.id),
    });
    expect(audit.map((a) => a.after)).toEqual([
      { haltedSymbols: ['EURUSD'] },
      { haltedSymbols: [] },
      { haltedSymbols: ['BTCUSD', 'EURUSD'] },
      { haltedSymbols: [] },
    ]);
    expect(audit[0]).toMatchObject({
      actor: `staff:${dealer.id}`,
      role: 'dealer',
      subject: `brand:${lab.id}`,
      reason: 'Feed halted by the exchange',
    });
    expect(audit[1]?.reason).toBe('Exchange resumed trading');
    expect((await verifyAuditChain(db)).ok).toBe(true);
    const [after] = await db
      .select()
      .from(brands)
      .where(and(eq(brands.id, lab.id)));
    expect(after?.settings.haltedSymbols).toEqual([]);
  });
});
