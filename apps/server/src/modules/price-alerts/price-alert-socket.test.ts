import { NoticePayload, SOCKET_PAYLOADS } from '@openbroker/domain';
import { io } from 'socket.io-client';
import { afterAll, describe, expect, it } from 'vitest';
import { registerClient } from '../../test/factories.js';
import { createTestServer, testDbKind } from '../../test/harness.js';

/** A fired alert reaches the client's terminal sockets as a `notice` the terminal's contract accepts. */
describe(`price alert notices on the trading socket (${testDbKind})`, async () => {
  const { app, runtime, url } = await createTestServer(
    { AUTH_RATE_LIMIT_PER_MINUTE: '1000' },
    { sockets: true },
  );
  const { ctx } = runtime;
  const sockets: ReturnType<typeof io>[] = [];
  afterAll(() => {
    for (const s of sockets) s.close();
  });

  it('tells the client at once', async () => {
    let ts = Date.now();
    const quote = (bid: number) => {
      ts = Math.max(ts + 1, Date.now());
      ctx.market.ingest({ symbol: 'BTCUSD', bid, ask: bid + 10, ts });
    };
    quote(60_000);
    const { token } = await registerClient(app);
    const created = await app.inject({
      method: 'POST',
      url: '/api/price-alerts/create',
      payload: { token, symbol: 'BTCUSD', kind: 'above', side: 'bid', value: 60_500 },
    });
    expect(created.statusCode, created.body).toBe(200);
    const socket = io(`${url}/trading`, { auth: { token }, transports: ['websocket'], reconnection: false });
    sockets.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.on('connect', () => resolve());
      socket.on('connect_error', reject);
    });
    const notice = new Promise<unknown>((resolve) => socket.on('notice', resolve));
    quote(61_000);
    const payload = await notice;
    expect(SOCKET_PAYLOADS.notice.safeParse(payload).success).toBe(true);
    expect(NoticePayload.parse(payload)).toMatchObject({
      kind: 'priceAlert',
      alert: { status: 'triggered' },
    });
  });
});
