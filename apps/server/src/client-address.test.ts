import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';
import { addressKey } from './lib/client-address.js';
import { LOGIN_THROTTLE } from './lib/failure-throttle.js';
import { createTestServer, testDbKind } from './test/harness.js';

// with TRUST_PROXY=true Fastify took the client's address from the left-most
// X-Forwarded-For entry, which the client writes, so every rate limit and the e-mail+address
// throttle got a new key with each request; and an IPv6 client could pick a new address in its /64
// for each request.

/** An address nobody routes, different at every call: what an attacker writes into the header. */
const spoofed = () => `203.0.113.${randomBytes(1)[0]}`;

const wrongLogin = (
  app: Awaited<ReturnType<typeof createTestServer>>['app'],
  email: string,
  remoteAddress: string,
  headers: Record<string, string> = {},
) =>
  app.inject({
    method: 'POST',
    url: '/api/accounts/login',
    payload: { email, password: 'not-the-password-1' },
    remoteAddress,
    headers,
  });

describe('TRUST_PROXY', () => {
  const parse = (value: string) => loadConfig({ DATA_DIR: 'memory://', TRUST_PROXY: value }).trustProxy;

  it("is off by default, and takes the proxies' addresses and CIDRs", () => {
    expect(loadConfig({ DATA_DIR: 'memory://' }).trustProxy).toBe(false);
    for (const off of ['', 'false', 'no', '0']) expect(parse(off)).toBe(false);
    expect(parse('10.0.0.5, 10.1.0.0/16,2001:db8::/32')).toEqual([
      '10.0.0.5',
      '10.1.0.0/16',
      '2001:db8::/32',
    ]);
    expect(parse('loopback')).toEqual(['loopback']);
  });

  it.each(['true', 'TRUE', 'yes', 'on'])("refuses %s, saying to list the proxies' addresses", (value) => {
    expect(() => parse(value)).toThrow(ConfigError);
    expect(() => parse(value)).toThrow(
      /TRUST_PROXY=\w+ is refused: it would believe the left-most X-Forwarded-For entry, which clients write.*Set TRUST_PROXY to the addresses or CIDRs of your proxies/,
    );
  });

  // Fastify 5 ignores a hop count (it cannot tell the proxy from a direct client): accepted, every
  // client behind the proxy would share the proxy's address and its limits.
  it.each(['1', '2'])('refuses a number of proxies (%s), saying to list their addresses', (value) => {
    expect(() => parse(value)).toThrow(
      new RegExp(
        `TRUST_PROXY=${value} is refused: a number of proxies .*Set TRUST_PROXY to the addresses or CIDRs`,
      ),
    );
  });

  it.each(['proxy.example.com', '10.0.0.300', '10.0.0.0/40', '10.0.0.1,nginx'])(
    'refuses %s, naming the variable',
    (value) => {
      expect(() => parse(value)).toThrow(
        /TRUST_PROXY must be false or a comma list of proxy addresses or CIDRs, got "/,
      );
    },
  );
});

describe('addressKey', () => {
  it('is an IPv4 address itself, also IPv4-mapped, and an IPv6 address its /64', () => {
    expect(addressKey('198.51.100.7')).toBe('198.51.100.7');
    expect(addressKey('::ffff:198.51.100.7')).toBe('198.51.100.7');
    expect(addressKey('2001:db8:1:2:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:0db8:0001:0002::1')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(addressKey('::1')).toBe('::/64');
  });
});

describe(`behind one proxy, TRUST_PROXY=<its address> (${testDbKind})`, async () => {
  const { app } = await createTestServer({ TRUST_PROXY: '10.9.0.1', AUTH_RATE_LIMIT_PER_MINUTE: '3' });
  const PROXY = '10.9.0.1';
  // The proxy appends the address it saw; whatever the client sent stays in front of it.
  const via = (client: string) => ({ 'x-forwarded-for': `${spoofed()}, ${client}` });

  it('counts attempts by the address the proxy saw, whatever the client writes before it', async () => {
    for (let i = 0; i < 3; i++)
      expect((await wrongLogin(app, `nobody${i}@example.com`, PROXY, via('198.51.100.7'))).statusCode).toBe(
        401,
      );
    const limited = await wrongLogin(app, 'nobody9@example.com', PROXY, via('198.51.100.7'));
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'RATE_LIMITED', key: 'error.rateLimited' });
    // Another client behind the same proxy has its own count.
    expect((await wrongLogin(app, 'nobody@example.com', PROXY, via('198.51.100.8'))).statusCode).toBe(401);
  });
});

