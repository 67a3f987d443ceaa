import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { io, type Socket } from 'socket.io-client';
import { afterAll, describe, expect, it } from 'vitest';
import { sessions } from '../db/schema.js';
import { hashToken } from '../lib/random.js';
import { loginToken, registerClient } from '../test/factories.js';
import { createTestServer, testDbKind } from '../test/harness.js';
import { attachRealtime } from './socket-server.js';

// A session that idled out kept receiving balance and position pushes on its socket.
describe(`trading sockets end with their session (${testDbKind})`, async () => {
  const { app, runtime, config } = await createTestServer({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
  const { ctx } = runtime;
  const { db } = ctx.database;
  // Rounds every 50 ms instead of 5 s, so the test waits for events, not for the clock.
  const realtime = await attachRealtime(app.server, ctx, { refreshMs: 50 });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const sockets: Socket[] = [];
  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await realtime.close();
  });

  const connect = async (token: string) => {
    const socket = io(`${url}/trading`, { auth: { token }, transports: ['websocket'], reconnection: false });
    sockets.push(socket);
    const pushed = new Promise<void>((resolve) => socket.once('balance', () => resolve()));
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    await pushed;
    return socket;
  };
  const sessionOf = async (token: string) => {
    const [row] = await db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(token)));
    if (!row) throw new Error('no session');
    return row;
  };
  /** The `n`-th push of `event` from now. */
  const pushes = (socket: Socket, event: string, n: number) =>
    new Promise<void>((resolve) => {
      let seen = 0;
      const count = () => {
        if (++seen < n) return;
        socket.off(event, count);
        resolve();
      };
      socket.on(event, count);
    });

  it('hangs up on a socket whose session idled out, as at logout, and pushes nothing after', async () => {
    const client = await registerClient(app);
    const socket = await connect(client.token);
    const session = await sessionOf(client.token);
    let pushedAfterExpiry = 0;
    const disconnected = new Promise<string>((resolve) => socket.once('disconnect', resolve));
    // The client went quiet longer than the idle limit (spec §4: 20 minutes).
    await db
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - config.sessionIdleMs - 1_000) })
      .where(eq(sessions.id, session.id));
    socket.on('balance', () => pushedAfterExpiry++);
    socket.on('positions', () => pushedAfterExpiry++);
    expect(await disconnected).toBe('io server disconnect');
    // At most the one round that read the session just before it was aged may still have pushed.
    expect(pushedAfterExpiry).toBeLessThanOrEqual(2);
    // The web app asks again after a server hang-up; the refusal is what logs it out.
    const again = io(`${url}/trading`, {
      auth: { token: client.token },
      transports: ['websocket'],
      reconnection: false,
    });
    sockets.push(again);
    const refused = await new Promise<Error>((resolve) => again.once('connect_error', resolve));
    expect(refused.message).toBe('UNAUTHORIZED');
  });

  it('hangs up on a socket whose session was revoked outside this process', async () => {
    const client = await registerClient(app);
    const socket = await connect(client.token);
    const session = await sessionOf(client.token);
    const disconnected = new Promise<string>((resolve) => socket.once('disconnect', resolve));
    // e.g. another node or an operator ended it: no local revocation event reaches this server
    await db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, session.id));
    expect(await disconnected).toBe('io server disconnect');
  });

  it('keeps pushing to a live session, and the pushes do not count as its activity', async () => {
    const client = await registerClient(app);
    const socket = await connect(client.token);
    const session = await sessionOf(client.token);
    // Quiet for a minute: live, and old enough that a touching check would write a new time.
    const quietSince = new Date(Date.now() - 60_000);
    await db.update(sessions).set({ lastSeenAt: quietSince }).where(eq(sessions.id, session.id));
    await pushes(socket, 'balance', 3);
    expect(socket.connected).toBe(true);
    expect((await sessionOf(client.token)).lastSeenAt.getTime()).toBe(quietSince.getTime());
  });
});

// a push caused by a trading event (not the 5 s round) still reached a socket
// whose session had idled out, until the next round noticed.
describe(`event-driven pushes check the session's end first (${testDbKind})`, async () => {
  const { app, runtime, config } = await createTestServer({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
  const { ctx } = runtime;
  const { db } = ctx.database;
  // The socket server's clock, moved past the idle limit by the test; its round never comes
  // (an hour apart), so only the event-driven pushes are tested.
  let skewMs = 0;
  const realtime = await attachRealtime(app.server, ctx, {
    refreshMs: 3_600_000,
    now: () => Date.now() + skewMs,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const sockets: Socket[] = [];
  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await realtime.close();
  });

  const connect = async (token: string) => {
    const socket = io(`${url}/trading`, { auth: { token }, transports: ['websocket'], reconnection: false });
    sockets.push(socket);
    const pushed = new Promise<void>((resolve) => socket.once('balance', () => resolve()));
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    await pushed;
    return socket;
  };
  const sessionOf = async (token: string) => {
    const [row] = await db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(token)));
    if (!row) throw new Error('no session');
    return row;
  };
  /** What a socket sees first from now: a push, or the server hanging up. */
  const firstOf = (socket: Socket) =>
    new Promise<string>((resolve) => {
      socket.once('positions', () => resolve('positions'));
      socket.once('balance', () => resolve('balance'));
      socket.once('disconnect', (reason) => resolve(`disconnect: ${reason}`));
    });

  it('hangs up on an idled-out session at the next trade instead of pushing it; a live session still gets it', async () => {
    // Two devices of the demo client: one went quiet past the idle limit, one is in use.
    const idleToken = await loginToken(app, 'demo@example.com', 'Demo1234!');
    const liveToken = await loginToken(app, 'demo@example.com', 'Demo1234!');
    const idle = await connect(idleToken);
    const live = await connect(liveToken);
    const idleSession = await sessionOf(idleToken);
    await db
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - config.sessionIdleMs - 1_000) })
      .where(eq(sessions.id, idleSession.id));
    // For the socket server, both remembered ends have passed: the live session is read once
    // (it was active since, as over HTTP) and pushed to; the idle one is hung up on.
    skewMs = config.sessionIdleMs + 1_000;
    let idlePushes = 0;
    const idleFirst = firstOf(idle);
    const liveFirst = firstOf(live);
    idle.on('positions', () => idlePushes++);
    idle.on('balance', () => idlePushes++);

    expect(ctx.market.ingest({ symbol: 'BTCUSD', bid: 64_000, ask: 64_010, ts: Date.now() })).toBe(true);
    const outcome = await ctx.trading.open({
      accountId: idleSession.subjectId,
      now: Date.now(),
      symbol: 'BTCUSD',
      direction: 'buy',
      amount: 100,
      leverage: 2,
      price: 64_010,
      stop_lost: null,
      take_profit: null,
    });
    expect(outcome.ok).toBe(true);

    expect(await idleFirst).toBe('disconnect: io server disconnect');
    expect(idlePushes).toBe(0);
    expect(await liveFirst).toBe('positions');
    expect(live.connected).toBe(true);
  });
});
