import type { CommandAck } from '@openbroker/domain';
import { io, type Socket } from 'socket.io-client';
import { afterAll, describe, expect, it } from 'vitest';
import { loginToken } from '../../test/factories.js';
import { createTestServer, testDbKind } from '../../test/harness.js';
import { paymentKit } from '../../test/payments-kit.js';
import { isLoopbackAddress } from './metrics.routes.js';

/** The value of the first sample of `name` whose labels include `labels` (Prometheus text format). */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries(
      [...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]),
    );
    if (Object.entries(labels).every(([key, value]) => found[key] === value)) return Number(match[3]);
  }
  return undefined;
}

const OUTSIDER = '203.0.113.9';

describe(`GET /metrics (${testDbKind})`, async () => {
  const { app, runtime, url } = await createTestServer(
    { AUTH_RATE_LIMIT_PER_MINUTE: '1000', PAYMENT_WEBHOOK_REFUSALS_PER_MINUTE: '1' },
    { sockets: true },
  );
  const { ctx } = runtime;
  const kit = paymentKit(app, ctx.database.db, ctx.config.paymentSandboxSecret);
  const sockets: Socket[] = [];
  afterAll(() => {
    for (const socket of sockets) socket.disconnect();
  });
  const scrape = (remoteAddress = '127.0.0.1', headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url: '/metrics', remoteAddress, headers });

  const tradeOnce = async (token: string) => {
    expect(ctx.market.ingest({ symbol: 'BTCUSD', bid: 64_000, ask: 64_010, ts: Date.now() })).toBe(true);
    const socket = io(`${url}/trading`, { auth: { token }, transports: ['websocket'], reconnection: false });
    sockets.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('positions', () => resolve());
      socket.once('connect_error', reject);
    });
    const ack = await new Promise<CommandAck>((resolve) =>
      socket.emit(
        'openPosition',
        { direction: 'buy', amount: 100, leverage: 2, price: 64_010 * 1.00025, symbol: 'BTCUSD' },
        resolve,
      ),
    );
    expect(ack.status).toBe(true);
  };

  it('after a login, a trade and a webhook has every series with sane values', async () => {
    const token = await loginToken(app, 'demo@example.com', 'Demo1234!');
    await tradeOnce(token);
    const client = await kit.client();
    const created = await kit.create(client.token, { amount: 250, method: 1 });
    const reference: string = created.json().data.transaction_id;
    expect((await kit.webhook(reference).send()).statusCode).toBe(200);
    // A forged webhook is refused (401); the next one from that address is past its limit (429).
    const forged = kit.webhook(reference, { secret: 'not-the-sandbox-secret-at-all' });
    expect((await forged.send()).statusCode).toBe(401);
    expect((await forged.send()).statusCode).toBe(429);

    const res = await scrape();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers['cache-control']).toBe('no-store');
    const text = res.body;

    // Request latency by route pattern, method and status class.
    const login = { route: '/api/accounts/login', method: 'POST', status_class: '2xx' };
    const logins = sample(text, 'openbroker_http_request_duration_seconds_count', login) ?? 0;
    expect(logins).toBeGreaterThanOrEqual(1);
    const loginSeconds = sample(text, 'openbroker_http_request_duration_seconds_sum', login) ?? -1;
    expect(loginSeconds).toBeGreaterThan(0);
    expect(loginSeconds / logins).toBeLessThan(10);
    // Patterns, never URLs: tokens and references in paths stay out of the labels.
    expect(
      sample(text, 'openbroker_http_request_duration_seconds_count', {
        route: '/api/transaction/update/:provider',
        status_class: '2xx',
      }),
    ).toBe(1);
    expect(text).not.toContain(token);
    expect(text).not.toContain('/api/transaction/update/card-1');

    // Sockets on this node, per namespace.
    expect(sample(text, 'openbroker_socket_connections', { namespace: '/trading' })).toBe(1);
    expect(sample(text, 'openbroker_socket_connections', { namespace: '/prices' })).toBe(0);

    // Engine command latency by kind: the one open, done.
    const open = { command: 'open', outcome: 'ok' };
    expect(sample(text, 'openbroker_engine_command_duration_seconds_count', open)).toBe(1);
    expect(sample(text, 'openbroker_engine_command_duration_seconds_sum', open)).toBeGreaterThan(0);

    // Ticks: the quote pushed in.
    expect(sample(text, 'openbroker_quotes_accepted_total')).toBe(1);

    // Ledger bookings by kind: the webhook's deposit.
    expect(sample(text, 'openbroker_ledger_bookings_total', { kind: 'deposit' })).toBe(1);

    // Webhook outcomes, and the refusal past the limit as a rate-limit refusal of its route.
    expect(sample(text, 'openbroker_payment_webhooks_total', { outcome: 'applied' })).toBe(1);
    expect(sample(text, 'openbroker_payment_webhooks_total', { outcome: 'bad-signature' })).toBe(1);
    expect(sample(text, 'openbroker_payment_webhooks_total', { outcome: 'rate-limited' })).toBe(1);
    expect(
      sample(text, 'openbroker_rate_limit_refusals_total', { route: '/api/transaction/update/:provider' }),
    ).toBe(1);

    // And the process itself (CPU, memory, event loop).
    expect(sample(text, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
  });

  it('refuses callers from other machines when no METRICS_TOKEN is set (403 saying to set it)', async () => {
    const res = await scrape(OUTSIDER);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      status: false,
      code: 'METRICS_TOKEN_REQUIRED',
      key: 'error.forbidden',
    });
    expect(res.json().detail).toContain('METRICS_TOKEN');
    expect(res.body).not.toContain('openbroker_');
  });

  it('does not take a proxied request for a local one, whatever X-Forwarded-For says', async () => {
    expect((await scrape('127.0.0.1', { 'x-forwarded-for': OUTSIDER })).statusCode).toBe(403);
    expect((await scrape('127.0.0.1', { 'x-forwarded-for': '127.0.0.1' })).statusCode).toBe(403);
    expect((await scrape('127.0.0.1', { forwarded: 'for=127.0.0.1' })).statusCode).toBe(403);
  });

  it('answers loopback callers over IPv4, IPv6 and IPv4-mapped IPv6', async () => {
    for (const address of ['127.0.0.1', '::1', '::ffff:127.0.0.1'])
      expect((await scrape(address)).statusCode).toBe(200);
  });
});

