/**
 * Account statements: the statement of one account over a range of UTC days [from, to), built from its ledger
 * entries. The opening balance is the balance before `from`; every entry of the range follows with its cause
 * and the running balance; the closing balance is the opening balance plus the entries' sum, exactly (decimal
 * arithmetic, never floats). Pure: the server reads the rows, this shapes them.
 */
import type Decimal from 'decimal.js';
import {
  STATEMENT_ENTRY_KINDS,
  type Statement,
  type StatementCause,
  type StatementEntry,
  type StatementEntryKind,
  type StatementPosition,
} from '../contracts/statements.js';
import { toDecimal } from '../money.js';
import { type FieldMessage, fieldMessage, type ValidationResult } from '../validation.js';

/** The longest range a statement covers, in days. */
export const MAX_STATEMENT_DAYS = 366;
/** How many past months the month picker offers (the current one included). */
export const STATEMENT_MONTHS = 12;

const DAY_MS = 86_400_000;

/** A ledger entry as read for a statement; amounts are exact decimal text (NUMERIC). */
export interface StatementEntryRow {
  id: number;
  at: Date;
  kind: string;
  amount: string;
  positionId: number | null;
  /** The symbol of the entry's position, when it has one. */
  symbol: string | null;
  reference: string | null;
}

/** A position as read for a statement; prices and amounts are exact decimal text. */
export interface StatementPositionRow {
  id: number;
  symbol: string;
  direction: 'buy' | 'sell';
  amount: string;
  leverage: number;
  openRate: string;
  openedAt: Date;
  closedRate: string | null;
  closedAt: Date | null;
  profit: string | null;
}

export interface StatementInput {
  currency: string;
  range: StatementRange;
  /** The balance before `range.from` (the sum of every earlier entry). */
  openingBalance: string;
  entries: readonly StatementEntryRow[];
  positions: readonly StatementPositionRow[];
  /** Equity at the end of the range, when known. */
  equity: string | null;
  generatedAt: Date;
}

/** A statement's range: `from` is the first midnight covered, `to` the midnight after the last day (UTC). */
export interface StatementRange {
  from: Date;
  to: Date;
}

/** The query a statement is asked for with: a month (YYYY-MM) or a range of days (YYYY-MM-DD), `to` exclusive. */
export interface StatementQuery {
  month?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

/** YYYY-MM-DD of an instant (UTC). */
export const dayOf = (at: Date): string => at.toISOString().slice(0, 10);

/** The years a statement may cover: the ledger holds nothing before 1970, the database no year past 9999. */
const FIRST_YEAR = 1970;
const LAST_YEAR = 9998;

/** A UTC day from YYYY-MM-DD; undefined for anything else (a day that does not exist, or outside the years above). */
export function parseDay(text: string): Date | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return undefined;
  const year = Number(text.slice(0, 4));
  if (year < FIRST_YEAR || year > LAST_YEAR) return undefined;
  const at = new Date(`${text}T00:00:00.000Z`);
  return Number.isNaN(at.getTime()) || dayOf(at) !== text ? undefined : at;
}

/** The range of a month (YYYY-MM): its first midnight to the next month's first (UTC); undefined if malformed. */
export function monthRange(month: string): StatementRange | undefined {
  const match = /^(\d{4})-(\d{2})$/.exec(month);
  if (!match) return undefined;
  const year = Number(match[1]);
  const index = Number(match[2]) - 1;
  if (index < 0 || index > 11 || year < FIRST_YEAR || year > LAST_YEAR) return undefined;
  return { from: new Date(Date.UTC(year, index, 1)), to: new Date(Date.UTC(year, index + 1, 1)) };
}

/** The months the picker offers: the current one (UTC) first, then the `count − 1` before it, as YYYY-MM. */
export function recentMonths(now: Date, count = STATEMENT_MONTHS): string[] {
  const months: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const at = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - i, 1));
    months.push(at.toISOString().slice(0, 7));
  }
  return months;
}

/**
 * The range a statement query asks for: a month, or `from` and `to` (the day after the last one), at most
 * MAX_STATEMENT_DAYS long with `to` after `from`. Without either: the current month (UTC) of `now`.
 * Field messages for a malformed day or month, a reversed or empty range and a range too long.
 */
export function statementRange(query: StatementQuery, now: Date): ValidationResult<StatementRange> {
  const problems: FieldMessage[] = [];
  if (query.month !== undefined && query.month !== '') {
    const range = monthRange(query.month);
    return range
      ? { ok: true, value: range }
      : { ok: false, errors: [fieldMessage('month', 'field.invalid', { title: 'Month' })] };
  }
  if ((query.from ?? '') === '' && (query.to ?? '') === '')
    return { ok: true, value: monthRange(now.toISOString().slice(0, 7)) as StatementRange };
  const from = parseDay(query.from ?? '');
  const to = parseDay(query.to ?? '');
  if (!from) problems.push(fieldMessage('from', 'field.invalid', { title: 'From' }));
  if (!to) problems.push(fieldMessage('to', 'field.invalid', { title: 'To' }));
  if (from && to) {
    const days = (to.getTime() - from.getTime()) / DAY_MS;
    if (days < 1) problems.push(fieldMessage('to', 'date.untilBeforeFrom'));
    else if (days > MAX_STATEMENT_DAYS)
      problems.push(fieldMessage('from', 'date.rangeTooLong', { max: MAX_STATEMENT_DAYS }));
  }
  if (problems.length > 0 || !from || !to) return { ok: false, errors: problems };
  return { ok: true, value: { from, to } };
}

