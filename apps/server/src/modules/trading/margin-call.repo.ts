import { and, eq, notExists } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { popupReads, popups, tradingAccounts, users } from '../../db/schema.js';
import { PopupsRepo } from '../popups/popups.repo.js';

/** The kind of a client's margin-call popup (popups.kind). */
export const MARGIN_CALL_POPUP = 'margin_call';

/** SQL of the margin-call monitor: the client's own popup (until read) and who to mail. */
export class MarginCallRepo {
  constructor(private readonly db: Db) {}

  /** Whether the client still has a margin-call popup they have not closed. */
  async hasUnread(userId: number): Promise<boolean> {
    const read = this.db
      .select({ one: popupReads.popupId })
      .from(popupReads)
      .where(and(eq(popupReads.popupId, popups.id), eq(popupReads.userId, userId)));
    const rows = await this.db
      .select({ id: popups.id })
      .from(popups)
      .where(and(eq(popups.userId, userId), eq(popups.kind, MARGIN_CALL_POPUP), notExists(read)))
      .limit(1);
    return rows.length > 0;
  }

  /** Stores the client's margin-call popup (content is our own escaped text). */
  async addPopup(brandId: number, userId: number, title: string, content: string): Promise<void> {
    await new PopupsRepo(this.db).create({ brandId, userId, kind: MARGIN_CALL_POPUP, title, content });
  }

  /** The trading account's client (who is warned) and the account's currency and number (what the amounts are in). */
  async client(accountId: number) {
    const [row] = await this.db
      .select({
        userId: users.id,
        brandId: users.brandId,
        email: users.email,
        firstName: users.firstName,
        currency: tradingAccounts.currency,
        number: tradingAccounts.number,
        kind: tradingAccounts.kind,
      })
      .from(tradingAccounts)
      .innerJoin(users, eq(users.id, tradingAccounts.userId))
      .where(eq(tradingAccounts.id, accountId));
    return row;
  }
}
