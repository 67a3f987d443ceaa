import type { ScreeningEntry, ScreeningListFormat, ScreeningMatchStatus } from '@openbroker/domain';
import { and, asc, count, desc, eq, gt, inArray, isNotNull, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  brands,
  countries,
  type ScreeningMatchClient,
  type ScreeningMatchEntry,
  screeningEntries,
  screeningLists,
  screeningMatches,
  users,
} from '../../db/schema.js';

export type ScreeningListRow = typeof screeningLists.$inferSelect;
export type ScreeningMatchRow = typeof screeningMatches.$inferSelect;

/** An entry of the latest import of its source, as the index screens against. */
export type ActiveEntry = ScreeningEntry & { source: ScreeningListFormat; listId: number };

/** What a client is screened on, with the brand the match belongs to. */
export interface ScreenedClientRow {
  id: number;
  brandId: number;
  firstName: string;
  lastName: string;
  birthDate: string | null;
  country: string | null;
}

export interface NewScreeningMatch {
  userId: number;
  brandId: number;
  listId: number;
  source: ScreeningListFormat;
  entryRef: string;
  entry: ScreeningMatchEntry;
  matchedName: string;
  score: number;
  birthDateAgreement: string;
  clientFingerprint: string;
  clientData: ScreeningMatchClient;
}

/** A queue row: the match with the client's current name and brand. */
export type ScreeningQueueRow = ScreeningMatchRow & {
  clientEmail: string;
  clientFirstName: string;
  clientLastName: string;
  clientBirthDate: string | null;
  brandSlug: string;
};

const INSERT_BATCH = 500;

const withoutMatch = <T extends { match: unknown }>({ match: _, ...rest }: T) => rest;

/** SQL of sanctions and PEP screening: list imports, their entries, and the possible matches. */
export class ScreeningRepo {
  constructor(readonly db: Db) {}

  /**
   * Stores an import and its persons; the entries of earlier imports of the same source go (matches keep their
   * own copy of the entry they were raised on).
   */
  async importList(
    tx: Db,
    list: { source: ScreeningListFormat; fileName: string; fileHash: string; importedBy: string },
    entries: readonly ScreeningEntry[],
  ): Promise<ScreeningListRow> {
    const [row] = await tx
      .insert(screeningLists)
      .values({ ...list, entryCount: entries.length })
      .returning();
    if (!row) throw new Error('screening list not stored');
    await tx
      .delete(screeningEntries)
      .where(and(eq(screeningEntries.source, list.source), ne(screeningEntries.listId, row.id)));
    for (let i = 0; i < entries.length; i += INSERT_BATCH) {
      await tx.insert(screeningEntries).values(
        entries.slice(i, i + INSERT_BATCH).map((e) => ({
          listId: row.id,
          source: list.source,
          ref: e.ref.slice(0, 64),
          names: e.names.map((n) => n.slice(0, 300)),
          birthDates: e.birthDates,
          programme: e.programme.slice(0, 300),
          countries: e.countries,
        })),
      );
    }
    return row;
  }

  async markScreened(listId: number): Promise<void> {
    await this.db.update(screeningLists).set({ screenedAt: sql`now()` }).where(eq(screeningLists.id, listId));
  }

  /** The imports, newest first. */
  lists(limit = 50): Promise<ScreeningListRow[]> {
    return this.db.select().from(screeningLists).orderBy(desc(screeningLists.id)).limit(limit);
  }

  /** Every entry of the latest import of each source (earlier imports' entries are deleted on import). */
  async activeEntries(): Promise<ActiveEntry[]> {
    const rows = await this.db.select().from(screeningEntries).orderBy(asc(screeningEntries.id));
    return rows.map((r) => ({
      ref: r.ref,
      names: r.names,
      birthDates: r.birthDates,
      programme: r.programme,
      countries: r.countries,
      source: r.source as ScreeningListFormat,
      listId: r.listId,
    }));
  }

  private clientColumns() {
    return {
      id: users.id,
      brandId: users.brandId,
      firstName: users.firstName,
      lastName: users.lastName,
      birthDate: users.birthDate,
      country: countries.alpha2,
    };
  }

  async client(userId: number): Promise<ScreenedClientRow | undefined> {
    const [row] = await this.db
      .select(this.clientColumns())
      .from(users)
      .leftJoin(countries, eq(countries.id, users.countryId))
      .where(eq(users.id, userId));
    return row;
  }

