import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  type BrandSettings,
  brands,
  ledgerEntries,
  positions,
  tradingAccounts,
  transactions,
  users,
} from '../../db/schema.js';
import { createTestServer, testDbKind } from '../../test/harness.js';
import { staffCall, staffSession } from '../../test/staff-kit.js';
import { SiteRetailLoss, siteRetailLossPercent } from '../content/site-figures.js';

describe(`back-office reports (${testDbKind})`, async () => {
  const server = await createTestServer({ AUTH_RATE_LIMIT_PER_MINUTE: '100000' });
  const { app, runtime } = server;
  const { ctx } = runtime;
  const { db } = ctx.database;
  afterAll(() => app.close());

  const [demo] = await db.select().from(brands).where(eq(brands.slug, 'demo'));
  if (!demo) throw new Error('the demo seed has the brand demo');
  const hex = () => randomBytes(4).toString('hex');

  /** Each brand's currency and each client's live trading account (the money rows belong to it). */
  const currencyOf = new Map<number, string>();
  const accountOf = new Map<number, number>();
  const account = (userId: number) => {
    const id = accountOf.get(userId);
    if (id === undefined) throw new Error(`no account of user ${userId}`);
    return id;
  };
  /** A brand of its own (nothing of the demo data in it), with this currency. */
  const brand = async (currency: string, symbol: string, extra: Partial<BrandSettings> = {}) => {
    const slug = `rpt-${hex()}`;
    const [row] = await db
      .insert(brands)
      .values({
        slug,
        name: `Report ${slug}`,
        hosts: [],
        settings: { ...demo.settings, currency, currencySymbol: symbol, ...extra },
      })
      .returning();
    if (!row) throw new Error('brand insert');
    currencyOf.set(row.id, currency);
    return row;
  };
  /** A client with a live account in the brand's currency (its balance `balance`). */
  const client = async (
    brandId: number,
    createdAt: string,
    extra: Partial<typeof users.$inferInsert> = {},
    balance = '0.00',
  ) => {
    const id = hex();
    const [row] = await db
      .insert(users)
      .values({
        brandId,
        email: `report.${id}@example.com`,
        passwordHash: 'x',
        firstName: 'Rita',
        lastName: 'Report',
        pin: `R${id}`,
        uniqid: `rpt${id}`,
        createdAt: new Date(createdAt),
        ...extra,
      })
      .returning();
    if (!row) throw new Error('user insert');
    const [live] = await db
      .insert(tradingAccounts)
      .values({
        // the first live account has the client's id, as registration opens it (decision 0028)
        id: row.id,
        userId: row.id,
        brandId,
        kind: 'live',
        currency: currencyOf.get(brandId) ?? 'EUR',
        number: `L-${row.pin}-1`,
        balance,
        createdAt: new Date(createdAt),
      })
      .returning();
    if (!live) throw new Error('account insert');
    accountOf.set(row.id, live.id);
    return { ...row, accountId: live.id };
  };
  let txNo = 0;
  const tx = async (
    user: { id: number; brandId: number },
    typeId: number,
    statusId: number,
    amount: string,
    completedAt: string | null,
  ) => {
    await db.insert(transactions).values({
      brandId: user.brandId,
      userId: user.id,
      accountId: account(user.id),
      reference: `TX-RPT${hex()}${++txNo}`,
      typeId,
      statusId,
      method: typeId >= 6 && typeId <= 8 ? 6 : 1,
      provider: 'card-1',
      amount,
      currency: currencyOf.get(user.brandId) ?? 'EUR',
      createdAt: new Date(completedAt ?? '2026-03-01T00:00:00Z'),
      completedAt: completedAt === null ? null : new Date(completedAt),
    });
  };
  const position = async (
    userId: number,
    p: { amount: string; leverage: number; openedAt: string; closedAt?: string; partOf?: number },
  ) => {
    const [row] = await db
      .insert(positions)
      .values({
        userId,
        accountId: account(userId),
        symbol: 'EURUSD',
        direction: 'buy',
        amount: p.amount,
        leverage: p.leverage,
        openRate: '1.1',
        openedAt: new Date(p.openedAt),
        ...(p.closedAt ? { closedAt: new Date(p.closedAt), closedRate: '1.1', closingReason: 0 } : {}),
        ...(p.partOf ? { partOf: p.partOf } : {}),
      })
      .returning();
    if (!row) throw new Error('position insert');
    return row.id;
  };
  const ledger = async (userId: number, kind: string, amount: string, at: string, positionId?: number) => {
    await db.insert(ledgerEntries).values({
      userId,
      accountId: account(userId),
      kind,
      amount,
      balanceAfter: '0',
      positionId: positionId ?? null,
      reference: kind === 'swap' ? `swap:${positionId}:${at.slice(0, 10)}` : null,
      createdAt: new Date(at),
    });
  };
  const verify = async (user: { id: number; brandId: number }, at: string) => {
    await db.insert(auditLog).values({
      actor: 'system',
      action: 'client.verify',
      subject: `user:${user.id}`,
      brandId: user.brandId,
      userId: user.id,
      createdAt: new Date(at),
    });
  };

  // ---------------------------------------------------------------------------------- the seeded scenario
  const eur = await brand('EUR', '€');
  const usd = await brand('USD', '$');
  const foreign = await brand('EUR', '€');

  // u0 registered and deposited before the range: a deposit in the range is not their first
  const u0 = await client(eur.id, '2026-02-28T23:59:59Z');
  await tx(u0, 1, 2, '80.00', '2026-02-28T23:59:59Z');
  await tx(u0, 1, 2, '500.00', '2026-03-01T08:00:00Z');
  // day 1: u1 and u2 register; u1 is verified, makes a first deposit and opens a position (commission)
  const u1 = await client(eur.id, '2026-03-01T09:00:00Z');
  const u2 = await client(eur.id, '2026-03-01T15:00:00Z');
  await verify(u1, '2026-03-01T10:00:00Z');
  await tx(u1, 1, 2, '1000.00', '2026-03-01T11:00:00Z');
  const p1 = await position(u1.id, {
    amount: '100.00',
    leverage: 10,
    openedAt: '2026-03-01T12:00:00Z',
    closedAt: '2026-03-02T10:00:00Z',
  });
  await ledger(u1.id, 'commission', '-2.50', '2026-03-01T12:00:00Z', p1);
  // day 2: u1 deposits again and withdraws, closes p1 (+40.25); u2's first deposit, a trade opened and closed
  // the same day (−75.10, protection +25.10)
  await tx(u1, 1, 2, '250.50', '2026-03-02T08:00:00Z');
  await tx(u1, 6, 2, '-100.00', '2026-03-02T09:00:00Z');
  await ledger(u1.id, 'realised_pnl', '40.25', '2026-03-02T10:00:00Z', p1);
  await tx(u2, 2, 2, '300.00', '2026-03-02T07:00:00Z');
  const p2 = await position(u2.id, {
    amount: '50.00',
    leverage: 20,
    openedAt: '2026-03-02T12:00:00Z',
    closedAt: '2026-03-02T13:00:00Z',
  });
  await ledger(u2.id, 'realised_pnl', '-75.10', '2026-03-02T13:00:00Z', p2);
  await ledger(u2.id, 'negative_balance_protection', '25.10', '2026-03-02T13:00:00Z', p2);
  // day 3: u3 registers at the last second; a pending deposit, a declined withdrawal and a bonus count nowhere;
  // a swap booked for u2's (already closed) position counts as a cost
  const u3 = await client(eur.id, '2026-03-03T23:59:59Z');
  await tx(u3, 1, 1, '999.00', null);
  await tx(u1, 6, 3, '-50.00', '2026-03-03T09:00:00Z');
  await tx(u1, 4, 2, '20.00', '2026-03-03T09:00:00Z');
  await ledger(u2.id, 'swap', '-1.20', '2026-03-03T22:00:00Z', p2);
  // after the range: nothing of it counts
  const late = await client(eur.id, '2026-03-04T00:00:00Z');
  await tx(late, 1, 2, '5000.00', '2026-03-04T00:00:00Z');
  // the USD brand: its own group
  const d1 = await client(usd.id, '2026-03-02T10:00:00Z');
  await tx(d1, 1, 2, '70.00', '2026-03-02T11:00:00Z');
  // a foreign brand with the same currency: never in the scoped member's figures
  const f1 = await client(foreign.id, '2026-03-01T10:00:00Z');
  await tx(f1, 1, 2, '7777.00', '2026-03-01T11:00:00Z');
  await position(f1.id, { amount: '10.00', leverage: 5, openedAt: '2026-03-01T12:00:00Z' });

  const finance = await staffSession(server, ['finance'], [eur.id, usd.id]);
  const outsider = await staffSession(server, ['finance'], [foreign.id]);
  const dealer = await staffSession(server, ['dealer'], [eur.id]);
  const range = 'from=2026-03-01&until=2026-03-03';

  const zero = {
    registrations: 0,
    demoSignups: 0,
    verified: 0,
    ftdCount: 0,
    ftdAmount: '0.00',
    depositCount: 0,
    deposits: '0.00',
    withdrawalCount: 0,
    withdrawals: '0.00',
    netDeposits: '0.00',
    activeTraders: 0,
    positionsOpened: 0,
    volume: '0.00',
    realisedPnl: '0.00',
    costs: '0.00',
  };
  const eurDays = [
    {
      ...zero,
      day: '2026-03-01',
      registrations: 2,
      verified: 1,
      ftdCount: 1,
      ftdAmount: '1000.00',
      depositCount: 2,
      deposits: '1500.00',
      netDeposits: '1500.00',
      activeTraders: 1,
      positionsOpened: 1,
      volume: '1000.00',
      costs: '-2.50',
    },
    {
      ...zero,
      day: '2026-03-02',
      ftdCount: 1,
      ftdAmount: '300.00',
      depositCount: 2,
      deposits: '550.50',
      withdrawalCount: 1,
      withdrawals: '100.00',
      netDeposits: '450.50',
      activeTraders: 2,
      positionsOpened: 1,
      volume: '1000.00',
      realisedPnl: '-9.75',
    },
    { ...zero, day: '2026-03-03', registrations: 1, costs: '-1.20' },
  ];
  const eurTotals = {
    registrations: 3,
    demoSignups: 0,
    verified: 1,
    ftdCount: 2,
    ftdAmount: '1300.00',
    depositCount: 4,
    deposits: '2050.50',
    withdrawalCount: 1,
    withdrawals: '100.00',
    netDeposits: '1950.50',
    activeTraders: 2,
    positionsOpened: 2,
    volume: '2000.00',
    realisedPnl: '-9.75',
    costs: '-3.70',
  };

  it('answers the per-day figures of a brand exactly', async () => {
    const res = await staffCall(
      app,
      'GET',
      `/api/backoffice/reports/kpis?brandId=${eur.id}&${range}`,
      finance.token,
    );
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ from: '2026-03-01', until: '2026-03-03', brandId: eur.id });
    expect(data.groups).toHaveLength(1);
    expect(data.groups[0]).toMatchObject({ currency: 'EUR', currencySymbol: '€' });
    expect(data.groups[0].brands).toEqual([{ id: eur.id, slug: eur.slug, name: eur.name }]);
    expect(data.groups[0].days).toEqual(eurDays);
    expect(data.groups[0].totals).toEqual(eurTotals);
  });

  it('groups every brand in scope by currency and never includes a foreign brand', async () => {
    const res = await staffCall(app, 'GET', `/api/backoffice/reports/kpis?${range}`, finance.token);
    expect(res.statusCode, res.body).toBe(200);
    const groups = res.json().data.groups;
    expect(groups.map((g: { currency: string }) => g.currency)).toEqual(['EUR', 'USD']);
    // the foreign EUR brand's 7,777.00 deposit is not added to the EUR group
    expect(groups[0].days).toEqual(eurDays);
    expect(groups[0].totals).toEqual(eurTotals);
    expect(groups[1].totals).toMatchObject({
      registrations: 1,
      ftdCount: 1,
      ftdAmount: '70.00',
      deposits: '70.00',
      netDeposits: '70.00',
    });

    // a partial close's part keeps the opening time: the position's notional counts once in total
    const pid = await position(u3.id, { amount: '30.00', leverage: 2, openedAt: '2026-03-03T10:00:00Z' });
    await position(u3.id, {
      amount: '20.00',
      leverage: 2,
      openedAt: '2026-03-03T10:00:00Z',
      closedAt: '2026-03-03T11:00:00Z',
      partOf: pid,
    });
    const after = await staffCall(
      app,
      'GET',
      `/api/backoffice/reports/kpis?brandId=${eur.id}&${range}`,
      finance.token,
    );
    expect(after.json().data.groups[0].days[2]).toMatchObject({
      positionsOpened: 1,
      volume: '100.00',
      activeTraders: 1,
    });
    expect(after.json().data.groups[0].totals).toMatchObject({ activeTraders: 3, volume: '2100.00' });
  });

  it('answers 404 for a brand outside the scope or unknown, and 403 without reports.read', async () => {
    for (const url of [
      `/api/backoffice/reports/kpis?brandId=${foreign.id}&${range}`,
      `/api/backoffice/reports/kpis?brandId=999999&${range}`,
      `/api/backoffice/reports/kpis.csv?brandId=${foreign.id}&${range}`,
      `/api/backoffice/reports/retail-loss?brandId=${foreign.id}`,
    ]) {
      const res = await staffCall(app, 'GET', url, finance.token);
      expect(res.statusCode, url).toBe(404);
    }
    const theirs = await staffCall(app, 'GET', `/api/backoffice/reports/kpis?${range}`, outsider.token);
    expect(theirs.json().data.groups).toHaveLength(1);
    expect(theirs.json().data.groups[0].totals).toMatchObject({ deposits: '7777.00', registrations: 1 });
    expect(
      (await staffCall(app, 'GET', `/api/backoffice/reports/kpis?${range}`, dealer.token)).statusCode,
    ).toBe(403);
    expect(
      (await app.inject({ method: 'GET', url: `/api/backoffice/reports/kpis?${range}` })).statusCode,
    ).toBe(401);
  });

  it('refuses bad ranges with field messages', async () => {
    const cases: [string, string, string][] = [
      ['from=2026-03-05&until=2026-03-01', 'until', 'reports.rangeOrder'],
      ['from=2025-01-01&until=2026-03-01', 'from', 'reports.rangeTooLong'],
      ['from=2026-02-30&until=2026-03-01', 'from', 'reports.dayInvalid'],
      ['from=yesterday', 'from', 'reports.dayInvalid'],
      ['until=2026-03-01%0A', 'until', 'reports.dayInvalid'],
      [`from=${'9'.repeat(100)}`, 'from', 'reports.dayInvalid'],
      ['brandId=abc', 'brandId', 'field.invalid'],
    ];
    for (const [query, path, key] of cases) {
      const res = await staffCall(app, 'GET', `/api/backoffice/reports/kpis?${query}`, finance.token);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().errors, query).toEqual(
        expect.arrayContaining([expect.objectContaining({ path, key })]),
      );
    }
    const csv = await staffCall(
      app,
      'GET',
      '/api/backoffice/reports/kpis.csv?from=2026-03-05&until=2026-03-01',
      finance.token,
    );
    expect(csv.statusCode).toBe(400);
    expect(csv.headers['content-type']).toMatch(/json/);
    // 366 days is the longest range
    const year = await staffCall(
      app,
      'GET',
      '/api/backoffice/reports/kpis?from=2025-03-04&until=2026-03-04',
      finance.token,
    );
    expect(year.statusCode, year.body).toBe(200);
    expect(year.json().data.groups[0].days).toHaveLength(366);
  });

  it('exports the report as RFC 4180 CSV', async () => {
    const res = await staffCall(
      app,
      'GET',
      `/api/backoffice/reports/kpis.csv?brandId=${eur.id}&${range}`,
      finance.token,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="kpis-brand-${eur.id}-2026-03-01-2026-03-03.csv"`,
    );
    const lines = res.body.split('\r\n');
    expect(lines[0]).toBe(
      '"currency","day","registrations","demoSignups","verified","ftdCount","ftdAmount","depositCount","deposits",' +
        '"withdrawalCount","withdrawals","netDeposits","activeTraders","positionsOpened","volume","realisedPnl","costs"',
    );
    expect(lines[2]).toBe(
      '"EUR","2026-03-02","0","0","0","1","300.00","2","550.50","1","100.00","450.50","2","1","1000.00","-9.75","0.00"',
    );
    expect(lines[4]?.startsWith('"EUR","total","3","0","1","2","1300.00"')).toBe(true);
    expect(lines).toHaveLength(6); // header, 3 days, total, and the empty string after the last CRLF
  });

  // ---------------------------------------------------------------------------------------- retail loss
  it('computes the retail-loss figure of a brand from the ledger and the engine', async () => {
    const rl = await brand('EUR', '€');
    const admin = await staffSession(server, ['admin'], [rl.id]);
    const day = 86_400_000;
    const ago = (days: number) => new Date(Date.now() - days * day).toISOString();
    // a1: closed 30 days ago, +100.00, commission −5.00 → +95.00            not losing
    const a1 = await client(rl.id, ago(100));
    const q1 = await position(a1.id, { amount: '100.00', leverage: 1, openedAt: ago(31), closedAt: ago(30) });
    await ledger(a1.id, 'commission', '-5.00', ago(31), q1);
    await ledger(a1.id, 'realised_pnl', '100.00', ago(30), q1);
    // a2: closed 60 days ago, −50.00                                        losing
    const a2 = await client(rl.id, ago(100));
    const q2 = await position(a2.id, { amount: '100.00', leverage: 1, openedAt: ago(61), closedAt: ago(60) });
    await ledger(a2.id, 'realised_pnl', '-50.00', ago(60), q2);
    // a3: +3.00 realised, swap −3.00 → 0.00 (zero is no loss)               not losing
    const a3 = await client(rl.id, ago(100));
    const q3 = await position(a3.id, { amount: '100.00', leverage: 1, openedAt: ago(21), closedAt: ago(20) });
    await ledger(a3.id, 'swap', '-3.00', ago(21), q3);
    await ledger(a3.id, 'realised_pnl', '3.00', ago(20), q3);
    // a4: only traded 400 days ago (a loss): outside the 12 months         not counted
    const a4 = await client(rl.id, ago(500));
    const q4 = await position(a4.id, {
      amount: '100.00',
      leverage: 1,
      openedAt: ago(401),
      closedAt: ago(400),
    });
    await ledger(a4.id, 'realised_pnl', '-80.00', ago(400), q4);
    // a5: a position open now, bought at 1.1002 and now quoted at 1.0000 (floating loss)   losing
    const a5 = await client(
      rl.id,
      ago(100),
      { verifiedAccount: true, assetsGroupPermission: [1, 2, 3, 4, 5] },
      '1000.00',
    );
    await ledger(a5.id, 'deposit', '1000.00', ago(50));
    expect(ctx.market.ingest({ symbol: 'EURUSD', bid: 1.1, ask: 1.1002, ts: Date.now() })).toBe(true);
    await ctx.trading.ensureAccount(a5.accountId);
    const opened = await ctx.trading.open({
      accountId: a5.accountId,
      symbol: 'EURUSD',
      direction: 'buy',
      amount: 100,
      leverage: 1,
      price: 1.1002,
      now: Date.now(),
    });
    expect(opened.ok, JSON.stringify(opened)).toBe(true);
    // a7: sold at 1.1000 with a swap of −1.00 booked: its floating profit (≈ +9) makes it not losing — only
    // because the engine's unrealised result counts
    const a7 = await client(
      rl.id,
      ago(100),
      { verifiedAccount: true, assetsGroupPermission: [1, 2, 3, 4, 5] },
      '1000.00',
    );
    await ledger(a7.id, 'deposit', '1000.00', ago(50));
    await ctx.trading.ensureAccount(a7.accountId);
    const sold = await ctx.trading.open({
      accountId: a7.accountId,
      symbol: 'EURUSD',
      direction: 'sell',
      amount: 100,
      leverage: 1,
      price: 1.1,
      now: Date.now(),
    });
    expect(sold.ok, JSON.stringify(sold)).toBe(true);
    const soldEvent = sold.ok ? sold.events.find((e) => e.type === 'position.opened') : undefined;
    const soldId = soldEvent?.type === 'position.opened' ? soldEvent.position.id : undefined;
    await ledger(a7.id, 'swap', '-1.00', ago(0), soldId);
    expect(ctx.market.ingest({ symbol: 'EURUSD', bid: 1.0, ask: 1.0002, ts: Date.now() + 1 })).toBe(true);
    const floating = ctx.trading.positions(a7.accountId).open[0]?.profit ?? 0;
    expect(floating).toBeGreaterThan(5);
    // a6: registered, never traded                                          not counted
    await client(rl.id, ago(10));

    const res = await staffCall(
      app,
      'GET',
      `/api/backoffice/reports/retail-loss?brandId=${rl.id}`,
      admin.token,
    );
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    // accounts that traded: a1, a2, a3, a5, a7 = 5; losing: a2, a5 = 2 → 40 %
    expect(data).toMatchObject({ brandId: rl.id, percent: 40, losing: 2, accounts: 5 });
    // five accounts are far below the minimum sample: the figure comes with its sample size, not yet meaningful
    expect(data).toMatchObject({ minimumAccounts: 30, meaningful: false });
    const until = Date.parse(data.until);
    expect(Math.abs(until - Date.now())).toBeLessThan(60_000);
    expect(new Date(data.from).getUTCFullYear()).toBe(new Date(until).getUTCFullYear() - 1);
    expect(data.computedAt).toBe(data.until);

    // the brand's public risk warning: the hand-written figure until the brand enables the computed one
    const withSettings = (settings: BrandSettings) => ({ id: rl.id, settings });
    const written: BrandSettings = { ...rl.settings, trading: { preset: 'esma', retailLossPercent: 74 } };
    expect(await siteRetailLossPercent(db, withSettings(written))).toBe(74);
    expect(
      await siteRetailLossPercent(
        db,
        withSettings({ ...written, riskWarning: { computedRetailLoss: true } }),
      ),
    ).toBe(40);
    // the public site's pages: the risk warning placeholder shows the computed figure once the brand enables it
    await ctx.content.savePage(rl.id, {
      slug: 'risk',
      lang: 'en',
      title: '{{retailLoss}}% of retail investor accounts lose money when trading CFDs with this provider.',
      components: [],
    });
    const served = await ctx.brands.findById(rl.id);
    if (!served) throw new Error('brand');
    const handWritten = await ctx.content.page({ ...served, settings: written }, 'risk', 'en');
    expect(handWritten?.title.startsWith('74% of retail')).toBe(true);
    const computed = await ctx.content.page(
      { ...served, settings: { ...written, riskWarning: { computedRetailLoss: true } } },
      'risk',
      'en',
    );
    expect(computed?.title.startsWith('40% of retail')).toBe(true);
    // a brand where nobody traded keeps its hand-written figure
    const empty = await brand('EUR', '€', {
      trading: { preset: 'esma', retailLossPercent: 71 },
      riskWarning: { computedRetailLoss: true },
    });
    expect(await siteRetailLossPercent(db, { id: empty.id, settings: empty.settings })).toBe(71);
    const none = await staffCall(
      app,
      'GET',
      `/api/backoffice/reports/retail-loss?brandId=${empty.id}`,
      finance.token,
    );
    expect(none.statusCode).toBe(404); // not in finance's scope
    const missing = await staffCall(app, 'GET', '/api/backoffice/reports/retail-loss', admin.token);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors[0]).toMatchObject({ path: 'brandId', key: 'reports.brandRequired' });
  });

  it('calls the retail-loss figure meaningful once 30 accounts traded in the period', async () => {
    const big = await brand('EUR', '€');
    const admin = await staffSession(server, ['admin'], [big.id]);
    const ago = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();
    const figure = async () => {
      const res = await staffCall(
        app,
        'GET',
        `/api/backoffice/reports/retail-loss?brandId=${big.id}`,
        admin.token,
      );
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data;
    };
    // 29 accounts that traded, every third one lost money
    const trader = async (n: number) => {
      const user = await client(big.id, ago(200));
      const id = await position(user.id, {
        amount: '100.00',
        leverage: 1,
        openedAt: ago(41),
        closedAt: ago(40),
      });
      await ledger(user.id, 'realised_pnl', n % 3 === 0 ? '-10.00' : '10.00', ago(40), id);
    };
    for (let n = 1; n <= 29; n++) await trader(n);
    expect(await figure()).toMatchObject({ accounts: 29, losing: 9, minimumAccounts: 30, meaningful: false });
    await trader(30);
    expect(await figure()).toMatchObject({ accounts: 30, losing: 10, percent: 33, meaningful: true });
  });

  // ---------------------------------------------------------------------------------------- demo accounts
  it('leaves demo accounts out of every money figure and the retail loss, counts demo sign-ups apart, and never adds currencies', async () => {
    const br = await brand('EUR', '€');
    const admin = await staffSession(server, ['admin'], [br.id]);
    const ago = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();
    const demoAccount = async (userId: number, at: string) => {
      const [row] = await db
        .insert(tradingAccounts)
        .values({
          userId,
          brandId: br.id,
          kind: 'demo',
          currency: 'EUR',
          number: `D-${hex()}-1`,
          balance: '10000.00',
          createdAt: new Date(at),
        })
        .returning();
      if (!row) throw new Error('demo account insert');
      return row.id;
    };
    const onAccount = async (
      user: { id: number; brandId: number },
      accountId: number,
      work: () => Promise<unknown>,
    ) => {
      const live = account(user.id);
      accountOf.set(user.id, accountId);
      try {
        await work();
      } finally {
        accountOf.set(user.id, live);
      }
    };
    const day = ago(2).slice(0, 10);
    const at = (hour: number) => `${day}T${String(hour).padStart(2, '0')}:00:00Z`;

    // a live client: €100 deposited, a winning trade on the live EUR account (+30), and a USD account with $200
    const trader = await client(br.id, at(8));
    await tx(trader, 1, 2, '100.00', at(9));
    const won = await position(trader.id, {
      amount: '50.00',
      leverage: 10,
      openedAt: at(10),
      closedAt: at(11),
    });
    await ledger(trader.id, 'realised_pnl', '30.00', at(11), won);
    const [usd] = await db
      .insert(tradingAccounts)
      .values({
        userId: trader.id,
        brandId: br.id,
        kind: 'live',
        currency: 'USD',
        number: `L-${hex()}-2`,
        balance: '200.00',
      })
      .returning();
    if (!usd) throw new Error('usd account insert');
    await onAccount(trader, usd.id, async () => {
      await db.insert(transactions).values({
        brandId: br.id,
        userId: trader.id,
        accountId: usd.id,
        reference: `TX-RPTUSD${hex()}`,
        typeId: 1,
        statusId: 2,
        method: 1,
        provider: 'card-1',
        amount: '200.00',
        currency: 'USD',
        createdAt: new Date(at(12)),
        completedAt: new Date(at(12)),
      });
    });
    // the same client's demo account: big virtual deposits, trades and a heavy loss — none of it is money
    const traderDemo = await demoAccount(trader.id, at(8));
    await onAccount(trader, traderDemo, async () => {
      await tx(trader, 1, 2, '10000.00', at(9));
      const lost = await position(trader.id, {
        amount: '1000.00',
        leverage: 100,
        openedAt: at(10),
        closedAt: at(11),
      });
      await ledger(trader.id, 'realised_pnl', '-900.00', at(11), lost);
      await ledger(trader.id, 'commission', '-10.00', at(10), lost);
    });
    // a "Try a demo" visitor: a client whose only account is a demo one, trading and losing
    const [visitor] = await db
      .insert(users)
      .values({
        brandId: br.id,
        email: `demo.${hex()}@example.com`,
        passwordHash: 'x',
        firstName: 'Dora',
        lastName: 'Demo',
        pin: `D${hex()}`,
        uniqid: `dmo${hex()}`,
        createdAt: new Date(at(13)),
      })
      .returning();
    if (!visitor) throw new Error('visitor insert');
    const visitorDemo = await demoAccount(visitor.id, at(13));
    accountOf.set(visitor.id, visitorDemo);
    await tx(visitor, 1, 2, '10000.00', at(13));
    const visitorLost = await position(visitor.id, {
      amount: '500.00',
      leverage: 50,
      openedAt: at(14),
      closedAt: at(15),
    });
    await ledger(visitor.id, 'realised_pnl', '-400.00', at(15), visitorLost);

    const res = await staffCall(
      app,
      'GET',
      `/api/backoffice/reports/kpis?brandId=${br.id}&from=${day}&until=${day}`,
      admin.token,
    );
    expect(res.statusCode, res.body).toBe(200);
    const groups = res.json().data.groups as { currency: string; totals: Record<string, unknown> }[];
    // euros and dollars stay apart: one group per account currency
    expect(groups.map((g) => g.currency)).toEqual(['EUR', 'USD']);
    expect(groups[0]?.totals).toEqual({
      ...zero,
      registrations: 1,
      demoSignups: 1,
      ftdCount: 1,
      ftdAmount: '100.00',
      depositCount: 1,
      deposits: '100.00',
      netDeposits: '100.00',
      activeTraders: 1,
      positionsOpened: 1,
      volume: '500.00',
      realisedPnl: '30.00',
    });
    expect(groups[1]?.totals).toEqual({
      ...zero,
      depositCount: 1,
      deposits: '200.00',
      netDeposits: '200.00',
    });

    // the retail-loss figure: only the live account traded; the two losing demo accounts are not retail accounts
    const loss = await staffCall(
      app,
      'GET',
      `/api/backoffice/reports/retail-loss?brandId=${br.id}`,
      admin.token,
    );
    expect(loss.statusCode, loss.body).toBe(200);
    expect(loss.json().data).toMatchObject({ accounts: 1, losing: 0, percent: 0 });
  });

  it('caches the computed figure for 10 minutes, shares a computation in flight and retries a failure', async () => {
    let clock = 1_000_000;
    let calls = 0;
    let fail = false;
    const site = new SiteRetailLoss(
      async () => {
        calls++;
        if (fail) throw new Error('database away');
        return { percent: 60 + calls };
      },
      () => clock,
    );
    const brandOf = (computed: boolean) => ({
      id: 7,
      settings: { trading: { retailLossPercent: 74 }, riskWarning: { computedRetailLoss: computed } },
    });
    expect(await site.percentFor(brandOf(false))).toBe(74);
    expect(calls).toBe(0);
    const [a, b] = await Promise.all([site.percentFor(brandOf(true)), site.percentFor(brandOf(true))]);
    expect([a, b, calls]).toEqual([61, 61, 1]);
    clock += 9 * 60_000;
    expect(await site.percentFor(brandOf(true))).toBe(61);
    clock += 60_000;
    expect(await site.percentFor(brandOf(true))).toBe(62);
    clock += 10 * 60_000;
    fail = true;
    // a failed computation falls back to the hand-written figure and is not cached
    expect(await site.percentFor(brandOf(true))).toBe(74);
    fail = false;
    expect(await site.percentFor(brandOf(true))).toBe(64);
  });
});
