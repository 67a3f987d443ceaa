import { describe, expect, it } from 'vitest';
import {
  type AppropriatenessConfig,
  appropriatenessLeverageCap,
  appropriatenessOutcome,
  appropriatenessRetakeBlock,
  assessAppropriateness,
  complianceNextStep,
  defaultAppropriateness,
  maxScore,
  scoreAppropriateness,
  tighterCap,
  validateAppropriatenessConfig,
} from './appropriateness.js';
import { CLEAR_COMPLIANCE, type ComplianceStatus, complianceBlock } from './compliance.js';

const NOW = Date.parse('2026-12-01T10:00:00Z');
const DAY = 86_400_000;
const esma = defaultAppropriateness('esma') as AppropriatenessConfig;
const asic = defaultAppropriateness('asic') as AppropriatenessConfig;

/** An experienced trader's answers: the best answer everywhere. */
const EXPERT = {
  cfd_knowledge: 'contract',
  leverage_loss: 'all_margin',
  trading_frequency: 'weekly',
  education: 'degree',
  profession: 'yes_years',
};
/** A newcomer: understands the product, has never traded. */
const NEWCOMER = {
  cfd_knowledge: 'contract',
  leverage_loss: 'all_margin',
  trading_frequency: 'never',
  education: 'none',
  profession: 'no',
};
/** Someone who does not know what a CFD or leverage is. */
const NOVICE = {
  cfd_knowledge: 'asset',
  leverage_loss: 'nothing',
  trading_frequency: 'never',
  education: 'none',
  profession: 'no',
};

describe('the shipped questionnaires', () => {
  it('esma and asic ask about CFDs, leverage, trading frequency, education and profession, versioned', () => {
    for (const config of [esma, asic]) {
      const topics = new Set(config.questionnaire.questions.map((q) => q.topic));
      expect([...topics].sort()).toEqual(['cfd', 'education', 'frequency', 'leverage', 'profession']);
      expect(validateAppropriatenessConfig(config, true, 'esma')).toEqual([]);
    }
    expect(esma.questionnaire.version).toBe('esma-1');
    expect(asic.questionnaire.version).toBe('asic-1');
    expect(maxScore(esma.questionnaire)).toBe(13);
    expect(maxScore(asic.questionnaire)).toBe(15);
  });

  it('professional clients are not tested, and a professional brand cannot require the test', () => {
    expect(defaultAppropriateness('professional')).toBeNull();
    expect(validateAppropriatenessConfig(esma, true, 'professional')).toEqual([
      { path: 'required', key: 'appropriateness.professionalNotTested' },
    ]);
    expect(validateAppropriatenessConfig(esma, false, 'professional')).toEqual([]);
  });
});

describe('scoring an attempt', () => {
  it('adds the points of each chosen answer', () => {
    expect(scoreAppropriateness(esma.questionnaire, EXPERT)).toEqual({
      ok: true,
      value: { score: 13, answers: EXPERT },
    });
    expect(scoreAppropriateness(esma.questionnaire, NEWCOMER)).toMatchObject({
      ok: true,
      value: { score: 6 },
    });
    expect(scoreAppropriateness(esma.questionnaire, NOVICE)).toMatchObject({ ok: true, value: { score: 0 } });
  });

  it('refuses an unanswered question, an unknown answer and a question the test has not, scoring nothing', () => {
    const { profession: _skipped, ...unanswered } = EXPERT;
    expect(scoreAppropriateness(esma.questionnaire, unanswered)).toEqual({
      ok: false,
      errors: [{ path: 'profession', key: 'appropriateness.unanswered' }],
    });
    expect(scoreAppropriateness(esma.questionnaire, { ...EXPERT, education: 'phd' })).toEqual({
      ok: false,
      errors: [{ path: 'education', key: 'appropriateness.unknownAnswer' }],
    });
    expect(scoreAppropriateness(esma.questionnaire, { ...EXPERT, close_out: 'closed' })).toEqual({
      ok: false,
      errors: [{ path: '', key: 'appropriateness.unknownQuestion' }],
    });
    expect(scoreAppropriateness(esma.questionnaire, { ...EXPERT, education: '' })).toMatchObject({
      ok: false,
    });
    // an answer id that is an Object prototype key is no answer either
    expect(scoreAppropriateness(esma.questionnaire, { ...EXPERT, education: 'toString' })).toMatchObject({
      ok: false,
    });
  });
});

describe('the outcome of a score', () => {
  it('passes at the pass score, warns from the warn score up to one below it, blocks below', () => {
    expect(appropriatenessOutcome(esma.passScore, esma)).toBe('pass');
    expect(appropriatenessOutcome(esma.passScore - 1, esma)).toBe('warn');
    expect(appropriatenessOutcome(esma.warnScore, esma)).toBe('warn');
    expect(appropriatenessOutcome(esma.warnScore - 1, esma)).toBe('block');
    expect(appropriatenessOutcome(0, esma)).toBe('block');
  });

  it('an expert passes, a newcomer is warned, a novice is blocked for the brand’s days', () => {
    expect(assessAppropriateness(esma, EXPERT, NOW)).toMatchObject({
      ok: true,
      value: { outcome: 'pass', blockedUntil: null },
    });
    expect(assessAppropriateness(esma, NEWCOMER, NOW)).toMatchObject({
      ok: true,
      value: { outcome: 'warn', score: 6, blockedUntil: null },
    });
    expect(assessAppropriateness({ ...esma, blockDays: 7 }, NOVICE, NOW)).toMatchObject({
      ok: true,
      value: { outcome: 'block', score: 0, blockedUntil: NOW + 7 * DAY },
    });
  });

  it('asic asks one more question: the same answers without it are refused', () => {
    expect(assessAppropriateness(asic, EXPERT, NOW)).toEqual({
      ok: false,
      errors: [{ path: 'close_out', key: 'appropriateness.unanswered' }],
    });
    expect(assessAppropriateness(asic, { ...EXPERT, close_out: 'closed' }, NOW)).toMatchObject({
      value: { outcome: 'pass', score: 15 },
    });
  });
});

