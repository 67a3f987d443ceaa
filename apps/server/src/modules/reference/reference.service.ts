import type { AssetListRow, CountryRow, ReferenceRepo } from './reference.repo.js';

/**
 * Reference data every client screen needs: countries (spec §3 id, name, alpha2) and the
 * instrument list. Countries never change at run time, so they are read once.
 */
export class ReferenceService {
  private countriesOnce: Promise<CountryRow[]> | undefined;

  constructor(private readonly repo: ReferenceRepo) {}

  countries(): Promise<CountryRow[]> {
    this.countriesOnce ??= this.repo.listCountries().catch((error: unknown) => {
      this.countriesOnce = undefined;
      throw error;
    });
    return this.countriesOnce;
  }

  /** The country id of an ISO 3166 alpha-2 code ('DE'), or null when unknown. */
  async countryIdOf(alpha2: string | null | undefined): Promise<number | null> {
    if (!alpha2) return null;
    const code = alpha2.toUpperCase();
    return (await this.countries()).find((c) => c.alpha2 === code)?.id ?? null;
  }

  async countryExists(id: number): Promise<boolean> {
    return (await this.countries()).some((c) => c.id === id);
  }

  assets(): Promise<AssetListRow[]> {
    return this.repo.listAssets();
  }
}
