import type { Db } from '../../db/client.js';
import { assets } from '../../db/schema.js';

/** SQL of the market's instruments (the `assets` table). */
export class MarketRepo {
  constructor(private readonly db: Db) {}

  /** Adds the instruments that are missing; existing rows are left alone (staff may have changed them). */
  async addMissingAssets(values: (typeof assets.$inferInsert)[]): Promise<void> {
    await this.db.insert(assets).values(values).onConflictDoNothing({ target: assets.symbol });
  }
}
