import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  inArray,
  isNull,
  lte,
  notExists,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { popupReads, popups, users } from '../../db/schema.js';

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

  /** Changes a popup in the caller's transaction (with its audit row); undefined when it is gone. */
  async update(
    tx: Db,
    id: number,
    changes: Partial<typeof popups.$inferInsert>,
  ): Promise<PopupRow | undefined> {
    const [row] = await tx.update(popups).set(changes).where(eq(popups.id, id)).returning();
    return row;
  }

  /** A brand's own popup (not a client's margin-call or auto-trading notice, which have a `kind`). */
  async findBrandPopup(id: number): Promise<PopupRow | undefined> {
    const [row] = await this.db
      .select()
      .from(popups)
      .where(and(eq(popups.id, id), isNull(popups.kind)))
      .limit(1);
    return row;
  }

  /** The brand popups of these brands (null: every brand), newest first, at most 500. */
  listBrandPopups(brandIds: readonly number[] | null): Promise<PopupRow[]> {
    const where: SQL[] = [isNull(popups.kind)];
    if (brandIds !== null) where.push(inArray(popups.brandId, [...brandIds]));
    return this.db
      .select()
      .from(popups)
      .where(and(...where))
      .orderBy(desc(popups.createdAt), desc(popups.id))
      .limit(500);
  }

  /** How many clients closed each of these popups. */
  readCounts(popupIds: readonly number[]) {
    return this.db
      .select({ popupId: popupReads.popupId, n: count() })
      .from(popupReads)
      .where(inArray(popupReads.popupId, [...popupIds]))
      .groupBy(popupReads.popupId);
  }

  /** The number of clients of each brand, verified and not: the size of a popup's audience. */
  audienceSizes(brandIds: readonly number[]) {
    return this.db
      .select({ brandId: users.brandId, verified: users.verifiedAccount, n: count() })
      .from(users)
      .where(inArray(users.brandId, [...brandIds]))
      .groupBy(users.brandId, users.verifiedAccount);
  }

  /** The id of a client of the brand, undefined when there is no such client in that brand. */
  async clientInBrand(brandId: number, clientId: number): Promise<number | undefined> {
    const [client] = await this.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, clientId), eq(users.brandId, brandId)))
      .limit(1);
    return client?.id;
  }

  /** Name, e-mail and PIN of the clients a popup is addressed to. */
  clientsByIds(clientIds: readonly number[]) {
    return this.db
      .select({
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
        pin: users.pin,
      })
      .from(users)
      .where(inArray(users.id, [...clientIds]));
  }

  /** Who closed a popup, newest first, one page, and how many did in all. */
  async readsPage(popupId: number, limit: number, offset: number) {
    const [rows, [total]] = await Promise.all([
      this.db
        .select({
          userId: users.id,
          firstName: users.firstName,
          lastName: users.lastName,
          email: users.email,
          pin: users.pin,
          readAt: popupReads.readAt,
        })
        .from(popupReads)
        .innerJoin(users, eq(users.id, popupReads.userId))
        .where(eq(popupReads.popupId, popupId))
        .orderBy(desc(popupReads.readAt), desc(users.id))
        .limit(limit)
        .offset(offset),
      this.db.select({ n: count() }).from(popupReads).where(eq(popupReads.popupId, popupId)),
    ]);
    return { rows, total: Number(total?.n ?? 0) };
  }

  /**
   * At most 10 clients of the brand whose name, e-mail or PIN contain `like` (a lower-case LIKE pattern),
   * newest first: the audience picker's search.
   */
  searchClients(brandId: number, like: string) {
    return this.db
      .select({
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
        pin: users.pin,
        verified: users.verifiedAccount,
      })
      .from(users)
      .where(
        and(
          eq(users.brandId, brandId),
          sql`lower(${users.firstName} || ' ' || ${users.lastName} || chr(1) || ${users.email} || chr(1) || ${users.pin}) like ${like}`,
        ),
      )
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(10);
  }
}
