import { and, eq, notExists } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { popupReads, popups, users } from '../../db/schema.js';
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

  async client(userId: number) {
    const [row] = await this.db
      .select({ brandId: users.brandId, email: users.email, firstName: users.firstName })
      .from(users)
      .where(eq(users.id, userId));
    return row;
  }
}
