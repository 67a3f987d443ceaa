/**
 * The appropriateness test (docs/compliance.md): before a retail client trades CFDs on a live account, a brand that
 * requires it asks about their knowledge and experience (CFDs and leverage, trading frequency, education,
 * profession). Each answer is worth points; the score against the brand's thresholds gives the outcome: pass; warn
 * (trades once the client acknowledged the warning, at a leverage the brand may cap); or block for some days, after
 * which the client may take the test again. Questionnaires are versioned: every attempt keeps the version it answered.
 */
import type { AppropriatenessOutcome, ComplianceStatus } from './compliance.js';
import type { JurisdictionPreset } from './leverage-classes.js';
import { type FieldMessage, FORM_PATH, fieldMessage, type ValidationResult } from './validation.js';

/** What a question asks about (the regulator's knowledge-and-experience themes). */
export const APPROPRIATENESS_TOPICS = ['cfd', 'leverage', 'frequency', 'education', 'profession'] as const;
export type AppropriatenessTopic = (typeof APPROPRIATENESS_TOPICS)[number];

export interface AppropriatenessOption {
  id: string;
  text: string;
  /** Points this answer adds to the score (0 or more). */
  points: number;
}

export interface AppropriatenessQuestion {
  id: string;
  topic: AppropriatenessTopic;
  text: string;
  options: AppropriatenessOption[];
}

export interface AppropriatenessQuestionnaire {
  /** Kept with every attempt: which questions and points the answers refer to. */
  version: string;
  questions: AppropriatenessQuestion[];
}

/** A brand's test: the questionnaire, where the score lands, how long a block lasts, a warn outcome's leverage. */
export interface AppropriatenessConfig {
  questionnaire: AppropriatenessQuestionnaire;
  /** A score at or above it passes. */
  passScore: number;
  /** A score at or above it (below passScore) warns; below it blocks. */
  warnScore: number;
  /** Days a block lasts before the client may take the test again (≥ 1). */
  blockDays: number;
  /** The highest leverage a client with an acknowledged warn outcome may use on any instrument; null: the preset's. */
  warnLeverageCap: number | null;
}

const option = (id: string, text: string, points: number): AppropriatenessOption => ({ id, text, points });

const CORE_QUESTIONS: AppropriatenessQuestion[] = [
  {
    id: 'cfd_knowledge',
    topic: 'cfd',
    text: 'When you trade a CFD, what do you own?',
    options: [
      option('contract', 'A contract on the price difference, not the instrument itself', 3),
      option('asset', 'The underlying share, currency or commodity', 0),
      option('unsure', 'I am not sure', 0),
    ],
  },
  {
    id: 'leverage_loss',
    topic: 'leverage',
    text: 'You open a position with leverage 1:20 and a margin of 100. The price moves 5 % against you. What happens?',
    options: [
      option('all_margin', 'I lose about 100, my whole margin', 3),
      option('five', 'I lose about 5', 0),
      option('nothing', 'Nothing: leverage only increases profits', 0),
    ],
  },
  {
    id: 'trading_frequency',
    topic: 'frequency',
    text: 'How often have you traded CFDs, forex or other leveraged products in the last 12 months?',
    options: [
      option('never', 'Never', 0),
      option('few', '1 to 10 trades', 1),
      option('monthly', 'More than 10 trades', 2),
      option('weekly', 'Every week or more often', 3),
    ],
  },
  {
    id: 'education',
    topic: 'education',
    text: 'Do you have an education in finance, economics or a related field?',
    options: [
      option('degree', 'A university degree or professional qualification in finance', 2),
      option('course', 'A course on trading or investing', 1),
      option('none', 'No', 0),
    ],
  },
  {
    id: 'profession',
    topic: 'profession',
    text: 'Have you worked in a role that needs knowledge of leveraged financial products?',
    options: [
      option('yes_years', 'Yes, for at least a year', 2),
      option('yes_short', 'Yes, for less than a year', 1),
      option('no', 'No', 0),
    ],
  },
];

/** ASIC's version adds the margin close-out question (its retail product intervention order). */
const ASIC_CLOSE_OUT: AppropriatenessQuestion = {
  id: 'close_out',
  topic: 'leverage',
  text: 'What happens when your equity falls to half of the margin in use?',
  options: [
    option('closed', 'My positions may be closed automatically', 2),
    option('call', 'The broker lends me more money', 0),
    option('unsure', 'I am not sure', 0),
  ],
};

