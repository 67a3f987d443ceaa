import {
  type AppropriatenessConfig,
  type AppropriatenessSettings,
  type AppropriatenessTopic,
  type BrandComplianceSettings,
  checkBrandCompliance,
  defaultAppropriateness,
  type FieldMessage,
  JURISDICTION_PRESETS,
  type JurisdictionPreset,
  maxScore,
  validateAppropriatenessConfig,
} from '@openbroker/domain';
import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import { encodeMessage } from '../../../ui/forms.js';

/**
 * The compliance tab's forms over the domain's own checks: the appropriateness test is checked by
 * validateAppropriatenessConfig, the document and risk settings by checkBrandCompliance — the functions the server
 * runs, with the same field paths, so a browser message and a server message land on the same field.
 */

export interface OptionValues {
  id: string;
  text: string;
  points: number;
}
export interface QuestionValues {
  id: string;
  topic: AppropriatenessTopic;
  text: string;
  options: OptionValues[];
}
/** The test as the form holds it: flat, as the domain's messages name the fields (version, questions.0.text …). */
export interface TestValues {
  required: boolean;
  version: string;
  questions: QuestionValues[];
  passScore: number;
  warnScore: number;
  blockDays: number;
  /** NaN (an empty field): no cap beyond the preset's. */
  warnLeverageCap: number;
}

export const presetOf = (raw: string | undefined): JurisdictionPreset =>
  (JURISDICTION_PRESETS as readonly string[]).includes(raw ?? '') ? (raw as JurisdictionPreset) : 'custom';

const clone = <T>(value: T): T => structuredClone(value);

export function testValues(required: boolean, config: AppropriatenessConfig): TestValues {
  return {
    required,
    version: config.questionnaire.version,
    questions: clone(config.questionnaire.questions),
    passScore: config.passScore,
    warnScore: config.warnScore,
    blockDays: config.blockDays,
    warnLeverageCap: config.warnLeverageCap ?? Number.NaN,
  };
}

export const storedTestValues = (s: AppropriatenessSettings): TestValues => testValues(s.required, s);

/** The preset's shipped questionnaire and thresholds (ESMA's for a preset that tests nobody), keeping `required`. */
export function presetTestValues(preset: JurisdictionPreset, required: boolean): TestValues {
  const shipped = (defaultAppropriateness(preset) ?? defaultAppropriateness('esma')) as AppropriatenessConfig;
  return testValues(required, shipped);
}

export function toConfig(v: TestValues): AppropriatenessConfig {
  return {
    questionnaire: { version: v.version.trim(), questions: v.questions },
    passScore: v.passScore,
    warnScore: v.warnScore,
    blockDays: v.blockDays,
    warnLeverageCap: Number.isNaN(v.warnLeverageCap) ? null : v.warnLeverageCap,
  };
}

/** PUT /appropriateness's body. */
export const testBody = (v: TestValues) => ({ required: v.required, ...toConfig(v) });

/** The highest score of the questions as typed (an empty points field counts 0). */
export const liveMaxScore = (questions: readonly QuestionValues[]): number =>
  maxScore({
    version: '',
    questions: questions.map((q) => ({
      ...q,
      options: q.options.map((o) => ({ ...o, points: Number.isFinite(o.points) ? o.points : 0 })),
    })),
  });

/** A new id of letters, digits and _ not yet taken (`q1`, `q2` …). */
export function freshId(prefix: string, taken: readonly string[]): string {
  for (let n = taken.length + 1; ; n++) if (!taken.includes(`${prefix}${n}`)) return `${prefix}${n}`;
}

/**
 * The domain's messages as react-hook-form errors, nested by path; a message on a question (`questions.0`) and one
 * on its answer (`questions.0.options.1`) live side by side. The first message per field wins.
 */
export function nestedErrors<T extends FieldValues>(messages: readonly FieldMessage[]): FieldErrors<T> {
  const root: Record<string, unknown> = {};
  for (const { path, ...message } of messages) {
    const parts = (path === '' ? 'root.server' : path).split('.');
    let node = root;
    for (const part of parts) {
      node[part] ??= {};
      node = node[part] as Record<string, unknown>;
    }
    if (node.message === undefined)
      Object.assign(node, { type: 'validation', message: encodeMessage(message) });
  }
  return root as FieldErrors<T>;
}

export const testResolver =
  (preset: JurisdictionPreset): Resolver<TestValues> =>
  async (values) => {
    const problems = validateAppropriatenessConfig(toConfig(values), values.required, preset);
    return problems.length === 0
      ? { values, errors: {} }
      : { values: {}, errors: nestedErrors<TestValues>(problems) };
  };

/** The document and risk settings as the form holds them. */
export interface RiskValues {
  documentGraceDays: number;
  clientEntersDocumentDetails: boolean;
  /** The default FATF list applies (highRiskCountries is kept for when it is switched off). */
  useDefault: boolean;
  highRiskCountries: string[];
}

export const riskValues = (s: BrandComplianceSettings): RiskValues => ({
  documentGraceDays: s.documentGraceDays,
  clientEntersDocumentDetails: s.clientEntersDocumentDetails,
  useDefault: s.highRiskCountries === null,
  highRiskCountries: [...(s.highRiskCountries ?? [])],
});

export const riskBody = (v: RiskValues): BrandComplianceSettings => ({
  documentGraceDays: v.documentGraceDays,
  clientEntersDocumentDetails: v.clientEntersDocumentDetails,
  highRiskCountries: v.useDefault ? null : v.highRiskCountries,
});

export const riskResolver: Resolver<RiskValues> = async (values) => {
  const checked = checkBrandCompliance(riskBody(values));
  return checked.ok
    ? { values, errors: {} }
    : { values: {}, errors: nestedErrors<RiskValues>(checked.errors) };
};

/** Codes as typed into the add field ("ir, kp sy"): split on commas and spaces, upper case. */
export const typedCodes = (text: string): string[] =>
  text
    .split(/[\s,;]+/)
    .map((code) => code.toUpperCase())
    .filter((code) => code !== '');
