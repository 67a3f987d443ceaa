import { z } from 'zod';
import { APPROPRIATENESS_TOPICS } from '../appropriateness.js';
import { APPROPRIATENESS_OUTCOMES } from '../compliance.js';
import { isMessageKey, type MessageKey } from '../messages.js';

/**
 * Contracts of the appropriateness test (docs/compliance.md): the client's questionnaire, their attempt and its
 * outcome, the acknowledgement of a warning, the client's compliance status (what their standing stops and the next
 * step), and the back office's test settings and a client's result.
 */

/** A reason as the domain words it (complianceBlock): a catalogue key and its parameters. */
const Message = z.object({
  key: z.custom<MessageKey>((value) => typeof value === 'string' && isMessageKey(value)),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});

export const QuestionnaireOption = z.object({ id: z.string(), text: z.string(), points: z.number().int() });
export const QuestionnaireQuestion = z.object({
  id: z.string(),
  topic: z.enum(APPROPRIATENESS_TOPICS),
  text: z.string(),
  options: z.array(QuestionnaireOption),
});
export const Questionnaire = z.object({
  version: z.string(),
  questions: z.array(QuestionnaireQuestion),
});

/** A question as the client sees it: the points stay on the server. */
export const ClientQuestion = QuestionnaireQuestion.extend({
  options: z.array(QuestionnaireOption.omit({ points: true })),
});

/** One attempt's result as the client sees it (times ISO 8601 UTC). */
export const AppropriatenessResult = z.object({
  outcome: z.enum(APPROPRIATENESS_OUTCOMES),
  score: z.number().int(),
  maxScore: z.number().int(),
  version: z.string(),
  /** A block's end: the client may take the test again from then. */
  blockedUntil: z.string().nullable(),
  acknowledgedAt: z.string().nullable(),
  createdAt: z.string(),
  /** The leverage a warn outcome is limited to; null: the preset's caps. */
  warnLeverageCap: z.number().int().nullable(),
});
export type AppropriatenessResult = z.infer<typeof AppropriatenessResult>;

/** GET /api/appropriateness: the brand's questionnaire and the client's latest result. */
export const AppropriatenessTest = z.object({
  /** The brand asks for the test (its clients cannot trade live without it). */
  required: z.boolean(),
  version: z.string(),
  questions: z.array(ClientQuestion),
  latest: AppropriatenessResult.nullable(),
});
export type AppropriatenessTest = z.infer<typeof AppropriatenessTest>;

/** POST /api/appropriateness: question id → option id, every question answered. */
export const AppropriatenessSubmitInput = z.object({
  version: z.string().max(40),
  answers: z.record(z.string().max(40), z.string().max(40)),
});
export type AppropriatenessSubmitInput = z.infer<typeof AppropriatenessSubmitInput>;

/** The next step a client's standing asks of them (the client area's banner). */
export const COMPLIANCE_NEXT_STEPS = [
  'none',
  'take_test',
  'acknowledge_warning',
  'wait',
  'upload_document',
  'upload_edd',
  'contact_support',
  'wait_review',
] as const;

/** GET /api/compliance/status: what the client's standing stops on their current account, and what to do. */
export const ComplianceStatusView = z.object({
  accountKind: z.enum(['live', 'demo']),
  blocks: z.object({ trade: Message.nullable(), deposit: Message.nullable(), withdraw: Message.nullable() }),
  next: z.enum(COMPLIANCE_NEXT_STEPS),
  /** For `wait`: from when the client may take the test again (ISO date). */
  until: z.string().nullable(),
  /** The highest leverage the test's outcome allows on this account (null: the preset's caps). */
  leverageCap: z.number().int().nullable(),
  appropriatenessRequired: z.boolean(),
});
export type ComplianceStatusView = z.infer<typeof ComplianceStatusView>;

/** A brand's test as staff edit it (brands.settings.compliance). */
export const AppropriatenessSettings = z.object({
  required: z.boolean(),
  questionnaire: Questionnaire,
  passScore: z.number().int(),
  warnScore: z.number().int(),
  blockDays: z.number().int(),
  warnLeverageCap: z.number().int().nullable(),
  /** The brand's jurisdiction preset (read-only here): 'professional' brands do not test. */
  preset: z.string().optional(),
  /** True while the brand uses the preset's shipped questionnaire and thresholds. */
  isDefault: z.boolean().optional(),
});
export type AppropriatenessSettings = z.infer<typeof AppropriatenessSettings>;

/** A client's attempts as the back office shows them (newest first), with the questions answered. */
export const AppropriatenessAttemptView = z.object({
  id: z.number().int(),
  version: z.string(),
  answers: z.array(
    z.object({ question: z.string(), answer: z.string(), points: z.number().int().nullable() }),
  ),
  score: z.number().int(),
  outcome: z.enum(APPROPRIATENESS_OUTCOMES),
  blockedUntil: z.string().nullable(),
  acknowledgedAt: z.string().nullable(),
  createdAt: z.string(),
});
export const ClientAppropriateness = z.object({
  required: z.boolean(),
  attempts: z.array(AppropriatenessAttemptView),
});
export type ClientAppropriateness = z.infer<typeof ClientAppropriateness>;
