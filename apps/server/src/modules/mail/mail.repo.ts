import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { outbox } from '../../db/schema.js';

export type OutboxRow = typeof outbox.$inferSelect;

/** The outbox table: every mail the server produced, sent or not. */
export class OutboxRepo {
  constructor(private readonly db: Db) {}

  async add(values: typeof outbox.$inferInsert): Promise<OutboxRow> {
    const [row] = await this.db.insert(outbox).values(values).returning();
    if (!row) throw new Error('outbox insert returned nothing');
    return row;
  }

  async markSent(id: number, at: Date): Promise<void> {
    await this.db.update(outbox).set({ sentAt: at, error: null }).where(eq(outbox.id, id));
  }

  async markFailed(id: number, error: string): Promise<void> {
    await this.db
      .update(outbox)
      .set({ error: error.slice(0, 2000) })
      .where(eq(outbox.id, id));
  }

  /** The latest mails, newest first; only those to one address when `to` is given. */
  latest(options: { limit?: number; to?: string } = {}): Promise<OutboxRow[]> {
    const query = this.db.select().from(outbox);
    const filtered = options.to ? query.where(sql`lower(${outbox.to}) = ${options.to.toLowerCase()}`) : query;
    return filtered.orderBy(desc(outbox.id)).limit(options.limit ?? 20);
  }
}
