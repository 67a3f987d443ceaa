import { Statement } from '@openbroker/domain';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ledgerEntries, users } from '../../db/schema.js';
import { createTestServer, testDbKind } from '../../test/harness.js';
import { paymentKit } from '../../test/payments-kit.js';
import { staffSession } from '../../test/staff-kit.js';
import { pdfTextOf } from './pdf-text.kit.js';
import { amountText } from './statement-pdf.js';

const DAY_MS = 86_400_000;
const dayText = (at: number) => new Date(at).toISOString().slice(0, 10);

/** RFC 4180 lines of quoted cells (as lib/csv.ts writes them). */
function parseCsv(text: string): string[][] {
  return text
    .split('\r\n')
    .filter((line) => line !== '')
    .map((line) => [...line.matchAll(/"((?:[^"]|"")*)"/g)].map((m) => (m[1] ?? '').replace(/""/g, '"')));
}

/**
 * A client's account statement over a range: read from the ledger, it closes at the booked balance (the one
 * getBalance answers), ranges chain (one's opening is the previous one's closing), and the CSV and PDF carry the
 * same figures. A client sees only their own account.
 */
describe(`account statements (${testDbKind})`, async () => {
  const server = await createTestServer({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
  const { app, runtime } = server;
  const { ctx } = runtime;
  const { db } = ctx.database;
  const kit = paymentKit(app, db, ctx.config.paymentSandboxSecret);
  const operator = { authorization: `Bearer ${ctx.operatorToken}`, 'x-operator': 'statements-test' };

  const confirm = async (reference: string) => {
    const res = await app.inject({
      method: 'POST',
      url: `/api/admin/transactions/${reference}/confirm`,
      headers: operator,
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  const create = async (token: string, body: Record<string, unknown>) => {
    const res = await kit.create(token, body);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.transaction_id as string;
  };
  const trader = async () => {
    const client = await kit.client();
    await db
      .update(users)
      .set({ verifiedAccount: true, assetsGroupPermission: [1, 2, 3, 4, 5] })
      .where(eq(users.id, client.id));
    await ctx.trading.refreshAccount(client.id);
    return client;
  };
  const statement = (token: string | undefined, query: string) =>
    app.inject({
      method: 'GET',
      url: `/api/statements?${query}`,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
  const json = async (token: string, query: string): Promise<Statement> => {
    const res = await statement(token, query);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status).toBe(true);
    return Statement.parse(res.json().data);
  };

  // A: a deposit ten days ago, a closed crypto trade and a pending withdrawal today
  const a = await trader();
  const deposit = await create(a.token, { amount: 1000, method: 2 });
  await confirm(deposit);
  await db
    .update(ledgerEntries)
    .set({ createdAt: new Date(Date.now() - 10 * DAY_MS) })
    .where(and(eq(ledgerEntries.userId, a.id), eq(ledgerEntries.reference, `tx:${deposit}`)));
  expect(ctx.market.ingest({ symbol: 'BTCUSD', bid: 64_000, ask: 64_010, ts: Date.now() })).toBe(true);
  const opened = await ctx.trading.open({
    accountId: a.id,
    now: Date.now(),
    symbol: 'BTCUSD',
    direction: 'buy',
    amount: 100,
    leverage: 2,
    price: 64_010 * 1.00025,
  });
  if (!opened.ok) throw new Error(opened.rejection.message.key);
  const event = opened.events.find((e) => e.type === 'position.opened');
  if (event?.type !== 'position.opened') throw new Error('no position opened');
  const positionId = event.position.id;
  expect(ctx.market.ingest({ symbol: 'BTCUSD', bid: 64_500, ask: 64_510, ts: Date.now() })).toBe(true);
  expect((await ctx.trading.close({ accountId: a.id, now: Date.now(), positionId })).ok).toBe(true);
  const withdrawal = await create(a.token, { amount: -200, method: 6, comments: 'To my IBAN' });

  // B: another client with a deposit of their own
  const b = await trader();
  const otherDeposit = await create(b.token, { amount: 500, method: 2 });
  await confirm(otherDeposit);

  const tomorrow = dayText(Date.now() + DAY_MS);
  const fiveDaysAgo = dayText(Date.now() - 5 * DAY_MS);
  const longAgo = dayText(Date.now() - 40 * DAY_MS);
  const wholeRange = `from=${longAgo}&to=${tomorrow}`;

  it("closes at the client's balance as getBalance answers it, with every entry and its cause", async () => {
    const balance = await app.inject({
      method: 'POST',
      url: '/api/accounts/getBalance',
      payload: { token: a.token },
    });
    expect(balance.statusCode).toBe(200);
    const booked = balance.json().data.balance as number;
    const s = await json(a.token, wholeRange);
    expect(s.openingBalance).toBe('0.00');
    expect(s.closingBalance).toBe(booked.toFixed(2));
    expect(s.closingBalance).toBe(await kit.balanceOf(a.id));
    expect(s.entries.at(-1)?.balance).toBe(s.closingBalance);
    expect(s.equity).toBe(booked.toFixed(2));
    expect(s.currency).toMatch(/^[A-Z]{3}$/);
    expect(s.entries.every((e) => e.currency === s.currency)).toBe(true);
    const kinds = s.entries.map((e) => e.kind);
    expect(kinds[0]).toBe('deposit');
    expect(kinds).toContain('realised_pnl');
    expect(kinds.at(-1)).toBe('withdrawal');
    expect(s.entries[0]?.cause).toEqual({ type: 'transaction', reference: deposit });
    expect(s.entries.at(-1)).toMatchObject({
      amount: '-200.00',
      cause: { type: 'transaction', reference: withdrawal },
    });
    const pnl = s.entries.find((e) => e.kind === 'realised_pnl');
    expect(pnl?.cause).toEqual({ type: 'position', positionId, symbol: 'BTCUSD', day: null });
    expect(s.positions).toHaveLength(1);
    expect(s.positions[0]).toMatchObject({ id: positionId, symbol: 'BTCUSD', side: 'buy', amount: '100.00' });
    expect(s.positions[0]?.profit).toBe(pnl?.amount);
    expect(s.positions[0]?.closedAt).not.toBeNull();
  });

  it('chains ranges: a later range opens at the earlier one’s closing balance', async () => {
    const earlier = await json(a.token, `from=${longAgo}&to=${fiveDaysAgo}`);
    const later = await json(a.token, `from=${fiveDaysAgo}&to=${tomorrow}`);
    expect(earlier.entries.map((e) => e.kind)).toEqual(['deposit']);
    expect(earlier.closingBalance).toBe('1000.00');
    expect(earlier.equity).toBeNull();
    expect(later.openingBalance).toBe(earlier.closingBalance);
    expect(later.closingBalance).toBe(await kit.balanceOf(a.id));
    expect(later.entries.map((e) => e.kind)).not.toContain('deposit');
  });

  it('a month is one of the ranges', async () => {
    const month = new Date().toISOString().slice(0, 7);
    const s = await json(a.token, `month=${month}`);
    expect(s.from).toBe(`${month}-01`);
    expect(s.entries.map((e) => e.kind)).toContain('withdrawal');
  });

  it('gives the same entries as CSV, one line each after the header', async () => {
    const s = await json(a.token, wholeRange);
    const res = await statement(a.token, `${wholeRange}&format=csv`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(/attachment; filename=".+\.csv"/);
    const [header, ...rows] = parseCsv(res.body);
    expect(header).toEqual(['date', 'kind', 'cause', 'position', 'symbol', 'amount', 'balance', 'currency']);
    expect(
      rows.map(([date, kind, , , , amount, balance, currency]) => ({
        date,
        kind,
        amount,
        balance,
        currency,
      })),
    ).toEqual(
      s.entries.map((e) => ({
        date: e.at,
        kind: e.kind,
        amount: e.amount,
        balance: e.balance,
        currency: e.currency,
      })),
    );
  });

  it('gives a PDF that shows the closing balance', async () => {
    const s = await json(a.token, wholeRange);
    const res = await statement(a.token, `${wholeRange}&format=pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.subarray(0, 4).toString('latin1')).toBe('%PDF');
    const text = pdfTextOf(res.rawPayload);
    expect(text).toContain('Closing balance');
    expect(text).toContain(`${s.currency} ${amountText(s.closingBalance)}`);
    expect(text).toContain(`#${positionId}`);
  });

  it("never shows another client's entries or positions", async () => {
    const mine = await json(a.token, wholeRange);
    const theirs = await json(b.token, wholeRange);
    expect(theirs.entries.map((e) => e.cause)).toEqual([{ type: 'transaction', reference: otherDeposit }]);
    expect(theirs.positions).toEqual([]);
    expect(theirs.closingBalance).toBe('500.00');
    const mineIds = new Set(mine.entries.map((e) => e.id));
    expect(theirs.entries.some((e) => mineIds.has(e.id))).toBe(false);
    const csv = await statement(b.token, `${wholeRange}&format=csv`);
    expect(csv.body).not.toContain(deposit);
    expect(csv.body).not.toContain('BTCUSD');
  });

  it('refuses a bad range with a translated field message, and changes nothing', async () => {
    const before = await kit.balanceOf(a.id);
    const reversed = await statement(a.token, `from=${tomorrow}&to=${fiveDaysAgo}`);
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json()).toMatchObject({
      status: false,
      key: 'error.validation',
      errors: [
        { path: 'to', key: 'date.untilBeforeFrom', message: "The until date can't be before the from date" },
      ],
    });
    const same = await statement(a.token, `from=${fiveDaysAgo}&to=${fiveDaysAgo}`);
    expect(same.json().errors[0].key).toBe('date.untilBeforeFrom');
    const long = await statement(a.token, 'from=2024-01-01&to=2025-01-03');
    expect(long.statusCode).toBe(400);
    expect(long.json().errors[0]).toMatchObject({
      key: 'date.rangeTooLong',
      params: { max: 366 },
      message: 'The period can be at most 366 days long',
    });
    const malformed = await statement(a.token, 'from=2026-02-30&to=2026-03-10');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().errors[0]).toMatchObject({ path: 'from', key: 'field.invalid' });
    expect((await statement(a.token, 'month=2026-13')).statusCode).toBe(400);
    expect((await statement(a.token, `${wholeRange}&format=xml`)).statusCode).toBe(400);
    expect(await kit.balanceOf(a.id)).toBe(before);
  });

  it('answers 401 without a session', async () => {
    const res = await statement(undefined, wholeRange);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ status: false, code: 'UNAUTHORIZED' });
    expect((await statement('not-a-token', wholeRange)).statusCode).toBe(401);
  });

  it('answers 20 statements a minute per session; another session is not held back', async () => {
    const busy = await trader();
    const codes: number[] = [];
    for (let i = 0; i < 21; i += 1) codes.push((await statement(busy.token, wholeRange)).statusCode);
    expect(codes.slice(0, 20).every((code) => code === 200)).toBe(true);
    expect(codes[20]).toBe(429);
    const other = await trader();
    expect((await statement(other.token, wholeRange)).statusCode).toBe(200);
  });

  it("refuses a staff member's token and a client's token on another brand's site", async () => {
    const staff = await staffSession(server, ['admin']);
    expect((await statement(staff.token, wholeRange)).statusCode).toBe(401);
    const client = await trader();
    const elsewhere = await app.inject({
      method: 'GET',
      url: `/api/statements?${wholeRange}`,
      headers: { authorization: `Bearer ${client.token}`, host: 'aurora.localhost' },
    });
    expect(elsewhere.statusCode).toBe(401);
  });
});