const KINDS = new Set<string>(STATEMENT_ENTRY_KINDS);

/** The kind of a stored entry; an unknown kind is shown as an adjustment (never dropped: the sum must hold). */
export const entryKind = (kind: string): StatementEntryKind =>
  KINDS.has(kind) ? (kind as StatementEntryKind) : 'adjustment';

/**
 * The cause of an entry from its stored position and reference (ledger references: 'tx:TX-…',
 * 'tx:TX-…:reversal', 'staff:…', 'seed:…', 'swap:<position>:<day>').
 */
export function entryCause(
  row: Pick<StatementEntryRow, 'positionId' | 'symbol' | 'reference'>,
): StatementCause {
  const reference = row.reference ?? '';
  if (row.positionId !== null) {
    const swap = /^swap:\d+:(\d{4}-\d{2}-\d{2})$/.exec(reference);
    return { type: 'position', positionId: row.positionId, symbol: row.symbol, day: swap?.[1] ?? null };
  }
  if (reference.startsWith('tx:'))
    return { type: 'transaction', reference: reference.slice(3).replace(/:reversal$/, '') };
  if (reference.startsWith('staff:')) return { type: 'staff' };
  if (reference.startsWith('seed:')) return { type: 'opening' };
  return { type: 'none' };
}

/** Exact decimal text with two places (the ledger's scale). */
const text = (value: Decimal): string => value.toFixed(2);
const decimalText = (value: string | null): string | null =>
  value === null ? null : toDecimal(value).toString();

/** Entries in booking order: by time, then by id (ids follow the order of one account's bookings). */
const byBooking = (a: StatementEntryRow, b: StatementEntryRow) =>
  a.at.getTime() - b.at.getTime() || a.id - b.id;

/**
 * The statement: the opening balance, every entry in booking order with the running balance after it, the
 * positions opened or closed in the range, the closing balance (opening + Σ entries) and the equity where known.
 */
export function buildStatement(input: StatementInput): Statement {
  const { currency, range } = input;
  let running = toDecimal(input.openingBalance);
  let credits = toDecimal(0);
  let debits = toDecimal(0);
  const entries: StatementEntry[] = [...input.entries].sort(byBooking).map((row) => {
    const amount = toDecimal(row.amount);
    running = running.plus(amount);
    if (amount.isPositive() && !amount.isZero()) credits = credits.plus(amount);
    else debits = debits.plus(amount);
    return {
      id: row.id,
      at: row.at.toISOString(),
      kind: entryKind(row.kind),
      cause: entryCause(row),
      amount: text(amount),
      balance: text(running),
      currency,
    };
  });
  const positions: StatementPosition[] = [...input.positions]
    .sort((a, b) => a.openedAt.getTime() - b.openedAt.getTime() || a.id - b.id)
    .map((p) => ({
      id: p.id,
      symbol: p.symbol,
      side: p.direction,
      amount: text(toDecimal(p.amount)),
      leverage: p.leverage,
      openedAt: p.openedAt.toISOString(),
      openPrice: decimalText(p.openRate) as string,
      closedAt: p.closedAt?.toISOString() ?? null,
      closePrice: decimalText(p.closedRate),
      profit: p.profit === null ? null : text(toDecimal(p.profit)),
      currency,
    }));
  return {
    currency,
    from: dayOf(range.from),
    to: dayOf(range.to),
    until: dayOf(new Date(range.to.getTime() - DAY_MS)),
    openingBalance: text(toDecimal(input.openingBalance)),
    closingBalance: text(running),
    credits: text(credits),
    debits: text(debits),
    equity: input.equity === null ? null : text(toDecimal(input.equity)),
    entries,
    positions,
    generatedAt: input.generatedAt.toISOString(),
  };
}

/** The statement's CSV columns, in order. */
export const STATEMENT_CSV_COLUMNS = [
  'date',
  'kind',
  'cause',
  'position',
  'symbol',
  'amount',
  'balance',
  'currency',
] as const;

/** An entry's cause as one line of text: the transaction's reference, 'position', 'staff', 'opening' or ''. */
export function causeText(cause: StatementCause): string {
  switch (cause.type) {
    case 'transaction':
      return cause.reference;
    case 'position':
      return cause.day ? `position ${cause.positionId} ${cause.day}` : `position ${cause.positionId}`;
    case 'staff':
      return 'staff';
    case 'opening':
      return 'opening';
    case 'none':
      return '';
  }
}

/** The CSV cells of a statement's entries: the header row, then one row per entry (in STATEMENT_CSV_COLUMNS order). */
export function statementCsvRows(statement: Statement): string[][] {
  return [
    [...STATEMENT_CSV_COLUMNS],
    ...statement.entries.map((e) => [
      e.at,
      e.kind,
      causeText(e.cause),
      e.cause.type === 'position' ? String(e.cause.positionId) : '',
      e.cause.type === 'position' ? (e.cause.symbol ?? '') : '',
      e.amount,
      e.balance,
      e.currency,
    ]),
  ];
}
