import { and, desc, eq, inArray, isNull, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { sessions } from '../../db/schema.js';

export type SessionRow = typeof sessions.$inferSelect;
export type SubjectType = 'client' | 'affiliate' | 'staff';

export class SessionsRepo {
  constructor(readonly db: Db) {}

  /** A client's sign-ins (every session ever issued, ended ones too), newest first: the client timeline. */
  async signInsOf(userId: number, before: Date, limit: number) {
    return this.db
      .select({ id: sessions.id, ip: sessions.ip, info: sessions.info, createdAt: sessions.createdAt })
      .from(sessions)
      .where(
        and(
          eq(sessions.subjectType, 'client'),
          eq(sessions.subjectId, userId),
          lt(sessions.createdAt, before),
        ),
      )
      .orderBy(desc(sessions.createdAt), desc(sessions.id))
      .limit(limit);
  }

  async create(values: typeof sessions.$inferInsert): Promise<SessionRow> {
    const [row] = await this.db.insert(sessions).values(values).returning();
    if (!row) throw new Error('session insert returned nothing');
    return row;
  }

  async findActiveByHash(tokenHash: string): Promise<SessionRow | undefined> {
    const [row] = await this.db
      .select()
      .from(sessions)
      .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt)))
      .limit(1);
    return row;
  }

  /** The sessions with these ids that have not been revoked (any kind); read only, never touched. */
  async findActiveByIds(ids: readonly number[]): Promise<SessionRow[]> {
    if (ids.length === 0) return [];
    return this.db
      .select()
      .from(sessions)
      .where(and(inArray(sessions.id, [...ids]), isNull(sessions.revokedAt)));
  }

  /** Sets a client session's current trading account (docs/accounts.md); the caller checked it is the client's. */
  async setAccount(id: number, accountId: number): Promise<void> {
    await this.db.update(sessions).set({ accountId }).where(eq(sessions.id, id));
  }

  async touch(id: number, lastSeenAt: Date, expiresAt: Date): Promise<void> {
    await this.db.update(sessions).set({ lastSeenAt, expiresAt }).where(eq(sessions.id, id));
  }

  async revoke(id: number, at: Date, tx: Db = this.db): Promise<void> {
    await tx
      .update(sessions)
      .set({ revokedAt: at })
      .where(and(eq(sessions.id, id), isNull(sessions.revokedAt)));
  }

  async revokeAllFor(
    subjectType: SubjectType,
    subjectId: number,
    at: Date,
    exceptId?: number,
    tx: Db = this.db,
  ): Promise<number[]> {
    const rows = await tx
      .select({ id: sessions.id })
      .from(sessions)
      .where(
        and(
          eq(sessions.subjectType, subjectType),
          eq(sessions.subjectId, subjectId),
          isNull(sessions.revokedAt),
        ),
      );
    const ended = rows.map((r) => r.id).filter((id) => id !== exceptId);
    for (const id of ended) await this.revoke(id, at, tx);
    return ended;
  }
}