/** The shipped test of a retail preset; 'professional' clients are not tested (null). 'custom' uses the ESMA one. */
export function defaultAppropriateness(preset: JurisdictionPreset): AppropriatenessConfig | null {
  if (preset === 'professional') return null;
  if (preset === 'asic')
    return {
      questionnaire: { version: 'asic-1', questions: [...CORE_QUESTIONS, ASIC_CLOSE_OUT] },
      passScore: 10,
      warnScore: 5,
      blockDays: 30,
      warnLeverageCap: null,
    };
  return {
    questionnaire: { version: 'esma-1', questions: CORE_QUESTIONS },
    passScore: 8,
    warnScore: 4,
    blockDays: 30,
    warnLeverageCap: null,
  };
}

/** The highest score a questionnaire gives (each question's best answer). */
export function maxScore(questionnaire: AppropriatenessQuestionnaire): number {
  return questionnaire.questions.reduce((sum, q) => sum + Math.max(0, ...q.options.map((o) => o.points)), 0);
}

/**
 * The score of a complete set of answers (question id → option id). Every question must be answered with one of
 * its options; an unanswered question, an unknown answer or an answer to a question the questionnaire has not is
 * refused (nothing is scored).
 */
export function scoreAppropriateness(
  questionnaire: AppropriatenessQuestionnaire,
  answers: Readonly<Record<string, string>>,
): ValidationResult<{ score: number; answers: Record<string, string> }> {
  const errors: FieldMessage[] = [];
  const known = new Set(questionnaire.questions.map((q) => q.id));
  for (const id of Object.keys(answers))
    if (!known.has(id)) errors.push(fieldMessage(FORM_PATH, 'appropriateness.unknownQuestion'));
  let score = 0;
  const kept: Record<string, string> = {};
  for (const question of questionnaire.questions) {
    const answer = Object.hasOwn(answers, question.id) ? answers[question.id] : undefined;
    if (answer === undefined || answer === '') {
      errors.push(fieldMessage(question.id, 'appropriateness.unanswered'));
      continue;
    }
    const chosen = question.options.find((o) => o.id === answer);
    if (!chosen) {
      errors.push(fieldMessage(question.id, 'appropriateness.unknownAnswer'));
      continue;
    }
    score += chosen.points;
    kept[question.id] = chosen.id;
  }
  return errors.length > 0 ? { ok: false, errors } : { ok: true, value: { score, answers: kept } };
}

/** The outcome of a score: pass at or above passScore, warn at or above warnScore, block below. */
export function appropriatenessOutcome(
  score: number,
  config: Pick<AppropriatenessConfig, 'passScore' | 'warnScore'>,
): AppropriatenessOutcome {
  if (score >= config.passScore) return 'pass';
  if (score >= config.warnScore) return 'warn';
  return 'block';
}

const DAY_MS = 86_400_000;

/** A full attempt's result: score, outcome and, for a block, until when (epoch ms). */
export function assessAppropriateness(
  config: AppropriatenessConfig,
  answers: Readonly<Record<string, string>>,
  now: number,
): ValidationResult<{
  score: number;
  answers: Record<string, string>;
  outcome: AppropriatenessOutcome;
  blockedUntil: number | null;
}> {
  const scored = scoreAppropriateness(config.questionnaire, answers);
  if (!scored.ok) return scored;
  const outcome = appropriatenessOutcome(scored.value.score, config);
  return {
    ok: true,
    value: {
      ...scored.value,
      outcome,
      blockedUntil: outcome === 'block' ? now + config.blockDays * DAY_MS : null,
    },
  };
}

/**
 * Whether the client may take the test now: not while a block lasts (the message names its end). A client who
 * passed may take it again (a new attempt replaces the standing).
 */
export function appropriatenessRetakeBlock(
  standing: Pick<ComplianceStatus['appropriateness'], 'outcome' | 'blockedUntil'>,
  now: number,
): FieldMessage | null {
  if (standing.outcome === 'block' && standing.blockedUntil !== null && standing.blockedUntil > now)
    return fieldMessage(FORM_PATH, 'compliance.appropriatenessBlocked', {
      date: new Date(standing.blockedUntil).toISOString().slice(0, 10),
    });
  return null;
}

/**
 * The leverage cap the test's outcome puts on a live account, on top of the preset's: the brand's warn cap for a
 * client whose (acknowledged) outcome is warn; undefined otherwise or where the brand does not require the test.
 */
export function appropriatenessLeverageCap(
  standing: Pick<ComplianceStatus['appropriateness'], 'required' | 'outcome' | 'warnLeverageCap'>,
): number | undefined {
  if (!standing.required || standing.outcome !== 'warn') return undefined;
  return standing.warnLeverageCap ?? undefined;
}

/** The tighter of two caps (undefined: no cap). */
export function tighterCap(a: number | undefined, b: number | undefined): number | undefined {
  if (a === undefined) return b;
  if (b === undefined) return a;
  return Math.min(a, b);
}

