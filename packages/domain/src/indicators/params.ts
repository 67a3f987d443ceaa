/**
 * The chart indicators a client can add, their parameters with ranges and defaults, and the check of a client's
 * parameters (a zod schema per indicator). Issues carry a code ('min', 'integer', …) and the bound, which the
 * terminal turns into its own texts.
 */
import { z } from 'zod';
import { parseNumberInput } from '../money.js';

export const INDICATOR_KINDS = ['sma', 'ema', 'bollinger', 'rsi', 'macd', 'atr', 'stochastic'] as const;
export type IndicatorKind = (typeof INDICATOR_KINDS)[number];

/** One parameter: its range (inclusive), its default, whether it is a whole number, and the step a form offers. */
export interface ParamSpec {
  min: number;
  max: number;
  default: number;
  integer: boolean;
  step: number;
}

const whole = (min: number, max: number, value: number): ParamSpec =>
  Object.freeze({ min, max, default: value, integer: true, step: 1 });

/** Each indicator's parameters, in the order a form shows them. Defaults are the usual chart settings. */
export const INDICATOR_PARAMS = Object.freeze({
  sma: { period: whole(2, 500, 20) },
  ema: { period: whole(2, 500, 20) },
  bollinger: {
    period: whole(2, 500, 20),
    stdDev: Object.freeze({ min: 0.1, max: 10, default: 2, integer: false, step: 0.1 }),
  },
  rsi: { period: whole(2, 100, 14) },
  macd: { fast: whole(2, 100, 12), slow: whole(3, 200, 26), signal: whole(2, 100, 9) },
  atr: { period: whole(1, 100, 14) },
  stochastic: { kPeriod: whole(1, 100, 14), dPeriod: whole(1, 50, 3), smoothing: whole(1, 50, 3) },
} as const satisfies Record<IndicatorKind, Record<string, ParamSpec>>);

/** Where an indicator is drawn: over the prices (same scale) or in a pane of its own below them. */
export const INDICATOR_PLACEMENT = Object.freeze({
  sma: 'price',
  ema: 'price',
  bollinger: 'price',
  rsi: 'pane',
  macd: 'pane',
  atr: 'pane',
  stochastic: 'pane',
} as const satisfies Record<IndicatorKind, 'price' | 'pane'>);

/** What an indicator's values measure: prices (shown like prices) or a 0–100 oscillator (two decimals). */
export const INDICATOR_SCALE = Object.freeze({
  sma: 'price',
  ema: 'price',
  bollinger: 'price',
  rsi: 'percent',
  macd: 'price',
  atr: 'price',
  stochastic: 'percent',
} as const satisfies Record<IndicatorKind, 'price' | 'percent'>);

/** Why a parameter was refused; `min`/`max` come with the bound. */
export const INDICATOR_ISSUE_CODES = [
  'required',
  'number',
  'integer',
  'min',
  'max',
  'fastBelowSlow',
] as const;
export type IndicatorIssueCode = (typeof INDICATOR_ISSUE_CODES)[number];

/**
 * A parameter: a number, or a decimal text as a form sends it ('14', ' 2.5 '), within its range. The issue's message
 * is its code.
 */
function param(spec: ParamSpec) {
  const number = z.number({
    error: (issue) => (issue.input === null || issue.input === undefined ? 'required' : 'number'),
  });
  const checked = (spec.integer ? number.int({ error: 'integer' }) : number)
    .min(spec.min, { error: 'min' })
    .max(spec.max, { error: 'max' });
  return z.preprocess(parseNumberInput, checked);
}

const P = INDICATOR_PARAMS;
export const smaParams = z.object({ period: param(P.sma.period) });
export const emaParams = z.object({ period: param(P.ema.period) });
export const bollingerParams = z.object({
  period: param(P.bollinger.period),
  stdDev: param(P.bollinger.stdDev),
});
export const rsiParams = z.object({ period: param(P.rsi.period) });
/** The fast average must be shorter than the slow one (else the MACD line is the slow minus the fast). */
export const macdParams = z
  .object({ fast: param(P.macd.fast), slow: param(P.macd.slow), signal: param(P.macd.signal) })
  .refine((p) => p.fast < p.slow, { error: 'fastBelowSlow', path: ['fast'] });