describe(`wrong passwords behind one proxy, TRUST_PROXY=<its address> (${testDbKind})`, async () => {
  const { app } = await createTestServer({ TRUST_PROXY: '10.9.0.1', AUTH_RATE_LIMIT_PER_MINUTE: '1000' });

  it('slow down per e-mail and the address the proxy saw, however the header is forged', async () => {
    const headers = () => ({ 'x-forwarded-for': `${spoofed()}, 198.51.100.20` });
    for (let i = 0; i <= LOGIN_THROTTLE.freeFailures; i++)
      expect((await wrongLogin(app, 'demo@example.com', '10.9.0.1', headers())).statusCode).toBe(401);
    const throttled = await wrongLogin(app, 'demo@example.com', '10.9.0.1', headers());
    expect(throttled.statusCode).toBe(429);
    expect(throttled.json()).toMatchObject({ key: 'auth.throttled' });
    // The owner, elsewhere, logs in.
    const owner = await app.inject({
      method: 'POST',
      url: '/api/accounts/login',
      payload: { email: 'demo@example.com', password: 'Demo1234!' },
      remoteAddress: '10.9.0.1',
      headers: { 'x-forwarded-for': '198.51.100.21' },
    });
    expect(owner.statusCode).toBe(200);
  });
});

describe(`behind listed proxies, TRUST_PROXY=<addresses> (${testDbKind})`, async () => {
  const { app } = await createTestServer({
    TRUST_PROXY: '10.9.0.0/16,10.8.0.1',
    AUTH_RATE_LIMIT_PER_MINUTE: '3',
  });

  it('believes X-Forwarded-For from a listed proxy only, up to the first address it does not list', async () => {
    // Through two listed proxies: the client is the right-most address no proxy of ours wrote.
    const headers = () => ({ 'x-forwarded-for': `${spoofed()}, 198.51.100.30, 10.8.0.1` });
    for (let i = 0; i < 3; i++)
      expect((await wrongLogin(app, `n${i}@example.com`, '10.9.0.2', headers())).statusCode).toBe(401);
    expect((await wrongLogin(app, 'n9@example.com', '10.9.3.4', headers())).statusCode).toBe(429);
    // A peer not on the list is the client itself, whatever header it sends.
    for (let i = 0; i < 3; i++)
      expect(
        (await wrongLogin(app, `m${i}@example.com`, '198.51.100.40', { 'x-forwarded-for': spoofed() }))
          .statusCode,
      ).toBe(401);
    expect(
      (await wrongLogin(app, 'm9@example.com', '198.51.100.40', { 'x-forwarded-for': spoofed() })).statusCode,
    ).toBe(429);
  });
});

describe(`IPv6 clients (${testDbKind})`, async () => {
  const { app } = await createTestServer({ AUTH_RATE_LIMIT_PER_MINUTE: '3' });
  const { app: lenient } = await createTestServer({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });

  it('count by their /64: a new address in it for each attempt gets no new limit', async () => {
    for (let i = 1; i <= 3; i++)
      expect((await wrongLogin(app, `six${i}@example.com`, `2001:db8:1:2::${i}`)).statusCode).toBe(401);
    expect((await wrongLogin(app, 'six9@example.com', '2001:db8:1:2:ffff:ffff:ffff:ffff')).statusCode).toBe(
      429,
    );
    // The next /64 is someone else.
    expect((await wrongLogin(app, 'six9@example.com', '2001:db8:1:3::1')).statusCode).toBe(401);
  });

  it('have their wrong passwords slowed down by their /64, not by each address', async () => {
    for (let i = 0; i <= LOGIN_THROTTLE.freeFailures; i++)
      expect((await wrongLogin(lenient, 'demo@example.com', `2001:db8:7:7::${i + 1}`)).statusCode).toBe(401);
    const throttled = await wrongLogin(lenient, 'demo@example.com', '2001:db8:7:7:abcd::1');
    expect(throttled.statusCode).toBe(429);
    expect(throttled.json()).toMatchObject({ key: 'auth.throttled' });
    expect((await wrongLogin(lenient, 'demo@example.com', '2001:db8:7:8::1')).statusCode).toBe(401);
  });
});
