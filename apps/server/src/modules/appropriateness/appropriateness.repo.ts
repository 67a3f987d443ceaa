import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { appropriatenessAttempts } from '../../db/schema.js';

export type AppropriatenessAttemptRow = typeof appropriatenessAttempts.$inferSelect;

/** SQL of the appropriateness test's attempts. Build it on the caller's transaction to commit an attempt with the standing. */
export class AppropriatenessRepo {
  constructor(readonly db: Db) {}

  async insert(attempt: {
    userId: number;
    brandId: number;
    version: string;
    answers: Record<string, string>;
    score: number;
    outcome: string;
    blockedUntil: Date | null;
  }): Promise<AppropriatenessAttemptRow> {
    const [row] = await this.db.insert(appropriatenessAttempts).values(attempt).returning();
    if (!row) throw new Error('appropriateness attempt not written');
    return row;
  }

  /** The client's newest attempt: what their standing follows. */
  async latest(userId: number): Promise<AppropriatenessAttemptRow | undefined> {
    const [row] = await this.db
      .select()
      .from(appropriatenessAttempts)
      .where(eq(appropriatenessAttempts.userId, userId))
      .orderBy(desc(appropriatenessAttempts.id))
      .limit(1);
    return row;
  }

  /** Every attempt of a client, newest first (the back office's client page). */
  async list(userId: number, limit = 50): Promise<AppropriatenessAttemptRow[]> {
    return this.db
      .select()
      .from(appropriatenessAttempts)
      .where(eq(appropriatenessAttempts.userId, userId))
      .orderBy(desc(appropriatenessAttempts.id))
      .limit(limit);
  }

  async acknowledge(id: number, at: Date): Promise<AppropriatenessAttemptRow> {
    const [row] = await this.db
      .update(appropriatenessAttempts)
      .set({ acknowledgedAt: at })
      .where(eq(appropriatenessAttempts.id, id))
      .returning();
    if (!row) throw new Error(`appropriateness attempt ${id} vanished`);
    return row;
  }
}