export const atrParams = z.object({ period: param(P.atr.period) });
export const stochasticParams = z.object({
  kPeriod: param(P.stochastic.kPeriod),
  dPeriod: param(P.stochastic.dPeriod),
  smoothing: param(P.stochastic.smoothing),
});

export const INDICATOR_SCHEMAS = Object.freeze({
  sma: smaParams,
  ema: emaParams,
  bollinger: bollingerParams,
  rsi: rsiParams,
  macd: macdParams,
  atr: atrParams,
  stochastic: stochasticParams,
});

export type IndicatorParams<K extends IndicatorKind> = z.output<(typeof INDICATOR_SCHEMAS)[K]>;

/** An indicator with its parameters, as the chart keeps it. */
export const indicatorConfigSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('sma'), params: smaParams }),
  z.object({ kind: z.literal('ema'), params: emaParams }),
  z.object({ kind: z.literal('bollinger'), params: bollingerParams }),
  z.object({ kind: z.literal('rsi'), params: rsiParams }),
  z.object({ kind: z.literal('macd'), params: macdParams }),
  z.object({ kind: z.literal('atr'), params: atrParams }),
  z.object({ kind: z.literal('stochastic'), params: stochasticParams }),
]);
export type IndicatorConfig = z.output<typeof indicatorConfigSchema>;

export const isIndicatorKind = (value: unknown): value is IndicatorKind =>
  (INDICATOR_KINDS as readonly unknown[]).includes(value);

/** The names of an indicator's parameters, in form order. */
export const indicatorParamNames = <K extends IndicatorKind>(
  kind: K,
): (keyof IndicatorParams<K> & string)[] =>
  Object.keys(INDICATOR_PARAMS[kind]) as (keyof IndicatorParams<K> & string)[];

/** An indicator with its default parameters. */
export function defaultIndicatorConfig<K extends IndicatorKind>(
  kind: K,
): Extract<IndicatorConfig, { kind: K }> {
  const params = Object.fromEntries(
    Object.entries(INDICATOR_PARAMS[kind]).map(([name, spec]: [string, ParamSpec]) => [name, spec.default]),
  );
  return { kind, params } as Extract<IndicatorConfig, { kind: K }>;
}

/** A stored or sent indicator, checked; null when it is not one (unknown kind, a parameter out of range, …). */
export function parseIndicatorConfig(input: unknown): IndicatorConfig | null {
  const result = indicatorConfigSchema.safeParse(input);
  return result.success ? result.data : null;
}

/** A refused parameter: its name, why, and the bound it missed. */
export interface IndicatorParamIssue {
  path: string;
  code: IndicatorIssueCode;
  params?: { min?: number; max?: number };
}

export type IndicatorParamsResult<K extends IndicatorKind> =
  | { ok: true; value: IndicatorParams<K> }
  | { ok: false; issues: IndicatorParamIssue[] };

const isIssueCode = (value: string): value is IndicatorIssueCode =>
  (INDICATOR_ISSUE_CODES as readonly string[]).includes(value);

/**
 * Checks an indicator's parameters as a form sends them (numbers or decimal texts): the parsed numbers, or the
 * issues, at most one per parameter (the first).
 */
export function validateIndicatorParams<K extends IndicatorKind>(
  kind: K,
  input: unknown,
): IndicatorParamsResult<K> {
  const result = INDICATOR_SCHEMAS[kind].safeParse(input);
  if (result.success) return { ok: true, value: result.data as IndicatorParams<K> };
  const issues: IndicatorParamIssue[] = [];
  for (const issue of result.error.issues) {
    const path = issue.path.map(String).join('.');
    if (issues.some((known) => known.path === path)) continue;
    const code = isIssueCode(issue.message) ? issue.message : 'number';
    const bound =
      issue.code === 'too_small'
        ? { min: Number(issue.minimum) }
        : issue.code === 'too_big'
          ? { max: Number(issue.maximum) }
          : undefined;
    issues.push(bound ? { path, code, params: bound } : { path, code });
  }
  return { ok: false, issues };
}
