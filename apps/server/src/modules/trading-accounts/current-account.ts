/**
 * The session's current trading account (docs/accounts.md): what the spec's calls and socket events act on. A call may
 * name another of the client's own accounts with an optional `accountId`; an id that is not the client's — another
 * client's, another brand's, or unknown — is refused the same way, so it reveals nothing.
 */
import { AppError } from '../../lib/errors.js';
import type { TradingAccountRow, TradingAccountsRepo } from './trading-accounts.repo.js';

export const tradingAccountNotFound = () => new AppError(404, 'ACCOUNT_NOT_FOUND', 'tradingAccount.notFound');

export const demoAccountNoPayments = () => new AppError(422, 'DEMO_ACCOUNT', 'tradingAccount.demoNoPayments');

/** The parts of a client session the current account is read from. */
export interface ClientSessionRef {
  /** The client (`sessions.subject_id`). */
  subjectId: number;
  /** `sessions.account_id`: the account chosen last; null: the default. */
  accountId: number | null;
}

/** The largest id a trading account can have (a PostgreSQL integer). */
const MAX_ACCOUNT_ID = 2_147_483_647;

/**
 * An `accountId` a request carried (body, query or socket payload): a positive integer, or a numeric string of one.
 * Undefined when absent; NaN-like or other values are treated as an unknown account (refused).
 */
export function requestedAccountId(value: unknown): number | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : Number.NaN;
  // ids are 32-bit in the database: a larger one is an unknown account, not a database error
  return Number.isSafeInteger(n) && n > 0 && n <= MAX_ACCOUNT_ID ? n : -1;
}

/**
 * The account a call acts on: the requested one when it is the client's (else 404), otherwise the session's current
 * account while it still is the client's, otherwise the client's first live account, else its first demo one.
 */
export async function currentAccountOf(
  repo: Pick<TradingAccountsRepo, 'findOwned' | 'defaultOf'>,
  session: ClientSessionRef,
  requested?: unknown,
): Promise<TradingAccountRow> {
  const wanted = requestedAccountId(requested);
  if (wanted !== undefined) {
    const account = wanted > 0 ? await repo.findOwned(session.subjectId, wanted) : undefined;
    if (!account) throw tradingAccountNotFound();
    return account;
  }
  if (session.accountId !== null) {
    const account = await repo.findOwned(session.subjectId, session.accountId);
    if (account) return account;
  }
  const fallback = await repo.defaultOf(session.subjectId);
  if (!fallback) throw tradingAccountNotFound();
  return fallback;
}
