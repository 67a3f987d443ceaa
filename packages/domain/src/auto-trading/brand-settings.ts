/**
 * A brand's auto-trading settings as staff save them (back office): which strategies clients may pick,
 * on which timeframes, within which parameter ranges, and the brand's leverage cap. A brand may only narrow the
 * product's offer (DEFAULT_STRATEGY_OFFERS): the defaults are the ranges the strategies are documented and tested
 * for. The kill switch is not part of this: it has its own audited action (killed, killedAt, killedReason).
 */
import { type FieldMessage, fieldMessage, type ValidationResult } from '../validation.js';
import { DEFAULT_STRATEGY_OFFERS } from './offers.js';
import {
  type BrandAutoTradingSettings,
  type ParamRange,
  STRATEGY_IDS,
  STRATEGY_TIMEFRAMES,
  type StrategyId,
  type StrategyOffer,
  type StrategyTimeframe,
} from './types.js';

/** The highest leverage cap staff may set (far above any category's leverage list). */
export const MAX_AUTO_LEVERAGE_CAP = 1000;

/** What the back office may change of one strategy's offer. */
export interface BrandStrategyInput {
  offered?: boolean;
  timeframes?: StrategyTimeframe[];
  /** By parameter name: any of min, max, default (the step is the product's). */
  ranges?: Record<string, Partial<Pick<ParamRange, 'min' | 'max' | 'default'>>>;
}

