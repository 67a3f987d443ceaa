/**
 * The backtest: the live path's `evaluateStrategy` replayed on each closed candle of a range, with a
 * simulated account, so a client sees what the same code would have done. Money is kept in integer cents; a
 * position's profit is the platform's own formula (`positionProfit`, spec §9).
 */
import Decimal from 'decimal.js';
import { type BrandQuote, brandQuote, type QuoteTerms } from '../brand-quote.js';
import { positionProfitFast } from '../fast-valuation.js';
import { Dec, moneyFromCents } from '../money.js';
import type { Direction } from '../pricing.js';
import { evaluateStrategy } from './decide.js';
import { lossLimitCloses, lossLimitHit } from './limits.js';
import { lookback, timeframeMs } from './strategies.js';
import type {
  AutoAccountState,
  AutoDecision,
  AutoPosition,
  AutoQuote,
  BacktestFigures,
  BacktestInput,
  BacktestResult,
  BacktestTrade,
  LossLimit,
  StrategyCandle,
} from './types.js';

const DAY_MS = 86_400_000;

interface SimPosition {
  id: number;
  direction: Direction;
  amount: number;
  leverage: number;
  openRate: number;
  stopLoss: number;
  takeProfit: number;
  openTime: number;
}

const toCents = (value: number) => Math.round(value * 100);
const round2 = (value: Decimal.Value) =>
  new Dec(value).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toNumber() + 0;

/** The UTC day of an instant, as 'YYYY-MM-DD'. */
const dayString = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

type CandlePoint = 'open' | 'high' | 'low' | 'close';

/**
 * The brand quote (`brandQuote`, the engine's prices: the brand's markup, the buy rounded up and the sell down to the
 * tick) of the feed quote {x + halfFeedSpread, x − halfFeedSpread} at a candle's open, high, low and close, computed
 * once per point when first needed.
 */
class CandlePrices {
  #quotes: Partial<Record<CandlePoint, BrandQuote>> = {};
  constructor(
    private readonly candle: StrategyCandle,
    private readonly halfFeedSpread: number,
    private readonly terms: QuoteTerms,
  ) {}
  /** The feed quote at a point of the candle ({buy: ask, sell: bid}). */
  feed(at: CandlePoint): AutoQuote {
    const x = this.candle[at];
    return { buy: x + this.halfFeedSpread, sell: x - this.halfFeedSpread };
  }
  /** The brand quote at a point of the candle. */
  quote(at: CandlePoint): BrandQuote {
    let found = this.#quotes[at];
    if (found === undefined) {
      found = brandQuote(this.feed(at), this.terms);
      this.#quotes[at] = found;
    }
    return found;
  }
  /** The sell price at a point of the candle: what a buy is valued and closed at (spec §4). */
  sell(at: CandlePoint): number {
    return this.quote(at).sell;
  }
  /** The buy price at a point of the candle: what a sell is valued and closed at. */
  buy(at: CandlePoint): number {
    return this.quote(at).buy;
  }
  /** The price a position closes at, at a point of the candle. */
  closing(direction: Direction, at: CandlePoint): number {
    return direction === 'buy' ? this.sell(at) : this.buy(at);
  }
}

/**
 * Whether the candle reached the position's stop loss or take profit, and at which rate: the valuation price (a buy
 * at the sell price, a sell at the buy price, spec §4) of the brand quotes at the candle's low and high. Stop loss
 * first when the candle reached both (we cannot know the order inside it, so the worse one). A candle that opens
 * beyond a level fills at its open (a gap), else at the level.
 */
function levelHit(
  p: SimPosition,
  prices: CandlePrices,
): { exit: 'stopLoss' | 'takeProfit'; rate: number } | null {
  if (p.direction === 'buy') {
    if (prices.sell('low') <= p.stopLoss)
      return { exit: 'stopLoss', rate: Math.min(p.stopLoss, prices.sell('open')) };
    if (prices.sell('high') >= p.takeProfit)
      return { exit: 'takeProfit', rate: Math.max(p.takeProfit, prices.sell('open')) };
    return null;
  }
  if (prices.buy('high') >= p.stopLoss)
    return { exit: 'stopLoss', rate: Math.max(p.stopLoss, prices.buy('open')) };
  if (prices.buy('low') <= p.takeProfit)
    return { exit: 'takeProfit', rate: Math.min(p.takeProfit, prices.buy('open')) };
  return null;
}

// exactly `positionProfit` (spec §9), in cents
const profitAt = (p: SimPosition, rate: number) =>
  toCents(
    positionProfitFast(
      { direction: p.direction, amount: p.amount, leverage: p.leverage, open_rate: p.openRate },
      rate,
    ),
  );

