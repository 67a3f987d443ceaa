import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { brands, users } from '../../db/schema.js';
import { loginToken } from '../../test/factories.js';
import { createTestServer, testDbKind } from '../../test/harness.js';
import { paymentKit } from '../../test/payments-kit.js';
import { staffCall, staffSession } from '../../test/staff-kit.js';
import { TradingAccountsRepo } from '../trading-accounts/trading-accounts.repo.js';

describe(`the back office's client timeline (${testDbKind})`, async () => {
  const server = await createTestServer({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
  const { app, runtime } = server;
  const { db } = runtime.ctx.database;
  const kit = paymentKit(app, db, runtime.ctx.config.paymentSandboxSecret);
  const [demo] = await db.select().from(brands).where(eq(brands.slug, 'demo'));
  const other = (await db.select().from(brands)).find((b) => b.id !== demo?.id);
  const support = await staffSession(server, ['support'], [demo?.id ?? 0]);
  const outsider = await staffSession(server, ['support'], [other?.id ?? 0]);
  const timeline = (id: number, query = '', token = support.token) =>
    staffCall(app, 'GET', `/api/backoffice/clients/${id}/timeline${query}`, token);

  it('shows sign-ins with address and device, deposits, notes and staff actions, newest first', async () => {
    const client = await kit.client();
    await loginToken(app, client.email, client.password);
    const created = await kit.create(client.token, { amount: 250, method: 1 });
    expect(created.statusCode, created.body).toBe(200);
    const reference: string = created.json().data.transaction_id;
    expect((await kit.webhook(reference).send()).statusCode).toBe(200);
    const note = await staffCall(app, 'POST', `/api/backoffice/clients/${client.id}/notes`, support.token, {
      body: 'Called about the deposit',
    });
    expect(note.statusCode, note.body).toBe(200);

    const res = await timeline(client.id);
    expect(res.statusCode, res.body).toBe(200);
    const items = res.json().data.items as { kind: string; at: string; [key: string]: unknown }[];
    const kinds = items.map((i) => i.kind);
    expect(kinds).toEqual(expect.arrayContaining(['login', 'money', 'note', 'staff']));
    expect(items.map((i) => i.at)).toEqual([...items.map((i) => i.at)].sort().reverse());
    expect(items.find((i) => i.kind === 'money')).toMatchObject({
      direction: 'deposit',
      reference,
      status: 'Approved',
      amount: '250.00',
    });
    expect(items.find((i) => i.kind === 'login')).toMatchObject({
      ip: expect.any(String),
      device: expect.any(String),
    });
    expect(items.find((i) => i.kind === 'note')).toMatchObject({ body: 'Called about the deposit' });
    expect(items.find((i) => i.kind === 'staff')).toMatchObject({ action: 'client.note' });

    const logins = await timeline(client.id, '?kind=login');
    const loginItems = logins.json().data.items as { kind: string }[];
    expect(loginItems.length).toBeGreaterThanOrEqual(2);
    expect(new Set(loginItems.map((i) => i.kind))).toEqual(new Set(['login']));
  });

  it('summarises trading per day and account', async () => {
    const [demoClient] = await db.select().from(users).where(eq(users.email, 'demo@example.com'));
    if (!demoClient) throw new Error('no demo client');
    const main = await new TradingAccountsRepo(db).defaultOf(demoClient.id);
    if (!main) throw new Error('no account');
    await runtime.ctx.trading.ensureAccount(main.id);
    runtime.ctx.market.ingest({ symbol: 'BTCUSD', bid: 64_000, ask: 64_010, ts: Date.now() });
    const opened = await runtime.ctx.trading.open({
      accountId: main.id,
      now: Date.now(),
      symbol: 'BTCUSD',
      direction: 'buy',
      amount: 100,
      leverage: 2,
      price: 64_010 * 1.00025,
    });
    expect(opened.ok, JSON.stringify(opened)).toBe(true);
    const res = await timeline(demoClient.id, '?kind=trading');
    const items = res.json().data.items as {
      kind: string;
      accountNumber: string;
      opens: number;
      volume: string;
    }[];
    const today = items.find((i) => i.accountNumber === main.number);
    expect(today?.opens).toBeGreaterThanOrEqual(1);
    expect(Number(today?.volume)).toBeGreaterThanOrEqual(200);
  });

  it("another brand's client is not found; a bad filter is refused", async () => {
    const client = await kit.client();
    expect((await timeline(client.id, '', outsider.token)).statusCode).toBe(404);
    expect((await timeline(client.id, '?kind=everything')).statusCode).toBe(400);
  });
});
