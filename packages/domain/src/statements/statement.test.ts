import { describe, expect, it } from 'vitest';
import { Statement } from '../contracts/statements.js';
import {
  buildStatement,
  entryCause,
  MAX_STATEMENT_DAYS,
  recentMonths,
  type StatementEntryRow,
  statementCsvRows,
  statementRange,
} from './statement.js';

const day = (text: string) => new Date(`${text}T00:00:00.000Z`);
const range = { from: day('2026-03-01'), to: day('2026-04-01') };
const entry = (
  id: number,
  at: string,
  kind: string,
  amount: string,
  more: Partial<StatementEntryRow> = {},
) => ({
  id,
  at: new Date(at),
  kind,
  amount,
  positionId: null,
  symbol: null,
  reference: null,
  ...more,
});

describe('statementRange', () => {
  const now = new Date('2026-11-29T22:00:00Z');

  it('takes a month as its first midnight to the next month’s, in UTC', () => {
    expect(statementRange({ month: '2026-02' }, now)).toEqual({
      ok: true,
      value: { from: day('2026-02-01'), to: day('2026-03-01') },
    });
    expect(statementRange({ month: '2025-12' }, now)).toEqual({
      ok: true,
      value: { from: day('2025-12-01'), to: day('2026-01-01') },
    });
  });

  it('takes a range of days with `to` the day after the last one', () => {
    expect(statementRange({ from: '2026-01-10', to: '2026-01-11' }, now)).toEqual({
      ok: true,
      value: { from: day('2026-01-10'), to: day('2026-01-11') },
    });
  });

  it('defaults to the current month', () => {
    expect(statementRange({}, now)).toEqual({
      ok: true,
      value: { from: day('2026-11-01'), to: day('2026-12-01') },
    });
  });

  it('refuses malformed days and months, a reversed or empty range and one too long, with message keys', () => {
    expect(statementRange({ month: '2026-13' }, now)).toEqual({
      ok: false,
      errors: [{ path: 'month', key: 'field.invalid', params: { title: 'Month' } }],
    });
    expect(statementRange({ from: '2026-02-30', to: '2026-03-02' }, now)).toEqual({
      ok: false,
      errors: [{ path: 'from', key: 'field.invalid', params: { title: 'From' } }],
    });
    expect(statementRange({ from: '2026-03-02' }, now)).toMatchObject({
      ok: false,
      errors: [{ path: 'to' }],
    });
    expect(statementRange({ from: '2026-03-02', to: '2026-03-02' }, now)).toEqual({
      ok: false,
      errors: [{ path: 'to', key: 'date.untilBeforeFrom' }],
    });
    expect(statementRange({ from: '2026-03-05', to: '2026-03-02' }, now)).toMatchObject({ ok: false });
    expect(statementRange({ from: '2025-01-01', to: '2026-01-03' }, now)).toEqual({
      ok: false,
      errors: [{ path: 'from', key: 'date.rangeTooLong', params: { max: MAX_STATEMENT_DAYS } }],
    });
    // a leap year's 366 days are allowed
    expect(statementRange({ from: '2024-01-01', to: '2025-01-01' }, now).ok).toBe(true);
  });

  it('refuses years the ledger or the database cannot hold, instead of failing the query', () => {
    expect(statementRange({ month: '9999-12' }, now)).toMatchObject({
      ok: false,
      errors: [{ path: 'month' }],
    });
    expect(statementRange({ month: '1969-12' }, now)).toMatchObject({
      ok: false,
      errors: [{ path: 'month' }],
    });
    expect(statementRange({ from: '0000-01-01', to: '0000-12-31' }, now)).toMatchObject({
      ok: false,
      errors: [
        { path: 'from', key: 'field.invalid' },
        { path: 'to', key: 'field.invalid' },
      ],
    });
    expect(statementRange({ from: '9998-12-01', to: '9999-01-01' }, now)).toMatchObject({
      ok: false,
      errors: [{ path: 'to', key: 'field.invalid' }],
    });
  });
});

describe('recentMonths', () => {
  it('lists the current month first and eleven before it, across a year', () => {
    const months = recentMonths(new Date('2026-02-15T10:00:00Z'));
    expect(months).toHaveLength(12);
    expect(months.slice(0, 3)).toEqual(['2026-02', '2026-01', '2025-12']);
    expect(months[11]).toBe('2025-03');
  });
});

