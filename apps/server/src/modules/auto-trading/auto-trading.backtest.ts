/**
 * The backtest as the client area and the CLI run it: the domain's `backtest` (the same
 * `evaluateStrategy` the live runner uses) on the closed candles of the strategy's timeframe the server's candle
 * store holds over the range (12 months by default, or as far back as the store keeps that timeframe), priced as the
 * live engine prices: the brand quote (`brandQuote`: the brand's markup, on the instrument's tick) of the feed's
 * typical spread around each candle's prices, with the leverages the account (or the brand) may use.
 */
import {
  type AutoTradingSettings,
  type BacktestDto,
  type BacktestResult,
  backtest,
  downsampleEquity,
  lookback,
  type Message,
  type QuoteTerms,
  quoteTermsFor,
  type TradingProfile,
} from '@openbroker/domain';
import type { CandleStore } from '../../market/candle-store.js';
import { bucketStart } from '../../market/candles.js';
import { historyStart } from '../../market/history.js';
import type { Instrument } from '../../market/instruments.js';
import { groupOf, pipSizeOf, tickOf } from '../market/instrument-terms.js';

/** Trades listed with a backtest (the newest). */
const TRADES_SHOWN = 50;
/** Equity points of the chart. */
const EQUITY_POINTS = 500;

export interface BacktestRequest {
  symbol: string;
  settings: AutoTradingSettings;
  /** Range start and end (epoch ms; the end excluded); default the 12 months before now. */
  from?: number;
  to?: number;
  startBalance: number;
}

export interface BacktestEnv {
  candles: Pick<CandleStore, 'candlesBetween'>;
  instrument: Instrument;
  /** The brand's trading profile (its group's markup gives the brand quote the backtest deals at). */
  profile: TradingProfile;
  /** Leverages the strategy may use on the instrument, ascending. */
  leverages: readonly number[];
  /** The market clock: candles of a bucket that started at or after the current one are not closed yet. */
  now: number;
}

export type BacktestAnswer =
  | { ok: true; dto: BacktestDto; result: BacktestResult }
  | { ok: false; error: Message };

/**
 * How the backtest prices an instrument for a brand, as the live engine does: the brand's quote terms (its group's
 * markup, the instrument's pip and tick — `quoteTermsFor`, the terms the engine and the price socket use) and half
 * the instrument's typical feed spread. The markup is applied by `brandQuote` inside the backtest, not folded into
 * the spread.
 */
export function backtestPricing(
  instrument: Instrument,
  profile: TradingProfile,
): { terms: QuoteTerms; halfFeedSpread: number } {
  return {
    terms: quoteTermsFor(profile, groupOf(instrument), pipSizeOf(instrument), tickOf(instrument)),
    halfFeedSpread: Math.max(0, instrument.spread / 2),
  };
}

/** Runs the backtest; refuses when the range has too few closed candles for one signal. */
export function runBacktest(env: BacktestEnv, request: BacktestRequest): BacktestAnswer {
  const { params } = request.settings;
  const timeframe = params.timeframe;
  const open = bucketStart(env.now, timeframe);
  const to = Math.min(request.to ?? env.now, open);
  const from = request.from ?? historyStart(to, 12);
  const candles = from < to ? env.candles.candlesBetween(request.symbol, timeframe, from, to) : [];
  if (candles.length <= lookback(params))
    return {
      ok: false,
      error: { key: 'auto.error.noCandles', params: { symbol: request.symbol, timeframe } },
    };
  const result = backtest({
    symbol: request.symbol,
    precision: env.instrument.precision,
    settings: request.settings,
    candles,
    startBalance: request.startBalance,
    ...backtestPricing(env.instrument, env.profile),
    leverages: env.leverages,
  });
  const iso = (ms: number) => new Date(ms).toISOString();
  const { figures } = result;
  const dto: BacktestDto = {
    symbol: request.symbol,
    from: iso(candles[0]?.time ?? from),
    to: iso(to),
    candles: candles.length,
    figures: {
      ...figures,
      stoppedBy: figures.stoppedBy
        ? { limit: figures.stoppedBy.limit, time: iso(figures.stoppedBy.time) }
        : null,
    },
    equity: downsampleEquity(result.equity, EQUITY_POINTS).map((p) => ({
      time: iso(p.time),
      equity: p.equity,
    })),
    trades: result.tradesList
      .slice(-TRADES_SHOWN)
      .reverse()
      .map((t) => ({
        direction: t.direction,
        open_time: iso(t.openTime),
        open_rate: t.openRate,
        close_time: iso(t.closeTime),
        close_rate: t.closeRate,
        profit: t.profit,
        exit: t.exit,
      })),
  };
  return { ok: true, dto, result };
}

/** The backtest's figures as the CLI prints them (the page's figures, in the same order). */
export function formatBacktest(dto: BacktestDto, settings: AutoTradingSettings, currency = '€'): string {
  const money = (v: number) => `${v < 0 ? '-' : ''}${currency}${Math.abs(v).toFixed(2)}`;
  const f = dto.figures;
  const p = settings.params as unknown as Record<string, unknown>;
  const params = Object.keys(p)
    .filter((k) => k !== 'strategy' && k !== 'timeframe')
    .map((k) => `${k}=${String(p[k])}`)
    .join(' ');
  const { limits } = settings;
  const amount =
    limits.amount.mode === 'fixed' ? money(limits.amount.value) : `${limits.amount.value}% of free margin`;
  return [
    `Backtest of ${settings.params.strategy} on ${dto.symbol} ${settings.params.timeframe} (${params})`,
    `  candles          ${dto.candles} from ${dto.from} to ${dto.to}`,
    `  per trade        ${amount}, leverage up to ${limits.maxLeverage}, at most ${limits.maxPositions} open`,
    `  start balance    ${money(f.startBalance)}`,
    `  end balance      ${money(f.endBalance)}`,
    `  net profit       ${money(f.netProfit)}`,
    `  trades           ${f.trades}`,
    `  win rate         ${f.winRate === null ? '—' : `${f.winRate.toFixed(2)} %`}`,
    `  profit factor    ${f.profitFactor === null ? '—' : f.profitFactor.toFixed(2)}`,
    `  max drawdown     ${money(f.maxDrawdown)} (${f.maxDrawdownPercent.toFixed(2)} %)`,
    `  worst day        ${f.worstDay ? `${f.worstDay.day} ${money(f.worstDay.result)}` : '—'}`,
    `  stopped by limit ${f.stoppedBy ? `${f.stoppedBy.limit} at ${f.stoppedBy.time}` : 'no'}`,
    '',
    'Past results, simulated on candles, do not guarantee future results: a strategy can lose money, also more',
    'than the backtest shows (slippage, gaps, weekends). Trading with leverage carries a high risk.',
  ].join('\n');
}
