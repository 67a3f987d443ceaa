/**
 * The payments rows that the repositories and the booking effects share: a transaction, its status change, the
 * provider webhook that decided it, and the decision on a staff money request. They depend on no repository, so
 * payment-effects.ts and the repositories that store them (payments.repo.ts, money-requests.repo.ts) import them
 * one way; those repositories re-export them for their callers.
 */
import type { MoneyRequestStatus } from '@openbroker/domain';
import type { paymentWebhooks, transactions } from '../../db/schema.js';

export type TransactionRow = typeof transactions.$inferSelect;
export type NewTransaction = typeof transactions.$inferInsert;
export type WebhookRecord = Pick<
  typeof paymentWebhooks.$inferInsert,
  'provider' | 'eventId' | 'outcome' | 'body'
>;

/** A status change from one status to another, with who decided it and why. */
export interface Transition {
  id: number;
  from: number;
  to: number;
  note?: string;
  decidedBy?: string;
}

/** What approving a staff money request stores with the booking, in its database transaction. */
export interface RequestDecision {
  requestId: number;
  status: Exclude<MoneyRequestStatus, 'pending'>;
  decidedBy: number;
  reason: string;
  transactionReference?: string;
}
