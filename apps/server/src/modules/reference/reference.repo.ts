import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { assetCategories, assets, countries } from '../../db/schema.js';

export type CountryRow = typeof countries.$inferSelect;

export interface AssetListRow {
  id: number;
  name: string;
  symbol: string;
  code: string;
  assetCategoryId: number;
  categoryName: string;
  categoryLeverage: string;
}

export class ReferenceRepo {
  constructor(private readonly db: Db) {}

  listCountries(): Promise<CountryRow[]> {
    return this.db.select().from(countries).orderBy(asc(countries.name));
  }

  /** Tradable instruments with their category, in id order. */
  listAssets(): Promise<AssetListRow[]> {
    return this.db
      .select({
        id: assets.id,
        name: assets.name,
        symbol: assets.symbol,
        code: assets.code,
        assetCategoryId: assets.assetCategoryId,
        categoryName: assetCategories.name,
        categoryLeverage: assetCategories.leverage,
      })
      .from(assets)
      .innerJoin(assetCategories, eq(assetCategories.id, assets.assetCategoryId))
      .where(eq(assets.enabled, true))
      .orderBy(asc(assets.id));
  }
}
