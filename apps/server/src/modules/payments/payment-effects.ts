/**
 * What a payments booking stores together with its ledger entry, in the same database transaction (architecture
 * §6): a withdrawal request is inserted with its reservation; a decided deposit or refund moves its transaction's
 * status (and records the webhook that decided it). The engine carries the effect from the command to the
 * committed event; the trading repo hands it to the payments module's typed store.
 */
import type { Db } from '../../db/client.js';
import type { AuditEntry } from '../audit/audit.repo.js';
import type { NewTransaction, RequestDecision, Transition, WebhookRecord } from './rows.js';

/**
 * A payment effect, and the audit row of the decision or staff action behind it (written in the same
 * database transaction). `staff.action` is a staff booking without a transaction (a correction): only its audit row.
 */
export type PaymentEffect =
  | {
      type: 'transaction.insert';
      row: NewTransaction;
      audit?: AuditEntry;
      /** The staff money request this booking approves: decided once, in the booking's transaction. */
      decision?: RequestDecision;
    }
  | { type: 'transaction.transition'; transition: Transition; webhook?: WebhookRecord; audit?: AuditEntry }
  | { type: 'staff.action'; audit: AuditEntry };

/**
 * The `staffAction` cause of a booking whose effect writes the staff action's audit row: the row's id is known
 * only inside the booking's transaction (it is drawn under the audit chain's lock), so the trading repo stores the
 * effect first and books the entry with `staff:<that id>` (ledger:verify checks the row exists and names the account).
 */
export const STAFF_ACTION_OF_EFFECT = 'of-effect';

/** What storing an effect produced: the id of the audit row it wrote, if any. */
export interface StoredEffect {
  auditId?: number;
}

// The engine's effect slot (engine/types.ts BalanceEffects) holds the payments module's effects.
declare module '../../engine/types.js' {
  interface BalanceEffects {
    payments: PaymentEffect;
  }
}

/** Stores a payment effect inside the booking's transaction; throwing rolls the whole booking back. */
export interface PaymentEffectStore {
  storeEffect(tx: Db, effect: PaymentEffect): Promise<StoredEffect>;
}

/** Thrown inside a booking when its transaction was already decided: nothing of the booking is stored. */
export class TransactionAlreadyDecided extends Error {
  override name = 'TransactionAlreadyDecided';
}
