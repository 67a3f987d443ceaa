import {
  type CommandAck,
  DEFAULT_TRADING_PROFILE,
  type OrderCommandAck,
  presetProfile,
} from '@openbroker/domain';
import { eq } from 'drizzle-orm';
import { io, type Socket } from 'socket.io-client';
import { afterAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema.js';
import { createTestServer, testDbKind } from '../../test/harness.js';

/**
 * An attacker's view of the order commands: another client's order ids answer exactly like
 * ids that do not exist, bad numbers and dates are refused with field messages, the leverage cap holds on orders.
 */
describe(`order commands against a hostile client (${testDbKind})`, async () => {
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
  const login = async (email: string) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/accounts/login',
      payload: { email, password: 'Demo1234!' },
    });
    return res.json().data.access_token as string;
  };
  const connect = async (token: string) => {
    const socket = io(`${url}/trading`, { auth: { token }, transports: ['websocket'], reconnection: false });
    sockets.push(socket);
    await new Promise<void>((resolve) => socket.once('orders', () => resolve()));
    return socket;
  };
  const send = <A = OrderCommandAck>(socket: Socket, event: string, payload: unknown) =>
    new Promise<A>((resolve) => socket.emit(event, payload, resolve));
  const [demo] = await db.select().from(users).where(eq(users.email, 'demo@example.com'));
  ctx.trading.setProfile(`brand:${demo?.brandId}`, presetProfile('esma', { ...DEFAULT_TRADING_PROFILE }));
  const owner = await connect(await login('demo@example.com'));
  const intruder = await connect(await login('new@example.com'));
  const order = (over: Record<string, unknown> = {}) => ({
    symbol: 'EURUSD',
    direction: 'buy',
    type: 'limit',
    price: 1.07,
    amount: 100,
    leverage: 30,
    expiry: { kind: 'gtc' },
    ...over,
  });

  it("answers another client's order id exactly like an id that does not exist", async () => {
    quote(1.08);
    const placed = await send(owner, 'placeOrder', order());
    expect(placed.status ? placed.data.status : placed.message).toBe('open');
    if (!placed.status) return;
    const id = placed.data.id;
    const missing = id + 1_000_000;
    for (const [event, extra] of [
      ['cancelOrder', {}],
      ['updateOrder', { price: 1.06 }],
    ] as const) {
      const foreign = await send(intruder, event, { id, ...extra });
      const none = await send(intruder, event, { id: missing, ...extra });
      expect(foreign.status).toBe(false);
      expect(foreign).toEqual(none);
    }
    expect(ctx.trading.orders(demo?.id ?? 0).open.map((o) => o.id)).toContain(id);
    // a double cancel: the second answers not found, the first stays the only outcome
    const first = await send(owner, 'cancelOrder', { id });
    const second = await send(owner, 'cancelOrder', { id });
    expect(first.status ? first.data.status : first.message).toBe('cancelled');
    expect(second.status).toBe(false);
  });

  it('refuses leverage above the preset cap, NaN, exponents, control characters, and dates past or far ahead', async () => {
    quote(1.08);
    const cases: Record<string, unknown>[] = [
      { leverage: 100 },
      { price: 'NaN' },
      { price: '1e400' },
      { amount: -5 },
      { amount: '1e30' },
      { symbol: 'EUR\u0000USD' },
      { expiry: { kind: 'date', at: '2000-01-01T00:00:00Z' } },
      { expiry: { kind: 'date', at: '2999-01-01T00:00:00Z' } },
      { trailing_stop: { distance: 'Infinity', unit: 'pips' } },
      { stop_lost: 1e20 },
    ];
    for (const c of cases) {
      const ack = await send(owner, 'placeOrder', order(c));
      expect(ack.status, JSON.stringify(c)).toBe(false);
    }
    expect(ctx.trading.orders(demo?.id ?? 0).open).toEqual([]);
  });

  it('keeps at most 100 open orders when a burst of 110 arrives at once', async () => {
    quote(1.08);
    const acks = await Promise.all(
      Array.from({ length: 110 }, (_, i) =>
        send(owner, 'placeOrder', order({ price: Number((1.07 - i * 0.0001).toFixed(4)), amount: 1 })),
      ),
    );
    expect(acks.filter((a) => !a.status).map((a) => (a.status ? '' : (a.key ?? a.message)))).toEqual(
      Array(10).fill('engineOrder.tooMany'),
    );
    expect(acks.filter((a) => a.status)).toHaveLength(100);
    expect(ctx.trading.orders(demo?.id ?? 0).open).toHaveLength(100);
    for (const o of ctx.trading.orders(demo?.id ?? 0).open) await send(owner, 'cancelOrder', { id: o.id });
  });

  it('refuses a partial close of the whole amount or more, and a garbage amount', async () => {
    quote(1.08);
    const opened = await send<CommandAck>(owner, 'openPosition', {
      symbol: 'EURUSD',
      direction: 'buy',
      amount: 100,
      leverage: 30,
      price: 1.0802 * 1.00025,
    });
    if (!opened.status) throw new Error(opened.message);
    for (const amount of [100, 150, 99.5, 'abc', 0.001, -1]) {
      const ack = await send<CommandAck>(owner, 'closePosition', { id: opened.data.id, price: 1.08, amount });
      expect(ack.status, String(amount)).toBe(false);
    }
    expect(ctx.trading.position(demo?.id ?? 0, opened.data.id)?.amount).toBe(100);
  });
});

describe(`orders and partial closes when the reserved ids run out (${testDbKind})`, async () => {
  const { app, runtime } = await createTestServer();
  const { ctx } = runtime;
  const [demo] = await ctx.database.db.select().from(users).where(eq(users.email, 'demo@example.com'));
  const demoId = demo?.id ?? 0;
  await app.inject({ method: 'GET', url: '/api/brand' });
  await ctx.trading.ensureAccount(demoId);
  ctx.trading.setProfile(`brand:${demo?.brandId}`, { ...DEFAULT_TRADING_PROFILE });
  const ids = (ctx.trading as unknown as { repo: { positionIds: { available: number; next(): unknown } } })
    .repo.positionIds;
  const drain = () => {
    while (ids.available > 0) ids.next();
  };

  it('waits for the next block like an open does, instead of answering "temporarily unavailable"', async () => {
    expect(ctx.market.ingest({ symbol: 'EURUSD', bid: 1.08, ask: 1.0802, ts: Date.now() })).toBe(true);
    const base = {
      accountId: demoId,
      symbol: 'EURUSD',
      direction: 'buy' as const,
      amount: 100,
      leverage: 30,
    };
    const opened = await ctx.trading.open({ ...base, now: Date.now(), price: 1.0802 * 1.00025 });
    if (!opened.ok) throw new Error(JSON.stringify(opened.rejection));
    const positionId = opened.events.find((e) => e.type === 'position.opened');
    expect(positionId).toBeDefined();
    drain();
    const placed = await ctx.trading.placeOrder({
      ...base,
      now: Date.now(),
      orderType: 'limit',
      price: 1.07,
      stop_lost: null,
      take_profit: null,
      trailing: null,
      expiry: { kind: 'gtc' },
    });
    expect(JSON.stringify(placed)).toContain('order.placed');
    drain();
    const id = positionId && 'position' in positionId ? positionId.position.id : 0;
    const part = await ctx.trading.close({
      accountId: demoId,
      now: Date.now(),
      positionId: id,
      price: 1.08,
      amount: 40,
    });
    expect(part.ok ? part.events.map((e) => e.type) : part).toContain('position.reduced');
  });
});
