import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { auditLog } from '../../db/schema.js';
import {
  AUDIT_CHAIN_LOCK,
  AuditChain,
  type AuditSettings,
  auditChainOf,
  registerAuditChain,
} from './audit-chain.js';
import type { AuditRow } from './audit-hash.js';
import { type AuditChainReport, type VerifyOptions, verifyAuditChain } from './audit-verify.js';

export type { AuditRow } from './audit-hash.js';
export { type AuditChainReport, describeAuditReport, verifyAuditChain } from './audit-verify.js';

/**
 * One audited action: who (`actor`, and `role` for staff), what (`action`), on what (`subject`,
 * `brandId`, `userId`), the values `before` and `after`, the `reason` given and the request address.
 */
export type AuditEntry = Pick<
  typeof auditLog.$inferInsert,
  | 'actor'
  | 'action'
  | 'subject'
  | 'details'
  | 'role'
  | 'brandId'
  | 'userId'
  | 'before'
  | 'after'
  | 'reason'
  | 'ip'
>;

/** Anything that can run a (nested) transaction: the database or an open transaction. */
type Executor = Pick<Db, 'transaction'>;

/**
 * Writes one audit row (architecture §6a, §8: staff actions are audited), chained to the previous
 * row by its hash, an HMAC under AUDIT_KEY (decision 0024). Takes the caller's transaction, so the
 * action and its audit row are committed together or not at all; the chain lock is held until that
 * transaction ends, and the chain's head is checkpointed outside the database once it has.
 */
export async function writeAudit(executor: Executor, entry: AuditEntry): Promise<number> {
  const chain = auditChainOf(executor);
  chain.assertKeyed();
  const id = await executor.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${AUDIT_CHAIN_LOCK})`);
    const [last] = await tx
      .select({ hash: auditLog.hash })
      .from(auditLog)
      .orderBy(desc(auditLog.id))
      .limit(1);
    const prevHash = last?.hash ?? '';
    // The id is part of the hashed content, so it is drawn before the insert: the row is written
    // once, complete (the table refuses UPDATE).
    const { rows } = (await tx.execute(
      sql`select nextval(pg_get_serial_sequence('audit_log', 'id'))::int as id`,
    )) as unknown as { rows: Array<{ id: number }> };
    const id = Number(rows[0]?.id);
    // Milliseconds only: what a JavaScript Date holds, so the hash computed now is the one verified later.
    const createdAt = new Date();
    const details = entry.details ?? {};
    const hash = chain.rowHash({ id, ...entry, details, createdAt, prevHash });
    await tx.insert(auditLog).values({ id, ...entry, details, createdAt, prevHash, hash });
    return id;
  });
  chain.appended();
  return id;
}

export class AuditRepo {
  private readonly chain: AuditChain;

  /** Makes the audit chain of `db` (its key, its checkpoints) for every writer of the database. */
  constructor(
    private readonly db: Db,
    settings: AuditSettings,
  ) {
    this.chain = new AuditChain(db, settings);
    registerAuditChain(db, this.chain);
  }

  /** Writes one row; answers its id (a staff action's ledger cause is `staff:<id>`). */
  record(entry: AuditEntry): Promise<number> {
    return writeAudit(this.db, entry);
  }

  verify(options?: VerifyOptions): Promise<AuditChainReport> {
    return verifyAuditChain(this.db, options);
  }

  /** Resolves when the chain's head is checkpointed for every row written so far. */
  checkpointed(): Promise<void> {
    return this.chain.idle();
  }

  /** Writes the checkpoints still due; the database may close after it. */
  close(): Promise<void> {
    return this.chain.close();
  }

  /** The latest entries about one subject, newest first. */
  forSubject(subject: string, limit = 50): Promise<AuditRow[]> {
    return this.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.subject, subject))
      .orderBy(desc(auditLog.id))
      .limit(limit);
  }
}