/**
 * Replays `evaluateStrategy` on every closed candle once `lookback` candles are there (passing exactly the last
 * `lookback`), on an account that starts with `startBalance` and trades only this instrument. The strategy gets the
 * feed quote close ± halfFeedSpread as `quote` and its brand quote (`brandQuote` with `terms`, as the live engine and
 * runner) as `dealing`; opens and signal closes fill at that brand quote; SL/TP are checked inside each later candle
 * by the brand quotes at its high and low (and its open for a gap). A loss limit reached at a candle's close switches the strategy off (and
 * closes its positions when `closeOnLimit`); positions still open at the end are valued at the last close ('end').
 */
export function backtest(input: BacktestInput): BacktestResult {
  const { settings, candles, halfFeedSpread, terms } = input;
  const { limits } = settings;
  const need = lookback(settings.params);
  const candleMs = timeframeMs(settings.params.timeframe);

  let balance = toCents(input.startBalance);
  let realised = 0;
  const realisedByDay = new Map<number, number>();
  let open: SimPosition[] = [];
  let nextId = 1;
  const tradesList: BacktestTrade[] = [];
  const decisions: AutoDecision[] = [];
  const equity: { time: number; equity: number }[] = [];
  const equityDays: number[] = [];
  let stoppedBy: { limit: LossLimit; time: number } | null = null;

  const close = (p: SimPosition, rate: number, exit: BacktestTrade['exit'], time: number, day: number) => {
    const profit = profitAt(p, rate);
    balance += profit;
    realised += profit;
    realisedByDay.set(day, (realisedByDay.get(day) ?? 0) + profit);
    open = open.filter((o) => o !== p);
    tradesList.push({
      direction: p.direction,
      openTime: p.openTime,
      openRate: p.openRate,
      closeTime: time,
      closeRate: rate,
      amount: p.amount,
      leverage: p.leverage,
      profit: moneyFromCents(profit),
      exit,
    });
  };

  for (let i = 0; i < candles.length; i++) {
    const c = candles[i] as StrategyCandle;
    const time = c.time + candleMs;
    const day = Math.floor(c.time / DAY_MS);
    const prices = new CandlePrices(c, halfFeedSpread, terms);

    for (const p of [...open]) {
      const hit = levelHit(p, prices);
      if (hit) close(p, hit.rate, hit.exit, time, day);
    }

    if (stoppedBy === null) {
      const profits = open.map((p) => profitAt(p, prices.closing(p.direction, 'close')));
      const unrealised = profits.reduce((a, b) => a + b, 0);
      const account: AutoAccountState = {
        balance: moneyFromCents(balance),
        equity: moneyFromCents(balance + unrealised),
        // spec §9: free margin = balance − Σ open amounts
        freeMargin: moneyFromCents(balance - open.reduce((sum, p) => sum + toCents(p.amount), 0)),
        openAuto: open.map(
          (p, k): AutoPosition => ({
            id: p.id,
            symbol: input.symbol,
            direction: p.direction,
            amount: p.amount,
            leverage: p.leverage,
            openRate: p.openRate,
            profit: moneyFromCents(profits[k] ?? 0),
          }),
        ),
        leverages: input.leverages,
        dailyResult: moneyFromCents((realisedByDay.get(day) ?? 0) + unrealised),
        totalResult: moneyFromCents(realised + unrealised),
      };
      const limit = lossLimitHit(account, limits);
      if (limit) {
        stoppedBy = { limit, time };
        for (const d of lossLimitCloses(account, limits, c.time)) {
          const p = open.find((o) => d.kind === 'close' && o.id === d.positionId);
          if (!p) continue;
          decisions.push(d);
          close(p, prices.closing(p.direction, 'close'), 'limit', time, day);
        }
      } else if (i + 1 >= need) {
        const made = evaluateStrategy({
          symbol: input.symbol,
          precision: input.precision,
          settings,
          candles: candles.slice(i + 1 - need, i + 1),
          account,
          quote: prices.feed('close'),
          // the prices the position opens at, which the stops are measured from and rounded on (as live); a getter,
          // as decide reads it only on the rare candle that opens, and most candles need no close price otherwise
          get dealing() {
            return prices.quote('close');
          },
        });
        for (const d of made) {
          if (d.kind === 'close') {
            const p = open.find((o) => o.id === d.positionId);
            if (!p) continue;
            decisions.push(d);
            close(p, prices.closing(p.direction, 'close'), 'signal', time, day);
          } else if (d.kind === 'open') {
            decisions.push(d);
            open.push({
              id: nextId++,
              direction: d.direction,
              amount: d.amount,
              leverage: d.leverage,
              openRate: d.direction === 'buy' ? prices.buy('close') : prices.sell('close'),
              stopLoss: d.stopLoss,
              takeProfit: d.takeProfit,
              openTime: time,
            });
          }
        }
      }
    }

    const unrealised = open.reduce((sum, p) => sum + profitAt(p, prices.closing(p.direction, 'close')), 0);
    equity.push({ time, equity: moneyFromCents(balance + unrealised) });
    equityDays.push(day);
  }

  const last = candles.at(-1);
  if (last) {
    const prices = new CandlePrices(last, halfFeedSpread, terms);
    const day = Math.floor(last.time / DAY_MS);
    for (const p of [...open])
      close(p, prices.closing(p.direction, 'close'), 'end', last.time + candleMs, day);
  }

  return {
    figures: figuresOf(input.startBalance, balance, tradesList, equity, equityDays, stoppedBy),
    equity,
    tradesList,
    decisions,
  };
}