describe('entryCause', () => {
  it('reads transactions, refunds, positions, swaps, staff actions and the opening deposit', () => {
    expect(entryCause({ positionId: null, symbol: null, reference: 'tx:TX-ABC' })).toEqual({
      type: 'transaction',
      reference: 'TX-ABC',
    });
    expect(entryCause({ positionId: null, symbol: null, reference: 'tx:TX-ABC:reversal' })).toEqual({
      type: 'transaction',
      reference: 'TX-ABC',
    });
    expect(entryCause({ positionId: 7, symbol: 'BTCUSD', reference: null })).toEqual({
      type: 'position',
      positionId: 7,
      symbol: 'BTCUSD',
      day: null,
    });
    expect(entryCause({ positionId: 7, symbol: 'BTCUSD', reference: 'swap:7:2026-03-04' })).toMatchObject({
      day: '2026-03-04',
    });
    expect(entryCause({ positionId: null, symbol: null, reference: 'staff:12' })).toEqual({ type: 'staff' });
    expect(entryCause({ positionId: null, symbol: null, reference: 'seed:opening-balance' })).toEqual({
      type: 'opening',
    });
    expect(entryCause({ positionId: null, symbol: null, reference: null })).toEqual({ type: 'none' });
  });
});

describe('buildStatement', () => {
  const statement = buildStatement({
    currency: 'EUR',
    range,
    openingBalance: '100.10',
    entries: [
      entry(3, '2026-03-05T10:00:00Z', 'withdrawal', '-50.05', { reference: 'tx:TX-W' }),
      entry(1, '2026-03-02T10:00:00Z', 'deposit', '1000.00', { reference: 'tx:TX-D' }),
      entry(2, '2026-03-03T10:00:00Z', 'realised_pnl', '0.20', { positionId: 9, symbol: 'BTCUSD' }),
      entry(4, '2026-03-06T10:00:00Z', 'commission', '-0.10', { positionId: 9, symbol: 'BTCUSD' }),
    ],
    positions: [
      {
        id: 9,
        symbol: 'BTCUSD',
        direction: 'buy',
        amount: '100',
        leverage: 2,
        openRate: '64010.0000000000',
        openedAt: new Date('2026-03-03T09:00:00Z'),
        closedRate: '64500.5000000000',
        closedAt: new Date('2026-03-03T10:00:00Z'),
        profit: '0.2',
      },
    ],
    equity: null,
    generatedAt: new Date('2026-04-02T08:00:00Z'),
  });

  it('answers the contract', () => {
    expect(Statement.parse(statement)).toEqual(statement);
  });

  it('lists the entries in booking order with exact running balances and the currency on each', () => {
    expect(statement.entries.map((e) => [e.id, e.amount, e.balance, e.currency])).toEqual([
      [1, '1000.00', '1100.10', 'EUR'],
      [2, '0.20', '1100.30', 'EUR'],
      [3, '-50.05', '1050.25', 'EUR'],
      [4, '-0.10', '1050.15', 'EUR'],
    ]);
    expect(statement.openingBalance).toBe('100.10');
    expect(statement.closingBalance).toBe('1050.15');
    expect(statement.credits).toBe('1000.20');
    expect(statement.debits).toBe('-50.15');
  });

  it('names the period with its last day and keeps positions with exact prices', () => {
    expect([statement.from, statement.to, statement.until]).toEqual([
      '2026-03-01',
      '2026-04-01',
      '2026-03-31',
    ]);
    expect(statement.positions[0]).toMatchObject({
      id: 9,
      side: 'buy',
      amount: '100.00',
      openPrice: '64010',
      closePrice: '64500.5',
      profit: '0.20',
      currency: 'EUR',
    });
  });

  it('gives one CSV row per entry after the header', () => {
    const rows = statementCsvRows(statement);
    expect(rows[0]).toEqual(['date', 'kind', 'cause', 'position', 'symbol', 'amount', 'balance', 'currency']);
    expect(rows).toHaveLength(5);
    expect(rows[1]).toEqual([
      '2026-03-02T10:00:00.000Z',
      'deposit',
      'TX-D',
      '',
      '',
      '1000.00',
      '1100.10',
      'EUR',
    ]);
    expect(rows[2]).toEqual([
      '2026-03-03T10:00:00.000Z',
      'realised_pnl',
      'position 9',
      '9',
      'BTCUSD',
      '0.20',
      '1100.30',
      'EUR',
    ]);
  });

  it('an empty period closes at its opening balance', () => {
    const empty = buildStatement({
      currency: 'USD',
      range,
      openingBalance: '12.5',
      entries: [],
      positions: [],
      equity: '13.456',
      generatedAt: new Date(),
    });
    expect([empty.openingBalance, empty.closingBalance, empty.equity]).toEqual(['12.50', '12.50', '13.46']);
  });
});
