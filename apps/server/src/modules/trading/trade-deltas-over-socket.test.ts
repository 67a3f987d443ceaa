import type { AddressInfo } from 'node:net';
import {
  type BalancePayload,
  type CommandAck,
  DEFAULT_TRADING_PROFILE,
  type OrdersDeltaPayload,
  type PositionsDeltaPayload,
  type PositionsPayload,
  SOCKET_PAYLOADS,
} from '@openbroker/domain';
import { eq } from 'drizzle-orm';
import { io, type Socket } from 'socket.io-client';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { positions, users } from '../../db/schema.js';
import { attachRealtime } from '../../realtime/socket-server.js';
import { createTestServer, testDbKind } from '../../test/harness.js';
import { verifyLedger } from '../ledger/ledger.verify.js';
import { SessionsRepo } from '../sessions/sessions.repo.js';
import { SessionsService } from '../sessions/sessions.service.js';

/**
 * A `/trading` client that opts in (`auth.deltas`) gets the full lists once on connect, then only the
 * positions and orders a change touched (`positionsChanged`, `ordersChanged`) and the balance; a client that does not
 * keeps spec §7 (the whole lists on every change). Commands check the session from the sessions' short cache, which
 * a logout or revocation empties at once.
 */
describe(`trading deltas over the socket (${testDbKind})`, async () => {
  // the 5-s round is its own suite below: here every push is a change's
  const { app, runtime, config } = await createTestServer({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
  const realtime = await attachRealtime(app.server, runtime.ctx, {
    refreshMs: 3_600_000,
    tradingJobs: false,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const { ctx } = runtime;
  const { db } = ctx.database;
  const sockets: Socket[] = [];
  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await realtime.close();
  });
  const quote = (bid: number) =>
    expect(ctx.market.ingest({ symbol: 'EURUSD', bid, ask: bid + 0.0002, ts: Date.now() })).toBe(true);
  const login = async () => {
    const answer = await app.inject({
      method: 'POST',
      url: '/api/accounts/login',
      payload: { email: 'demo@example.com', password: 'Demo1234!' },
    });
    return answer.json().data.access_token as string;
  };
  const [demo] = await db.select().from(users).where(eq(users.email, 'demo@example.com'));
  const demoId = demo?.id ?? 0;
  ctx.trading.setProfile(`brand:${demo?.brandId}`, { ...DEFAULT_TRADING_PROFILE, stopOutLevel: 0.5 });

  /** A connected client recording every push (each checked against its domain schema). */
  const connect = async (token: string, deltas: boolean) => {
    const socket = io(`${url}/trading`, {
      auth: deltas ? { token, deltas: 1 } : { token },
      transports: ['websocket'],
      reconnection: false,
    });
    sockets.push(socket);
    const pushes: Array<{ event: string; payload: unknown }> = [];
    socket.onAny((event: string, payload: unknown) => {
      const schema = (SOCKET_PAYLOADS as Record<string, { parse(v: unknown): unknown }>)[event];
      schema?.parse(payload);
      pushes.push({ event, payload });
    });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect_error', reject);
      socket.once('orders', () => resolve());
    });
    const send = (event: string, payload: unknown) =>
      new Promise<CommandAck>((resolve) =>
        socket.timeout(5_000).emit(event, payload, (_err: unknown, ack: CommandAck) => resolve(ack)),
      );
    const take = () => pushes.splice(0);
    return { socket, pushes, send, take };
  };
  const events = (pushes: Array<{ event: string }>) => pushes.map((p) => p.event);
  const last = <T>(pushes: Array<{ event: string; payload: unknown }>, event: string) =>
    pushes.filter((p) => p.event === event).at(-1)?.payload as T | undefined;

  const token = await login();
  const delta = await connect(token, true);
  const spec = await connect(token, false);

  it('sends the full lists once on connect to both kinds of client', () => {
    expect(events(delta.take())).toEqual(['positions', 'balance', 'orders']);
    expect(events(spec.take())).toEqual(['positions', 'balance', 'orders']);
  });

  it('open, update, partial close and close: the delta client gets only the changed position and the balance', async () => {
    quote(1.08);
    const opened = await delta.send('openPosition', {
      direction: 'buy',
      amount: 100,
      leverage: 10,
      price: 1.0802 * 1.00025,
      symbol: 'EURUSD',
    });
    if (!opened.status) throw new Error(opened.message);
    const id = opened.data.id;
    let got = delta.take();
    expect(events(got)).toEqual(['positionsChanged', 'balance']);
    expect(last<PositionsDeltaPayload>(got, 'positionsChanged')).toMatchObject({
      open: [{ id, amount: 100, close_date: null }],
      closed: [],
    });
    expect(last<BalancePayload>(got, 'balance')).toEqual(ctx.trading.balance(demoId));
    // the spec client still gets the whole list (with its history) on the change
    await vi.waitFor(() => expect(events(spec.pushes)).toContain('positions'));
    const list = last<PositionsPayload>(spec.take(), 'positions');
    expect(list?.open.map((p) => p.id)).toContain(id);
    expect(list).toEqual(ctx.trading.positions(demoId));

    const updated = await delta.send('updatePosition', { id, stop_lost: 1.07, take_profit: null });
    expect(updated.status).toBe(true);
    got = delta.take();
    expect(events(got)).toEqual(['positionsChanged', 'balance']);
    expect(last<PositionsDeltaPayload>(got, 'positionsChanged')).toMatchObject({
      open: [{ id, stop_lost: 1.07 }],
      closed: [],
    });

    const part = await delta.send('closePosition', { id, price: 1.08 * 0.99975, amount: 40 });
    if (!part.status) throw new Error(part.message);
    got = delta.take();
    expect(events(got)).toEqual(['positionsChanged', 'balance']);
    const partial = last<PositionsDeltaPayload>(got, 'positionsChanged');
    expect(partial?.open).toMatchObject([{ id, amount: 60, close_date: null }]);
    expect(partial?.closed).toHaveLength(1);
    expect(partial?.closed[0]).toMatchObject({ amount: 40, part_of: id, closingReason: 0 });
    expect(partial?.closed[0]?.close_date).not.toBeNull();

    const closed = await delta.send('closePosition', { id, price: 1.08 * 0.99975 });
    expect(closed.status).toBe(true);
    got = delta.take();
    expect(events(got)).toEqual(['positionsChanged', 'balance']);
    expect(last<PositionsDeltaPayload>(got, 'positionsChanged')).toMatchObject({
      open: [],
      closed: [{ id, closingReason: 0 }],
    });
    expect(last<BalancePayload>(got, 'balance')).toEqual(ctx.trading.balance(demoId));
    await vi.waitFor(() => expect(events(spec.pushes).filter((e) => e === 'positions')).toHaveLength(3));
    spec.take();
  });

  it('a stop loss that fires is pushed as the one closed position, with a notice', async () => {
    quote(1.08);
    const opened = await delta.send('openPosition', {
      direction: 'buy',
      amount: 50,
      leverage: 10,
      price: 1.0802 * 1.00025,
      symbol: 'EURUSD',
      stop_lost: 1.075,
    });
    if (!opened.status) throw new Error(opened.message);
    delta.take();
    quote(1.07);
    await vi.waitFor(() => expect(events(delta.pushes)).toContain('positionsChanged'));
    await vi.waitFor(() => expect(events(delta.pushes)).toContain('notice'));
    const got = delta.take();
    expect(events(got)).toEqual(['positionsChanged', 'balance', 'notice']);
    expect(last<PositionsDeltaPayload>(got, 'positionsChanged')).toMatchObject({
      open: [],
      closed: [{ id: opened.data.id, closingReason: 1 }],
    });
    await vi.waitFor(() => expect(events(spec.pushes)).toContain('positions'));
    spec.take();
  });

  it('orders: only the changed order', async () => {
    quote(1.08);
    const placed = (await delta.send('placeOrder', {
      symbol: 'EURUSD',
      direction: 'buy',
      type: 'limit',
      price: 1.05,
      amount: 100,
      leverage: 10,
      expiry: { kind: 'gtc' },
    })) as unknown as { status: boolean; data: { id: number } };
    expect(placed.status).toBe(true);
    let got = delta.take();
    expect(events(got)).toEqual(['balance', 'ordersChanged']);
    expect(last<OrdersDeltaPayload>(got, 'ordersChanged')).toMatchObject({
      open: [{ id: placed.data.id, status: 'open' }],
      closed: [],
    });
    const cancelled = await delta.send('cancelOrder', { id: placed.data.id });
    expect(cancelled.status).toBe(true);
    got = delta.take();
    expect(last<OrdersDeltaPayload>(got, 'ordersChanged')).toMatchObject({
      open: [],
      closed: [{ id: placed.data.id, status: 'cancelled' }],
    });
    await vi.waitFor(() => expect(events(spec.pushes)).toContain('orders'));
    spec.take();
  });

  it('a session revoked on another node is refused at once from the cache: UNAUTHORIZED, nothing executed', async () => {
    const otherToken = await login();
    const other = await connect(otherToken, true);
    quote(1.08);
    // the session is in this node's cache now, as after any command
    const session = await ctx.sessions.authenticateCached(otherToken, 'client');
    if (!session) throw new Error('no session');
    // another node (its own sessions service on the same database) revokes it; its Redis message makes this node
    // forget it (SessionRevocationSync), which is what `forget` does here
    await new SessionsService(new SessionsRepo(db), config.sessionIdleMs).revoke(session);
    ctx.sessions.forget([session.id]);
    const before = (await db.select().from(positions).where(eq(positions.userId, demoId))).length;
    const answer = await other.send('openPosition', {
      direction: 'buy',
      amount: 100,
      leverage: 10,
      price: 1.0802 * 1.00025,
      symbol: 'EURUSD',
    });
    expect(answer).toMatchObject({ status: false, code: 'UNAUTHORIZED' });
    expect((await db.select().from(positions).where(eq(positions.userId, demoId))).length).toBe(before);
  });

  it('after logout no command executes on the session and the cache holds it no more', async () => {
    const own = await login();
    const client = await connect(own, true);
    quote(1.08);
    const cached = await ctx.sessions.authenticateCached(own, 'client');
    expect(cached).toBeDefined();
    const gone = new Promise<void>((resolve) => client.socket.once('disconnect', () => resolve()));
    const out = await app.inject({ method: 'POST', url: '/api/accounts/logout', payload: { token: own } });
    expect(out.statusCode).toBe(200);
    expect(await ctx.sessions.authenticateCached(own, 'client')).toBeUndefined();
    await gone;
    const before = (await db.select().from(positions).where(eq(positions.userId, demoId))).length;
    client.socket.emit('openPosition', {
      direction: 'buy',
      amount: 100,
      leverage: 10,
      price: 1.0802 * 1.00025,
      symbol: 'EURUSD',
    });
    // a reconnect with the ended session is refused
    const again = io(`${url}/trading`, {
      auth: { token: own, deltas: 1 },
      transports: ['websocket'],
      reconnection: false,
    });
    sockets.push(again);
    const refused = await new Promise<string>((resolve) =>
      again.once('connect_error', (e) => resolve(e.message)),
    );
    expect(refused).toBe('UNAUTHORIZED');
    expect((await db.select().from(positions).where(eq(positions.userId, demoId))).length).toBe(before);
    expect(await verifyLedger(db)).toEqual([]);
  });
});

