import { BACKOFFICE_SOCKET, type QueueChanged } from '@openbroker/domain';
import { eq } from 'drizzle-orm';
import { io, type Socket } from 'socket.io-client';
import { afterAll, describe, expect, it } from 'vitest';
import { brands } from '../db/schema.js';
import { loginToken, uniqueEmail } from '../test/factories.js';
import { createTestServer, testDbKind } from '../test/harness.js';
import { paymentKit } from '../test/payments-kit.js';
import { bookAdjustment, staffCall, staffSession } from '../test/staff-kit.js';

describe(`back-office socket: live queues (${testDbKind})`, async () => {
  const server = await createTestServer({ AUTH_RATE_LIMIT_PER_MINUTE: '100000' }, { sockets: true });
  const { app, runtime, url } = server;
  const { ctx } = runtime;
  const { db } = ctx.database;
  const sockets: Socket[] = [];
  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await app.close();
  });
  const kit = paymentKit(app, db, ctx.config.paymentSandboxSecret);
  const [demo] = await db.select().from(brands).where(eq(brands.slug, 'demo'));
  const [aurora] = await db.select().from(brands).where(eq(brands.slug, 'aurora'));
  if (!demo || !aurora || !url)
    throw new Error('the demo seed has the brands demo and aurora; sockets listen');

  const connect = (namespace: string, token: string) => {
    const socket = io(`${url}${namespace}`, {
      auth: { token },
      transports: ['websocket'],
      reconnection: false,
    });
    sockets.push(socket);
    return socket;
  };
  /** Connected, or the handshake's refusal message. */
  const handshake = (socket: Socket) =>
    new Promise<string>((resolve) => {
      socket.once('connect', () => resolve('connected'));
      socket.once('connect_error', (error) => resolve(error.message));
    });
  const collect = (socket: Socket) => {
    const heard: QueueChanged[] = [];
    socket.on(BACKOFFICE_SOCKET.queueChanged, (change: QueueChanged) => heard.push(change));
    return heard;
  };

  it('refuses client, enrolment-only and missing tokens', async () => {
    const client = await kit.client();
    expect(await handshake(connect(BACKOFFICE_SOCKET.namespace, client.token))).toBe('UNAUTHORIZED');
    expect(await handshake(connect(BACKOFFICE_SOCKET.namespace, ''))).toBe('UNAUTHORIZED');
    const { password, staff } = await ctx.staff.create(
      {
        email: uniqueEmail('enrolling'),
        name: 'Enrolling',
        roles: ['finance'],
        brandIds: null,
      },
      'test',
    );
    const login = await app.inject({
      method: 'POST',
      url: '/api/backoffice/auth/login',
      payload: { email: staff.email, password },
    });
    expect(login.json().data.enrolmentOnly).toBe(true);
    expect(await handshake(connect(BACKOFFICE_SOCKET.namespace, login.json().data.token))).toBe(
      'UNAUTHORIZED',
    );
  });

  it('tells in-scope finance staff when a wire enters and leaves the queue; others hear nothing', async () => {
    const finance = await staffSession(server, ['finance'], [demo.id]);
    const everyBrand = await staffSession(server, ['admin']);
    const otherBrand = await staffSession(server, ['finance'], [aurora.id]);
    const dealer = await staffSession(server, ['dealer'], [demo.id]);
    const listeners = [finance, everyBrand, otherBrand, dealer].map((member) => {
      const socket = connect(BACKOFFICE_SOCKET.namespace, member.token);
      // listened for at once: a socket may finish its handshake while an earlier one is awaited
      return { socket, heard: collect(socket), ready: handshake(socket) };
    });
    for (const { ready } of listeners) expect(await ready).toBe('connected');
    const [inScope, admin, outOfScope, noPermission] = listeners;
    if (!inScope || !admin || !outOfScope || !noPermission) throw new Error('four listeners');

    const client = await kit.client();
    const trading = connect('/trading', await loginToken(app, client.email, client.password));
    const tradingReady = handshake(trading);
    const balances: number[] = [];
    trading.on('balance', (b: { balance: number }) => balances.push(b.balance));
    expect(await tradingReady).toBe('connected');

    const created = await kit.create(client.token, { amount: 500, method: 2 });
    const reference = created.json().data.transaction_id as string;
    const entered = { queue: 'deposits', brandId: demo.id };
    await expect.poll(() => inScope.heard).toContainEqual(entered);
    await expect.poll(() => admin.heard).toContainEqual(entered);

    const approved = await staffCall(
      app,
      'POST',
      `/api/backoffice/transactions/${reference}/approve`,
      finance.token,
      {},
    );
    expect(approved.statusCode, approved.body).toBe(200);
    await expect.poll(() => inScope.heard.length).toBe(2);
    // the client's own trading socket gets the new balance at once
    await expect.poll(() => balances).toContain(500);

    // a withdrawal enters the withdrawals queue
    const payout = await kit.create(client.token, { amount: -100, method: 6, comments: 'To my IBAN' });
    expect(payout.statusCode, payout.body).toBe(200);
    await expect.poll(() => inScope.heard).toContainEqual({ queue: 'withdrawals', brandId: demo.id });

    expect(outOfScope.heard).toEqual([]);
    expect(noPermission.heard).toEqual([]);
  });

  it('tells the other finance screens when a withdrawal above the four-eyes threshold gets its first approval', async () => {
    const [approver, watcher, admin] = await Promise.all([
      staffSession(server, ['finance'], [demo.id]),
      staffSession(server, ['finance'], [demo.id]),
      staffSession(server, ['admin']),
    ]);
    const client = await kit.client();
    const funded = await bookAdjustment(server, admin.token, client.id, {
      kind: 'correction',
      amount: '20000.00',
      reason: 'Opening funds for the test',
    });
    expect(funded.statusCode, funded.body).toBe(200);
    const payout = await kit.create(client.token, { amount: -12_000, method: 6, comments: 'To my IBAN' });
    expect(payout.statusCode, payout.body).toBe(200);
    const reference = payout.json().data.transaction_id as string;

    // connected after the withdrawal entered the queue: what it hears now is the approval
    const socket = connect(BACKOFFICE_SOCKET.namespace, watcher.token);
    const heard = collect(socket);
    expect(await handshake(socket)).toBe('connected');
    const first = await staffCall(
      app,
      'POST',
      `/api/backoffice/transactions/${reference}/approve`,
      approver.token,
      {},
    );
    expect(first.json().data.state).toBe('awaiting-second-approval');
    await expect.poll(() => heard).toContainEqual({ queue: 'withdrawals', brandId: demo.id });
  });
});

