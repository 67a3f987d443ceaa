/**
 * From a strategy's signal to one account's decisions: the client's limits and the account's state are
 * applied here, per account, so this must stay cheap — no indicator work (that is `analyse`, once per instrument),
 * and decimal arithmetic only on the rare candle that opens a position.
 */
import Decimal from 'decimal.js';
import { PRICE_MAX_DECIMALS } from '../bounds.js';
import { brandQuote, SPEC_QUOTE_TERMS } from '../brand-quote.js';
import { AMOUNT_MIN } from '../constants.js';
import { formatPrice } from '../format.js';
import type { Message, MessageKey } from '../messages.js';
import { Dec, formatMoney, type Money, moneyFromCents, price, toDecimal } from '../money.js';
import { type Direction, isQuoteAvailable } from '../pricing.js';
import { triggersValid, validateStopLossTakeProfit } from '../triggers.js';
import { lossLimitHit, lossLimitHoldReason } from './limits.js';
import { analyse } from './strategies.js';
import type {
  AutoAccountState,
  AutoAmount,
  AutoDecision,
  AutoQuote,
  EvaluateInput,
  StrategyParams,
  StrategySignal,
} from './types.js';

/** The close reason that goes with each signal reason: the same figures, worded as a close. */
const CLOSE_REASONS: Partial<Record<MessageKey, MessageKey>> = {
  'auto.reason.trend.crossUp': 'auto.close.trend.crossUp',
  'auto.reason.trend.crossDown': 'auto.close.trend.crossDown',
  'auto.reason.mr.crossUp': 'auto.close.mr.crossUp',
  'auto.reason.mr.crossDown': 'auto.close.mr.crossDown',
  'auto.reason.mr.exitLong': 'auto.close.mr.exitLong',
  'auto.reason.mr.exitShort': 'auto.close.mr.exitShort',
};

/** The amount of margin a trade puts up, or why none: whole cents, at least `AMOUNT_MIN`, at most the free margin. */
export type AmountChoice = { ok: true; amount: Money } | { ok: false; reason: Message };

/**
 * The amount per trade: a fixed amount (to the cent), or `value` % of the free margin rounded down to the cent;
 * refused when below `minAmount` (default 1.00, spec §9) or above the free margin.
 */
export function autoAmount(
  amount: AutoAmount,
  freeMargin: number,
  minAmount: number = AMOUNT_MIN,
): AmountChoice {
  const value =
    amount.mode === 'fixed' ? floorCents(toDecimal(amount.value)) : percentOf(freeMargin, amount.value);
  if (value < minAmount)
    return {
      ok: false,
      reason: {
        key: 'auto.hold.amountTooSmall',
        params: { amount: formatMoney(value), min: formatMoney(minAmount) },
      },
    };
  if (value > freeMargin)
    return {
      ok: false,
      reason: {
        key: 'auto.hold.notEnoughMargin',
        params: { amount: formatMoney(value), freeMargin: formatMoney(freeMargin) },
      },
    };
  return { ok: true, amount: value };
}

// rounded down, so a percentage never asks for a cent more than it allows
const floorCents = (d: Decimal) => (d.toDecimalPlaces(2, Decimal.ROUND_FLOOR).toNumber() + 0) as Money;

/** An exact whole number of hundredths of `value` (cents of money, basis points of a percentage), or null. */
function hundredths(value: number): number | null {
  const count = Math.round(value * 100);
  return Number.isSafeInteger(count) && count / 100 === value + 0 ? count : null;
}

/**
 * `percent` % of the free margin, rounded down to the cent: in integer hundredths when exact (the usual case, a
 * few nanoseconds for each of thousands of accounts), else in decimals.
 */
function percentOf(freeMargin: number, percent: number): Money {
  const cents = hundredths(freeMargin);
  const basisPoints = hundredths(percent);
  if (cents !== null && basisPoints !== null && cents >= 0) {
    const product = cents * basisPoints; // cents × 10 000
    if (Number.isSafeInteger(product)) return moneyFromCents((product - (product % 10_000)) / 10_000);
  }
  return floorCents(toDecimal(freeMargin).times(percent).dividedBy(100));
}

/** The leverage the strategy uses: the highest of the account's allowed leverages not above the client's maximum. */
export function autoLeverage(leverages: readonly number[], maxLeverage: number): number | null {
  let best: number | null = null;
  for (const l of leverages) if (l > 0 && l <= maxLeverage && (best === null || l > best)) best = l;
  return best;
}

/** Stop loss and take profit of a new position, and the price they were measured from. */
export interface AutoStops {
  stopLoss: number;
  takeProfit: number;
  /** The price the position is expected to open at (the dealing price of the quote). */
  entry: number;
}

const pow10 = (decimals: number) => new Dec(10).pow(-decimals);

