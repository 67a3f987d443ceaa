import {
  brandQuote,
  type CommandAck,
  DEFAULT_TRADING_PROFILE,
  type NoticePayload,
  nextRollover,
  type OrderCommandAck,
  type OrdersPayload,
  type PositionsPayload,
  pipSize,
  quoteTermsFor,
  type TradingProfile,
  tickSizeOf,
} from '@openbroker/domain';
import { eq } from 'drizzle-orm';
import { io, type Socket } from 'socket.io-client';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { ledgerEntries, orders, users } from '../../db/schema.js';
import { openMsBetween } from '../../market/market-hours.js';
import { createTestServer, testDbKind } from '../../test/harness.js';
import { verifyLedger } from '../ledger/ledger.verify.js';

/**
 * Pending orders over the /trading socket: a limit order placed, listed and filled by a quote (never at a client's
 * price), another cancelled; the position it opened pays its commission; a partial close booked like a full one;
 * a stop loss closing with a notice that says at what; the nightly swap; the books verify clean throughout.
 */
describe(`pending orders, partial close and charges over the socket (${testDbKind})`, async () => {
  const { app, runtime, url, realtime } = await createTestServer(
    { AUTH_RATE_LIMIT_PER_MINUTE: '1000' },
    { sockets: true },
  );
  const { ctx } = runtime;
  const { db } = ctx.database;
  realtime?.jobs.stop();
  const sockets: Socket[] = [];
  afterAll(() => {
    for (const socket of sockets) socket.disconnect();
  });

  const quote = (bid: number) =>
    expect(ctx.market.ingest({ symbol: 'EURUSD', bid, ask: bid + 0.0002, ts: Date.now() })).toBe(true);
  const login = await app.inject({
    method: 'POST',
    url: '/api/accounts/login',
    payload: { email: 'demo@example.com', password: 'Demo1234!' },
  });
  const token = login.json().data.access_token as string;
  const [demo] = await db.select().from(users).where(eq(users.email, 'demo@example.com'));
  const demoId = demo?.id ?? 0;
  // forex: the spec's 0.025 % a side, 3.50 per lot of commission, a swap of −3.6 % a year on longs every night
  const profile: TradingProfile = {
    ...DEFAULT_TRADING_PROFILE,
    stopOutLevel: 0.5,
    groups: {
      ...DEFAULT_TRADING_PROFILE.groups,
      forex: {
        markup: { unit: 'percent', value: 0.025 },
        commission: { unit: 'perLot', value: 3.5 },
        swap: { long: -3.6, short: 1.8, tripleDay: null, weekends: true },
      },
    },
  };
  ctx.trading.setProfile(`brand:${demo?.brandId}`, profile);
  // the engine deals and triggers at the brand quote of the feed: this profile's markup on EURUSD's tick
  const eurusd = ctx.market.catalogue.get('EURUSD');
  const terms = quoteTermsFor(
    profile,
    'forex',
    pipSize('EURUSD', 'forex', eurusd?.precision ?? 5),
    tickSizeOf(eurusd?.precision),
  );
  const dealt = (bid: number) => brandQuote({ buy: bid + 0.0002, sell: bid }, terms);

  const notices: NoticePayload[] = [];
  let lastOrders: OrdersPayload = { open: [], history: [] };
  let lastPositions: PositionsPayload = { open: [], history: [] };
  const socket = io(`${url}/trading`, { auth: { token }, transports: ['websocket'], reconnection: false });
  sockets.push(socket);
  socket.on('notice', (n: NoticePayload) => notices.push(n));
  socket.on('orders', (o: OrdersPayload) => {
    lastOrders = o;
  });
  socket.on('positions', (p: PositionsPayload) => {
    lastPositions = p;
  });
  await new Promise<void>((resolve) => socket.once('orders', () => resolve()));
  const send = <A = CommandAck>(event: string, payload: unknown) =>
    new Promise<A>((resolve) => socket.emit(event, payload, resolve));

  let orderId = 0;
  let positionId = 0;
  let stoppedId = 0;

  it('places a buy limit below the price and lists it; refuses a malformed one with field messages', async () => {
    quote(1.08);
    const ack = await send<OrderCommandAck>('placeOrder', {
      symbol: 'EURUSD',
      direction: 'buy',
      type: 'limit',
      price: 1.075,
      amount: 1000,
      leverage: 30,
      expiry: { kind: 'gtc' },
    });
    expect(ack.status ? ack.data : ack.message).toMatchObject({
      type: 'limit',
      status: 'open',
      price: 1.075,
    });
    if (!ack.status) return;
    orderId = ack.data.id;
    await vi.waitFor(() => expect(lastOrders.open.map((o) => o.id)).toContain(orderId), { timeout: 5_000 });
    const bad = await send<OrderCommandAck>('placeOrder', {
      symbol: 'EURUSD',
      direction: 'buy',
      type: 'market',
      price: -1,
      amount: 1000,
      leverage: 30,
      expiry: { kind: 'sometime' },
    });
    expect(bad).toMatchObject({ status: false, code: 'VALIDATION_FAILED' });
    if (bad.status) return;
    expect(bad.errors?.map((e) => e.path).sort()).toEqual(['expiry', 'price', 'type']);
  });

  it('cancels an order; it moves to the history', async () => {
    const placed = await send<OrderCommandAck>('placeOrder', {
      symbol: 'EURUSD',
      direction: 'sell',
      type: 'stop',
      price: 1.07,
      amount: 500,
      leverage: 30,
      expiry: { kind: 'eod' },
    });
    expect(placed.status).toBe(true);
    if (!placed.status) return;
    const cancelled = await send<OrderCommandAck>('cancelOrder', { id: placed.data.id });
    expect(cancelled.status ? cancelled.data.status : cancelled.message).toBe('cancelled');
    await vi.waitFor(
      () => expect(lastOrders.history.find((o) => o.id === placed.data.id)?.status).toBe('cancelled'),
      { timeout: 5_000 },
    );
    const [row] = await db.select().from(orders).where(eq(orders.id, placed.data.id));
    expect(row?.status).toBe('cancelled');
  });

  it("fills at the brand quote's buy price when it reaches the level, with a notice and its commission", async () => {
    // buy dealing price = 1.0747 × 1.00025 = 1.074968675, up to the 0.00001 tick: 1.07497 ≤ 1.075
    quote(1.0745);
    await vi.waitFor(() => expect(notices.find((n) => n.kind === 'orderFilled')).toBeDefined(), {
      timeout: 5_000,
    });
    const filled = notices.find((n) => n.kind === 'orderFilled');
    if (filled?.kind !== 'orderFilled') return;
    expect(filled.order).toMatchObject({ id: orderId, status: 'filled' });
    positionId = filled.order.position_id ?? 0;
    await vi.waitFor(() => expect(lastPositions.open.map((p) => p.id)).toContain(positionId), {
      timeout: 5_000,
    });
    const position = lastPositions.open.find((p) => p.id === positionId);
    expect(position?.open_rate).toBe(dealt(1.0745).buy);
    expect(position?.open_rate).toBe(1.07497);
    // 1,000 × 30 = 30,000 of notional = 0.3 lot × 3.50
    expect(position?.commission).toBe(1.05);
    const [row] = await db.select().from(orders).where(eq(orders.id, orderId));
    expect(row).toMatchObject({ status: 'filled', positionId });
    expect(await verifyLedger(db)).toEqual([]);
  });

  it('closes part of the position at the sell price the socket shows, booked through the ledger like a full close', async () => {
    quote(1.078);
    // the client sends the brand quote's sell as the price socket showed it: 1.078 × 0.99975 = 1.0777305, down to the tick
    const sell = dealt(1.078).sell;
    expect(sell).toBe(1.07773);
    const ack = await send('closePosition', { id: positionId, price: sell, amount: 400 });
    expect(ack.status ? ack.data.amount : ack.message).toBe(600);
    await vi.waitFor(
      () => expect(lastPositions.history.find((p) => p.part_of === positionId)?.amount).toBe(400),
      { timeout: 5_000 },
    );
    const part = lastPositions.history.find((p) => p.part_of === positionId);
    expect(part?.closed_rate).toBe(sell);
    expect(part?.profit).toBeGreaterThan(0);
    const pnl = await db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.positionId, part?.id ?? 0));
    expect(pnl.map((e) => [e.kind, Number(e.amount)])).toEqual([['realised_pnl', part?.profit]]);
    expect(await verifyLedger(db)).toEqual([]);
  });

  it('tells the client at once when a stop loss closes a position, with the quote and the level', async () => {
    quote(1.078);
    // the client sends the brand quote's buy as the price socket showed it: 1.0782 × 1.00025 = 1.07846955, up to the tick
    const buy = dealt(1.078).buy;
    expect(buy).toBe(1.07847);
    const opened = await send('openPosition', {
      direction: 'buy',
      amount: 100,
      leverage: 10,
      price: buy,
      symbol: 'EURUSD',
      stop_lost: 1.076,
    });
    expect(opened.status ? opened.data.open_rate : opened.message).toBe(buy);
    if (!opened.status) return;
    stoppedId = opened.data.id;
    quote(1.0755);
    await vi.waitFor(() => expect(notices.find((n) => n.kind === 'closed')).toBeDefined(), {
      timeout: 5_000,
    });
    const closed = notices.find((n) => n.kind === 'closed');
    if (closed?.kind !== 'closed') return;
    expect(closed).toMatchObject({ cause: 'stop_loss', reason: 1, level: 1.076 });
    expect(closed.position.id).toBe(opened.data.id);
    // the brand quote's sell: 1.0755 × 0.99975 = 1.075231125, down to the tick
    expect(closed.quote?.sell).toBe(dealt(1.0755).sell);
    expect(closed.quote?.sell).toBe(1.07523);
    expect(await verifyLedger(db)).toEqual([]);
    expect(demoId).toBeGreaterThan(0);
  });
  it("expires an order at its date, on the jobs' round, and tells the client", async () => {
    quote(1.078);
    const placed = await send<OrderCommandAck>('placeOrder', {
      symbol: 'EURUSD',
      direction: 'buy',
      type: 'limit',
      price: 1.07,
      amount: 100,
      leverage: 10,
      expiry: { kind: 'date', at: new Date(Date.now() + 60_000).toISOString() },
    });
    expect(placed.status ? placed.data.expires_at : placed.message).toEqual(expect.any(String));
    if (!placed.status) return;
    await realtime?.jobs.tick(Date.now() + 120_000);
    await vi.waitFor(() => expect(notices.find((n) => n.kind === 'orderExpired')).toBeDefined(), {
      timeout: 5_000,
    });
    expect(notices.find((n) => n.kind === 'orderExpired')).toMatchObject({ order: { id: placed.data.id } });
    const [row] = await db.select().from(orders).where(eq(orders.id, placed.data.id));
    expect(row?.status).toBe('expired');
  });

  it('charges the nightly swap at the 22:00 UTC rollover, listed with the commission in the charges', async () => {
    // the first rollover of a day EURUSD trades (a Saturday's counts no night): the test passes on any day
    const eurusd = ctx.market.catalogue.get('EURUSD');
    if (!eurusd) throw new Error('EURUSD is in the catalogue');
    let at = nextRollover(Date.now());
    const tradesOn = (rollover: number) => {
      const start = Date.parse(`${new Date(rollover).toISOString().slice(0, 10)}T00:00:00Z`);
      return openMsBetween(eurusd, start, start + 86_400_000) > 0;
    };
    while (!tradesOn(at)) at = nextRollover(at + 1);
    await realtime?.jobs.tick(at);
    const res = await app.inject({ method: 'POST', url: '/api/accounts/charges', payload: { token } });
    expect(res.statusCode).toBe(200);
    const charges = res.json().data as { kind: string; amount: number; position_id: number }[];
    // 600 × 30 = 18,000 × 3.6 % ÷ 360 = 1.80 a night; the stopped-out position paid 0.01 lot × 3.50 = 0.04
    expect(charges.map((c) => [c.kind, c.amount, c.position_id])).toEqual([
      ['swap', -1.8, positionId],
      ['commission', -0.04, stoppedId],
      ['commission', -1.05, positionId],
    ]);
    expect(await verifyLedger(db)).toEqual([]);
  });
});
