/**
 * A brand's document and risk settings in the back office (docs/compliance.md, "Admin"): the grace period after a
 * proof expired, whether clients enter a proof's details at upload, and the brand's high-risk countries. The
 * domain's checkBrandCompliance checks them (400 per field, nothing saved); a save is audited as
 * `brand.compliance` with before and after, and a change of the country list has the risk score of the brand's
 * clients in the countries concerned recomputed in the background.
 */
import {
  type BrandComplianceSettings,
  changedHighRiskCountries,
  checkBrandCompliance,
  DEFAULT_HIGH_RISK_COUNTRIES,
  documentGraceDays,
} from '@openbroker/domain';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.js';
import type { BrandSettings, BrandComplianceSettings as StoredCompliance } from '../../db/schema.js';
import { invalidFields, notFound } from '../../lib/errors.js';
import { BrandsRepo } from '../brands/brands.repo.js';
import type { BrandsService } from '../brands/brands.service.js';
import { assertBrandInScope, type StaffAuth } from '../staff/policy.js';
import { auditStaffAction } from '../staff/staff-audit.js';

export interface BrandComplianceDeps {
  brands: Pick<BrandsService, 'findById' | 'changed'>;
  /** The ISO alpha-2 codes of the reference list (a high-risk country must be one of them). */
  countries(): Promise<readonly string[]>;
  /** The brand's high-risk list changed for these countries: their clients' risk is recomputed (background). */
  highRiskCountriesChanged(brandId: number, countries: readonly string[]): void;
}

/** The settings as stored, defaults filled in (null countries: the default list applies). */
export function brandComplianceOf(settings: Pick<BrandSettings, 'compliance'>): BrandComplianceSettings {
  const stored = settings.compliance;
  return {
    documentGraceDays: documentGraceDays(stored?.documentGraceDays),
    clientEntersDocumentDetails: stored?.clientEntersDocumentDetails === true,
    highRiskCountries: stored?.highRiskCountries ? [...stored.highRiskCountries] : null,
  };
}

const effectiveCountries = (settings: BrandComplianceSettings) =>
  settings.highRiskCountries ?? DEFAULT_HIGH_RISK_COUNTRIES;

export class BrandComplianceService {
  constructor(
    private readonly db: Db,
    private readonly deps: BrandComplianceDeps,
  ) {}

  /** GET: the brand's settings (404 outside the member's scope). */
  async settings(auth: StaffAuth, brandId: number): Promise<BrandComplianceSettings> {
    assertBrandInScope(auth, brandId);
    const brand = await this.deps.brands.findById(brandId);
    if (!brand) throw notFound();
    return brandComplianceOf(brand.settings);
  }

  /** PUT: checks, stores and audits the settings; the other compliance settings (the test) stay as stored. */
  async save(
    auth: StaffAuth,
    brandId: number,
    input: BrandComplianceSettings,
    request: Pick<FastifyRequest, 'ip'>,
  ): Promise<BrandComplianceSettings> {
    assertBrandInScope(auth, brandId);
    const checked = checkBrandCompliance(input, await this.deps.countries());
    if (!checked.ok) throw invalidFields(checked.errors);
    const next = checked.value;
    const repo = new BrandsRepo(this.db);
    const { before, after } = await repo.exclusive(async (tx) => {
      const current = await repo.lockById(tx, brandId);
      if (!current) throw notFound();
      const before = brandComplianceOf(current.settings);
      const compliance: StoredCompliance = { ...current.settings.compliance };
      compliance.documentGraceDays = next.documentGraceDays;
      compliance.clientEntersDocumentDetails = next.clientEntersDocumentDetails;
      if (next.highRiskCountries === null) delete compliance.highRiskCountries;
      else compliance.highRiskCountries = next.highRiskCountries;
      await repo.setSettingsKey(tx, brandId, 'compliance', compliance);
      const after = brandComplianceOf({ compliance });
      await auditStaffAction(tx, auth, request, {
        action: 'brand.compliance',
        subject: `brand:${brandId}`,
        brandId,
        before: { ...before },
        after: { ...after },
      });
      return { before, after };
    });
    this.deps.brands.changed(brandId);
    const changed = changedHighRiskCountries(effectiveCountries(before), effectiveCountries(after));
    if (changed.length > 0) this.deps.highRiskCountriesChanged(brandId, changed);
    return after;
  }
}