/** The body of the back office's save: strategies by id, and the leverage cap (null: none). */
export interface BrandAutoTradingInput {
  strategies?: Partial<Record<StrategyId, BrandStrategyInput>>;
  maxLeverage?: number | null;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Digits after the decimal point of a step (0.1 → 1), so sums of steps are compared without float noise. */
const decimalsOf = (step: number): number => {
  const text = String(step);
  const dot = text.indexOf('.');
  return dot < 0 ? 0 : text.length - dot - 1;
};

/** Whether `value` lies on the product's grid `base.min + k × step`. */
function onStep(value: number, base: ParamRange): boolean {
  const k = (value - base.min) / base.step;
  return Math.abs(k - Math.round(k)) < 1e-9;
}

/**
 * Checks and normalises what staff send for a brand's auto-trading (`input` as received, e.g. a request body):
 * every strategy sent comes back complete (offered, timeframes in the product's order, every parameter's min, max,
 * step and default); a range may only narrow the product's (`base`, default DEFAULT_STRATEGY_OFFERS), on its step,
 * with min ≤ default ≤ max; an offered strategy needs a timeframe; the leverage cap is a whole number from 1 to
 * MAX_AUTO_LEVERAGE_CAP, or null / absent for none. Messages name the field, e.g.
 * `strategies.trend.ranges.fastPeriod.max`. Kill-switch fields in the input are ignored (not saved from here).
 */
export function validateBrandAutoTrading(
  input: unknown,
  base: Readonly<Record<StrategyId, StrategyOffer>> = DEFAULT_STRATEGY_OFFERS,
): ValidationResult<BrandAutoTradingSettings> {
  if (!isRecord(input)) return { ok: false, errors: [fieldMessage('', 'boAuto.settingsInvalid')] };
  const errors: FieldMessage[] = [];
  const value: BrandAutoTradingSettings = {};

  const strategies = input.strategies;
  if (strategies !== undefined && strategies !== null) {
    if (!isRecord(strategies)) {
      errors.push(fieldMessage('strategies', 'boAuto.settingsInvalid'));
    } else {
      const out: NonNullable<BrandAutoTradingSettings['strategies']> = {};
      for (const [id, raw] of Object.entries(strategies)) {
        if (!(STRATEGY_IDS as readonly string[]).includes(id)) {
          errors.push(fieldMessage(`strategies.${id}`, 'boAuto.unknownStrategy', { strategy: id }));
          continue;
        }
        const strategy = id as StrategyId;
        const checked = strategyOffer(strategy, raw, base[strategy], `strategies.${strategy}`, errors);
        if (checked) out[strategy] = checked;
      }
      value.strategies = out;
    }
  }

  const cap = input.maxLeverage;
  if (cap !== undefined && cap !== null) {
    if (typeof cap !== 'number' || !Number.isInteger(cap) || cap < 1 || cap > MAX_AUTO_LEVERAGE_CAP)
      errors.push(fieldMessage('maxLeverage', 'boAuto.leverageCap', { max: MAX_AUTO_LEVERAGE_CAP }));
    else value.maxLeverage = cap;
  }

  return errors.length > 0 ? { ok: false, errors } : { ok: true, value };
}

function strategyOffer(
  id: StrategyId,
  raw: unknown,
  product: StrategyOffer,
  path: string,
  errors: FieldMessage[],
): StrategyOffer | undefined {
  if (!isRecord(raw)) {
    errors.push(fieldMessage(path, 'boAuto.settingsInvalid'));
    return undefined;
  }
  const before = errors.length;

  let offered = product.offered;
  if (raw.offered !== undefined) {
    if (typeof raw.offered !== 'boolean')
      errors.push(fieldMessage(`${path}.offered`, 'boAuto.offeredInvalid'));
    else offered = raw.offered;
  }

  let timeframes = [...product.timeframes];
  if (raw.timeframes !== undefined) {
    if (!Array.isArray(raw.timeframes)) {
      errors.push(fieldMessage(`${path}.timeframes`, 'boAuto.settingsInvalid'));
    } else {
      const wanted = new Set<StrategyTimeframe>();
      raw.timeframes.forEach((t: unknown, index) => {
        if (typeof t === 'string' && product.timeframes.includes(t as StrategyTimeframe))
          wanted.add(t as StrategyTimeframe);
        else
          errors.push(
            fieldMessage(`${path}.timeframes.${index}`, 'boAuto.timeframeUnknown', {
              timeframe: String(t).slice(0, 16),
            }),
          );
      });
      // the product's order (short to long), whatever order staff ticked them in
      timeframes = STRATEGY_TIMEFRAMES.filter((t) => wanted.has(t));
    }
  }
  if (offered && timeframes.length === 0 && errors.length === before)
    errors.push(fieldMessage(`${path}.timeframes`, 'boAuto.timeframesEmpty'));

  const ranges: Record<string, ParamRange> = {};
  const sent = raw.ranges === undefined ? {} : raw.ranges;
  if (!isRecord(sent)) {
    errors.push(fieldMessage(`${path}.ranges`, 'boAuto.settingsInvalid'));
  } else {
    for (const name of Object.keys(sent)) {
      if (!Object.hasOwn(product.ranges, name))
        errors.push(fieldMessage(`${path}.ranges.${name}`, 'boAuto.unknownParam', { param: name }));
    }
    for (const [name, productRange] of Object.entries(product.ranges)) {
      const own = sent[name];
      const range = paramRange(own, productRange, `${path}.ranges.${name}`, errors);
      if (range) ranges[name] = range;
    }
  }

  if (errors.length > before) return undefined;
  // whole-strategy rules on the defaults a client starts from
  if (id === 'trend') {
    const fast = ranges.fastPeriod;
    const slow = ranges.slowPeriod;
    if (fast && slow && fast.default >= slow.default)
      errors.push(
        fieldMessage(`${path}.ranges.fastPeriod.default`, 'boAuto.fastBelowSlow', { slow: slow.default }),
      );
  } else {
    const oversold = ranges.oversold;
    const exitLevel = ranges.exitLevel;
    const overbought = ranges.overbought;
    if (
      oversold &&
      exitLevel &&
      overbought &&
      !(oversold.default < exitLevel.default && exitLevel.default < overbought.default)
    )
      errors.push(
        fieldMessage(`${path}.ranges.exitLevel.default`, 'boAuto.levelsOrder', {
          oversold: oversold.default,
          exitLevel: exitLevel.default,
          overbought: overbought.default,
        }),
      );
  }
  if (errors.length > before) return undefined;
  return { offered, timeframes, ranges };
}

/** One parameter's range: the product's where nothing is sent, each bound inside it and on its step. */
function paramRange(
  raw: unknown,
  product: ParamRange,
  path: string,
  errors: FieldMessage[],
): ParamRange | undefined {
  if (raw === undefined) return { ...product };
  if (!isRecord(raw)) {
    errors.push(fieldMessage(path, 'boAuto.settingsInvalid'));
    return undefined;
  }
  const before = errors.length;
  const digits = decimalsOf(product.step);
  const example = (product.min + product.step).toFixed(digits);
  const read = (field: 'min' | 'max' | 'default'): number | undefined => {
    const v = raw[field];
    if (v === undefined) return product[field];
    if (typeof v !== 'number' || !Number.isFinite(v)) {
      errors.push(fieldMessage(`${path}.${field}`, 'boAuto.notNumber'));
      return undefined;
    }
    if (v < product.min) {
      errors.push(fieldMessage(`${path}.${field}`, 'boAuto.belowProduct', { min: product.min }));
      return undefined;
    }
    if (v > product.max) {
      errors.push(fieldMessage(`${path}.${field}`, 'boAuto.aboveProduct', { max: product.max }));
      return undefined;
    }
    if (!onStep(v, product)) {
      errors.push(fieldMessage(`${path}.${field}`, 'boAuto.step', { step: product.step, example }));
      return undefined;
    }
    // stored on the grid exactly (0.30000000000000004 → 0.3)
    return Number(v.toFixed(digits));
  };
  const min = read('min');
  const max = read('max');
  const value = read('default');
  if (min === undefined || max === undefined || value === undefined || errors.length > before)
    return undefined;
  if (max < min) {
    errors.push(fieldMessage(`${path}.max`, 'boAuto.maxBelowMin', { min }));
    return undefined;
  }
  if (value < min || value > max) {
    errors.push(fieldMessage(`${path}.default`, 'boAuto.defaultOutside', { min, max }));
    return undefined;
  }
  return { min, max, step: product.step, default: value };
}
