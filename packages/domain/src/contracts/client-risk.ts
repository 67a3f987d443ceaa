/**
 * The client's risk score and source-of-funds answers (docs/compliance.md "Risk score"): the client area's
 * questionnaire and the back office's risk panel. Routes declare these; the web parses every answer with them.
 */
import { z } from 'zod';
import { RISK_LEVELS } from '../compliance.js';
import { EMPLOYMENT_STATUSES, FUNDS_SOURCES, MONEY_BANDS, RISK_REASONS } from '../risk-score.js';
import { DecimalText, Instant, WireInstant } from './common.js';

const INVALID = { error: 'sof.invalid' } as const;

/** The questionnaire as the client sends it (POST /api/accounts/source-of-funds/answer). */
export const SourceOfFundsInput = z.object(
  {
    employmentStatus: z.enum(EMPLOYMENT_STATUSES, INVALID),
    annualIncome: z.enum(MONEY_BANDS, INVALID),
    source: z.enum(FUNDS_SOURCES, INVALID),
    expectedDeposits: z.enum(MONEY_BANDS, INVALID),
    pep: z.boolean(INVALID),
  },
  INVALID,
);
export type SourceOfFundsInput = z.infer<typeof SourceOfFundsInput>;

/** The client's answers (null: not answered yet). */
export const SourceOfFundsAnswer = z
  .object({
    employmentStatus: z.enum(EMPLOYMENT_STATUSES),
    annualIncome: z.enum(MONEY_BANDS),
    source: z.enum(FUNDS_SOURCES),
    expectedDeposits: z.enum(MONEY_BANDS),
    pep: z.boolean(),
    answeredAt: WireInstant,
  })
  .nullable();
export type SourceOfFundsAnswer = z.infer<typeof SourceOfFundsAnswer>;

/** The back office's risk panel (GET /api/backoffice/clients/:id/risk). */
export const ClientRisk = z.object({
  score: z.number().int(),
  level: z.enum(RISK_LEVELS),
  reasons: z.array(z.object({ code: z.enum(RISK_REASONS), points: z.number().int() })),
  /** Deposits wait until compliance approves the enhanced due diligence documents. */
  eddRequired: z.boolean(),
  /** The sum of the client's approved deposits (in their accounts' currencies, added as numbers). */
  approvedDeposits: DecimalText,
  funds: SourceOfFundsAnswer,
  updatedAt: Instant.nullable(),
});
export type ClientRisk = z.infer<typeof ClientRisk>;