/**
 * SL/TP `stopAtr` × ATR and `takeProfitAtr` × ATR away from the opening price, rounded (half-up) to `precision`
 * decimals (at most 10), and — when the ATR is smaller than the spread — moved one price step beyond the price the
 * position would close at, so they always keep the engine's rule (`validateStopLossTakeProfit`, spec §5) against
 * `quote`. The prices the position opens at are `dealing` (the account's brand quote of `quote`, `brandQuote`), or
 * without it the spec's markup of `quote` on the tick of `precision`. Both the feed quote and its brand quote may be
 * given as `quote`: the levels keep the rule against either. null when no valid levels exist (a level at or below
 * 0, or beyond the price bounds).
 */
export function autoStops(
  direction: Direction,
  quote: AutoQuote,
  atr: number,
  multiples: { stopAtr: number; takeProfitAtr: number },
  precision: number,
  dealing?: AutoQuote,
): AutoStops | null {
  const decimals = Math.min(
    PRICE_MAX_DECIMALS,
    Math.max(0, Math.floor(Number.isFinite(precision) ? precision : 0)),
  );
  const tick = pow10(decimals);
  // the account's own brand quote when the caller knows it (the live runner, the backtest), else the spec's pricing
  // of `quote` on the instrument's tick: the default profile's brand quote
  const brand = dealing
    ? { buy: price(dealing.buy), sell: price(dealing.sell) }
    : brandQuote({ buy: quote.buy, sell: quote.sell }, { ...SPEC_QUOTE_TERMS, tick: tick.toNumber() });
  const entry = direction === 'buy' ? brand.buy : brand.sell;
  const reference = direction === 'buy' ? brand.sell : brand.buy;
  const side = direction === 'buy' ? quote.sell : quote.buy;
  // the rule's reference is the closing price of the quote; stay beyond both it and the quote's own side
  const low = toDecimal(Math.min(reference, side));
  const high = toDecimal(Math.max(reference, side));
  const stopDistance = toDecimal(atr).times(multiples.stopAtr);
  const takeDistance = toDecimal(atr).times(multiples.takeProfitAtr);
  const round = (d: Decimal) => d.toDecimalPlaces(decimals, Decimal.ROUND_HALF_UP);
  const below = tick.times(low.dividedBy(tick).ceil().minus(1)); // the last price step under `low`
  const above = tick.times(high.dividedBy(tick).floor().plus(1)); // the first price step over `high`
  let stopLoss: Decimal;
  let takeProfit: Decimal;
  if (direction === 'buy') {
    stopLoss = Decimal.min(round(toDecimal(entry).minus(stopDistance)), below);
    takeProfit = Decimal.max(round(toDecimal(entry).plus(takeDistance)), above);
  } else {
    stopLoss = Decimal.max(round(toDecimal(entry).plus(stopDistance)), above);
    takeProfit = Decimal.min(round(toDecimal(entry).minus(takeDistance)), below);
  }
  const levels = { stopLoss: stopLoss.toNumber() + 0, takeProfit: takeProfit.toNumber() + 0, entry };
  // the engine's own check is the last word (bounds, decimals, sides; also for a float that rounded onto a limit)
  const errors = validateStopLossTakeProfit({
    direction,
    stop_lost: levels.stopLoss,
    take_profit: levels.takeProfit,
    quote: brand,
  });
  if (!triggersValid(errors) || !(levels.stopLoss > 0) || !(levels.takeProfit > 0)) return null;
  const sideOk =
    direction === 'buy'
      ? levels.stopLoss < side && levels.takeProfit > side
      : levels.stopLoss > side && levels.takeProfit < side;
  return sideOk ? levels : null;
}

const levelsMessage = (
  direction: Direction,
  stops: AutoStops,
  atr: number,
  params: Pick<StrategyParams, 'stopAtr' | 'takeProfitAtr'>,
): Message => ({
  key: direction === 'buy' ? 'auto.levels.buy' : 'auto.levels.sell',
  params: {
    stopLoss: formatPrice(stops.stopLoss),
    takeProfit: formatPrice(stops.takeProfit),
    price: formatPrice(stops.entry),
    atr: formatPrice(atr),
    stopAtr: params.stopAtr,
    takeProfitAtr: params.takeProfitAtr,
  },
});

/**
 * Stops and their words per signal: every account on the same instrument and parameters gets the same signal
 * object (the server memoises `analyse`), and mostly the same quote, so on a crossover candle the decimal work is
 * done once, not once per account. A cache of a pure function: the answers are the same with or without it.
 */
const stopsCache = new WeakMap<StrategySignal, Map<string, { stops: AutoStops; levels: Message } | null>>();

