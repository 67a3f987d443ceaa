import { and, asc, eq, gt, isNull, lte, notExists, or } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { popupReads, popups } from '../../db/schema.js';

export type PopupRow = typeof popups.$inferSelect;

export class PopupsRepo {
  constructor(readonly db: Db) {}

  /** Stores a popup; `tx` is the caller's transaction when it is written together with its audit row. */
  async create(values: typeof popups.$inferInsert, tx: Db = this.db): Promise<PopupRow> {
    const [row] = await tx.insert(popups).values(values).returning();
    if (!row) throw new Error('popup insert returned nothing');
    return row;
  }

  /**
   * The brand's active popups the client has not closed yet, oldest first: those whose audience takes the client
   * in (every client, the verified or unverified ones as the client is now, or this one client) and whose schedule
   * has begun (`startsAt` ≤ now) and not ended (`endsAt` > now).
   */
  unreadFor(
    brandId: number,
    userId: number,
    client: { verified: boolean; now: Date } = { verified: false, now: new Date() },
  ): Promise<PopupRow[]> {
    const read = this.db
      .select({ one: popupReads.popupId })
      .from(popupReads)
      .where(and(eq(popupReads.popupId, popups.id), eq(popupReads.userId, userId)));
    return this.db
      .select()
      .from(popups)
      .where(
        and(
          eq(popups.brandId, brandId),
          eq(popups.active, true),
          // a client's own notice (a margin call) is shown to that client only
          or(isNull(popups.userId), eq(popups.userId, userId)),
          or(
            eq(popups.audience, 'all'),
            eq(popups.audience, client.verified ? 'verified' : 'unverified'),
            and(eq(popups.audience, 'client'), eq(popups.userId, userId)),
          ),
          or(isNull(popups.startsAt), lte(popups.startsAt, client.now)),
          or(isNull(popups.endsAt), gt(popups.endsAt, client.now)),
          notExists(read),
        ),
      )
      .orderBy(asc(popups.createdAt), asc(popups.id));
  }

  async findInBrand(brandId: number, id: number): Promise<PopupRow | undefined> {
    const [row] = await this.db
      .select()
      .from(popups)
      .where(and(eq(popups.brandId, brandId), eq(popups.id, id)))
      .limit(1);
    return row;
  }

  /** Idempotent: reading a popup twice keeps the first read time. */
  async markRead(popupId: number, userId: number): Promise<void> {
    await this.db.insert(popupReads).values({ popupId, userId }).onConflictDoNothing();
  }
}
