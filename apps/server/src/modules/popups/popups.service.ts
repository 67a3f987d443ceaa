import { notFound } from '../../lib/errors.js';
import { sanitizeHtml } from '../../lib/html.js';
import type { Brand } from '../brands/brands.service.js';
import type { PopupRow, PopupsRepo } from './popups.repo.js';

export const POPUP_TITLE_MAX = 200;

/** Pop-up notices (spec §2 notices modal, §4 marked read on close), one set per brand. */
export class PopupsService {
  constructor(private readonly repo: PopupsRepo) {}

  /** Saves a popup; its HTML is sanitised here, on save (architecture §8), never trusted later. */
  async create(brandId: number, title: string, html: string): Promise<PopupRow> {
    const cleanTitle = title.trim();
    if (cleanTitle === '' || cleanTitle.length > POPUP_TITLE_MAX) {
      throw new RangeError(`A popup title must have 1 to ${POPUP_TITLE_MAX} characters.`);
    }
    const content = await sanitizeHtml(html);
    if (content === '') throw new RangeError('The popup content is empty after removing unsafe HTML.');
    return this.repo.create({ brandId, title: cleanTitle, content });
  }

  unreadFor(brand: Brand, userId: number): Promise<PopupRow[]> {
    return this.repo.unreadFor(brand.id, userId);
  }

  /** Marks a popup of the client's brand read; any other id is 404. */
  async markRead(brand: Brand, userId: number, popupId: number): Promise<void> {
    const popup = await this.repo.findInBrand(brand.id, popupId);
    if (!popup) throw notFound();
    await this.repo.markRead(popup.id, userId);
  }
}
