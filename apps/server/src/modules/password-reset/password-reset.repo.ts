import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { passwordResets } from '../../db/schema.js';
import { AccountsRepo } from '../accounts/accounts.repo.js';

export type PasswordResetRow = typeof passwordResets.$inferSelect;

export class PasswordResetRepo {
  constructor(readonly db: Db) {}

  /** Stores a reset; `tx` is the caller's transaction when it is written together with its audit row. */
  async create(values: typeof passwordResets.$inferInsert, tx: Db = this.db): Promise<PasswordResetRow> {
    const [row] = await tx.insert(passwordResets).values(values).returning();
    if (!row) throw new Error('password reset insert returned nothing');
    return row;
  }

  /** The reset behind a token hash while it is unused and unexpired. */
  async findUsable(tokenHash: string, now: Date): Promise<PasswordResetRow | undefined> {
    const [row] = await this.db
      .select()
      .from(passwordResets)
      .where(
        and(
          eq(passwordResets.tokenHash, tokenHash),
          isNull(passwordResets.usedAt),
          gt(passwordResets.expiresAt, now),
        ),
      )
      .limit(1);
    return row;
  }

  /**
   * Uses the token and sets the password in one transaction. The token is claimed by a
   * conditional update, so a replayed or simultaneous second request changes nothing; every
   * other open reset link of the client dies with it. Answers the user id, or undefined when
   * the token was no longer usable.
   */
  async resetPassword(tokenHash: string, passwordHash: string, now: Date): Promise<number | undefined> {
    return this.db.transaction(async (tx) => {
      const [claimed] = await tx
        .update(passwordResets)
        .set({ usedAt: now })
        .where(
          and(
            eq(passwordResets.tokenHash, tokenHash),
            isNull(passwordResets.usedAt),
            gt(passwordResets.expiresAt, now),
          ),
        )
        .returning({ userId: passwordResets.userId });
      if (!claimed) return undefined;
      await new AccountsRepo(tx).update(claimed.userId, { passwordHash });
      await tx
        .update(passwordResets)
        .set({ usedAt: now })
        .where(and(eq(passwordResets.userId, claimed.userId), isNull(passwordResets.usedAt)));
      return claimed.userId;
    });
  }
}
