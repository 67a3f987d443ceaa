import type { CommandAck, PositionsPayload } from '@openbroker/domain';
import { eq } from 'drizzle-orm';
import { io, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { positions, users } from '../../db/schema.js';
import { createTestServer, testDbKind } from '../../test/harness.js';
import { captureLog } from '../../test/log-capture.js';

// A take profit of 1e20 answered INTERNAL and logged nothing; a stop loss of 1e-300 was stored as 0.
describe(`numeric bounds on the /trading socket (${testDbKind})`, async () => {
  const log = captureLog();
  const { app, runtime, url } = await createTestServer(
    { AUTH_RATE_LIMIT_PER_MINUTE: '1000', LOG_LEVEL: 'info' },
    { sockets: true, logStream: log.stream },
  );
  const { ctx } = runtime;
  const { db } = ctx.database;
  const sockets: Socket[] = [];
  afterAll(() => {
    for (const socket of sockets) socket.disconnect();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  const login = await app.inject({
    method: 'POST',
    url: '/api/accounts/login',
    payload: { email: 'demo@example.com', password: 'Demo1234!' },
  });
  const token = login.json().data.access_token as string;
  const [demo] = await db.select().from(users).where(eq(users.email, 'demo@example.com'));
  const demoId = demo?.id ?? 0;

  beforeEach(() => {
    expect(ctx.market.ingest({ symbol: 'BTCUSD', bid: 64_000, ask: 64_010, ts: Date.now() })).toBe(true);
  });

  const connect = async () => {
    const socket = io(`${url}/trading`, { auth: { token }, transports: ['websocket'], reconnection: false });
    sockets.push(socket);
    const first = new Promise<PositionsPayload>((resolve) => socket.once('positions', resolve));
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    await first;
    return socket;
  };
  const send = (socket: Socket, event: string, payload: unknown) =>
    new Promise<CommandAck>((resolve) => socket.emit(event, payload, resolve));
  const buy = (extra: Record<string, unknown> = {}) => ({
    direction: 'buy',
    amount: 100,
    leverage: 2,
    price: 64_010 * 1.00025,
    symbol: 'BTCUSD',
    ...extra,
  });
  const errorsOf = (ack: CommandAck) =>
    ack.status ? [] : (ack.errors ?? []).map((e) => [e.path, e.message]);
  const openCount = async () =>
    (await db.select().from(positions).where(eq(positions.userId, demoId))).filter((p) => p.closedAt === null)
      .length;

  it('refuses a take profit of 1e20 on a new trade with the field maximum, not INTERNAL', async () => {
    const socket = await connect();
    const before = await openCount();
    const ack = await send(socket, 'openPosition', buy({ take_profit: 1e20 }));
    expect(ack).toMatchObject({ status: false, code: 'VALIDATION_FAILED' });
    expect(errorsOf(ack)).toEqual([['take_profit', 'Take profit can be at most 1000000000']]);
    expect(await openCount()).toBe(before);
  });

  it('refuses a stop loss of 1e-300 instead of storing it as 0 (no stop loss at all)', async () => {
    const socket = await connect();
    const ack = await send(socket, 'openPosition', buy({ stop_lost: 1e-300 }));
    expect(errorsOf(ack)).toEqual([['stop_lost', 'Stop loss can have at most 10 decimal places']]);

    const opened = await send(socket, 'openPosition', buy({ stop_lost: 60_000 }));
    expect(opened.status, JSON.stringify(opened)).toBe(true);
    if (!opened.status) return;
    const update = await send(socket, 'updatePosition', {
      id: opened.data.id,
      stop_lost: 1e-300,
      take_profit: 1e20,
    });
    expect(errorsOf(update)).toEqual([
      ['stop_lost', 'Stop loss can have at most 10 decimal places'],
      ['take_profit', 'Take profit can be at most 1000000000'],
    ]);
    const [row] = await db.select().from(positions).where(eq(positions.id, opened.data.id));
    expect(row && [Number(row.stopLoss), row.takeProfit]).toEqual([60_000, null]);
  });

  // a level is put on the instrument's tick (BTCUSD 0.01, nearest step) before it is validated and stored,
  // so a stop loss sent with 10 decimals is stored as the level the client is shown, exactly (no longer as sent)
  it('stores a stop loss sent with 10 decimals exactly as the level on the tick the client is shown', async () => {
    const socket = await connect();
    for (const [sent, level, column] of [
      [63_000.0000000001, 63_000, '63000.0000000000'],
      [63_000.0061, 63_000.01, '63000.0100000000'],
    ] as const) {
      const opened = await send(socket, 'openPosition', buy({ stop_lost: sent }));
      expect(opened.status, JSON.stringify(opened)).toBe(true);
      if (!opened.status) return;
      expect(opened.data.stop_lost).toBe(level);
      const [row] = await db.select().from(positions).where(eq(positions.id, opened.data.id));
      expect(row?.stopLoss).toBe(column);
    }
  });

  it('logs an unexpected INTERNAL answer at error level, without the payload', async () => {
    const socket = await connect();
    vi.spyOn(ctx.trading, 'update').mockRejectedValueOnce(new Error('engine exploded'));
    const ack = await send(socket, 'updatePosition', { id: 1, stop_lost: 50_000, take_profit: null });
    expect(ack).toMatchObject({ status: false, code: 'INTERNAL', key: 'error.internal' });
    const failure = log.entries().find((e) => e.msg === 'trading command failed');
    expect(failure).toMatchObject({ level: 50, userId: demoId, err: { message: 'engine exploded' } });
    expect(log.text()).not.toContain(token);
  });
});
