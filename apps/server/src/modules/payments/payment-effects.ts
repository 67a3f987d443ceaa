/**
 * What a payments booking stores together with its ledger entry, in the same database transaction (architecture
 * §6): a withdrawal request is inserted with its reservation; a decided deposit or refund moves its transaction's
 * status (and records the webhook that decided it). The engine carries the effect from the command to the
 * committed event; the trading repo hands it to the payments module's typed store.
 */
import type { Db } from '../../db/client.js';
import type { NewTransaction, Transition, WebhookRecord } from './payments.repo.js';

export type PaymentEffect =
  | { type: 'transaction.insert'; row: NewTransaction }
  | { type: 'transaction.transition'; transition: Transition; webhook?: WebhookRecord };

// The engine's effect slot (engine/types.ts BalanceEffects) holds the payments module's effects.
declare module '../../engine/types.js' {
  interface BalanceEffects {
    payments: PaymentEffect;
  }
}

/** Stores a payment effect inside the booking's transaction; throwing rolls the whole booking back. */
export interface PaymentEffectStore {
  storeEffect(tx: Db, effect: PaymentEffect): Promise<void>;
}

/** Thrown inside a booking when its transaction was already decided: nothing of the booking is stored. */
export class TransactionAlreadyDecided extends Error {
  override name = 'TransactionAlreadyDecided';
}
