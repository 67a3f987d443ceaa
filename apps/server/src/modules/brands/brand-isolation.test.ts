import { io } from 'socket.io-client';
import { describe, expect, it } from 'vitest';
import { registerClient } from '../../test/factories.js';
import { createTestServer, testDbKind } from '../../test/harness.js';

/** architecture §7: a token issued for one brand is refused on another brand's host. */
describe(`brand isolation of client sessions (${testDbKind})`, async () => {
  const { app, url } = await createTestServer({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' }, { sockets: true });
  const client = await registerClient(app, {}, { host: 'aurora.localhost:3000' });

  it('accepts the session on the brand that issued it', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/accounts/get',
      headers: { host: 'aurora.localhost:3000' },
      payload: { token: client.token },
    });
    expect(res.statusCode).toBe(200);
  });

  it.each(['localhost:3000', 'kestrel.localhost:3000', 'unknown.example.org'])(
    "refuses an Aurora client's token on %s with the usual 401",
    async (host) => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/accounts/get',
        headers: { host },
        payload: { token: client.token },
      });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: 'UNAUTHORIZED' });
    },
  );

  const connect = (host: string) =>
    new Promise<string>((resolve) => {
      const socket = io(`${url}/trading`, {
        auth: { token: client.token },
        transports: ['websocket'],
        extraHeaders: { host },
        reconnection: false,
      });
      socket.once('connect', () => {
        socket.disconnect();
        resolve('connected');
      });
      socket.once('connect_error', (error) => {
        socket.disconnect();
        resolve(error.message);
      });
    });

  it("lets the trading socket in on the issuing brand's host only", async () => {
    expect(await connect('aurora.localhost:3000')).toBe('connected');
    expect(await connect('kestrel.localhost:3000')).toBe('UNAUTHORIZED');
  });
});
