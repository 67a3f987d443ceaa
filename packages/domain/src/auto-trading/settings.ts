/**
 * The check of a client's auto-trading settings against the brand's offer, the brand's leverage cap and
 * the instruments the account may trade: every value in range and on its step, or a field message at its path
 * (`params.fastPeriod`, `limits.symbols.2`, `limits.amount.value`, …) — the same check in the form and on the server.
 */
import { AMOUNT_MAX, hasForbiddenCharacters, LEVERAGE_MAX } from '../bounds.js';
import { AMOUNT_MIN } from '../constants.js';
import type { MessageKey, MessageParams } from '../messages.js';
import { formatMoney, isWholeCents, parseNumberInput, toDecimal } from '../money.js';
import { type FieldMessage, FORM_PATH, fieldMessage, type ValidationResult } from '../validation.js';
import { DEFAULT_STRATEGY_OFFERS } from './offers.js';
import {
  type AutoAmount,
  type AutoLimits,
  type AutoTradingSettings,
  type ParamRange,
  STRATEGY_IDS,
  STRATEGY_TIMEFRAMES,
  type StrategyId,
  type StrategyOffer,
  type StrategyParams,
  type StrategyTimeframe,
} from './types.js';

/** The numeric parameters of each strategy, in the order forms show them. */
export const STRATEGY_PARAM_NAMES = Object.freeze({
  trend: ['fastPeriod', 'slowPeriod', 'atrPeriod', 'stopAtr', 'takeProfitAtr'],
  meanReversion: [
    'rsiPeriod',
    'oversold',
    'overbought',
    'exitLevel',
    'atrPeriod',
    'stopAtr',
    'takeProfitAtr',
  ],
} as const satisfies Record<StrategyId, readonly string[]>);

/** Most open auto positions a client may allow at once. */
export const AUTO_MAX_POSITIONS = 20;
/** Percent-of-free-margin amounts: from 0.1 % to 100 %, at most two decimals. */
export const AUTO_PERCENT_MIN = 0.1;
export const AUTO_PERCENT_MAX = 100;
/** Most instruments one client's strategy may watch. */
export const AUTO_MAX_SYMBOLS = 200;
/** Longest instrument name accepted (longer ones are not echoed back). */
const SYMBOL_MAX_LENGTH = 32;

/** What the settings are checked against. */
export interface AutoSettingsContext {
  /** The brand's effective offers (`resolveOffers`). */
  offers: Readonly<Record<StrategyId, StrategyOffer>>;
  /** The brand's leverage cap for the strategy; null: only the general bound (LEVERAGE_MAX). */
  maxLeverage: number | null;
  /** Instruments the account may give the strategy (its permitted categories). */
  symbols: readonly string[];
  /** Smallest amount per trade (default AMOUNT_MIN, spec §9: 1). */
  minAmount?: number;
}

type Read = { ok: true; value: number } | { ok: false };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Validates auto-trading settings as the form or the API sends them (numbers or numeric strings). On success the
 * value is normalised: numbers, instruments trimmed, upper case and without repeats.
 */
export function validateAutoTradingSettings(
  input: unknown,
  ctx: AutoSettingsContext,
): ValidationResult<AutoTradingSettings> {
  if (!isRecord(input) || !isRecord(input.params) || !isRecord(input.limits))
    return { ok: false, errors: [fieldMessage(FORM_PATH, 'auto.settings.invalid')] };
  const errors: FieldMessage[] = [];
  const fail = (path: string, key: MessageKey, params?: MessageParams) => {
    errors.push(fieldMessage(path, key, params));
  };
  const refuse = (path: string, key: MessageKey, params?: MessageParams): Read => {
    fail(path, key, params);
    return { ok: false };
  };

  /** A number at `path` within [min, max]; the messages are the field's own. */
  const readNumber = (path: string, raw: unknown, min: number, max: number): Read => {
    const value = parseNumberInput(raw);
    if (value === null) return refuse(path, 'auto.settings.required');
    if (Number.isNaN(value)) return refuse(path, 'auto.settings.notANumber');
    if (value < min || value > max) return refuse(path, 'auto.settings.range', { min, max });
    return { ok: true, value };
  };
  const readInteger = (path: string, raw: unknown, min: number, max: number): Read => {
    const read = readNumber(path, raw, min, max);
    if (read.ok && !Number.isInteger(read.value)) return refuse(path, 'auto.settings.wholeNumber');
    return read;
  };
  const readMoney = (path: string, raw: unknown, min: number, minKey: MessageKey): Read => {
    const value = parseNumberInput(raw);
    if (value === null) return refuse(path, 'auto.settings.required');
    if (Number.isNaN(value)) return refuse(path, 'auto.settings.notANumber');
    if (value < min) return refuse(path, minKey, { min: formatMoney(min) });
    if (value > AMOUNT_MAX) return refuse(path, 'auto.settings.range', { min, max: AMOUNT_MAX });
    if (!isWholeCents(value)) return refuse(path, 'auto.settings.cents');
    return { ok: true, value };
  };

  const params = readParams(input.params, ctx, fail, readNumber);
  const limits = readLimits(input.limits, ctx, fail, readNumber, readInteger, readMoney);
  if (errors.length > 0 || !params || !limits) return { ok: false, errors };
  return { ok: true, value: { params, limits } };
}

