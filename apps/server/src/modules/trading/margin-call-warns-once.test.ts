import {
  type CommandAck,
  DEFAULT_TRADING_PROFILE,
  type NoticePayload,
  type PositionsPayload,
} from '@openbroker/domain';
import { and, eq } from 'drizzle-orm';
import { io, type Socket } from 'socket.io-client';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { popups, users } from '../../db/schema.js';
import { registerClient } from '../../test/factories.js';
import { createTestServer, testDbKind } from '../../test/harness.js';
import { MARGIN_CALL_POPUP } from './margin-call.repo.js';

/**
 * When the margin level falls below the brand's margin-call level (default 100 %) the client hears it at
 * once on the socket, gets a popup that stays until read and one mail. While that popup is unread, a new crossing
 * warns on the socket only; the warning re-arms when the level is back above.
 */
describe(`margin call (${testDbKind})`, async () => {
  const { app, runtime, url, realtime } = await createTestServer(
    { AUTH_RATE_LIMIT_PER_MINUTE: '1000' },
    { sockets: true },
  );
  const { ctx } = runtime;
  const { db } = ctx.database;
  // the test runs the jobs' rounds itself, at the moments it wants
  realtime?.jobs.stop();
  const tick = () => realtime?.jobs.tick(Date.now());
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
  const token = await login('demo@example.com');
  const [demo] = await db.select().from(users).where(eq(users.email, 'demo@example.com'));
  const demoId = demo?.id ?? 0;
  // the spec's costs (0.025 % a side, no leverage caps), stop-out at 50 %, margin call at 100 %
  ctx.trading.setProfile(`brand:${demo?.brandId}`, {
    ...DEFAULT_TRADING_PROFILE,
    stopOutLevel: 0.5,
    marginCallLevel: 1,
  });

  const listPopups = async (clientToken: string) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/accounts/popups',
      payload: { token: clientToken },
    });
    return res.json().data as { id: number; title: string; content: string; kind: string | null }[];
  };
  const notices: NoticePayload[] = [];
  // what the client's popups hold at the moment a margin-call notice arrives (the terminal asks for them then)
  const popupsAtNotice: Promise<Awaited<ReturnType<typeof listPopups>>>[] = [];
  const socket = io(`${url}/trading`, { auth: { token }, transports: ['websocket'], reconnection: false });
  sockets.push(socket);
  socket.on('notice', (notice: NoticePayload) => {
    notices.push(notice);
    if (notice.kind === 'marginCall') popupsAtNotice.push(listPopups(token));
  });
  await new Promise<PositionsPayload>((resolve) => socket.once('positions', resolve));

  const marginCalls = () => notices.filter((n) => n.kind === 'marginCall');
  const unreadPopups = async (clientToken: string) =>
    (await listPopups(clientToken)).filter((p) => p.title === 'Margin call');
  const mails = async () =>
    (await ctx.mail.outbox.latest({ to: 'demo@example.com' })).filter((m) => /margin call/i.test(m.subject));

  it('warns at once on the socket, with a popup until read and one mail', async () => {
    quote(1.08);
    // balance 10,000, used margin 9,000: the margin level is equity ÷ 9,000
    const ack = await new Promise<CommandAck>((resolve) =>
      socket.emit(
        'openPosition',
        { direction: 'buy', amount: 9_000, leverage: 30, price: 1.0802 * 1.00025, symbol: 'EURUSD' },
        resolve,
      ),
    );
    expect(ack.status ? ack.status : ack.message).toBe(true);
    // 0.1 % lower: equity ≈ 9,565 → level ≈ 106 %: nothing yet
    quote(1.079);
    await tick();
    expect(await mails()).toHaveLength(0);
    // 0.6 % lower: equity ≈ 8,316 → level ≈ 92 % (stop-out would be at 50 %)
    quote(1.074);
    await tick();
    await vi.waitFor(() => expect(marginCalls()).toHaveLength(1), { timeout: 5_000, interval: 20 });
    const [call] = marginCalls();
    expect(call).toMatchObject({ kind: 'marginCall', level: 100, usedMargin: 9_000 });
    if (call?.kind !== 'marginCall') return;
    expect(call.marginLevel).toBeLessThan(100);
    expect(call.marginLevel).toBeGreaterThan(50);
    expect(call.marginLevel).toBeCloseTo((call.equity / call.usedMargin) * 100, 1);
    expect(await unreadPopups(token)).toHaveLength(1);
    // stored before the notice went out, and marked as the margin-call popup (one dismissal reads both)
    expect((await popupsAtNotice[0])?.filter((p) => p.kind === MARGIN_CALL_POPUP)).toHaveLength(1);
    expect(await mails()).toHaveLength(1);
    expect((await mails())[0]?.text).toContain('margin level fell to');
  });

  it('shows the popup to that client only', async () => {
    const other = await registerClient(app);
    expect(await unreadPopups(other.token)).toEqual([]);
  });

  it('does not repeat while below, and while the popup is unread a new crossing only warns on the socket', async () => {
    await tick();
    expect(await mails()).toHaveLength(1);
    // back above the level: re-armed
    quote(1.08);
    await tick();
    quote(1.074);
    await tick();
    await vi.waitFor(() => expect(marginCalls()).toHaveLength(2), { timeout: 5_000, interval: 20 });
    expect(await unreadPopups(token)).toHaveLength(1);
    expect(await mails()).toHaveLength(1);
  });

  it('after the client read the popup, the next margin call brings a new popup and a new mail', async () => {
    const [popup] = await unreadPopups(token);
    const read = await app.inject({
      method: 'POST',
      url: '/api/accounts/popup',
      payload: { token, id: popup?.id },
    });
    expect(read.statusCode).toBe(200);
    quote(1.08);
    await tick();
    quote(1.074);
    await tick();
    await vi.waitFor(() => expect(marginCalls()).toHaveLength(3), { timeout: 5_000, interval: 20 });
    expect(await unreadPopups(token)).toHaveLength(1);
    expect(await mails()).toHaveLength(2);
    const stored = await db
      .select()
      .from(popups)
      .where(and(eq(popups.userId, demoId), eq(popups.kind, MARGIN_CALL_POPUP)));
    expect(stored).toHaveLength(2);
  });
});
