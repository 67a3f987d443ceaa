import type { Db } from '../../db/client.js';
import { assets } from '../../db/schema.js';
import type { Catalogue } from '../../market/instruments.js';

/**
 * Adds the catalogue's instruments to the `assets` table (spec §3 Asset) when they are missing, on
 * every start, so a new release's instruments appear in existing installations. Existing rows are
 * left alone: staff may have disabled or renamed them.
 */
export async function syncInstruments(db: Db, catalogue: Catalogue): Promise<void> {
  await db
    .insert(assets)
    .values(
      catalogue.instruments.map((i) => ({
        symbol: i.symbol,
        name: i.exchangeName,
        displayName: i.displayName,
        code: i.symbol,
        assetCategoryId: i.categoryId,
        precision: i.precision,
      })),
    )
    .onConflictDoNothing({ target: assets.symbol });
}
