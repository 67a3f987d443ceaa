import {
  brandQuote,
  type CommandAck,
  DEFAULT_TRADING_PROFILE,
  type NoticePayload,
  SPEC_QUOTE_TERMS,
  tickSizeOf,
} from '@openbroker/domain';
import { eq } from 'drizzle-orm';
import { io, type Socket } from 'socket.io-client';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { positions, users } from '../../db/schema.js';
import { createTestServer, testDbKind } from '../../test/harness.js';
import { verifyLedger } from '../ledger/ledger.verify.js';

/**
 * A trailing stop set over the socket follows the price in the client's favour only, is stored by the
 * jobs' once-a-second flush, and closes the position with a notice when the price turns back to it.
 */
describe(`trailing stop over the socket (${testDbKind})`, async () => {
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
  ctx.trading.setProfile(`brand:${demo?.brandId}`, { ...DEFAULT_TRADING_PROFILE, stopOutLevel: 0.5 });
  const notices: NoticePayload[] = [];
  const socket = io(`${url}/trading`, { auth: { token }, transports: ['websocket'], reconnection: false });
  sockets.push(socket);
  socket.on('notice', (n: NoticePayload) => notices.push(n));
  await new Promise<void>((resolve) => socket.once('positions', () => resolve()));
  const send = (event: string, payload: unknown) =>
    new Promise<CommandAck>((resolve) => socket.emit(event, payload, resolve));
  const stored = async (id: number) => (await db.select().from(positions).where(eq(positions.id, id)))[0];

  it('moves up with the price, never down, is stored by the flush, and closes with a notice', async () => {
    quote(1.08);
    const opened = await send('openPosition', {
      direction: 'buy',
      amount: 100,
      leverage: 10,
      price: 1.0802 * 1.00025,
      symbol: 'EURUSD',
    });
    expect(opened.status).toBe(true);
    if (!opened.status) return;
    const id = opened.data.id;
    const set = await send('updatePosition', {
      id,
      stop_lost: null,
      take_profit: null,
      trailing_stop: { distance: 20, unit: 'pips' },
    });
    expect(set.status ? set.data.trailing_stop : set.message).toBeCloseTo(0.002, 10);
    expect(Number((await stored(id))?.trailingDistance)).toBeCloseTo(0.002, 10);

    // up 50 pips: the stop follows to 20 pips under the closing (sell) price, the brand quote's sell (
    // 1.085 × 0.99975 = 1.08472875, down to the 0.00001 tick)
    quote(1.085);
    const tick = tickSizeOf(ctx.market.catalogue.get('EURUSD')?.precision);
    const sell = brandQuote({ buy: 1.085 + 0.0002, sell: 1.085 }, { ...SPEC_QUOTE_TERMS, tick }).sell;
    expect(sell).toBe(1.08472);
    await vi.waitFor(() =>
      expect(ctx.trading.position(demo?.id ?? 0, id)?.stop_lost).toBeCloseTo(sell - 0.002, 5),
    );
    await realtime?.jobs.tick(Date.now());
    expect(Number((await stored(id))?.stopLoss)).toBeCloseTo(sell - 0.002, 5);
    // down 10 pips: it stays
    quote(1.084);
    await realtime?.jobs.tick(Date.now());
    expect(Number((await stored(id))?.stopLoss)).toBeCloseTo(sell - 0.002, 5);
    // through the stop: closed, and the client is told at what
    quote(1.0825);
    await vi.waitFor(() => expect(notices.find((n) => n.kind === 'closed')).toBeDefined(), {
      timeout: 5_000,
    });
    expect(notices.find((n) => n.kind === 'closed')).toMatchObject({ cause: 'stop_loss', position: { id } });
    await vi.waitFor(async () => expect((await stored(id))?.closeCause).toBe('stop_loss'));
    expect(await verifyLedger(db)).toEqual([]);
  });
});