describe(`trading deltas: the periodic round (${testDbKind})`, async () => {
  const { app, runtime } = await createTestServer({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
  // rounds every 200 ms instead of 5 s, so the test waits for events, not for the clock
  const realtime = await attachRealtime(app.server, runtime.ctx, { refreshMs: 200, tradingJobs: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const answer = await app.inject({
    method: 'POST',
    url: '/api/accounts/login',
    payload: { email: 'demo@example.com', password: 'Demo1234!' },
  });
  const token = answer.json().data.access_token as string;
  const sockets: Socket[] = [];
  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await realtime.close();
  });
  const record = async (deltas: boolean) => {
    const socket = io(`${url}/trading`, {
      auth: deltas ? { token, deltas: 1 } : { token },
      transports: ['websocket'],
      reconnection: false,
    });
    sockets.push(socket);
    const seen: string[] = [];
    socket.onAny((event: string) => seen.push(event));
    await new Promise<void>((resolve) => socket.once('orders', () => resolve()));
    seen.splice(0);
    return seen;
  };

  it('sends the delta client only the balance, the spec client positions and balance', async () => {
    const delta = await record(true);
    const spec = await record(false);
    await vi.waitFor(() => {
      expect(delta.filter((e) => e === 'balance').length).toBeGreaterThanOrEqual(2);
      expect(spec.filter((e) => e === 'positions').length).toBeGreaterThanOrEqual(2);
    });
    expect(new Set(delta)).toEqual(new Set(['balance']));
    expect(new Set(spec)).toEqual(new Set(['positions', 'balance']));
  });
});
