import {
  AuthData,
  BalanceData,
  CommandAck,
  PaymentOptions,
  PositionDto,
  SOCKET_PAYLOADS,
  TransactionCreated,
  TransactionList,
  UserDto,
} from '@openbroker/domain';
import { io, type Socket } from 'socket.io-client';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestServer, testDbKind } from './test/harness.js';
import { paymentKit } from './test/payments-kit.js';

/**
 * The answers on the wire are exactly the domain's response contracts (decision 0014): every field the
 * schema names and no other, so the web client (which parses them with the same schemas) and the spec's
 * other front ends read the same bytes.
 */
describe(`response contracts on the wire (${testDbKind})`, async () => {
  const { app, runtime, url } = await createTestServer(
    { AUTH_RATE_LIMIT_PER_MINUTE: '1000' },
    { sockets: true },
  );
  const { ctx } = runtime;
  const kit = paymentKit(app, ctx.database.db, ctx.config.paymentSandboxSecret);
  const sockets: Socket[] = [];
  afterAll(() => {
    for (const socket of sockets) socket.disconnect();
  });

  const keys = (value: object) => Object.keys(value).sort();
  const login = async () => {
    const res = await kit.post('/api/accounts/login', { email: 'demo@example.com', password: 'Demo1234!' });
    expect(res.statusCode).toBe(200);
    return res.json();
  };

  it('login answers {status, data {access_token, user}} with every user field of spec §3 and no other', async () => {
    const body = await login();
    expect(keys(body)).toEqual(['data', 'status']);
    const data = AuthData.parse(body.data);
    expect(keys(body.data)).toEqual(['access_token', 'user']);
    expect(keys(body.data.user)).toEqual(keys(UserDto.shape));
    expect(data.user.token).toBe(data.access_token);
  });

  it('getBalance and the trading socket carry positions and the balance summary as the contract has them', async () => {
    const { data: auth } = await login();
    ctx.market.ingest({ symbol: 'BTCUSD', bid: 64_000, ask: 64_010, ts: Date.now() });
    const socket = io(`${url}/trading`, {
      auth: { token: auth.access_token },
      transports: ['websocket'],
      reconnection: false,
    });
    sockets.push(socket);
    const pushed = (event: 'positions' | 'balance') =>
      new Promise<unknown>((resolve) => socket.once(event, resolve));
    const [positions, balance] = await Promise.all([pushed('positions'), pushed('balance')]);
    expect(() => SOCKET_PAYLOADS.positions.parse(positions)).not.toThrow();
    expect(keys(SOCKET_PAYLOADS.balance.parse(balance))).toEqual(keys(balance as object));

    const ack = await new Promise<unknown>((resolve) =>
      socket.emit(
        'openPosition',
        { direction: 'buy', amount: 100, leverage: 2, price: 64_010 * 1.00025, symbol: 'BTCUSD' },
        resolve,
      ),
    );
    const opened = CommandAck.parse(ack);
    expect(opened.status).toBe(true);
    expect(keys((ack as { data: object }).data)).toEqual(keys(PositionDto.shape));
    const refused = CommandAck.parse(
      await new Promise<unknown>((resolve) => socket.emit('closePosition', { id: 'x', price: 1 }, resolve)),
    );
    expect(refused.status).toBe(false);

    const res = await kit.post('/api/accounts/getBalance', { token: auth.access_token });
    const data = BalanceData.parse(res.json().data);
    expect(data.positions.open.length).toBeGreaterThan(0);
    expect(keys(res.json().data)).toEqual(['account', 'balance', 'positions', 'summary']);
  });

  it('payment methods, a created deposit with its next step, and the transaction list match the contract', async () => {
    const client = await kit.client();
    const methods = await app.inject({ method: 'GET', url: `/api/payments/methods?token=${client.token}` });
    expect(() => PaymentOptions.parse(methods.json().data)).not.toThrow();
    const created = await kit.create(client.token, { amount: 500, method: 2 });
    expect(created.statusCode).toBe(200);
    expect(TransactionCreated.parse(created.json().data).next.type).toBe('instructions');
    const list = await app.inject({ method: 'GET', url: `/api/transactions/get/${client.token}` });
    const rows = TransactionList.parse(list.json().data);
    expect(rows).toHaveLength(1);
    expect(keys(list.json().data[0])).toEqual(keys(rows[0] ?? {}));
  });
});
