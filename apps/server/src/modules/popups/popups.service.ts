import type { Db } from '../../db/client.js';
import { notFound } from '../../lib/errors.js';
import { sanitizeHtml } from '../../lib/html.js';
import type { Brand } from '../brands/brands.service.js';
import type { PopupRow, PopupsRepo } from './popups.repo.js';

export const POPUP_TITLE_MAX = 200;

/** Pop-up notices (spec §2 notices modal, §4 marked read on close), one set per brand. */
export class PopupsService {
  constructor(
    private readonly repo: PopupsRepo,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /**
   * Saves a popup; its HTML is sanitised here, on save (architecture §8), never trusted later. `inTransaction`
   * (the operator's audit row) runs in the insert's transaction, so the popup and its record commit together.
   */
  async create(
    brandId: number,
    title: string,
    html: string,
    inTransaction?: (tx: Db, popup: PopupRow) => Promise<unknown>,
  ): Promise<PopupRow> {
    const cleanTitle = title.trim();
    if (cleanTitle === '' || cleanTitle.length > POPUP_TITLE_MAX) {
      throw new RangeError(`A popup title must have 1 to ${POPUP_TITLE_MAX} characters.`);
    }
    const content = await sanitizeHtml(html);
    if (content === '') throw new RangeError('The popup content is empty after removing unsafe HTML.');
    const values = { brandId, title: cleanTitle, content };
    if (!inTransaction) return this.repo.create(values);
    return this.repo.db.transaction(async (tx) => {
      const popup = await this.repo.create(values, tx);
      await inTransaction(tx, popup);
      return popup;
    });
  }

  /** What a client is shown now: audience (verified = users.verified_account) and schedule honoured. */
  unreadFor(brand: Brand, user: { id: number; verifiedAccount: boolean }): Promise<PopupRow[]> {
    return this.repo.unreadFor(brand.id, user.id, { verified: user.verifiedAccount, now: this.now() });
  }

  /**
   * Marks a popup of the client's brand read; any other id is 404, and so is a popup whose audience does not take
   * the client in (another client's notice, a verified-only one for an unverified client), so nobody can add
   * themselves to the readers of a notice they were never shown. The schedule is not checked: a notice that
   * ended while it was open can still be closed.
   */
  async markRead(
    brand: Brand,
    user: { id: number; verifiedAccount: boolean },
    popupId: number,
  ): Promise<void> {
    const popup = await this.repo.findInBrand(brand.id, popupId);
    if (!popup || !takesIn(popup, user)) throw notFound();
    await this.repo.markRead(popup.id, user.id);
  }
}

/** Whether a popup's audience takes a client in (as the client is now). */
function takesIn(popup: PopupRow, client: { id: number; verifiedAccount: boolean }): boolean {
  if (popup.userId !== null && popup.userId !== client.id) return false;
  switch (popup.audience) {
    case 'client':
      return popup.userId === client.id;
    case 'verified':
      return client.verifiedAccount;
    case 'unverified':
      return !client.verifiedAccount;
    default:
      return true;
  }
}
