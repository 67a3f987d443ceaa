import { BrandComplianceSettings } from '@openbroker/domain';
import { z } from 'zod';
import { type App, ErrorBody, ok } from '../../http.js';
import { staffOf, withPolicy } from '../staff/policy.js';
import type { StaffService } from '../staff/staff.service.js';
import type { BrandComplianceService } from './brand-compliance.service.js';

/** What the brand compliance routes use. */
export interface BrandComplianceRoutesDeps {
  brandCompliance: BrandComplianceService;
  staff: StaffService;
}

const staffErrors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const BrandParams = z.object({ id: z.string().max(32) });
const idOf = (raw: string) => (/^\d{1,10}$/.test(raw) ? Number(raw) : 0);

/** A brand's document and risk settings in the back office (docs/compliance.md, "Admin"). */
export async function brandComplianceRoutes(app: App, deps: BrandComplianceRoutesDeps) {
  const { brandCompliance, staff } = deps;
  const manage = { permission: 'brands.manage', brandScoped: true } as const;

  app.get(
    '/api/backoffice/brands/:id/compliance',
    withPolicy(manage, staff, {
      tags: ['backoffice: brands'],
      summary:
        "A brand's document and risk settings: the grace period after a proof expired (days), whether clients " +
        'enter a proof’s details at upload, the high-risk countries (ISO alpha-2; null: the default FATF list)',
      params: BrandParams,
      response: { 200: ok(BrandComplianceSettings), ...staffErrors },
    }),
    async (request) => ({
      status: true as const,
      data: await brandCompliance.settings(staffOf(request), idOf(request.params.id)),
    }),
  );

  app.put(
    '/api/backoffice/brands/:id/compliance',
    withPolicy(manage, staff, {
      tags: ['backoffice: brands'],
      summary:
        "Saves a brand's document and risk settings (the same shape); checked field by field (400, nothing saved: " +
        '0–365 days, codes of the reference list), audited as brand.compliance; a change of the countries ' +
        "recomputes the risk score of the brand's clients living in them",
      params: BrandParams,
      body: BrandComplianceSettings,
      response: { 200: ok(BrandComplianceSettings), ...staffErrors },
    }),
    async (request) => ({
      status: true as const,
      data: await brandCompliance.save(staffOf(request), idOf(request.params.id), request.body, request),
    }),
  );
}
