/**
 * The retail-loss disclosure (docs/reports.md): "X % of retail investor accounts lose money when
 * trading CFDs with this provider". ESMA describes the figure as the percentage of CFD retail accounts that lost
 * money, calculated over a 12-month period, per account: the sum of realised and unrealised net profit and loss,
 * including all fees and charges.
 *
 * Our method, per retail account that traded in the period (held a position open at any moment of it):
 * - realised: what the ledger booked in the period for its trading — the realised profit or loss of every
 *   position closed in the period (`realised_pnl`), the broker's negative balance protection
 *   (`negative_balance_protection`), and the costs charged in the period (`commission`, `swap`);
 * - unrealised: the floating profit or loss of its positions still open at the end of the period;
 * - the account lost money when realised + unrealised < 0 (exactly 0 is not a loss).
 * The percentage is losing ÷ accounts × 100, rounded half up to a whole number; none when no account traded.
 *
 * Pure: no I/O. Money is exact (money.ts helpers).
 */
import { addMoney, type Money, money } from './money.js';

/** The ledger kinds that count towards an account's trading result. */
export const RETAIL_LOSS_KINDS = Object.freeze([
  'realised_pnl',
  'negative_balance_protection',
  'commission',
  'swap',
] as const);
export type RetailLossKind = (typeof RETAIL_LOSS_KINDS)[number];

/** The look-back period of the disclosure: 12 months. */
export const RETAIL_LOSS_MONTHS = 12;

/**
 * The fewest accounts that traded in the period for the figure to mean something: below it, one account more or
 * less moves the percentage by several points, so the back office shows the figure with a warning.
 */
export const RETAIL_LOSS_MIN_ACCOUNTS = 30;

/** Whether a figure rests on enough accounts (RETAIL_LOSS_MIN_ACCOUNTS) to be meaningful. */
export const retailLossMeaningful = (accounts: number): boolean => accounts >= RETAIL_LOSS_MIN_ACCOUNTS;

/** One account's result over the period. */
export interface RetailLossAccount {
  accountId: number;
  /** Realised profit or loss booked in the period, net of fees and charges. */
  realised: Money;
  /** Floating profit or loss of the positions still open at the end of the period. */
  unrealised: Money;
}

export interface RetailLossFigure {
  /** Rounded to a whole percent; null when no retail account traded in the period. */
  percent: number | null;
  /** Accounts whose net result is below zero. */
  losing: number;
  /** Retail accounts that traded in the period. */
  accounts: number;
}

/** The start of the 12-month period ending at `until` (same day and time, 12 calendar months before, UTC). */
export function retailLossPeriodStart(until: Date): Date {
  const from = new Date(until.getTime());
  const day = from.getUTCDate();
  from.setUTCDate(1);
  from.setUTCMonth(from.getUTCMonth() - RETAIL_LOSS_MONTHS);
  // 29 February → 28 February (or the month's last day) rather than rolling into March
  const last = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth() + 1, 0)).getUTCDate();
  from.setUTCDate(Math.min(day, last));
  return from;
}

/** The share of losing accounts among those given (each traded in the period). */
export function retailLossOf(accounts: readonly RetailLossAccount[]): RetailLossFigure {
  let losing = 0;
  for (const account of accounts) {
    if (addMoney(account.realised, account.unrealised) < 0) losing++;
  }
  if (accounts.length === 0) return { percent: null, losing: 0, accounts: 0 };
  // whole percent, half up, computed on integers (no float drift at .5)
  const percent = Math.floor((losing * 200 + accounts.length) / (accounts.length * 2));
  return { percent, losing, accounts: accounts.length };
}

/** A position as the disclosure needs it (any account, any time). */
export interface RetailLossPosition {
  accountId: number;
  openedAt: number;
  /** Null while open. */
  closedAt: number | null;
  /** For a position still open at the end of the period: its floating profit or loss then. */
  unrealised?: Money | null;
}

/** A ledger entry of the trading kinds (other kinds are ignored). */
export interface RetailLossBooking {
  accountId: number;
  kind: string;
  amount: Money;
  at: number;
}

export interface RetailLossHistory {
  /** Inclusive period bounds, epoch ms. */
  from: number;
  until: number;
  positions: readonly RetailLossPosition[];
  bookings: readonly RetailLossBooking[];
  /** Accounts that are not retail (e.g. professional clients): left out. */
  excluded?: ReadonlySet<number>;
}

const isTradingKind = (kind: string): kind is RetailLossKind =>
  (RETAIL_LOSS_KINDS as readonly string[]).includes(kind);

/**
 * The per-account results of a raw history: accounts that held a position open at any moment of [from, until],
 * with the trading bookings of the period and the floating result of positions open at `until`.
 */
export function retailLossAccounts(history: RetailLossHistory): RetailLossAccount[] {
  const { from, until } = history;
  const byAccount = new Map<number, RetailLossAccount>();
  for (const p of history.positions) {
    if (history.excluded?.has(p.accountId)) continue;
    const traded = p.openedAt <= until && (p.closedAt === null || p.closedAt >= from);
    if (!traded) continue;
    const account = byAccount.get(p.accountId) ?? {
      accountId: p.accountId,
      realised: money(0),
      unrealised: money(0),
    };
    const openAtEnd = p.closedAt === null || p.closedAt > until;
    if (openAtEnd && p.unrealised) account.unrealised = addMoney(account.unrealised, p.unrealised);
    byAccount.set(p.accountId, account);
  }
  for (const b of history.bookings) {
    const account = byAccount.get(b.accountId);
    if (!account || !isTradingKind(b.kind) || b.at < from || b.at > until) continue;
    account.realised = addMoney(account.realised, b.amount);
  }
  return [...byAccount.values()].sort((a, b) => a.accountId - b.accountId);
}

/** The disclosure figure of a raw history (retailLossAccounts, then retailLossOf). */
export function retailLoss(history: RetailLossHistory): RetailLossFigure {
  return retailLossOf(retailLossAccounts(history));
}