// outside demo mode a loopback peer is no proof of a local caller (a reverse
// proxy on the same machine that forwards without X-Forwarded-For makes every visitor one).
const PRODUCTION = {
  DEMO: 'false',
  OPERATOR_TOKEN: 'operator-token-of-the-metrics-suite-0123456789',
  PUBLIC_URL: 'https://broker.example.com',
};

describe(`GET /metrics outside demo mode without METRICS_TOKEN (${testDbKind})`, async () => {
  const { app } = await createTestServer(PRODUCTION);

  it.each([
    ['a loopback caller with no forwarding headers', '127.0.0.1'],
    ['a loopback caller over IPv6', '::1'],
    ['another machine', OUTSIDER],
  ])('is closed to %s, saying to set METRICS_TOKEN', async (_who, remoteAddress) => {
    const res = await app.inject({ method: 'GET', url: '/metrics', remoteAddress });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ status: false, code: 'METRICS_TOKEN_REQUIRED' });
    expect(res.json().detail).toMatch(/set it .*Authorization: Bearer <METRICS_TOKEN>/);
    expect(res.body).not.toContain('openbroker_');
  });
});

describe(`GET /metrics outside demo mode with METRICS_TOKEN (${testDbKind})`, async () => {
  const metricsToken = 'metrics-token-of-production-0123456789';
  const { app } = await createTestServer({ ...PRODUCTION, METRICS_TOKEN: metricsToken });
  const scrape = (headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1', headers });

  it('wants the token from loopback callers too, and answers with it', async () => {
    const refused = await scrape();
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['www-authenticate']).toBe('Bearer realm="metrics"');
    expect(refused.body).not.toContain('openbroker_');
    const res = await scrape({ authorization: `Bearer ${metricsToken}` });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('openbroker_quotes_accepted_total');
  });
});

describe(`GET /metrics with METRICS_TOKEN (${testDbKind})`, async () => {
  const metricsToken = 'metrics-token-for-the-scraper-0123456789';
  const { app } = await createTestServer({ METRICS_TOKEN: metricsToken });
  const scrape = (headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url: '/metrics', remoteAddress: OUTSIDER, headers });

  it('answers another machine with the bearer token, from a registry of its own', async () => {
    const res = await scrape({ authorization: `Bearer ${metricsToken}` });
    expect(res.statusCode).toBe(200);
    // A fresh registry per app: the other suite's quotes and webhooks are not counted here.
    expect(sample(res.body, 'openbroker_quotes_accepted_total')).toBe(0);
    expect(sample(res.body, 'openbroker_payment_webhooks_total', { outcome: 'applied' })).toBeUndefined();
  });

  it.each([
    ['no token', {}],
    ['a wrong token', { authorization: 'Bearer metrics-token-for-the-scraper-0123456788' }],
    ['another scheme', { authorization: `Basic ${metricsToken}` }],
  ])('refuses %s with 401 and says how to authenticate', async (_what, headers) => {
    const res = await scrape(headers);
    expect(res.statusCode).toBe(401);
    expect(res.headers['www-authenticate']).toBe('Bearer realm="metrics"');
    expect(res.body).not.toContain('openbroker_');
  });
});

describe('loopback addresses', () => {
  it('are 127.0.0.0/8 and ::1, also IPv4-mapped; nothing else', () => {
    for (const address of ['127.0.0.1', '127.1.2.3', '::1', '::ffff:127.0.0.1'])
      expect(isLoopbackAddress(address)).toBe(true);
    for (const address of [undefined, '', '10.0.0.1', '::ffff:10.0.0.1', '1127.0.0.1', '::2', 'localhost'])
      expect(isLoopbackAddress(address)).toBe(false);
  });
});
