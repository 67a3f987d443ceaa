/**
 * A client's risk score (docs/compliance.md "Risk score"): points from the client's country, a PEP declaration or
 * screening, the deposits so far, the source-of-funds answers and the appropriateness outcome, summed to a score
 * and a level. A high level asks for enhanced due diligence documents before the next deposit (complianceBlock).
 * The server computes it on every change of an input; the back office lists the reasons with the same function.
 */
import type { AppropriatenessOutcome, RiskLevel, ScreeningStatus } from './compliance.js';
import { type Numeric, toDecimal } from './money.js';

export const EMPLOYMENT_STATUSES = ['employed', 'self_employed', 'retired', 'student', 'unemployed'] as const;
export type EmploymentStatus = (typeof EMPLOYMENT_STATUSES)[number];

/**
 * Money bands of the questionnaire, in the brand's currency: below 25 000, 25 000–100 000, 100 000–250 000, above
 * 250 000. The same bands serve the annual income and the expected yearly deposits.
 */
export const MONEY_BANDS = ['under_25k', '25k_100k', '100k_250k', 'over_250k'] as const;
export type MoneyBand = (typeof MONEY_BANDS)[number];

export const FUNDS_SOURCES = [
  'salary',
  'business',
  'savings',
  'investments',
  'inheritance',
  'other',
] as const;
export type FundsSource = (typeof FUNDS_SOURCES)[number];

/** The client's source-of-funds answers. */
export interface SourceOfFundsAnswers {
  employmentStatus: EmploymentStatus;
  annualIncome: MoneyBand;
  source: FundsSource;
  expectedDeposits: MoneyBand;
  /** The client declares being a politically exposed person (or a family member or close associate of one). */
  pep: boolean;
}

/**
 * Countries a brand counts as high risk when it has not set its own list: the FATF's "call for action" and
 * "increased monitoring" jurisdictions as commonly used by EU brokers (ISO alpha-2). Admins edit it per brand.
 */
export const DEFAULT_HIGH_RISK_COUNTRIES: readonly string[] = [
  'AF',
  'BF',
  'CD',
  'DZ',
  'HT',
  'IR',
  'KE',
  'KP',
  'LA',
  'LB',
  'ML',
  'MM',
  'MZ',
  'NG',
  'SS',
  'SY',
  'VE',
  'VN',
  'YE',
];

/** Approved deposits at or above these sums (brand currency) add points: [threshold, points], highest first. */
export const DEPOSIT_VOLUME_POINTS: readonly (readonly [number, number])[] = [
  [100_000, 40],
  [50_000, 25],
  [10_000, 10],
];

/** Level bounds: a score at or above `high` is high, at or above `medium` medium, else low. */
export const RISK_LEVEL_BOUNDS = { medium: 25, high: 60 } as const;

export const RISK_REASONS = [
  'country',
  'pep',
  'screening_pending',
  'screening_confirmed',
  'deposits',
  'funds_missing',
  'funds_source',
  'funds_mismatch',
  'appropriateness_warn',
  'appropriateness_block',
] as const;
export type RiskReasonCode = (typeof RISK_REASONS)[number];

export interface RiskReason {
  code: RiskReasonCode;
  points: number;
}

export interface RiskInputs {
  /** The client's country (ISO alpha-2), null when not given. */
  country: string | null;
  /** The brand's high-risk countries (alpha-2); null: DEFAULT_HIGH_RISK_COUNTRIES. */
  highRiskCountries: readonly string[] | null;
  screening: ScreeningStatus;
  /** The sum of the client's approved deposits, in the brand's currency. */
  approvedDeposits: Numeric;
  /** null: the client has not answered the questionnaire. */
  funds: SourceOfFundsAnswers | null;
  appropriateness: AppropriatenessOutcome | null;
}

export interface RiskAssessment {
  score: number;
  level: RiskLevel;
  /** Why, in the order the rules run; only rules that added points. */
  reasons: RiskReason[];
}

const bandIndex = (band: MoneyBand) => MONEY_BANDS.indexOf(band);

/** Sources compliance must check case by case: the answer alone does not explain the money. */
const UNEXPLAINED_SOURCES: readonly FundsSource[] = ['inheritance', 'other'];

export function riskLevelOf(score: number): RiskLevel {
  if (score >= RISK_LEVEL_BOUNDS.high) return 'high';
  if (score >= RISK_LEVEL_BOUNDS.medium) return 'medium';
  return 'low';
}

/**
 * The client's risk score:
 * - a country on the brand's high-risk list: 40;
 * - a politically exposed person (declared): 60, which alone makes the client high risk (EDD is mandatory);
 * - screening: a possible match awaiting review 30; a confirmed match 100;
 * - approved deposits from 10 000: 10, from 50 000: 25, from 100 000: 40;
 * - source of funds not answered: 10; an inheritance or other source: 15; expected yearly deposits in a band above
 *   the annual income: 20;
 * - appropriateness: warn 10, block 20.
 * Levels: 25 and more medium, 60 and more high.
 */
export function assessRisk(input: RiskInputs): RiskAssessment {
  const reasons: RiskReason[] = [];
  const add = (code: RiskReasonCode, points: number) => reasons.push({ code, points });
  const countries = input.highRiskCountries ?? DEFAULT_HIGH_RISK_COUNTRIES;
  if (input.country && countries.includes(input.country.toUpperCase())) add('country', 40);
  if (input.funds?.pep) add('pep', 60);
  if (input.screening === 'pending') add('screening_pending', 30);
  if (input.screening === 'confirmed') add('screening_confirmed', 100);
  const deposits = toDecimal(input.approvedDeposits);
  const volume = DEPOSIT_VOLUME_POINTS.find(([threshold]) => deposits.gte(threshold));
  if (volume) add('deposits', volume[1]);
  if (!input.funds) add('funds_missing', 10);
  else {
    if (UNEXPLAINED_SOURCES.includes(input.funds.source)) add('funds_source', 15);
    if (bandIndex(input.funds.expectedDeposits) > bandIndex(input.funds.annualIncome))
      add('funds_mismatch', 20);
  }
  if (input.appropriateness === 'warn') add('appropriateness_warn', 10);
  if (input.appropriateness === 'block') add('appropriateness_block', 20);
  const score = reasons.reduce((sum, r) => sum + r.points, 0);
  return { score, level: riskLevelOf(score), reasons };
}

/** Normalises a brand's high-risk country list as typed by an admin: upper case, unique, alpha-2 only. */
export function normaliseCountryList(codes: readonly string[]): string[] {
  return [...new Set(codes.map((c) => c.trim().toUpperCase()).filter((c) => /^[A-Z]{2}$/.test(c)))].sort();
}
