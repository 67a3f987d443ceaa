import { money } from '@openbroker/domain';
import { and, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accountTransfers, auditLog, ledgerEntries, tradingAccounts, users } from '../../db/schema.js';
import { registerClient, uniqueEmail } from '../../test/factories.js';
import { createTestServer, testDbKind } from '../../test/harness.js';
import { staffSession } from '../../test/staff-kit.js';
import { verifyLedger } from '../ledger/ledger.verify.js';
import { AccountTransfersRepo } from './account-transfers.repo.js';
import { TradingAccountsService } from './trading-accounts.service.js';

/**
 * A client's trading accounts (docs/accounts.md "Opening accounts, transfers and demo"): the list with the engine's
 * figures, opening live and demo accounts, switching, demo resets, transfers between the client's own live accounts
 * (booked once, within free margin, never overdrawn by a race) and "Try a demo".
 */
describe(`trading accounts (${testDbKind})`, async () => {
  const server = await createTestServer({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
  const { app, runtime } = server;
  const { ctx } = runtime;
  const { db } = ctx.database;
  let funding = 0;

  const call = (
    method: 'GET' | 'POST',
    url: string,
    token: string | undefined,
    payload?: object,
    host?: string,
  ) =>
    app.inject({
      method,
      url,
      ...(payload ? { payload } : {}),
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(host ? { host } : {}) },
    });
  const list = async (token: string) => {
    const res = await call('GET', '/api/accounts', token);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as {
      accounts: {
        id: number;
        number: string;
        kind: string;
        currency: string;
        balance: string;
        current: boolean;
      }[];
      liveCurrencies: string[];
      demoBalance: string;
    };
  };
  /** Books `amount` on an account through its engine queue (a staff adjustment: the client's own money, or a bonus). */
  const fund = async (accountId: number, amount: number, kind: 'adjustment' | 'bonus' = 'adjustment') => {
    await ctx.trading.ensureAccount(accountId);
    const outcome = await ctx.trading.adjustBalance({
      accountId,
      now: Date.now(),
      amount: money(amount),
      kind,
      cause: { staffAction: `accounts-test-${accountId}-${++funding}` },
    });
    expect(outcome.ok).toBe(true);
  };
  const userIdOf = async (email: string) => {
    const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
    return row?.id as number;
  };
  /** A registered client with a second EUR live account; the first holds `amount`. */
  const twoLive = async (amount = 1000) => {
    const c = await registerClient(app);
    const opened = await call('POST', '/api/accounts', c.token, { kind: 'live', currency: 'EUR' });
    expect(opened.statusCode, opened.body).toBe(200);
    const [first, second] = opened.json().data.accounts;
    if (amount > 0) await fund(first.id, amount);
    return { ...c, first: first.id as number, second: second.id as number };
  };
  const balanceOf = async (accountId: number) => {
    const [row] = await db
      .select({ balance: tradingAccounts.balance })
      .from(tradingAccounts)
      .where(eq(tradingAccounts.id, accountId));
    return row?.balance;
  };
  const ledgerOf = (accountId: number) =>
    db.select().from(ledgerEntries).where(eq(ledgerEntries.accountId, accountId));
  const ledgerSum = async (accountId: number) =>
    (await ledgerOf(accountId)).reduce((sum, e) => sum + Math.round(Number(e.amount) * 100), 0) / 100;

  describe('the list and opening accounts', () => {
    it("lists a new client's live account as current, and opens a second live and a demo account", async () => {
      const c = await registerClient(app);
      const before = await list(c.token);
      expect(before.accounts).toHaveLength(1);
      expect(before.accounts[0]).toMatchObject({
        kind: 'live',
        current: true,
        balance: '0.00',
        number: `L-${c.user.pin}-1`,
      });
      // the demo brand's seed offers live accounts in euros, dollars and pounds, its own currency first
      expect(before.liveCurrencies).toEqual(['EUR', 'USD', 'GBP']);
      expect(before.accounts[0]?.currency).toBe('EUR');
      expect(before.demoBalance).toBe('10000.00');

      const live = await call('POST', '/api/accounts', c.token, { kind: 'live', currency: 'EUR' });
      expect(live.statusCode, live.body).toBe(200);
      const demo = await call('POST', '/api/accounts', c.token, { kind: 'demo', currency: 'EUR' });
      expect(demo.statusCode, demo.body).toBe(200);
      const after = await list(c.token);
      expect(after.accounts.map((a) => [a.number, a.kind, a.balance, a.current])).toEqual([
        [`L-${c.user.pin}-1`, 'live', '0.00', true],
        [`L-${c.user.pin}-2`, 'live', '0.00', false],
        [`D-${c.user.pin}-1`, 'demo', '10000.00', false],
      ]);
      // the demo's virtual money is one ledger entry, booked with the account
      const demoId = after.accounts[2]?.id as number;
      const entries = await ledgerOf(demoId);
      expect(entries.map((e) => [e.kind, e.amount])).toEqual([['demo_funds', '10000.00']]);
      expect(await balanceOf(demoId)).toBe('10000.00');
      const audited = await db
        .select()
        .from(auditLog)
        .where(
          and(eq(auditLog.action, 'account.open'), eq(auditLog.actor, `client:${await userIdOf(c.email)}`)),
        );
      expect(audited).toHaveLength(2);
    });

    it('refuses a currency the brand does not offer and more than 5 live or 3 demo accounts', async () => {
      const c = await registerClient(app);
      const chf = await call('POST', '/api/accounts', c.token, { kind: 'live', currency: 'CHF' });
      expect(chf.statusCode).toBe(400);
      expect(chf.json().errors[0]).toMatchObject({
        key: 'accounts.currencyNotOffered',
        message: 'Live accounts in CHF are not offered',
      });
      for (let i = 0; i < 4; i++)
        expect(
          (await call('POST', '/api/accounts', c.token, { kind: 'live', currency: 'EUR' })).statusCode,
        ).toBe(200);
      const sixth = await call('POST', '/api/accounts', c.token, { kind: 'live', currency: 'EUR' });
      expect(sixth.statusCode).toBe(400);
      expect(sixth.json().errors[0].message).toBe('You can hold at most 5 live accounts');
      for (let i = 0; i < 3; i++)
        expect(
          (await call('POST', '/api/accounts', c.token, { kind: 'demo', currency: 'EUR' })).statusCode,
        ).toBe(200);
      const fourth = await call('POST', '/api/accounts', c.token, { kind: 'demo', currency: 'EUR' });
      expect(fourth.json().errors[0].key).toBe('accounts.tooManyDemo');
      expect((await list(c.token)).accounts).toHaveLength(8);
    });

    it('refuses a demo account in a currency the brand does not offer (a translated field message), opening nothing', async () => {
      const c = await registerClient(app);
      const before = (await list(c.token)).accounts.length;
      const chf = await call('POST', '/api/accounts', c.token, { kind: 'demo', currency: 'CHF' });
      expect(chf.statusCode).toBe(400);
      expect(chf.json().errors[0]).toMatchObject({
        key: 'accounts.demoCurrencyNotOffered',
        message: 'Demo accounts in CHF are not offered',
      });
      expect((await list(c.token)).accounts).toHaveLength(before);
    });

    it('answers 401 without a client session (a staff token, another brand, none)', async () => {
      const staff = await staffSession(server, ['admin']);
      expect((await call('GET', '/api/accounts', staff.token)).statusCode).toBe(401);
      expect((await call('GET', '/api/accounts', undefined)).statusCode).toBe(401);
      const c = await registerClient(app);
      expect((await call('GET', '/api/accounts', c.token, undefined, 'aurora.localhost')).statusCode).toBe(
        401,
      );
      expect((await call('POST', '/api/accounts/current', staff.token, { accountId: 1 })).statusCode).toBe(
        401,
      );
    });
  });

  describe('switching and resetting', () => {
    it("switches the session's current account to the client's own only", async () => {
      const c = await twoLive(0);
      const switched = await call('POST', '/api/accounts/current', c.token, { accountId: c.second });
      expect(switched.statusCode, switched.body).toBe(200);
      expect(switched.json().data.accounts.map((a: { current: boolean }) => a.current)).toEqual([
        false,
        true,
      ]);
      expect((await list(c.token)).accounts.find((a) => a.current)?.id).toBe(c.second);

      const other = await twoLive(0);
      const foreign = await call('POST', '/api/accounts/current', c.token, { accountId: other.first });
      expect(foreign.statusCode).toBe(404);
      expect((await list(c.token)).accounts.find((a) => a.current)?.id).toBe(c.second);
    });

    it('resets a demo account to the demo balance: its positions closed, the difference one demo_funds entry', async () => {
      const c = await registerClient(app);
      const opened = await call('POST', '/api/accounts', c.token, { kind: 'demo', currency: 'EUR' });
      const demo = opened.json().data.accounts[1] as { id: number };
      await ctx.trading.ensureAccount(demo.id);
      ctx.market.ingest({ symbol: 'BTCUSD', bid: 64_000, ask: 64_010, ts: Date.now() });
      const trade = await ctx.trading.open({
        accountId: demo.id,
        now: Date.now(),
        symbol: 'BTCUSD',
        direction: 'buy',
        amount: 100,
        leverage: 2,
        price: 64_010 * 1.00025,
      });
      expect(trade.ok, JSON.stringify(trade)).toBe(true);
      ctx.market.ingest({ symbol: 'BTCUSD', bid: 60_000, ask: 60_010, ts: Date.now() });
      // the list shows the engine's figures: 100.00 of margin in use, equity below the balance after the fall
      const during = (await call('GET', '/api/accounts', c.token)).json().data.accounts[1];
      expect(during).toMatchObject({ id: demo.id, margin: '100.00' });
      expect(Number(during.equity)).toBeLessThan(Number(during.balance));
      expect(Number(during.marginLevel)).toBeCloseTo((Number(during.equity) / 100) * 100, 1);

      const live = await call('POST', '/api/accounts/reset', c.token, {
        accountId: (await list(c.token)).accounts[0]?.id,
      });
      expect(live.statusCode).toBe(409);
      expect(live.json().key).toBe('accounts.notDemo');

      const reset = await call('POST', '/api/accounts/reset', c.token, { accountId: demo.id });
      expect(reset.statusCode, reset.body).toBe(200);
      expect(ctx.trading.positions(demo.id).open).toEqual([]);
      expect(await balanceOf(demo.id)).toBe('10000.00');
      expect(await ledgerSum(demo.id)).toBe(10_000);
      const funds = (await ledgerOf(demo.id)).filter((e) => e.kind === 'demo_funds');
      expect(funds).toHaveLength(2);
    });
  });

  describe('two demo resets at once', () => {
    it('book the difference to the demo balance once: the balance ends at the demo balance, not above', async () => {
      const c = await registerClient(app);
      const opened = await call('POST', '/api/accounts', c.token, { kind: 'demo', currency: 'EUR' });
      const demo = opened.json().data.accounts[1] as { id: number };
      // the demo account lost 250.00 meanwhile
      await ctx.trading.ensureAccount(demo.id);
      const spent = await ctx.trading.adjustBalance({
        accountId: demo.id,
        now: Date.now(),
        amount: money(-250),
        kind: 'adjustment',
        cause: { staffAction: `demo-reset-race-${demo.id}` },
      });
      expect(spent.ok).toBe(true);
      expect(await balanceOf(demo.id)).toBe('9750.00');

      // both resets read the balance before either books (each waits at its second read until both got there)
      const userId = await userIdOf(c.email);
      const [user] = await db.select().from(users).where(eq(users.id, userId));
      const brand = await ctx.brands.resolve('localhost');
      const actor = { brand, user: user as never, session: { accountId: null } as never, ip: '127.0.0.1' };
      let reads = 0;
      let release: () => void = () => {};
      const bothRead = new Promise<void>((resolve) => {
        release = resolve;
      });
      const engine = ctx.trading;
      const service = new TradingAccountsService({
        db,
        transfers: new AccountTransfersRepo(db),
        engine,
        catalogue: ctx.market.catalogue,
        sessions: ctx.sessions,
        books: {
          ensure: (id) => engine.ensureAccount(id),
          view: async (id, withOrders) => {
            // the read before booking is each reset's second one
            if (!withOrders && ++reads === 2) release();
            if (!withOrders) await bothRead;
            const m = engine.margin(id);
            return {
              balance: { balance: m.balance, equity: m.equity, freeMargin: m.balance - m.usedMargin },
              positions: engine.positions(id),
              ...(withOrders ? { orders: engine.orders(id) } : {}),
            };
          },
          command: async () => ({ status: true }),
          close: (command) => engine.close(command),
          adjustBalance: (command) => engine.adjustBalance(command),
        },
      });
      const answers = await Promise.allSettled([
        service.reset(actor, demo.id),
        service.reset(actor, demo.id),
      ]);
      expect(answers.map((a) => a.status)).toEqual(['fulfilled', 'fulfilled']);
      expect(await balanceOf(demo.id)).toBe('10000.00');
      expect(await ledgerSum(demo.id)).toBe(10_000);
      // the opening funds and ONE reset entry of +250.00
      const funds = (await ledgerOf(demo.id))
        .filter((e) => e.kind === 'demo_funds')
        .sort((a, b) => a.id - b.id)
        .map((e) => e.amount);
      expect(funds).toEqual(['10000.00', '250.00']);
      expect(ctx.trading.balance(demo.id).balance).toBe(10_000);
    });
  });

  describe('transfers between own live accounts', () => {
    it('quotes without booking, books two entries and the transfer at once, and answers a replay with the same transfer', async () => {
      const c = await twoLive(1000);
      const body = { fromAccountId: c.first, toAccountId: c.second, amount: '250.50' };
      const quote = await call('POST', '/api/accounts/transfers/quote', c.token, body);
      expect(quote.statusCode, quote.body).toBe(200);
      expect(quote.json().data).toMatchObject({
        debit: { amount: '250.50' },
        credit: { amount: '250.50' },
        rate: '1',
        pair: null,
      });
      expect(await balanceOf(c.first)).toBe('1000.00');

      const booked = await call('POST', '/api/accounts/transfers', c.token, {
        ...body,
        commandId: 'transfer-1',
      });
      expect(booked.statusCode, booked.body).toBe(200);
      const { id } = booked.json().data;
      expect(await balanceOf(c.first)).toBe('749.50');
      expect(await balanceOf(c.second)).toBe('250.50');
      const entries = await db
        .select()
        .from(ledgerEntries)
        .where(eq(ledgerEntries.reference, `transfer:${id}`));
      expect(entries.map((e) => [e.accountId, e.kind, e.amount]).sort()).toEqual(
        [
          [c.first, 'transfer', '-250.50'],
          [c.second, 'transfer', '250.50'],
        ].sort(),
      );
      const audited = await db.select().from(auditLog).where(eq(auditLog.action, 'account.transfer'));
      expect(audited.some((a) => (a.details as { transfer?: number }).transfer === id)).toBe(true);

      const replay = await call('POST', '/api/accounts/transfers', c.token, {
        ...body,
        commandId: 'transfer-1',
      });
      expect(replay.statusCode).toBe(200);
      expect(replay.json().data.id).toBe(id);
      expect(await balanceOf(c.first)).toBe('749.50');
      expect(
        await db.select().from(accountTransfers).where(eq(accountTransfers.commandId, 'transfer-1')),
      ).toHaveLength(1);
    });

    it("refuses the same account, a demo account, another client's account, bad amounts and more than the free margin", async () => {
      const c = await twoLive(100);
      const other = await twoLive(100);
      const demo = (await call('POST', '/api/accounts', c.token, { kind: 'demo', currency: 'EUR' })).json()
        .data.accounts[2].id as number;
      const refusal = async (body: object) => {
        const res = await call('POST', '/api/accounts/transfers', c.token, body);
        return [res.statusCode, res.json().errors?.[0]?.key ?? res.json().key];
      };
      const ok = { fromAccountId: c.first, toAccountId: c.second };
      expect(await refusal({ ...ok, toAccountId: c.first, amount: '1' })).toEqual([
        400,
        'transfers.sameAccount',
      ]);
      expect(await refusal({ ...ok, toAccountId: demo, amount: '1' })).toEqual([
        400,
        'transfers.demoAccount',
      ]);
      expect(await refusal({ ...ok, toAccountId: other.second, amount: '1' })).toEqual([
        404,
        'tradingAccount.notFound',
      ]);
      expect(await refusal({ ...ok, fromAccountId: other.first, amount: '1' })).toEqual([
        404,
        'tradingAccount.notFound',
      ]);
      expect(await refusal({ ...ok, amount: '0' })).toEqual([400, 'transfers.amountPositive']);
      expect(await refusal({ ...ok, amount: '-5' })).toEqual([400, 'transfers.amountInvalid']);
      expect(await refusal({ ...ok, amount: '1.005' })).toEqual([400, 'transfers.amountDecimals']);
      expect(await refusal({ ...ok, amount: '1e9' })).toEqual([400, 'transfers.amountInvalid']);
      expect(await refusal({ ...ok, amount: '999999999999' })).toEqual([400, 'transfers.amountHuge']);
      const above = await call('POST', '/api/accounts/transfers', c.token, { ...ok, amount: '100.01' });
      expect(above.json().errors[0]).toMatchObject({
        key: 'transfers.aboveFreeMargin',
        message: 'You can transfer at most € 100.00',
      });
      expect(await balanceOf(c.first)).toBe('100.00');
      expect(
        await db
          .select()
          .from(accountTransfers)
          .where(eq(accountTransfers.userId, await userIdOf(c.email))),
      ).toEqual([]);
    });

    it('holds bonus money back as a withdrawal does: a bonus never leaves for another account to be withdrawn there', async () => {
      const c = await twoLive(100);
      await fund(c.first, 50, 'bonus');
      const ok = { fromAccountId: c.first, toAccountId: c.second };
      // free margin 150.00, of which the 50.00 bonus stays (the demo brand does not let bonuses be withdrawn)
      for (const url of ['/api/accounts/transfers/quote', '/api/accounts/transfers']) {
        const above = await call('POST', url, c.token, { ...ok, amount: '100.01' });
        expect(above.statusCode).toBe(400);
        expect(above.json().errors[0]).toMatchObject({
          key: 'transfers.aboveFreeMargin',
          message: 'You can transfer at most € 100.00',
        });
      }
      expect(await balanceOf(c.first)).toBe('150.00');
      const moved = await call('POST', '/api/accounts/transfers', c.token, { ...ok, amount: '100.00' });
      expect(moved.statusCode, moved.body).toBe(200);
      expect([await balanceOf(c.first), await balanceOf(c.second)]).toEqual(['50.00', '100.00']);
    });

    it('lets only one of two racing transfers that together would overdraw the account through; the ledger stays exact', async () => {
      const c = await twoLive(1000);
      const body = { fromAccountId: c.first, toAccountId: c.second, amount: '600.00' };
      const [a, b] = await Promise.all([
        call('POST', '/api/accounts/transfers', c.token, body),
        call('POST', '/api/accounts/transfers', c.token, body),
      ]);
      expect([a.statusCode, b.statusCode].sort()).toEqual([200, 400]);
      expect(await balanceOf(c.first)).toBe('400.00');
      expect(await balanceOf(c.second)).toBe('600.00');
      expect(await ledgerSum(c.first)).toBe(400);
      expect(await ledgerSum(c.second)).toBe(600);
      // back and forth at once: each runs with both accounts held, none is lost
      const back = await Promise.all([
        call('POST', '/api/accounts/transfers', c.token, {
          fromAccountId: c.second,
          toAccountId: c.first,
          amount: '100',
        }),
        call('POST', '/api/accounts/transfers', c.token, {
          fromAccountId: c.first,
          toAccountId: c.second,
          amount: '100',
        }),
      ]);
      expect(back.map((r) => r.statusCode)).toEqual([200, 200]);
      expect(await balanceOf(c.first)).toBe('400.00');
      expect((await ledgerSum(c.first)) + (await ledgerSum(c.second))).toBe(1000);
      // ledger:verify: every transfer has its debit and its credit, every balance its entries (the test's funding is
      // a staff bonus without its audit row: not what this checks)
      const problems = await verifyLedger(db);
      const mine = problems.filter((p) => p.accountId === c.first || p.accountId === c.second);
      expect(mine.filter((p) => p.check !== 'cause')).toEqual([]);
      expect(
        await db.select().from(accountTransfers).where(eq(accountTransfers.fromAccountId, c.first)),
      ).toHaveLength(2);
      // a transfer row without its entries (written behind the ledger's back) is reported
      const [stray] = await db
        .insert(accountTransfers)
        .values({
          userId: await userIdOf(c.email),
          fromAccountId: c.first,
          toAccountId: c.second,
          debitAmount: '1.00',
          debitCurrency: 'EUR',
          creditAmount: '1.00',
          creditCurrency: 'EUR',
          rate: '1',
        })
        .returning();
      const reported = (await verifyLedger(db)).filter((p) => p.check === 'transfer');
      expect(reported.map((p) => p.message)).toContain(
        `account ${c.first}: transfer ${stray?.id} has 0 ledger entries; expected its debit and its credit`,
      );
    });

    it("converts at the brand's dealing rate of the pair while its market is open, and says when a closed one opens", async () => {
      const c = await twoLive(0);
      const userId = await userIdOf(c.email);
      const brand = await ctx.brands.resolve('localhost');
      const offered = { ...brand, settings: { ...brand.settings, accountCurrencies: ['EUR', 'USD'] } };
      const [user] = await db.select().from(users).where(eq(users.id, userId));
      const session = { accountId: null } as never;
      // a Wednesday noon (UTC) a week ahead: the forex market is open whatever day the test runs
      const day = new Date(Date.now() + 7 * 86_400_000);
      day.setUTCDate(day.getUTCDate() + ((3 - day.getUTCDay() + 7) % 7));
      day.setUTCHours(12, 0, 0, 0);
      const service = (at: Date) =>
        new TradingAccountsService({
          db,
          transfers: new AccountTransfersRepo(db),
          engine: ctx.trading,
          catalogue: ctx.market.catalogue,
          sessions: ctx.sessions,
          now: () => at,
        });
      const actor = { brand: offered, user: user as never, session, ip: '127.0.0.1' };
      const opened = await service(day).open(actor, { kind: 'live', currency: 'USD' });
      const usd = opened.accounts.find((a) => a.currency === 'USD')?.id as number;
      await fund(c.first, 1000);
      ctx.market.ingest({ symbol: 'EURUSD', bid: 1.1, ask: 1.1002, ts: day.getTime() });
      const dealing = ctx.trading.tradingTerms(c.first, 'EURUSD')?.dealing;
      expect(dealing).toBeTruthy();
      const sell = dealing?.sell as number;

      const quote = await service(day).quote(actor, {
        fromAccountId: c.first,
        toAccountId: usd,
        amount: '1000',
      });
      expect(quote.pair).toBe('EURUSD');
      expect(quote.rate).toBe(String(sell));
      expect(quote.credit).toEqual({
        amount: (Math.floor(Math.round(1000 * sell * 1e6) / 1e4) / 100).toFixed(2),
        currency: 'USD',
      });
      const booked = await service(day).transfer(actor, {
        fromAccountId: c.first,
        toAccountId: usd,
        amount: '1000',
      });
      expect(booked.credit).toEqual(quote.credit);
      expect(await balanceOf(usd)).toBe(quote.credit.amount);
      expect(await balanceOf(c.first)).toBe('0.00');

      // Saturday noon: closed, with the time it opens
      const saturday = new Date(day.getTime() + 3 * 86_400_000);
      await expect(
        service(saturday).quote(actor, { fromAccountId: usd, toAccountId: c.first, amount: '10' }),
      ).rejects.toMatchObject({ errors: [expect.objectContaining({ key: 'transfers.marketClosed' })] });
    });
  });
  it('books at the rate the client saw, or answers a requote with the new rate and books nothing', async () => {
    const c = await twoLive(0);
    const userId = await userIdOf(c.email);
    const brand = await ctx.brands.resolve('localhost');
    const offered = { ...brand, settings: { ...brand.settings, accountCurrencies: ['EUR', 'USD'] } };
    const [user] = await db.select().from(users).where(eq(users.id, userId));
    const actor = {
      brand: offered,
      user: user as never,
      session: { accountId: null } as never,
      ip: '127.0.0.1',
    };
    // a Wednesday noon (UTC) two weeks ahead: the forex market is open whatever day the test runs
    const day = new Date(Date.now() + 14 * 86_400_000);
    day.setUTCDate(day.getUTCDate() + ((3 - day.getUTCDay() + 7) % 7));
    day.setUTCHours(12, 0, 0, 0);
    const service = new TradingAccountsService({
      db,
      transfers: new AccountTransfersRepo(db),
      engine: ctx.trading,
      catalogue: ctx.market.catalogue,
      sessions: ctx.sessions,
      now: () => day,
    });
    const opened = await service.open(actor, { kind: 'live', currency: 'USD' });
    const usd = opened.accounts.find((a) => a.currency === 'USD')?.id as number;
    await fund(c.first, 1000);
    ctx.market.ingest({ symbol: 'EURUSD', bid: 1.1, ask: 1.1002, ts: day.getTime() });
    const body = { fromAccountId: c.first, toAccountId: usd, amount: '100' };
    const quote = await service.quote(actor, body);

    // the rate moved by 1 %: a requote, nothing booked
    ctx.market.ingest({ symbol: 'EURUSD', bid: 1.111, ask: 1.1112, ts: day.getTime() + 1000 });
    const moved = await service
      .transfer(actor, { ...body, quotedRate: quote.rate, commandId: `rq-${usd}-1` })
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    expect(moved).toMatchObject({ statusCode: 409, code: 'TRANSFER_REQUOTE', key: 'transfers.requote' });
    const now = (await service.quote(actor, body)).rate;
    expect((moved as { errors: { params: { rate: string } }[] }).errors[0]?.params.rate).toBe(now);
    expect(await balanceOf(c.first)).toBe('1000.00');
    expect(await balanceOf(usd)).toBe('0.00');

    // confirmed at the new rate (within the tolerance): booked at it
    const booked = await service.transfer(actor, { ...body, quotedRate: now, commandId: `rq-${usd}-2` });
    expect(booked.rate).toBe(now);
    expect(await balanceOf(c.first)).toBe('900.00');
  });

  describe('Try a demo', () => {
    it('signs a visitor up with e-mail and password into one funded demo account that trades at once', async () => {
      const email = uniqueEmail('demo');
      const res = await app.inject({
        method: 'POST',
        url: '/api/demo',
        payload: { email, password: 'Secret123!' },
      });
      expect(res.statusCode, res.body).toBe(200);
      const token = res.json().data.access_token as string;
      expect(res.json().data.user).toMatchObject({ email, first_name: '', last_name: '' });
      const mine = await list(token);
      expect(mine.accounts.map((a) => [a.kind, a.balance, a.current])).toEqual([['demo', '10000.00', true]]);

      const demoId = mine.accounts[0]?.id as number;
      ctx.market.ingest({ symbol: 'BTCUSD', bid: 64_000, ask: 64_010, ts: Date.now() });
      const trade = await ctx.trading.open({
        accountId: demoId,
        now: Date.now(),
        symbol: 'BTCUSD',
        direction: 'buy',
        amount: 100,
        leverage: 2,
        price: 64_010 * 1.00025,
      });
      expect(trade.ok, JSON.stringify(trade)).toBe(true);

      // the same e-mail again, a weak password, a bad e-mail
      const again = await app.inject({
        method: 'POST',
        url: '/api/demo',
        payload: { email, password: 'Secret123!' },
      });
      expect(again.statusCode).toBe(409);
      const weak = await app.inject({
        method: 'POST',
        url: '/api/demo',
        payload: { email: uniqueEmail('demo'), password: 'x' },
      });
      expect(weak.statusCode).toBe(400);
      const bad = await app.inject({
        method: 'POST',
        url: '/api/demo',
        payload: { email: 'nope', password: 'Secret123!' },
      });
      expect(bad.statusCode).toBe(400);

      // upgrading: a live account needs the profile first
      const live = await call('POST', '/api/accounts', token, {
        kind: 'live',
        currency: mine.liveCurrencies[0],
      });
      expect(live.statusCode).toBe(409);
      expect(live.json().key).toBe('accounts.profileRequired');
    });

    it('refuses a deposit on a demo account', async () => {
      const c = await registerClient(app);
      const opened = await call('POST', '/api/accounts', c.token, { kind: 'demo', currency: 'EUR' });
      const demo = opened.json().data.accounts[1].id as number;
      await call('POST', '/api/accounts/current', c.token, { accountId: demo });
      const deposit = await call('POST', '/api/transactions/create', c.token, { amount: 500, method: 2 });
      expect(deposit.statusCode).toBeGreaterThanOrEqual(400);
      expect(await ledgerOf(demo)).toHaveLength(1);
      const entries = await db.select().from(ledgerEntries).where(like(ledgerEntries.reference, `tx:%`));
      expect(entries.filter((e) => e.accountId === demo)).toEqual([]);
    });
  });
});