type Fail = (path: string, key: MessageKey, params?: MessageParams) => void;
type Reader = (path: string, raw: unknown, min: number, max: number) => Read;

function readParams(
  raw: Record<string, unknown>,
  ctx: AutoSettingsContext,
  fail: Fail,
  readNumber: Reader,
): StrategyParams | null {
  const strategy = raw.strategy;
  if (typeof strategy !== 'string' || !(STRATEGY_IDS as readonly string[]).includes(strategy)) {
    fail('params.strategy', 'auto.settings.unknownStrategy');
    return null;
  }
  const id = strategy as StrategyId;
  const offer = ctx.offers[id];
  if (!offer?.offered) {
    fail('params.strategy', 'auto.settings.strategyNotOffered');
    return null;
  }
  const timeframe = raw.timeframe;
  const timeframeOk =
    typeof timeframe === 'string' &&
    (STRATEGY_TIMEFRAMES as readonly string[]).includes(timeframe) &&
    offer.timeframes.includes(timeframe as StrategyTimeframe);
  if (!timeframeOk) fail('params.timeframe', 'auto.settings.timeframeNotOffered');

  const values: Record<string, number> = {};
  let ok = timeframeOk;
  for (const name of STRATEGY_PARAM_NAMES[id]) {
    const range: ParamRange | undefined = offer.ranges[name] ?? DEFAULT_STRATEGY_OFFERS[id].ranges[name];
    if (!range) continue;
    const path = `params.${name}`;
    const read = readNumber(path, raw[name], range.min, range.max);
    if (!read.ok) {
      ok = false;
      continue;
    }
    if (!onStep(read.value, range)) {
      if (range.step === 1) fail(path, 'auto.settings.wholeNumber');
      else fail(path, 'auto.settings.step', { step: range.step, min: range.min });
      ok = false;
      continue;
    }
    values[name] = read.value;
  }
  if (id === 'trend') {
    const { fastPeriod, slowPeriod } = values;
    if (fastPeriod !== undefined && slowPeriod !== undefined && !(fastPeriod < slowPeriod)) {
      fail('params.fastPeriod', 'auto.settings.fastBelowSlow', { slow: slowPeriod });
      ok = false;
    }
  } else {
    const { oversold, exitLevel, overbought } = values;
    if (
      oversold !== undefined &&
      exitLevel !== undefined &&
      overbought !== undefined &&
      !(oversold < exitLevel && exitLevel < overbought)
    ) {
      fail('params.exitLevel', 'auto.settings.levelsOrder', { oversold, overbought });
      ok = false;
    }
  }
  if (!ok) return null;
  return { strategy: id, timeframe: timeframe as StrategyTimeframe, ...values } as StrategyParams;
}

/** Whether a value lies on its range's grid: min + k × step (exactly, in decimal). */
function onStep(value: number, range: ParamRange): boolean {
  if (!(range.step > 0)) return true;
  return toDecimal(value).minus(range.min).mod(range.step).isZero();
}

