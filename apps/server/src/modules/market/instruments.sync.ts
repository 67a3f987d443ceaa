import type { Db } from '../../db/client.js';
import type { Catalogue } from '../../market/instruments.js';
import { MarketRepo } from './market.repo.js';

/**
 * Adds the catalogue's instruments to the `assets` table (spec §3 Asset) when they are missing, on
 * every start, so a new release's instruments appear in existing installations. Existing rows are
 * left alone: staff may have disabled or renamed them.
 */
export async function syncInstruments(db: Db, catalogue: Catalogue): Promise<void> {
  await new MarketRepo(db).addMissingAssets(
    catalogue.instruments.map((i) => ({
      symbol: i.symbol,
      name: i.exchangeName,
      displayName: i.displayName,
      code: i.symbol,
      assetCategoryId: i.categoryId,
      precision: i.precision,
    })),
  );
}
