/**
 * A brand's document and risk settings as staff edit them (docs/compliance.md, "Admin"): the grace period after a
 * proof of identity or address expired, whether clients enter a proof's details at upload, and the countries the
 * risk score counts as high risk (null: the domain's DEFAULT_HIGH_RISK_COUNTRIES). The back office's form and the
 * server check them with the same function.
 */
import { MAX_DOCUMENT_GRACE_DAYS } from './document-details.js';
import { type FieldMessage, fieldMessage, type ValidationResult } from './validation.js';

export interface BrandComplianceValues {
  /** Days after a proof's expiry day before deposits and trading stop (0–365). */
  documentGraceDays: number;
  /** Clients enter a proof's number, issuing country and expiry date at upload (else compliance does). */
  clientEntersDocumentDetails: boolean;
  /** ISO alpha-2 codes, upper case, sorted, unique; null: DEFAULT_HIGH_RISK_COUNTRIES; [] counts no country. */
  highRiskCountries: string[] | null;
}

/** The longest high-risk list a brand may keep (there are fewer than 250 ISO countries). */
export const MAX_HIGH_RISK_COUNTRIES = 250;

const ALPHA2 = /^[A-Z]{2}$/;

/**
 * Checks and normalises a brand's document and risk settings: the grace period a whole number of days 0–365; each
 * country two letters (spaces around it are dropped, lower case is raised, duplicates merged; anything else, a
 * control character too, is refused) and, when `knownCountries` is given, one of them. Answers the settings to
 * store or every problem with its field.
 */
export function checkBrandCompliance(
  input: BrandComplianceValues,
  knownCountries?: Iterable<string>,
): ValidationResult<BrandComplianceValues> {
  const errors: FieldMessage[] = [];
  const days = input.documentGraceDays;
  if (!Number.isInteger(days) || days < 0 || days > MAX_DOCUMENT_GRACE_DAYS)
    errors.push(
      fieldMessage('documentGraceDays', 'boCompliance.graceDays', { max: MAX_DOCUMENT_GRACE_DAYS }),
    );
  let countries: string[] | null = null;
  if (input.highRiskCountries !== null) {
    const known = knownCountries ? new Set([...knownCountries].map((c) => c.toUpperCase())) : null;
    const codes = input.highRiskCountries.map((raw) => raw.replace(/^ +| +$/g, '').toUpperCase());
    const malformed = codes.findIndex((code) => !ALPHA2.test(code));
    if (input.highRiskCountries.length > MAX_HIGH_RISK_COUNTRIES)
      errors.push(
        fieldMessage('highRiskCountries', 'boCompliance.countryCount', { max: MAX_HIGH_RISK_COUNTRIES }),
      );
    else if (malformed >= 0)
      errors.push(fieldMessage('highRiskCountries', 'boCompliance.countryCode', { position: malformed + 1 }));
    else {
      const unknown = known ? codes.find((code) => !known.has(code)) : undefined;
      if (unknown !== undefined)
        errors.push(fieldMessage('highRiskCountries', 'boCompliance.countryUnknown', { code: unknown }));
    }
    countries = [...new Set(codes)].sort();
  }
  if (errors.length > 0) return { ok: false, errors };
  return {
    ok: true,
    value: {
      documentGraceDays: days,
      clientEntersDocumentDetails: input.clientEntersDocumentDetails,
      highRiskCountries: countries,
    },
  };
}

/** The countries whose clients' risk changes when a brand's list goes from `before` to `after` (both resolved). */
export function changedHighRiskCountries(before: readonly string[], after: readonly string[]): string[] {
  const a = new Set(before);
  const b = new Set(after);
  return [...new Set([...a, ...b])].filter((code) => a.has(code) !== b.has(code)).sort();
}