  /** Clients of every brand in id order, a batch after `afterId` (clients without a name are skipped). */
  clientsAfter(afterId: number, limit: number): Promise<ScreenedClientRow[]> {
    return this.db
      .select(this.clientColumns())
      .from(users)
      .leftJoin(countries, eq(countries.id, users.countryId))
      .where(gt(users.id, afterId))
      .orderBy(asc(users.id))
      .limit(limit);
  }

  /** Stores a possible match unless the same client data met the same entry before; answers the new row. */
  async insertMatch(match: NewScreeningMatch): Promise<ScreeningMatchRow | undefined> {
    const [row] = await this.db.insert(screeningMatches).values(match).onConflictDoNothing().returning();
    return row;
  }

  async match(id: number): Promise<ScreeningMatchRow | undefined> {
    const [row] = await this.db.select().from(screeningMatches).where(eq(screeningMatches.id, id));
    return row;
  }

  /** Compliance's decision on a pending match; undefined when it was decided already. */
  async decide(
    tx: Db,
    id: number,
    decision: { status: 'cleared' | 'confirmed'; reason: string; decidedBy: string },
  ): Promise<ScreeningMatchRow | undefined> {
    const [row] = await tx
      .update(screeningMatches)
      .set({ ...decision, decidedAt: sql`now()` })
      .where(and(eq(screeningMatches.id, id), eq(screeningMatches.status, 'pending')))
      .returning();
    return row;
  }

  /** How many of a client's matches are in each status. */
  async statusCounts(db: Db, userId: number): Promise<Record<ScreeningMatchStatus, number>> {
    const rows = await db
      .select({ status: screeningMatches.status, n: count() })
      .from(screeningMatches)
      .where(eq(screeningMatches.userId, userId))
      .groupBy(screeningMatches.status);
    const counts = { pending: 0, cleared: 0, confirmed: 0 };
    for (const r of rows) counts[r.status as ScreeningMatchStatus] = Number(r.n);
    return counts;
  }

  private joined() {
    return this.db
      .select({
        match: screeningMatches,
        clientEmail: users.email,
        clientFirstName: users.firstName,
        clientLastName: users.lastName,
        clientBirthDate: users.birthDate,
        brandSlug: brands.slug,
      })
      .from(screeningMatches)
      .innerJoin(users, eq(users.id, screeningMatches.userId))
      .innerJoin(brands, eq(brands.id, screeningMatches.brandId));
  }

  /** One match with its client's e-mail and brand. */
  async queueRow(id: number): Promise<ScreeningQueueRow | undefined> {
    const [row] = await this.joined().where(eq(screeningMatches.id, id));
    return row && { ...row.match, ...withoutMatch(row) };
  }

  /** A client's matches, newest first. */
  async historyRows(userId: number): Promise<ScreeningQueueRow[]> {
    const rows = await this.joined()
      .where(eq(screeningMatches.userId, userId))
      .orderBy(desc(screeningMatches.id))
      .limit(200);
    return rows.map((row) => ({ ...row.match, ...withoutMatch(row) }));
  }

  /** The queue: matches of the brands in scope (null: every brand), by status, oldest pending first. */
  async queue(
    filter: { status?: ScreeningMatchStatus; brandIds: readonly number[] | null; beforeId?: number },
    limit: number,
  ): Promise<{ rows: ScreeningQueueRow[]; total: number }> {
    const where = and(
      filter.status ? eq(screeningMatches.status, filter.status) : undefined,
      filter.brandIds ? inArray(screeningMatches.brandId, [...filter.brandIds, -1]) : undefined,
    );
    const rows = await this.joined()
      .where(and(where, filter.beforeId ? lt(screeningMatches.id, filter.beforeId) : undefined))
      .orderBy(filter.status === 'pending' ? asc(screeningMatches.id) : desc(screeningMatches.id))
      .limit(limit);
    const [total] = await this.db.select({ n: count() }).from(screeningMatches).where(where);
    return {
      rows: rows.map((row) => ({ ...row.match, ...withoutMatch(row) })),
      total: Number(total?.n ?? 0),
    };
  }

  /** Whether any import exists (the seed imports the samples once). */
  async anyList(): Promise<boolean> {
    const [row] = await this.db
      .select({ id: screeningLists.id })
      .from(screeningLists)
      .where(isNotNull(screeningLists.id))
      .limit(1);
    return row !== undefined;
  }
}
