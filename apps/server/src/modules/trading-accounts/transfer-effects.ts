/**
 * What a transfer stores with its debit, in the same database transaction as its two ledger entries (architecture
 * §6): the account_transfers row (its id reserved before, the entries' cause) and the client's audit row. The
 * engine carries the effect from Engine.transfer to the committed event; the trading repo hands it to this module's
 * store (account-transfers.repo.ts).
 */
import type { Db } from '../../db/client.js';
import type { AuditEntry } from '../audit/audit.repo.js';

/** The transfer's row as stored. */
export interface NewAccountTransfer {
  id: number;
  userId: number;
  fromAccountId: number;
  toAccountId: number;
  debitAmount: string;
  debitCurrency: string;
  creditAmount: string;
  creditCurrency: string;
  rate: string;
  pair: string | null;
  commandId: string | null;
  createdAt: Date;
}

/** The transfer's row, made from the figures the engine decided (so they are the booked ones), and its audit row. */
export interface TransferEffect {
  type: 'transfer.insert';
  row: NewAccountTransfer;
  audit: AuditEntry;
}

// The engine's effect slot (engine/types.ts BalanceEffects) holds this module's transfer effect too.
declare module '../../engine/types.js' {
  interface BalanceEffects {
    transfers: TransferEffect;
  }
}

/** Stores a transfer's effect inside its booking's transaction, with the figures the engine decided. */
export interface TransferEffectStore {
  storeTransfer(tx: Db, effect: TransferEffect): Promise<void>;
}

/** Whether a balance effect is a transfer's (the trading repo routes it here rather than to payments). */
export function isTransferEffect(effect: { type: string }): effect is TransferEffect {
  return effect.type === 'transfer.insert';
}
