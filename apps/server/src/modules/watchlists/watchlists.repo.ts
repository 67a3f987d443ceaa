import { and, asc, count, eq, inArray, max, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { watchlistSymbols, watchlists } from '../../db/schema.js';

/** A client's list with its symbols in the client's order. */
export interface WatchlistRow {
  id: number;
  name: string;
  favourites: boolean;
  symbols: string[];
}

/** What adding a symbol did: added, there already, the list full, or no such list of the client. */
export type AddOutcome = 'added' | 'present' | 'full' | 'missing';
/** What a new order did: saved, not the list's symbols, or no such list of the client. */
export type ReorderOutcome = 'saved' | 'mismatch' | 'missing';

/** SQL of the client's watchlists (`watchlists`, `watchlist_symbols`); every call is scoped to one client. */
export class WatchlistsRepo {
  constructor(readonly db: Db) {}

  /** The client's lists, favourites first, then in the order they were made, each with its symbols in order. */
  async listFor(userId: number): Promise<WatchlistRow[]> {
    const lists = await this.db
      .select({ id: watchlists.id, name: watchlists.name, favourites: watchlists.favourites })
      .from(watchlists)
      .where(eq(watchlists.userId, userId))
      .orderBy(sql`${watchlists.favourites} desc`, asc(watchlists.id));
    if (lists.length === 0) return [];
    const items = await this.db
      .select()
      .from(watchlistSymbols)
      .where(
        inArray(
          watchlistSymbols.watchlistId,
          lists.map((l) => l.id),
        ),
      )
      .orderBy(asc(watchlistSymbols.position), asc(watchlistSymbols.symbol));
    return lists.map((list) => ({
      ...list,
      symbols: items.filter((i) => i.watchlistId === list.id).map((i) => i.symbol),
    }));
  }

  /** Makes the client's favourites list unless it exists (at most one: a unique index). */
  async ensureFavourites(userId: number, name: string): Promise<void> {
    await this.db
      .insert(watchlists)
      .values({ userId, name, favourites: true })
      .onConflictDoNothing({ target: watchlists.userId, where: sql`${watchlists.favourites}` });
  }

  /** The id of the client's favourites list, if made. */
  async favouritesId(userId: number): Promise<number | undefined> {
    const [row] = await this.db
      .select({ id: watchlists.id })
      .from(watchlists)
      .where(and(eq(watchlists.userId, userId), eq(watchlists.favourites, true)));
    return row?.id;
  }

  /** The client's list `id` (whether it is the favourites), or undefined for another client's or none. */
  async find(userId: number, id: number): Promise<{ id: number; favourites: boolean } | undefined> {
    const [row] = await this.db
      .select({ id: watchlists.id, favourites: watchlists.favourites })
      .from(watchlists)
      .where(and(eq(watchlists.id, id), eq(watchlists.userId, userId)));
    return row;
  }

  /**
   * Makes a list unless the client has `maxLists` already; counted under a lock of the client's favourites row,
   * so two calls at once cannot pass the limit together. False when the limit is reached.
   */
  async create(userId: number, name: string, maxLists: number): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      await tx
        .select({ id: watchlists.id })
        .from(watchlists)
        .where(and(eq(watchlists.userId, userId), eq(watchlists.favourites, true)))
        .for('update');
      const [row] = await tx.select({ n: count() }).from(watchlists).where(eq(watchlists.userId, userId));
      if ((row?.n ?? 0) >= maxLists) return false;
      await tx.insert(watchlists).values({ userId, name });
      return true;
    });
  }

  /** Renames the client's list; false when the client has no such list. */
  async rename(userId: number, id: number, name: string): Promise<boolean> {
    const rows = await this.db
      .update(watchlists)
      .set({ name })
      .where(and(eq(watchlists.id, id), eq(watchlists.userId, userId)))
      .returning({ id: watchlists.id });
    return rows.length > 0;
  }

  /** Deletes the client's list (its symbols with it) unless it is the favourites; false when none was deleted. */
  async delete(userId: number, id: number): Promise<boolean> {
    const rows = await this.db
      .delete(watchlists)
      .where(and(eq(watchlists.id, id), eq(watchlists.userId, userId), eq(watchlists.favourites, false)))
      .returning({ id: watchlists.id });
    return rows.length > 0;
  }

  /** Adds a symbol at the end of the client's list, once, while it holds fewer than `maxSymbols`. */
  async addSymbol(userId: number, id: number, symbol: string, maxSymbols: number): Promise<AddOutcome> {
    return this.db.transaction(async (tx) => {
      if (!(await lockList(tx, userId, id))) return 'missing';
      const [state] = await tx
        .select({ n: count(), last: max(watchlistSymbols.position) })
        .from(watchlistSymbols)
        .where(eq(watchlistSymbols.watchlistId, id));
      const [present] = await tx
        .select({ symbol: watchlistSymbols.symbol })
        .from(watchlistSymbols)
        .where(and(eq(watchlistSymbols.watchlistId, id), eq(watchlistSymbols.symbol, symbol)));
      if (present) return 'present';
      if ((state?.n ?? 0) >= maxSymbols) return 'full';
      await tx
        .insert(watchlistSymbols)
        .values({ watchlistId: id, symbol, position: (state?.last ?? -1) + 1 });
      return 'added';
    });
  }

  /** Removes a symbol from the client's list (nothing when it is not there); false when the list is not the client's. */
  async removeSymbol(userId: number, id: number, symbol: string): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      if (!(await lockList(tx, userId, id))) return false;
      await tx
        .delete(watchlistSymbols)
        .where(and(eq(watchlistSymbols.watchlistId, id), eq(watchlistSymbols.symbol, symbol)));
      return true;
    });
  }

  /**
   * Saves a new order of the client's list; `fits` says whether the order holds exactly the list's symbols as
   * they are under the lock, so a symbol added or removed meanwhile is never lost or brought back.
   */
  async reorder(
    userId: number,
    id: number,
    symbols: readonly string[],
    fits: (current: string[]) => boolean,
  ): Promise<ReorderOutcome> {
    return this.db.transaction(async (tx) => {
      if (!(await lockList(tx, userId, id))) return 'missing';
      const current = await tx
        .select({ symbol: watchlistSymbols.symbol })
        .from(watchlistSymbols)
        .where(eq(watchlistSymbols.watchlistId, id));
      if (!fits(current.map((c) => c.symbol))) return 'mismatch';
      for (const [position, symbol] of symbols.entries())
        await tx
          .update(watchlistSymbols)
          .set({ position })
          .where(and(eq(watchlistSymbols.watchlistId, id), eq(watchlistSymbols.symbol, symbol)));
      return 'saved';
    });
  }
}

/** Locks the client's list `id` for the transaction; false when the client has no such list. */
async function lockList(tx: Db, userId: number, id: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: watchlists.id })
    .from(watchlists)
    .where(and(eq(watchlists.id, id), eq(watchlists.userId, userId)))
    .for('update');
  return !!row;
}
