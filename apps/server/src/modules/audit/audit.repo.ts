import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { auditLog } from '../../db/schema.js';

export type AuditRow = typeof auditLog.$inferSelect;
export type AuditEntry = Pick<typeof auditLog.$inferInsert, 'actor' | 'action' | 'subject' | 'details'>;

/** Anything that can run an insert: the database or an open transaction. */
type Executor = Pick<Db, 'insert'>;

/**
 * Writes one audit row (architecture §8: staff actions are audited). Takes the caller's
 * transaction, so the action and its audit row are committed together or not at all.
 */
export async function writeAudit(executor: Executor, entry: AuditEntry): Promise<void> {
  await executor.insert(auditLog).values(entry);
}

export class AuditRepo {
  constructor(private readonly db: Db) {}

  record(entry: AuditEntry): Promise<void> {
    return writeAudit(this.db, entry);
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