/** What staff may set: limits of a brand's test (the back office's form and the server check the same). */
export const APPROPRIATENESS_LIMITS = {
  maxQuestions: 30,
  maxOptions: 8,
  maxPoints: 100,
  maxBlockDays: 365,
  maxText: 500,
} as const;

/**
 * Checks a brand's test as staff edited it: at least one question, unique ids, at least two options each,
 * points 0…100 in whole numbers, warnScore ≤ passScore ≤ the highest score, blockDays 1…365, a warn cap ≥ 1.
 * `preset` 'professional' cannot require the test (professional clients are not tested).
 */
export function validateAppropriatenessConfig(
  config: AppropriatenessConfig,
  required: boolean,
  preset: JurisdictionPreset,
): FieldMessage[] {
  const errors: FieldMessage[] = [];
  const L = APPROPRIATENESS_LIMITS;
  if (required && preset === 'professional')
    errors.push(fieldMessage('required', 'appropriateness.professionalNotTested'));
  const qs = config.questionnaire.questions;
  if (config.questionnaire.version.trim() === '')
    errors.push(fieldMessage('version', 'appropriateness.versionRequired'));
  if (qs.length === 0 || qs.length > L.maxQuestions)
    errors.push(fieldMessage('questions', 'appropriateness.questionCount', { max: L.maxQuestions }));
  const ids = new Set<string>();
  qs.forEach((q, i) => {
    const path = `questions.${i}`;
    if (!/^[a-z0-9_]{1,40}$/.test(q.id) || ids.has(q.id))
      errors.push(fieldMessage(path, 'appropriateness.questionId'));
    ids.add(q.id);
    if (q.text.trim() === '' || q.text.length > L.maxText)
      errors.push(fieldMessage(path, 'appropriateness.text', { max: L.maxText }));
    if (q.options.length < 2 || q.options.length > L.maxOptions)
      errors.push(fieldMessage(path, 'appropriateness.optionCount', { max: L.maxOptions }));
    const optionIds = new Set<string>();
    q.options.forEach((o, j) => {
      const at = `${path}.options.${j}`;
      if (!/^[a-z0-9_]{1,40}$/.test(o.id) || optionIds.has(o.id))
        errors.push(fieldMessage(at, 'appropriateness.questionId'));
      optionIds.add(o.id);
      if (o.text.trim() === '' || o.text.length > L.maxText)
        errors.push(fieldMessage(at, 'appropriateness.text', { max: L.maxText }));
      if (!Number.isInteger(o.points) || o.points < 0 || o.points > L.maxPoints)
        errors.push(fieldMessage(at, 'appropriateness.points', { max: L.maxPoints }));
    });
  });
  const top = maxScore(config.questionnaire);
  if (!Number.isInteger(config.passScore) || config.passScore < 0 || config.passScore > top)
    errors.push(fieldMessage('passScore', 'appropriateness.passScore', { max: top }));
  if (!Number.isInteger(config.warnScore) || config.warnScore < 0 || config.warnScore > config.passScore)
    errors.push(fieldMessage('warnScore', 'appropriateness.warnScore'));
  if (!Number.isInteger(config.blockDays) || config.blockDays < 1 || config.blockDays > L.maxBlockDays)
    errors.push(fieldMessage('blockDays', 'appropriateness.blockDays', { max: L.maxBlockDays }));
  if (
    config.warnLeverageCap !== null &&
    (!Number.isInteger(config.warnLeverageCap) || config.warnLeverageCap < 1)
  )
    errors.push(fieldMessage('warnLeverageCap', 'appropriateness.warnLeverageCap'));
  return errors;
}

/** What a client is asked to do next about their compliance standing (the client area's banner). */
export type ComplianceNextStep =
  | 'none'
  | 'take_test'
  | 'acknowledge_warning'
  | 'wait'
  | 'upload_document'
  | 'upload_edd'
  | 'contact_support'
  | 'wait_review';

const NEXT_STEP_OF: Record<string, ComplianceNextStep> = {
  'compliance.screeningConfirmed': 'contact_support',
  'compliance.screeningPending': 'wait_review',
  'compliance.documentExpired': 'upload_document',
  'compliance.eddRequired': 'upload_edd',
  'compliance.appropriatenessRequired': 'take_test',
  'compliance.appropriatenessRetake': 'take_test',
  'compliance.appropriatenessWarning': 'acknowledge_warning',
  'compliance.appropriatenessBlocked': 'wait',
};

/** The next step from what a standing stops (complianceBlocks): the first stopped action's reason decides. */
export function complianceNextStep(
  blocks: Readonly<Record<'trade' | 'deposit' | 'withdraw', { key: string } | null>>,
): ComplianceNextStep {
  const reason = blocks.trade ?? blocks.deposit ?? blocks.withdraw;
  return reason ? (NEXT_STEP_OF[reason.key] ?? 'contact_support') : 'none';
}