describe(`back-office socket: roles changed while connected (${testDbKind})`, async () => {
  // a short round, so the test sees the member's new roles reach the open socket
  const server = await createTestServer(
    { AUTH_RATE_LIMIT_PER_MINUTE: '100000' },
    { sockets: true, realtime: { backofficeRecheckMs: 100 } },
  );
  const { app, runtime, url, realtime } = server;
  const { db } = runtime.ctx.database;
  const sockets: Socket[] = [];
  afterAll(() => {
    for (const socket of sockets) socket.disconnect();
  });
  const kit = paymentKit(app, db, runtime.ctx.config.paymentSandboxSecret);
  const [demo] = await db.select().from(brands).where(eq(brands.slug, 'demo'));
  if (!demo || !url || !realtime) throw new Error('the demo brand; sockets listen');
  const listen = (token: string) => {
    const socket = io(`${url}${BACKOFFICE_SOCKET.namespace}`, {
      auth: { token },
      transports: ['websocket'],
      reconnection: false,
    });
    sockets.push(socket);
    const heard: QueueChanged[] = [];
    socket.on(BACKOFFICE_SOCKET.queueChanged, (change: QueueChanged) => heard.push(change));
    const ready = new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    return { socket, heard, ready };
  };
  /** The queue rooms the server holds the member's socket in. */
  const queueRooms = (socket: Socket) =>
    [...(realtime.io.of(BACKOFFICE_SOCKET.namespace).sockets.get(socket.id ?? '')?.rooms ?? [])].filter(
      (room) => room.startsWith('queue:'),
    );

  it("moves an open socket to the rooms of the member's new roles, and hangs up a disabled member", async () => {
    const admin = await staffSession(server, ['admin']);
    const member = await staffSession(server, ['finance'], [demo.id]);
    const changed = listen(member.token);
    const control = listen(admin.token);
    await Promise.all([changed.ready, control.ready]);
    expect(queueRooms(changed.socket).sort()).toEqual([
      `queue:deposits:${demo.id}`,
      `queue:requests:${demo.id}`,
      `queue:withdrawals:${demo.id}`,
    ]);

    // the admin makes the finance member a dealer: no queue of theirs any more
    const update = await staffCall(app, 'POST', `/api/backoffice/staff/${member.id}`, admin.token, {
      roles: ['dealer'],
    });
    expect(update.statusCode, update.body).toBe(200);
    await expect.poll(() => queueRooms(changed.socket), { timeout: 5_000 }).toEqual([]);

    const client = await kit.client();
    await kit.create(client.token, { amount: 300, method: 2 });
    await expect.poll(() => control.heard).toContainEqual({ queue: 'deposits', brandId: demo.id });
    expect(changed.heard).toEqual([]);

    // disabled: their sessions end and the socket hangs up
    const disconnected = new Promise<void>((resolve) => changed.socket.once('disconnect', () => resolve()));
    const disable = await staffCall(app, 'POST', `/api/backoffice/staff/${member.id}`, admin.token, {
      disabled: true,
      reason: 'Left the finance team',
    });
    expect(disable.statusCode, disable.body).toBe(200);
    await disconnected;
    expect(changed.socket.connected).toBe(false);
  });
});
