import { and, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { loginCodes, users } from '../../db/schema.js';

export type LoginCodeRow = typeof loginCodes.$inferSelect;

export class LoginCodesRepo {
  constructor(readonly db: Db) {}

  /** Stores a code; `tx` is the caller's transaction when the code is written together with its audit row. */
  async create(values: typeof loginCodes.$inferInsert, tx: Db = this.db): Promise<LoginCodeRow> {
    const [row] = await tx.insert(loginCodes).values(values).returning();
    if (!row) throw new Error('login code insert returned nothing');
    return row;
  }

  /**
   * Uses a code in one statement: only an unused, unexpired code of a client of this brand is
   * marked used and returned, so two simultaneous requests cannot both log in with it.
   */
  async consume(codeHash: string, brandId: number, now: Date): Promise<LoginCodeRow | undefined> {
    const brandUsers = this.db.select({ id: users.id }).from(users).where(eq(users.brandId, brandId));
    const [row] = await this.db
      .update(loginCodes)
      .set({ usedAt: now })
      .where(
        and(
          eq(loginCodes.codeHash, codeHash),
          isNull(loginCodes.usedAt),
          gt(loginCodes.expiresAt, now),
          inArray(loginCodes.userId, brandUsers),
        ),
      )
      .returning();
    return row;
  }
}
