import { z } from 'zod';
import { DecimalText, Instant } from './common.js';

/**
 * Contracts of the client's account statements (GET /api/statements): the statement of one account over a
 * range of UTC days, read from the ledger. Every amount is exact decimal text in the account's currency, which
 * each line names beside it.
 */

/** Every kind of ledger entry a statement can show (the ledger's own kinds). */
export const STATEMENT_ENTRY_KINDS = [
  'deposit',
  'withdrawal',
  'withdrawal_reversal',
  'bonus',
  'credit',
  'adjustment',
  'realised_pnl',
  'negative_balance_protection',
  'commission',
  'swap',
] as const;
export type StatementEntryKind = (typeof STATEMENT_ENTRY_KINDS)[number];

/** The formats a statement is delivered in. */
export const STATEMENT_FORMATS = ['json', 'csv', 'pdf'] as const;
export type StatementFormat = (typeof STATEMENT_FORMATS)[number];

/**
 * What caused an entry: a payment transaction (its public reference, 'TX-…'), a position (its id and symbol;
 * a swap also names its rollover day), a staff action, the account's opening deposit, or nothing recorded.
 */
export const StatementCause = z.discriminatedUnion('type', [
  z.object({ type: z.literal('transaction'), reference: z.string() }),
  z.object({
    type: z.literal('position'),
    positionId: z.number().int(),
    symbol: z.string().nullable(),
    day: z.string().nullable(),
  }),
  z.object({ type: z.literal('staff') }),
  z.object({ type: z.literal('opening') }),
  z.object({ type: z.literal('none') }),
]);
export type StatementCause = z.infer<typeof StatementCause>;

/** One ledger entry of the period, with the running balance after it. */
export const StatementEntry = z.object({
  id: z.number().int(),
  at: Instant,
  kind: z.enum(STATEMENT_ENTRY_KINDS),
  cause: StatementCause,
  amount: DecimalText,
  balance: DecimalText,
  currency: z.string(),
});
export type StatementEntry = z.infer<typeof StatementEntry>;

/** A position opened or closed in the period; a position still open has no close. */
export const StatementPosition = z.object({
  id: z.number().int(),
  symbol: z.string(),
  side: z.enum(['buy', 'sell']),
  /** The margin put up. */
  amount: DecimalText,
  leverage: z.number().int(),
  openedAt: Instant,
  openPrice: DecimalText,
  closedAt: Instant.nullable(),
  closePrice: DecimalText.nullable(),
  /** Realised profit or loss; null while open. */
  profit: DecimalText.nullable(),
  currency: z.string(),
});
export type StatementPosition = z.infer<typeof StatementPosition>;

/** The statement of one account over [from, to): `to` is the day after the last day covered (`until`). */
export const Statement = z.object({
  currency: z.string(),
  /** First day covered (UTC, YYYY-MM-DD). */
  from: z.string(),
  /** The day after the last one covered (UTC, YYYY-MM-DD): the range is [from, to). */
  to: z.string(),
  /** Last day covered (UTC, YYYY-MM-DD). */
  until: z.string(),
  /** The balance before `from`. */
  openingBalance: DecimalText,
  /** Opening balance plus every entry of the period. */
  closingBalance: DecimalText,
  /** Sum of the positive entries. */
  credits: DecimalText,
  /** Sum of the negative entries (negative or zero). */
  debits: DecimalText,
  /** Equity at the end of the period where known (a period reaching the present); otherwise null. */
  equity: DecimalText.nullable(),
  entries: z.array(StatementEntry),
  positions: z.array(StatementPosition),
  generatedAt: Instant,
});
export type Statement = z.infer<typeof Statement>;
