import type { TransactionDto } from '@openbroker/domain';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { transactions, users } from '../../db/schema.js';
import { createTestServer, testDbKind } from '../../test/harness.js';
import { paymentKit } from '../../test/payments-kit.js';
import { historyCsv, transactionsCsv } from './exports.js';

/** RFC 4180 lines of quoted cells (as lib/csv.ts writes them). */
function parseCsv(text: string): string[][] {
  return text
    .split('\r\n')
    .filter((line) => line !== '')
    .map((line) => [...line.matchAll(/"((?:[^"]|"")*)"/g)].map((m) => (m[1] ?? '').replace(/""/g, '"')));
}

const tx = (overrides: Partial<TransactionDto>): TransactionDto => ({
  amount: 100,
  currency: 'EUR',
  transaction_type: { name: 'Credit Card Deposit' },
  transaction_type_id: 1,
  transaction_status: { name: 'Approved' },
  transaction_status_id: 2,
  transaction_id: 'T-1',
  created_at: '2026-11-30T10:00:00.000Z',
  method: 1,
  ...overrides,
});

describe('CSV exports (cells)', () => {
  it('guards formula cells, doubles quotes, keeps negative amounts as numbers, and writes ISO UTC times', () => {
    const csv = transactionsCsv(
      [
        tx({ status_note: '=HYPERLINK("http://evil.example","click")', transaction_id: '+T-2' }),
        tx({ status_note: '@SUM(A1)', transaction_id: '-T-3', created_at: '2026-11-30T12:00:00+02:00' }),
        tx({
          transaction_type_id: 6,
          amount: 50,
          transaction_type: { name: 'Withdrawal' },
          transaction_id: 'W',
        }),
      ],
      'deposits',
    );
    expect(csv.endsWith('\r\n')).toBe(true);
    const rows = parseCsv(csv);
    expect(rows).toHaveLength(3); // header and the two deposits: the withdrawal is another tab's
    expect(rows[1]).toEqual([
      '1',
      '100.00',
      'EUR',
      'Credit Card Deposit',
      'Approved',
      `'=HYPERLINK("http://evil.example","click")`,
      `'+T-2`,
      '2026-11-30T10:00:00.000Z',
    ]);
    expect(rows[2]?.[5]).toBe(`'@SUM(A1)`);
    expect(rows[2]?.[6]).toBe(`'-T-3`);
    expect(rows[2]?.[7]).toBe('2026-11-30T10:00:00.000Z');
    // the quotes inside a cell are doubled in the file itself
    expect(csv).toContain(`"'=HYPERLINK(""http://evil.example"",""click"")"`);
    const withdrawals = parseCsv(
      transactionsCsv([tx({ transaction_type_id: 6, amount: 50 })], 'withdrawals'),
    );
    expect(withdrawals[1]?.[1]).toBe('-50.00');
  });

  it('writes the history with its currency and an empty cell for what a row lacks', () => {
    const rows = parseCsv(
      historyCsv(
        [
          {
            id: 7,
            symbol: 'BTCUSD',
            symbolName: 'BINANCE:BTCUSDT',
            direction: 'buy',
            amount: 100,
            leverage: 2,
            open_rate: 64_016.01,
            open_date: '2026-11-30T10:00:00.000Z',
            closed_rate: 64_484.37,
            close_date: '2026-11-30T10:05:00.000Z',
            take_profit: null,
            stop_lost: null,
            profit: -1.5,
            protected: 0,
            closingReason: 0,
          },
        ],
        'USD',
      ),
    );
    expect(rows[1]).toEqual([
      '7',
      'BTCUSD',
      'buy',
      '100.00',
      '2',
      '64016.01',
      '2026-11-30T10:00:00.000Z',
      '64484.37',
      '2026-11-30T10:05:00.000Z',
      'Manually',
      '-1.50',
      '0.00',
      '0.00',
      'USD',
      '',
    ]);
  });
});

