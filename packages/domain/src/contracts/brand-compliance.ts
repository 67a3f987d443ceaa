import { z } from 'zod';

/**
 * GET/PUT /api/backoffice/brands/:id/compliance: a brand's document and risk settings (docs/compliance.md, "Admin").
 * The body's types are checked here; its rules (0–365 days, alpha-2 codes of the reference list) by the domain's
 * checkBrandCompliance, which answers a message per field.
 */
export const BrandComplianceSettings = z.object({
  /** Days after a proof's expiry day before deposits and trading stop (0–365; default 14). */
  documentGraceDays: z.number(),
  /** Clients enter a proof's number, issuing country and expiry date at upload. */
  clientEntersDocumentDetails: z.boolean(),
  /** ISO alpha-2 codes the risk score counts as high risk; null: the default FATF list. */
  highRiskCountries: z.array(z.string().max(8)).max(300).nullable(),
});
export type BrandComplianceSettings = z.infer<typeof BrandComplianceSettings>;