function stopsFor(
  signal: StrategySignal,
  direction: Direction,
  quote: AutoQuote,
  atr: number,
  params: Pick<StrategyParams, 'stopAtr' | 'takeProfitAtr'>,
  precision: number,
  dealing?: AutoQuote,
): { stops: AutoStops; levels: Message } | null {
  let bySignal = stopsCache.get(signal);
  if (!bySignal) {
    bySignal = new Map();
    stopsCache.set(signal, bySignal);
  }
  const key = `${direction} ${quote.buy} ${quote.sell} ${dealing?.buy} ${dealing?.sell} ${atr} ${params.stopAtr} ${params.takeProfitAtr} ${precision}`;
  let found = bySignal.get(key);
  if (found === undefined) {
    const stops = autoStops(direction, quote, atr, params, precision, dealing);
    found = stops ? { stops, levels: levelsMessage(direction, stops, atr, params) } : null;
    bySignal.set(key, found);
  }
  return found;
}

/** The auto positions on `symbol` of a direction, by id (the order closes are proposed in). */
function positionsOf(account: AutoAccountState, symbol: string, direction: Direction) {
  return account.openAuto
    .filter((p) => p.symbol === symbol && p.direction === direction)
    .sort((a, b) => a.id - b.id);
}

/**
 * One account's decisions on a signal: closes first (an opposite signal closes the strategy's positions of the
 * other side on the symbol, an exit closes that side), then the open — or a hold saying why not: the symbol is not
 * chosen, no price, a loss limit is reached, a position of that side is open already, `maxPositions` open (closes
 * proposed here free their place), no leverage within `maxLeverage`, the amount below 1.00 or above the free margin,
 * no volatility for stops. A 'none' signal gives one hold with the signal's reason.
 */
export function decide(signal: StrategySignal, input: EvaluateInput): AutoDecision[] {
  // literal objects, no spreads: this runs for every account on every candle close
  const { symbol } = input;
  const { indicators, candleTime } = signal;
  if (signal.action === 'none')
    return [{ kind: 'hold', symbol, reason: signal.reason, indicators, candleTime }];

  const { account } = input;
  const { limits, params } = input.settings;
  const closeSide: Direction = signal.action === 'buy' || signal.action === 'exitShort' ? 'sell' : 'buy';
  const closeKey = CLOSE_REASONS[signal.reason.key];
  const closeReason: Message = closeKey
    ? { key: closeKey, params: signal.reason.params ?? {} }
    : signal.reason;
  const closes: AutoDecision[] = positionsOf(account, symbol, closeSide).map((p) => ({
    kind: 'close',
    symbol,
    positionId: p.id,
    direction: p.direction,
    reason: closeReason,
    indicators,
    candleTime,
  }));

  if (signal.action === 'exitLong' || signal.action === 'exitShort') {
    if (closes.length > 0) return closes;
    const key = signal.action === 'exitLong' ? 'auto.hold.noLongToClose' : 'auto.hold.noShortToClose';
    const reason: Message = { key, params: { symbol } };
    return [{ kind: 'hold', symbol, reason, indicators, candleTime, signalReason: signal.reason }];
  }

  const direction: Direction = signal.action;
  const hold = (reason: Message): AutoDecision[] => [
    ...closes,
    { kind: 'hold', symbol, direction, reason, indicators, candleTime, signalReason: signal.reason },
  ];
  if (!limits.symbols.includes(symbol))
    return hold({ key: 'auto.hold.symbolNotChosen', params: { symbol: symbol } });
  if (!isQuoteAvailable(input.quote)) return hold({ key: 'auto.hold.noPrice', params: { symbol: symbol } });
  const limit = lossLimitHit(account, limits);
  if (limit) return hold(lossLimitHoldReason(limit, account, limits));
  if (positionsOf(account, symbol, direction).length > 0)
    return hold({
      key: direction === 'buy' ? 'auto.hold.alreadyOpenBuy' : 'auto.hold.alreadyOpenSell',
      params: { symbol: symbol },
    });
  const open = account.openAuto.length - closes.length;
  if (open >= limits.maxPositions)
    return hold({ key: 'auto.hold.maxPositions', params: { count: open, max: limits.maxPositions } });
  const leverage = autoLeverage(account.leverages, limits.maxLeverage);
  if (leverage === null)
    return hold({ key: 'auto.hold.noLeverage', params: { symbol: symbol, max: limits.maxLeverage } });
  const amount = autoAmount(limits.amount, account.freeMargin);
  if (!amount.ok) return hold(amount.reason);
  if (signal.atr === null || !(signal.atr > 0)) return hold({ key: 'auto.hold.noVolatility' });
  const found = stopsFor(signal, direction, input.quote, signal.atr, params, input.precision, input.dealing);
  if (!found) return hold({ key: 'auto.hold.stopsInvalid' });
  const { stops, levels } = found;
  return [
    ...closes,
    {
      kind: 'open',
      symbol,
      indicators,
      candleTime,
      direction,
      amount: amount.amount,
      leverage,
      stopLoss: stops.stopLoss,
      takeProfit: stops.takeProfit,
      reason: signal.reason,
      levels,
    },
  ];
}

/** `decide(analyse(params, the last lookback candles), input)`: the one evaluation the live path and the backtest share. */
export function evaluateStrategy(input: EvaluateInput): AutoDecision[] {
  return decide(analyse(input.settings.params, input.candles), input);
}
