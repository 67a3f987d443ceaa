import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { accountTransfers } from '../../db/schema.js';
import { writeAudit } from '../audit/audit.repo.js';
import type { TransferEffect, TransferEffectStore } from './transfer-effects.js';

export type AccountTransferRow = typeof accountTransfers.$inferSelect;

/**
 * SQL of transfers between a client's own accounts (docs/accounts.md): the row is written only inside its
 * booking's transaction (the engine's batch, through `storeTransfer`), with its audit row; the ledger moves the money.
 */
export class AccountTransfersRepo implements TransferEffectStore {
  constructor(private readonly db: Db) {}

  /** A fresh transfer id from the table's sequence: the ledger entries' cause is known before the row is written. */
  async reserveId(): Promise<number> {
    const result = await this.db.execute(
      sql`select nextval(pg_get_serial_sequence('account_transfers', 'id'))::int as id`,
    );
    return Number((result as unknown as { rows: { id: number | string }[] }).rows[0]?.id);
  }

  async storeTransfer(tx: Db, effect: TransferEffect): Promise<void> {
    await tx.insert(accountTransfers).values(effect.row);
    await writeAudit(tx, effect.audit);
  }

  async findById(id: number): Promise<AccountTransferRow | undefined> {
    const [row] = await this.db.select().from(accountTransfers).where(eq(accountTransfers.id, id)).limit(1);
    return row;
  }

  /** The client's transfer booked under this command id, if any (a replayed request). */
  async findByCommand(userId: number, commandId: string): Promise<AccountTransferRow | undefined> {
    const [row] = await this.db
      .select()
      .from(accountTransfers)
      .where(and(eq(accountTransfers.userId, userId), eq(accountTransfers.commandId, commandId)))
      .limit(1);
    return row;
  }

  /** The client's latest transfers, newest first. */
  async listByUser(userId: number, limit = 50): Promise<AccountTransferRow[]> {
    return this.db
      .select()
      .from(accountTransfers)
      .where(eq(accountTransfers.userId, userId))
      .orderBy(desc(accountTransfers.id))
      .limit(limit);
  }
}
