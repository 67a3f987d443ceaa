import { money } from '@openbroker/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brands, users } from '../../../db/schema.js';
import type { App } from '../../../http.js';
import { registerClient } from '../../../test/factories.js';
import { createTestServer, type TestServer, testDbKind } from '../../../test/harness.js';
import { type StaffSession, staffCall, staffSession } from '../../../test/staff-kit.js';
import { TradingAccountsRepo } from '../../trading-accounts/trading-accounts.repo.js';

let server: TestServer;
let app: App;
let demoBrandId: number;
let admin: StaffSession;
/** Support for the demo brand only. */
let scoped: StaffSession;

const AURORA = { host: 'aurora.localhost:3000' };

beforeAll(async () => {
  server = await createTestServer({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
  app = server.app;
  const rows = await server.runtime.ctx.database.db.select({ id: brands.id, slug: brands.slug }).from(brands);
  demoBrandId = rows.find((b) => b.slug === 'demo')?.id ?? 0;
  [admin, scoped] = await Promise.all([
    staffSession(server, ['admin']),
    staffSession(server, ['support'], [demoBrandId]),
  ]);
});
afterAll(() => app.close());

const get = (url: string, who: StaffSession = admin) => staffCall(app, 'GET', url, who.token);

/** A registered client with their user row. */
const registered = async (headers: Record<string, string> = {}) => {
  const client = await registerClient(app, {}, headers);
  const [row] = await server.runtime.ctx.database.db
    .select()
    .from(users)
    .where(eq(users.email, client.email));
  if (!row) throw new Error('no user');
  return { ...client, user: row };
};

/** Books money on an account through the engine and the ledger (as a staff adjustment does). */
const fund = async (accountId: number, amount: string) => {
  const { trading } = server.runtime.ctx;
  await trading.ensureAccount(accountId);
  const outcome = await trading.adjustBalance({
    accountId,
    now: Date.now(),
    amount: money(amount),
    kind: 'adjustment',
    cause: { staffAction: `test-${accountId}-${amount}` },
  });
  expect(outcome.ok, JSON.stringify(outcome)).toBe(true);
};

describe(`back office: a client's trading accounts (${testDbKind})`, () => {
  it('lists live accounts first, then demo ones, each with number, kind, currency, balance, equity and margin', async () => {
    const client = await registered();
    const repo = new TradingAccountsRepo(server.runtime.ctx.database.db);
    const live = await repo.firstLiveOf(client.user.id);
    if (!live) throw new Error('registration opens a live account');
    const demo = await repo.open({
      userId: client.user.id,
      brandId: client.user.brandId,
      pin: client.user.pin,
      kind: 'demo',
      currency: 'EUR',
    });
    const usd = await repo.open({
      userId: client.user.id,
      brandId: client.user.brandId,
      pin: client.user.pin,
      kind: 'live',
      currency: 'USD',
    });
    await fund(live.id, '1000.00');
    await fund(demo.id, '10000.00');

    const res = await get(`/api/backoffice/clients/${client.user.id}/accounts`);
    expect(res.statusCode, res.body).toBe(200);
    const accounts = res.json().data as Record<string, unknown>[];
    expect(accounts.map((a) => [a.number, a.kind, a.currency])).toEqual([
      [live.number, 'live', 'EUR'],
      [usd.number, 'live', 'USD'],
      [demo.number, 'demo', 'EUR'],
    ]);
    expect(live.number).toMatch(/^L-/);
    expect(demo.number).toMatch(/^D-/);
    expect(accounts[0]).toMatchObject({
      id: live.id,
      balance: '1000.00',
      equity: '1000.00',
      margin: '0.00',
      openPositions: 0,
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
    expect(accounts[1]).toMatchObject({ balance: '0.00', margin: '0.00' });
    expect(accounts[2]).toMatchObject({ id: demo.id, balance: '10000.00' });

    // the client list names the main (first live) account with its balance; no DEMO marker for a live client
    const list = await get(`/api/backoffice/clients?q=${encodeURIComponent(client.email)}`);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data.items[0]).toMatchObject({
      accountNumber: live.number,
      balance: '1000.00',
      currency: 'EUR',
      demoOnly: false,
    });
  });

  it('marks a client with demo accounts only as demo in the list', async () => {
    const client = await registered();
    const db = server.runtime.ctx.database.db;
    const repo = new TradingAccountsRepo(db);
    const live = await repo.firstLiveOf(client.user.id);
    if (!live) throw new Error('registration opens a live account');
    // a "Try a demo" client: the same person, with their only account a demo one (the live one never opened)
    await db.execute(
      sql`update trading_accounts set kind = 'demo', number = ${`D-${client.user.pin}-1`} where id = ${live.id}`,
    );
    const list = await get(`/api/backoffice/clients?q=${encodeURIComponent(client.email)}`);
    expect(list.json().data.items[0]).toMatchObject({
      accountNumber: `D-${client.user.pin}-1`,
      demoOnly: true,
    });
  });

  it('answers 404 for another brand’s client and refuses a client’s token', async () => {
    const aurora = await registered(AURORA);
    expect((await get(`/api/backoffice/clients/${aurora.user.id}/accounts`, scoped)).statusCode).toBe(404);
    expect((await get(`/api/backoffice/clients/${aurora.user.id}/accounts`)).statusCode).toBe(200);
    expect((await get('/api/backoffice/clients/99999999/accounts')).statusCode).toBe(404);
    expect((await get('/api/backoffice/clients/x/accounts')).statusCode).toBe(404);
    const own = await registered();
    const withClientToken = await app.inject({
      method: 'GET',
      url: `/api/backoffice/clients/${own.user.id}/accounts`,
      headers: { authorization: `Bearer ${own.token}` },
    });
    expect(withClientToken.statusCode).toBe(401);
    const anonymous = await app.inject({
      method: 'GET',
      url: `/api/backoffice/clients/${own.user.id}/accounts`,
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