function readLimits(
  raw: Record<string, unknown>,
  ctx: AutoSettingsContext,
  fail: Fail,
  readNumber: Reader,
  readInteger: Reader,
  readMoney: (path: string, raw: unknown, min: number, minKey: MessageKey) => Read,
): AutoLimits | null {
  let ok = true;
  const symbols = readSymbols(raw.symbols, ctx, fail);
  if (!symbols) ok = false;

  let amount: AutoAmount | null = null;
  const rawAmount = raw.amount;
  const mode = isRecord(rawAmount) ? rawAmount.mode : undefined;
  if (!isRecord(rawAmount) || (mode !== 'fixed' && mode !== 'percent')) {
    fail('limits.amount.mode', 'auto.settings.amountMode');
    ok = false;
  } else if (mode === 'fixed') {
    const read = readMoney(
      'limits.amount.value',
      rawAmount.value,
      ctx.minAmount ?? AMOUNT_MIN,
      'auto.settings.amountMin',
    );
    if (read.ok) amount = { mode, value: read.value };
    else ok = false;
  } else {
    const read = readNumber('limits.amount.value', rawAmount.value, AUTO_PERCENT_MIN, AUTO_PERCENT_MAX);
    if (read.ok && !isWholeCents(read.value)) {
      fail('limits.amount.value', 'auto.settings.cents');
      ok = false;
    } else if (read.ok) amount = { mode, value: read.value };
    else ok = false;
  }

  const maxPositions = readInteger('limits.maxPositions', raw.maxPositions, 1, AUTO_MAX_POSITIONS);
  const cap = ctx.maxLeverage ?? LEVERAGE_MAX;
  const leverageRaw = parseNumberInput(raw.maxLeverage);
  let maxLeverage: Read;
  if (
    leverageRaw !== null &&
    Number.isFinite(leverageRaw) &&
    leverageRaw > cap &&
    leverageRaw <= LEVERAGE_MAX
  ) {
    fail('limits.maxLeverage', 'auto.settings.leverageAboveCap', { max: cap });
    maxLeverage = { ok: false };
  } else {
    maxLeverage = readInteger('limits.maxLeverage', raw.maxLeverage, 1, cap);
  }
  const dailyLossLimit = readMoney(
    'limits.dailyLossLimit',
    raw.dailyLossLimit,
    AMOUNT_MIN,
    'auto.settings.lossLimitMin',
  );
  const drawdownLimit = readMoney(
    'limits.drawdownLimit',
    raw.drawdownLimit,
    AMOUNT_MIN,
    'auto.settings.lossLimitMin',
  );
  let closeOnLimit = false;
  if (raw.closeOnLimit !== undefined && typeof raw.closeOnLimit !== 'boolean') {
    fail('limits.closeOnLimit', 'auto.settings.closeOnLimit');
    ok = false;
  } else closeOnLimit = raw.closeOnLimit === true;

  if (
    !ok ||
    !symbols ||
    !amount ||
    !maxPositions.ok ||
    !maxLeverage.ok ||
    !dailyLossLimit.ok ||
    !drawdownLimit.ok
  )
    return null;
  return {
    symbols,
    amount,
    maxPositions: maxPositions.value,
    maxLeverage: maxLeverage.value,
    dailyLossLimit: dailyLossLimit.value,
    drawdownLimit: drawdownLimit.value,
    closeOnLimit,
  };
}

function readSymbols(raw: unknown, ctx: AutoSettingsContext, fail: Fail): string[] | null {
  if (!Array.isArray(raw) || raw.length === 0) {
    fail('limits.symbols', 'auto.settings.symbolsRequired');
    return null;
  }
  if (raw.length > AUTO_MAX_SYMBOLS) {
    fail('limits.symbols', 'auto.settings.tooManySymbols', { max: AUTO_MAX_SYMBOLS });
    return null;
  }
  const allowed = new Set(ctx.symbols.map((s) => s.trim().toUpperCase()));
  const out: string[] = [];
  let ok = true;
  raw.forEach((item, index) => {
    const path = `limits.symbols.${index}`;
    if (typeof item !== 'string' || item.length > SYMBOL_MAX_LENGTH || hasForbiddenCharacters(item)) {
      fail(path, 'auto.settings.symbolInvalid');
      ok = false;
      return;
    }
    const symbol = item.trim().toUpperCase();
    if (symbol === '') {
      fail(path, 'auto.settings.symbolInvalid');
      ok = false;
    } else if (!allowed.has(symbol)) {
      fail(path, 'auto.settings.symbolNotAllowed', { symbol });
      ok = false;
    } else if (!out.includes(symbol)) out.push(symbol);
  });
  return ok ? out : null;
}