describe('what each outcome lets the client do', () => {
  const standing = (patch: Partial<ComplianceStatus['appropriateness']>): ComplianceStatus => ({
    ...CLEAR_COMPLIANCE,
    appropriateness: { ...CLEAR_COMPLIANCE.appropriateness, required: true, ...patch },
  });

  it('pass trades; warn trades once acknowledged; block waits until its date, then asks for the test again', () => {
    expect(complianceBlock(standing({ outcome: 'pass' }), 'trade', NOW)).toBeNull();
    expect(complianceBlock(standing({ outcome: 'warn' }), 'trade', NOW)).toEqual({
      key: 'compliance.appropriatenessWarning',
    });
    expect(complianceBlock(standing({ outcome: 'warn', acknowledged: true }), 'trade', NOW)).toBeNull();
    const blocked = standing({ outcome: 'block', blockedUntil: NOW + 30 * DAY });
    expect(complianceBlock(blocked, 'trade', NOW)).toEqual({
      key: 'compliance.appropriatenessBlocked',
      params: { date: '2026-12-31' },
    });
    expect(complianceBlock(blocked, 'trade', NOW + 30 * DAY)).toEqual({
      key: 'compliance.appropriatenessRetake',
    });
  });

  it('the test cannot be taken again while a block lasts; after it, or after any other outcome, it can', () => {
    expect(appropriatenessRetakeBlock({ outcome: 'block', blockedUntil: NOW + DAY }, NOW)).toEqual({
      path: '',
      key: 'compliance.appropriatenessBlocked',
      params: { date: '2026-12-02' },
    });
    expect(appropriatenessRetakeBlock({ outcome: 'block', blockedUntil: NOW + DAY }, NOW + DAY)).toBeNull();
    expect(appropriatenessRetakeBlock({ outcome: 'warn', blockedUntil: null }, NOW)).toBeNull();
    expect(appropriatenessRetakeBlock({ outcome: null, blockedUntil: null }, NOW)).toBeNull();
  });

  it('a warn outcome is held to the brand’s leverage cap, on top of the preset’s caps; pass is not', () => {
    const warned = { required: true, outcome: 'warn' as const, warnLeverageCap: 10 };
    expect(appropriatenessLeverageCap(warned)).toBe(10);
    expect(appropriatenessLeverageCap({ ...warned, outcome: 'pass' })).toBeUndefined();
    expect(appropriatenessLeverageCap({ ...warned, warnLeverageCap: null })).toBeUndefined();
    expect(appropriatenessLeverageCap({ ...warned, required: false })).toBeUndefined();
    expect(tighterCap(30, appropriatenessLeverageCap(warned))).toBe(10);
    expect(tighterCap(2, appropriatenessLeverageCap(warned))).toBe(2);
    expect(tighterCap(undefined, 10)).toBe(10);
    expect(tighterCap(undefined, undefined)).toBeUndefined();
  });
});

describe("checking a brand's test as staff edit it", () => {
  it('names each problem at its field', () => {
    const broken: AppropriatenessConfig = {
      questionnaire: {
        version: ' ',
        questions: [{ id: 'Bad id', topic: 'cfd', text: '', options: [{ id: 'a', text: 'A', points: -1 }] }],
      },
      passScore: 5,
      warnScore: 6,
      blockDays: 0,
      warnLeverageCap: 0,
    };
    const paths = validateAppropriatenessConfig(broken, true, 'esma').map((e) => `${e.path}:${e.key}`);
    expect(paths).toEqual([
      'version:appropriateness.versionRequired',
      'questions.0:appropriateness.questionId',
      'questions.0:appropriateness.text',
      'questions.0:appropriateness.optionCount',
      'questions.0.options.0:appropriateness.points',
      'passScore:appropriateness.passScore',
      'warnScore:appropriateness.warnScore',
      'blockDays:appropriateness.blockDays',
      'warnLeverageCap:appropriateness.warnLeverageCap',
    ]);
  });

  it('accepts the boundaries: warn = pass, pass = the highest score, one day, cap 1', () => {
    const top = maxScore(esma.questionnaire);
    expect(
      validateAppropriatenessConfig(
        { ...esma, passScore: top, warnScore: top, blockDays: 1, warnLeverageCap: 1 },
        true,
        'asic',
      ),
    ).toEqual([]);
  });
});

describe("the client's next step", () => {
  it('follows the reason of what is stopped: the test, the warning, the wait, a document', () => {
    const trade = (key: string) => ({ trade: { key }, deposit: null, withdraw: null });
    expect(complianceNextStep({ trade: null, deposit: null, withdraw: null })).toBe('none');
    expect(complianceNextStep(trade('compliance.appropriatenessRequired'))).toBe('take_test');
    expect(complianceNextStep(trade('compliance.appropriatenessRetake'))).toBe('take_test');
    expect(complianceNextStep(trade('compliance.appropriatenessWarning'))).toBe('acknowledge_warning');
    expect(complianceNextStep(trade('compliance.appropriatenessBlocked'))).toBe('wait');
    expect(complianceNextStep(trade('compliance.documentExpired'))).toBe('upload_document');
    expect(
      complianceNextStep({ trade: null, deposit: { key: 'compliance.eddRequired' }, withdraw: null }),
    ).toBe('upload_edd');
  });
});
