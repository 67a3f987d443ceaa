import { Dec, fourEyesThreshold } from '@openbroker/domain';
import { Decimal } from 'decimal.js';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { brands, users } from '../../../db/schema.js';
import { createTestServer, testDbKind } from '../../../test/harness.js';
import { paymentKit } from '../../../test/payments-kit.js';
import { bookAdjustment, staffCall, staffSession } from '../../../test/staff-kit.js';
import { TradingAccountsRepo } from '../../trading-accounts/trading-accounts.repo.js';

/**
 * Four-eyes on a withdrawal from an account in another currency than the brand's: the brand's threshold
 * is in euros, a USD withdrawal is compared at the brand's dealing rate (USD buys euros at the EURUSD buy price, as a
 * transfer to a EUR account would), and without a rate it waits for two approvers.
 */
describe(`four-eyes in the brand's currency (${testDbKind})`, async () => {
  const server = await createTestServer({ AUTH_RATE_LIMIT_PER_MINUTE: '100000' });
  const { app, runtime } = server;
  const { ctx } = runtime;
  const { db } = ctx.database;
  afterAll(() => app.close());
  const kit = paymentKit(app, db, ctx.config.paymentSandboxSecret);
  const accounts = new TradingAccountsRepo(db);

  const [demo] = await db.select().from(brands).where(eq(brands.slug, 'demo'));
  if (!demo) throw new Error('the demo seed has the brand demo');
  const threshold = fourEyesThreshold(demo.settings.backoffice);
  const finance = await staffSession(server, ['finance'], [demo.id]);
  const secondFinance = await staffSession(server, ['finance'], [demo.id]);
  const admin = await staffSession(server, ['admin']);

  /** A fresh EURUSD price (the feed's; it goes stale within seconds, so each decision takes one first). */
  const eurusd = () => ctx.market.ingest({ symbol: 'EURUSD', bid: 1.25, ask: 1.2502, ts: Date.now() });
  const call = (token: string, method: 'GET' | 'POST', url: string, payload?: unknown) =>
    staffCall(app, method, url, token, payload);
  const approve = (reference: string, token = finance.token) =>
    call(token, 'POST', `/api/backoffice/transactions/${reference}/approve`, {});
  const queued = async (reference: string) =>
    (await call(finance.token, 'GET', '/api/backoffice/queues/withdrawals'))
      .json()
      .data.find((t: { reference: string }) => t.reference === reference);
  const contextOf = async (clientId: number, reference: string) => {
    const res = await call(
      finance.token,
      'GET',
      `/api/backoffice/clients/${clientId}/approval-context?reference=${reference}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };

  /** A verified client of the demo brand (EUR) with a second live account in `currency`. */
  const clientWith = async (currency: 'USD' | 'GBP') => {
    const c = await kit.client();
    const [user] = await db.select().from(users).where(eq(users.id, c.id));
    if (!user) throw new Error('no user');
    const account = await accounts.open({
      userId: c.id,
      brandId: user.brandId,
      pin: user.pin,
      kind: 'live',
      currency,
    });
    return { ...c, account };
  };
  const withdraw = (token: string, amount: Decimal, accountId?: number) =>
    kit.create(token, {
      amount: -amount.toNumber(),
      method: 6,
      comments: 'To my IBAN DE89 3704',
      ...(accountId === undefined ? {} : { accountId }),
    });

  it('the demo brand books in euros with a threshold of EUR 10,000', () => {
    expect(demo.settings.currency).toBe('EUR');
    expect(threshold).toBe(10_000);
  });

  it('a USD withdrawal worth the threshold in euros needs one approver; a cent of euros more needs two', async () => {
    const c = await clientWith('USD');
    eurusd();
    const funded = await bookAdjustment(server, admin.token, c.id, {
      kind: 'correction',
      amount: '30000.00',
      reason: 'Opening funds for the test',
      accountId: c.account.id,
    } as never);
    expect(funded.statusCode, funded.body).toBe(200);
    const buy = ctx.trading.tradingTerms(c.account.id, 'EURUSD')?.dealing?.buy;
    if (!buy) throw new Error('no EURUSD dealing price');
    // dollars buy euros at the buy price: threshold × buy dollars are at most EUR 10,000.00 once rounded down
    const atThreshold = new Dec(threshold).times(buy);
    const within = atThreshold.toDecimalPlaces(2, Decimal.ROUND_DOWN);
    const above = atThreshold.toDecimalPlaces(2, Decimal.ROUND_UP).plus('0.02');
    // as raw amounts both are above 10,000: compared as if they were euros, both would need two approvers
    expect(within.greaterThan(threshold)).toBe(true);
    const one = (await withdraw(c.token, within, c.account.id)).json().data.transaction_id as string;
    const two = (await withdraw(c.token, above, c.account.id)).json().data.transaction_id as string;

    eurusd();
    expect(await queued(one)).toMatchObject({ currency: 'USD', needsSecondApproval: false });
    eurusd();
    expect(await queued(two)).toMatchObject({ currency: 'USD', needsSecondApproval: true });

    // the approver sees the amount, its euro equivalent at the rate now and whether a second approval is needed
    eurusd();
    expect((await contextOf(c.id, two)).decision).toEqual({
      amount: `-${above.toFixed(2)}`,
      currency: 'USD',
      brandCurrency: 'EUR',
      inBrandCurrency: `-${above.dividedBy(buy).toDecimalPlaces(2, Decimal.ROUND_DOWN).toFixed(2)}`,
      fourEyes: { threshold: '10000.00', needed: true, reason: 'above' },
    });
    eurusd();
    const context = await contextOf(c.id, one);
    expect(context.account).toMatchObject({ id: c.account.id, currency: 'USD' });
    expect(context.decision).toMatchObject({
      inBrandCurrency: `-${within.dividedBy(buy).toDecimalPlaces(2, Decimal.ROUND_DOWN).toFixed(2)}`,
      fourEyes: { needed: false, reason: 'within' },
    });

    eurusd();
    const paid = await approve(one);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().data.state).toBe('approved');
    eurusd();
    expect((await approve(two)).json().data.state).toBe('awaiting-second-approval');
    eurusd();
    expect((await approve(two, secondFinance.token)).json().data.state).toBe('approved');
  });

  it('a withdrawal with no rate to convert it at waits for two approvers, and the operator CLI cannot pay it', async () => {
    // GBP: the feed has given no EURGBP price in this server, so there is no rate; a bank wire funds the account
    const c = await clientWith('GBP');
    const wire = await kit.create(c.token, { amount: 500, method: 2, accountId: c.account.id });
    expect(wire.statusCode, wire.body).toBe(200);
    const credited = await approve(wire.json().data.transaction_id as string);
    expect(credited.statusCode, credited.body).toBe(200);
    const res = await withdraw(c.token, new Dec(5), c.account.id);
    expect(res.statusCode, res.body).toBe(200);
    const reference = res.json().data.transaction_id as string;

    expect(await queued(reference)).toMatchObject({ currency: 'GBP', needsSecondApproval: true });
    expect((await contextOf(c.id, reference)).decision).toEqual({
      amount: '-5.00',
      currency: 'GBP',
      brandCurrency: 'EUR',
      inBrandCurrency: null,
      fourEyes: { threshold: '10000.00', needed: true, reason: 'noRate' },
    });
    const operator = { authorization: `Bearer ${ctx.operatorToken}`, 'x-operator': 'tester' };
    const confirm = await app.inject({
      method: 'POST',
      url: `/api/admin/transactions/${reference}/confirm`,
      headers: operator,
    });
    expect(confirm.statusCode, confirm.body).toBe(409);
    // the threshold is named in the brand's currency
    expect(confirm.json()).toMatchObject({
      code: 'FOUR_EYES_REQUIRED',
      key: 'payment.fourEyesRequired',
      message: expect.stringContaining('A withdrawal above € 10000.00 needs two finance approvers'),
    });
    expect((await approve(reference)).json().data.state).toBe('awaiting-second-approval');
    expect((await approve(reference, secondFinance.token)).json().data.state).toBe('approved');
  });

  it('in the brand’s own currency nothing changes: EUR 10,000.00 needs one approver', async () => {
    const c = await kit.client();
    const funded = await bookAdjustment(server, admin.token, c.id, {
      kind: 'correction',
      amount: '20000.00',
      reason: 'Opening funds for the test',
    });
    expect(funded.statusCode, funded.body).toBe(200);
    const reference = (await withdraw(c.token, new Dec(10_000))).json().data.transaction_id as string;
    expect(await queued(reference)).toMatchObject({ currency: 'EUR', needsSecondApproval: false });
    expect((await contextOf(c.id, reference)).decision).toEqual({
      amount: '-10000.00',
      currency: 'EUR',
      brandCurrency: 'EUR',
      inBrandCurrency: '-10000.00',
      fourEyes: { threshold: '10000.00', needed: false, reason: 'within' },
    });
    // another client's withdrawal is not this client's context: 404
    const other = await kit.client();
    const elsewhere = await call(
      finance.token,
      'GET',
      `/api/backoffice/clients/${other.id}/approval-context?reference=${reference}`,
    );
    expect(elsewhere.statusCode).toBe(404);
    expect((await approve(reference)).json().data.state).toBe('approved');
  });
});
