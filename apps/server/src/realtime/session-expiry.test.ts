import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { io, type Socket } from 'socket.io-client';
import { afterAll, describe, expect, it } from 'vitest';
import { sessions } from '../db/schema.js';
import { hashToken } from '../lib/random.js';
import { registerClient } from '../test/factories.js';
import { createTestServer, testDbKind } from '../test/harness.js';
import { attachRealtime } from './socket-server.js';

// issue 12 item 5: a session that idled out kept receiving balance and position pushes on its socket.
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
