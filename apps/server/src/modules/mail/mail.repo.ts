import { asc, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { brands, outbox } from '../../db/schema.js';

export type OutboxRow = typeof outbox.$inferSelect;

/** The outbox table: every mail the server produced, sent, waiting or failed. */
export class OutboxRepo {
  constructor(private readonly db: Db) {}

  /** Stores a mail; `tx` is the caller's transaction when the mail belongs to a change (and its audit row). */
  async add(values: typeof outbox.$inferInsert, tx: Db = this.db): Promise<OutboxRow> {
    const [row] = await tx.insert(outbox).values(values).returning();
    if (!row) throw new Error('outbox insert returned nothing');
    return row;
  }

  /**
   * Takes the mail due longest (next_attempt_at ≤ now) for one delivery attempt: counts the attempt
   * and moves next_attempt_at to `leaseUntil`, in one statement. Rows another worker holds are
   * skipped (SKIP LOCKED), so two workers never send the same attempt; a worker that dies mid-send
   * leaves the lease to expire and the mail is tried again.
   */
  async claimDue(now: Date, leaseUntil: Date): Promise<OutboxRow | undefined> {
    const due = this.db
      .select({ id: outbox.id })
      .from(outbox)
      .where(lte(outbox.nextAttemptAt, now))
      .orderBy(asc(outbox.nextAttemptAt))
      .limit(1)
      .for('update', { skipLocked: true });
    const [row] = await this.db
      .update(outbox)
      .set({ attempts: sql`${outbox.attempts} + 1`, nextAttemptAt: leaseUntil })
      .where(inArray(outbox.id, due))
      .returning();
    return row;
  }

  async markSent(id: number, at: Date): Promise<void> {
    await this.db
      .update(outbox)
      .set({ sentAt: at, error: null, nextAttemptAt: null })
      .where(eq(outbox.id, id));
  }

  /** The attempt failed; the next one is due at `nextAttemptAt`. */
  async markRetry(id: number, error: string, nextAttemptAt: Date): Promise<void> {
    await this.db
      .update(outbox)
      .set({ error: error.slice(0, 2000), nextAttemptAt })
      .where(eq(outbox.id, id));
  }

  /** The last attempt failed: the mail is given up. */
  async markFailed(id: number, error: string, at: Date): Promise<void> {
    await this.db
      .update(outbox)
      .set({ error: error.slice(0, 2000), nextAttemptAt: null, failedAt: at })
      .where(eq(outbox.id, id));
  }

  /** The earliest time a mail is due, if any (the worker sleeps until then). */
  async nextDue(): Promise<Date | undefined> {
    const [row] = await this.db
      .select({ at: sql<Date | string | null>`min(${outbox.nextAttemptAt})` })
      .from(outbox);
    return row?.at ? new Date(row.at) : undefined;
  }

  /** The brand a mail is sent in the name of: its name (From) and support address (Reply-To). */
  async senderOf(brandId: number | null): Promise<{ name: string; replyTo: string } | undefined> {
    if (brandId === null) return undefined;
    const [row] = await this.db
      .select({ name: brands.name, settings: brands.settings })
      .from(brands)
      .where(eq(brands.id, brandId));
    return row && { name: row.name, replyTo: row.settings.supportEmail };
  }

  async byId(id: number): Promise<OutboxRow | undefined> {
    const [row] = await this.db.select().from(outbox).where(eq(outbox.id, id));
    return row;
  }

  /** The latest mails, newest first; only those to one address when `to` is given. */
  latest(options: { limit?: number; to?: string } = {}): Promise<OutboxRow[]> {
    const query = this.db.select().from(outbox);
    const filtered = options.to ? query.where(sql`lower(${outbox.to}) = ${options.to.toLowerCase()}`) : query;
    return filtered.orderBy(desc(outbox.id)).limit(options.limit ?? 20);
  }
}

/** One line on a mail's state for operators (`npm run cli -- outbox`). */
export function outboxState(row: OutboxRow): string {
  if (row.sentAt) return 'sent';
  if (row.failedAt) return `FAILED after ${row.attempts} attempt(s) (${row.error ?? 'unknown error'})`;
  if (row.nextAttemptAt && row.error)
    return `NOT SENT yet: attempt ${row.attempts} failed (${row.error}); next try at ${row.nextAttemptAt.toISOString()}`;
  if (row.nextAttemptAt) return row.attempts > 0 ? 'sending' : 'waiting to be sent';
  return 'not sent (no SMTP_URL)';
}