function figuresOf(
  startBalance: number,
  endCents: number,
  trades: readonly BacktestTrade[],
  equity: readonly { time: number; equity: number }[],
  equityDays: readonly number[],
  stoppedBy: BacktestFigures['stoppedBy'],
): BacktestFigures {
  const startCents = toCents(startBalance);
  let wins = 0;
  let grossProfit = 0;
  let grossLoss = 0;
  for (const t of trades) {
    const profit = toCents(t.profit);
    if (profit > 0) {
      wins++;
      grossProfit += profit;
    } else grossLoss -= profit;
  }

  // drawdown: the largest fall from a previous peak (the start balance is the first peak)
  let peak = startCents;
  let maxDrawdown = 0;
  let maxDrawdownPercent = 0;
  // worst day: the change of equity over each UTC day (from the previous day's last value)
  let dayStart = startCents;
  let worstDay: { day: string; result: number } | null = null;
  for (let k = 0; k < equity.length; k++) {
    const value = toCents((equity[k] as { equity: number }).equity);
    if (value > peak) peak = value;
    if (peak - value > maxDrawdown) {
      maxDrawdown = peak - value;
      maxDrawdownPercent = peak > 0 ? round2(new Dec(maxDrawdown).times(100).dividedBy(peak)) : 0;
    }
    const day = equityDays[k] as number;
    if (equityDays[k + 1] !== day) {
      const result = value - dayStart;
      if (trades.length > 0 && (worstDay === null || result < toCents(worstDay.result)))
        worstDay = { day: dayString(day), result: moneyFromCents(result) };
      dayStart = value;
    }
  }

  return {
    trades: trades.length,
    winRate: trades.length > 0 ? round2(new Dec(wins).times(100).dividedBy(trades.length)) : null,
    profitFactor: grossLoss > 0 ? round2(new Dec(grossProfit).dividedBy(grossLoss)) : null,
    maxDrawdown: moneyFromCents(maxDrawdown),
    maxDrawdownPercent,
    worstDay,
    netProfit: moneyFromCents(endCents - startCents),
    startBalance: moneyFromCents(startCents),
    endBalance: moneyFromCents(endCents),
    stoppedBy,
  };
}

/**
 * At most `max` points of an equity curve for a chart (default 500): the first and the last point, and between them
 * the lowest and the highest point of each of (max − 2) / 2 equal slices, in time order — so dips and peaks stay
 * visible. A curve of `max` points or fewer is returned as a copy.
 */
export function downsampleEquity<P extends { time: number; equity: number }>(
  points: readonly P[],
  max = 500,
): P[] {
  if (points.length <= max) return [...points];
  if (max < 2) return points.slice(0, Math.max(0, max));
  const first = points[0] as P;
  const lastIndex = points.length - 1;
  const slices = Math.floor((max - 2) / 2);
  const out: P[] = [first];
  const inner = lastIndex - 1; // points 1 … lastIndex − 1
  for (let s = 0; s < slices; s++) {
    const from = 1 + Math.floor((s * inner) / slices);
    const to = 1 + Math.floor(((s + 1) * inner) / slices); // exclusive
    if (from >= to) continue;
    let low = from;
    let high = from;
    for (let k = from + 1; k < to; k++) {
      if ((points[k] as P).equity < (points[low] as P).equity) low = k;
      if ((points[k] as P).equity > (points[high] as P).equity) high = k;
    }
    if (low === high) out.push(points[low] as P);
    else out.push(points[Math.min(low, high)] as P, points[Math.max(low, high)] as P);
  }
  out.push(points[lastIndex] as P);
  return out;
}
