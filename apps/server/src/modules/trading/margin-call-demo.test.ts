import { type CommandAck, DEFAULT_TRADING_PROFILE, type NoticePayload } from '@openbroker/domain';
import { eq } from 'drizzle-orm';
import { io, type Socket } from 'socket.io-client';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { brands } from '../../db/schema.js';
import { createTestServer, testDbKind } from '../../test/harness.js';

/**
 * A demo account's margin call: the terminal hears it on the socket, but no popup is stored and no mail
 * is sent — virtual money never sends real warnings, and an unread demo popup can never silence a live account's.
 */
describe(`a demo account's margin call (${testDbKind})`, async () => {
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

  const email = `margin.demo.${Date.now().toString(36)}@example.com`;
  const signup = await app.inject({
    method: 'POST',
    url: '/api/demo',
    payload: { email, password: 'Practise-2026!' },
  });
  const token = signup.json().data.access_token as string;
  const [brand] = await db.select().from(brands).where(eq(brands.slug, 'demo'));
  ctx.trading.setProfile(`brand:${brand?.id}`, {
    ...DEFAULT_TRADING_PROFILE,
    stopOutLevel: 0.5,
    marginCallLevel: 1,
  });
  const quote = (bid: number) =>
    expect(ctx.market.ingest({ symbol: 'EURUSD', bid, ask: bid + 0.0002, ts: Date.now() })).toBe(true);

  it('warns on the socket only: no popup, no mail', async () => {
    expect(signup.statusCode, signup.body).toBe(200);
    const notices: NoticePayload[] = [];
    const socket = io(`${url}/trading`, { auth: { token }, transports: ['websocket'], reconnection: false });
    sockets.push(socket);
    socket.on('notice', (notice: NoticePayload) => notices.push(notice));
    await new Promise((resolve) => socket.once('positions', resolve));
    quote(1.08);
    // the demo's 10,000 of virtual money, 9,000 of it as margin: 0.6 % lower the level is about 92 %
    const ack = await new Promise<CommandAck>((resolve) =>
      socket.emit(
        'openPosition',
        { direction: 'buy', amount: 9_000, leverage: 30, price: 1.0802 * 1.00025, symbol: 'EURUSD' },
        resolve,
      ),
    );
    expect(ack.status ? ack.status : ack.message).toBe(true);
    quote(1.074);
    await realtime?.jobs.tick(Date.now());
    await vi.waitFor(() => expect(notices.filter((n) => n.kind === 'marginCall')).toHaveLength(1), {
      timeout: 5_000,
      interval: 20,
    });
    const popups = await app.inject({ method: 'POST', url: '/api/accounts/popups', payload: { token } });
    expect((popups.json().data as { title: string }[]).filter((p) => p.title === 'Margin call')).toEqual([]);
    const mails = await ctx.mail.outbox.latest({ to: email });
    expect(mails.filter((m) => /margin call/i.test(m.subject))).toEqual([]);
  });
});