/** The downloads carry the same rows as the lists the pages show, for the signed-in client only. */
describe(`CSV exports (${testDbKind})`, async () => {
  const server = await createTestServer({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
  const { app, runtime } = server;
  const { ctx } = runtime;
  const { db } = ctx.database;
  const kit = paymentKit(app, db, ctx.config.paymentSandboxSecret);
  const operator = { authorization: `Bearer ${ctx.operatorToken}`, 'x-operator': 'exports-test' };
  const get = (url: string, token?: string) =>
    app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });

  const a = await kit.client();
  await db
    .update(users)
    .set({ verifiedAccount: true, assetsGroupPermission: [1, 2, 3, 4, 5] })
    .where(eq(users.id, a.id));
  const deposits: string[] = [];
  for (const amount of [1000, 250]) {
    const created = await kit.create(a.token, { amount, method: 2 });
    expect(created.statusCode, created.body).toBe(200);
    deposits.push(created.json().data.transaction_id as string);
  }
  const confirmed = await app.inject({
    method: 'POST',
    url: `/api/admin/transactions/${deposits[0]}/confirm`,
    headers: operator,
  });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  // a note that reads as a formula in a spreadsheet
  await db.update(transactions).set({ statusNote: '=cmd|"/c calc"!A1' }).where(eq(transactions.userId, a.id));
  await ctx.trading.refreshAccount(a.id);
  expect(ctx.market.ingest({ symbol: 'BTCUSD', bid: 64_000, ask: 64_010, ts: Date.now() })).toBe(true);
  const opened = await ctx.trading.open({
    accountId: a.id,
    now: Date.now(),
    symbol: 'BTCUSD',
    direction: 'sell',
    amount: 50,
    leverage: 2,
    price: 64_000 * 0.99975,
  });
  if (!opened.ok) throw new Error(opened.rejection.message.key);
  const event = opened.events.find((e) => e.type === 'position.opened');
  if (event?.type !== 'position.opened') throw new Error('no position');
  expect(
    (await ctx.trading.close({ accountId: a.id, now: Date.now(), positionId: event.position.id })).ok,
  ).toBe(true);
  const b = await kit.client();

  it("answers a tab's transactions as the list has them, formula cells guarded", async () => {
    const list = await get(`/api/transactions/get/${a.token}`);
    expect(list.statusCode).toBe(200);
    const json = (list.json().data as TransactionDto[]).filter((row) =>
      [1, 2, 3, 9, 11].includes(row.transaction_type_id),
    );
    expect(json).toHaveLength(2);
    const res = await get('/api/exports/transactions/deposits', a.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(
      /attachment; filename="transactions-deposits-.+\.csv"/,
    );
    const rows = parseCsv(res.body).slice(1);
    expect(rows.map((r) => r[6])).toEqual(json.map((row) => row.transaction_id));
    expect(rows.map((r) => r[1])).toEqual(json.map((row) => row.amount.toFixed(2)));
    expect(rows.map((r) => r[4])).toEqual(json.map((row) => row.transaction_status.name));
    expect(rows.map((r) => r[7])).toEqual(json.map((row) => new Date(row.created_at).toISOString()));
    expect(rows.every((r) => /^[A-Z]{3}$/.test(r[2] ?? ''))).toBe(true);
    expect(rows.every((r) => r[5] === `'=cmd|"/c calc"!A1`)).toBe(true);
    // another tab: its own rows only (none)
    expect(parseCsv((await get('/api/exports/transactions/withdrawals', a.token)).body)).toHaveLength(1);
  });

  it("answers the history list's closed positions", async () => {
    const balance = await app.inject({
      method: 'POST',
      url: '/api/accounts/getBalance',
      payload: { token: a.token },
    });
    const history = balance.json().data.positions.history as {
      id: number;
      closed_rate: number;
      profit: number;
    }[];
    expect(history).toHaveLength(1);
    const rows = parseCsv((await get('/api/exports/history', a.token)).body);
    expect(rows[0]?.[0]).toBe('position');
    expect(rows.slice(1).map((r) => [Number(r[0]), Number(r[7]), r[10]])).toEqual(
      history.map((p) => [p.id, p.closed_rate, p.profit.toFixed(2)]),
    );
  });

  it('gives another client their own (empty) lists, refuses without a session and an unknown tab', async () => {
    expect(parseCsv((await get('/api/exports/transactions/deposits', b.token)).body)).toHaveLength(1);
    expect(parseCsv((await get('/api/exports/history', b.token)).body)).toHaveLength(1);
    expect((await get('/api/exports/history')).statusCode).toBe(401);
    expect((await get('/api/exports/transactions/deposits')).statusCode).toBe(401);
    expect((await get('/api/exports/transactions/everything', a.token)).statusCode).toBe(400);
  });
});
