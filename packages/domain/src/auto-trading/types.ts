/**
 * Auto-trading (architecture §6b): the shared contract. A strategy is a pure function of closed candles of
 * one instrument, the account's state and its parameters; the live runner (server, on each closed candle) and the
 * backtest (domain, the client area and the CLI) call the same functions, so the same candles give the same
 * decisions. No I/O, no clock, no randomness anywhere under `auto-trading/`.
 */
import type { QuoteTerms } from '../brand-quote.js';
import type { Message } from '../messages.js';
import type { Direction } from '../pricing.js';

export const STRATEGY_IDS = ['trend', 'meanReversion'] as const;
export type StrategyId = (typeof STRATEGY_IDS)[number];

/** Candle resolutions a strategy may run on (the server's candle store keeps the same ones). */
export const STRATEGY_TIMEFRAMES = ['1m', '5m', '15m', '1h', '4h', '1D'] as const;
export type StrategyTimeframe = (typeof STRATEGY_TIMEFRAMES)[number];

/**
 * Days of closed candles the server's candle store keeps per timeframe (its `CANDLE_DEPTH_MS`; a server test keeps
 * the two equal). A backtest reaches back at most this far: only 1h, 4h and 1D cover the default 12 months.
 */
export const STRATEGY_CANDLE_DAYS: Readonly<Record<StrategyTimeframe, number>> = Object.freeze({
  '1m': 7,
  '5m': 30,
  '15m': 90,
  '1h': 400,
  '4h': 400,
  '1D': 400,
});

/** A closed candle of mid prices, as the server's candle store holds it; `time` is the bucket start (epoch ms). */
export interface StrategyCandle {
  time: number;
  open: number;
  high: number;
  low: number;
  close: number;
}

/**
 * Trend follower: a fast and a slow simple moving average of closes; the fast crossing above the slow buys, below
 * sells (an open position of the other side is closed first). Stop loss `stopAtr` × ATR away, take profit
 * `takeProfitAtr` × ATR away.
 */
export interface TrendParams {
  strategy: 'trend';
  timeframe: StrategyTimeframe;
  fastPeriod: number;
  slowPeriod: number;
  atrPeriod: number;
  stopAtr: number;
  takeProfitAtr: number;
}

/**
 * Mean reversion: RSI of closes; crossing up through `oversold` buys, crossing down through `overbought` sells; an
 * open long closes when RSI reaches `exitLevel` from below, a short when it reaches it from above. Stops as above.
 */
export interface MeanReversionParams {
  strategy: 'meanReversion';
  timeframe: StrategyTimeframe;
  rsiPeriod: number;
  oversold: number;
  overbought: number;
  exitLevel: number;
  atrPeriod: number;
  stopAtr: number;
  takeProfitAtr: number;
}

export type StrategyParams = TrendParams | MeanReversionParams;

/** One numeric parameter's allowed range (inclusive) and step, and its default. */
export interface ParamRange {
  min: number;
  max: number;
  step: number;
  default: number;
}

/** What a brand offers of one strategy: whether clients may pick it, on which timeframes, within which ranges. */
export interface StrategyOffer {
  offered: boolean;
  timeframes: StrategyTimeframe[];
  /** By parameter name (every numeric field of the strategy's params). */
  ranges: Record<string, ParamRange>;
}

/**
 * A brand's auto-trading settings (`brands.settings.autoTrading`), edited by staff with `autotrading.manage`. Absent
 * parts take the domain defaults (`DEFAULT_STRATEGY_OFFERS`); a brand may only narrow the defaults' ranges.
 */
export interface BrandAutoTradingSettings {
  /** The kill switch: while true no account of the brand gets a new decision (switching it is audited). */
  killed?: boolean;
  killedAt?: string;
  killedReason?: string;
  strategies?: Partial<Record<StrategyId, Partial<StrategyOffer>>>;
  /** The highest leverage a client may give the strategy; absent: no cap beyond the account's own. */
  maxLeverage?: number;
}

/** The signal of the latest closed candle, from the candles alone (shared by every account on the same params). */
export interface StrategySignal {
  /** 'buy' / 'sell': enter; 'exitLong' / 'exitShort': close positions of that side; 'none': nothing to do. */
  action: 'buy' | 'sell' | 'exitLong' | 'exitShort' | 'none';
  /** The reason in words (a message key the web and the CLI translate), with the figures it names. */
  reason: Message;
  /** Indicator values used, by name (e.g. { smaFast, smaSlow, atr } or { rsi, rsiPrevious, atr }). */
  indicators: Record<string, number>;
  /** The closed candle it was read on. */
  candleTime: number;
  close: number;
  /** ATR at that candle; null during the warm-up. */
  atr: number | null;
}

/** How much the strategy puts up per trade: a fixed amount of margin, or a percentage of free margin. */
export type AutoAmount = { mode: 'fixed'; value: number } | { mode: 'percent'; value: number };

/** The limits a client sets (and the server enforces on every decision). Money in the account's currency. */
export interface AutoLimits {
  /** Instruments the strategy may trade, e.g. ['EURUSD', 'BTCUSD']; each must be in a permitted category. */
  symbols: string[];
  amount: AutoAmount;
  /** Open positions the strategy may hold at once, over all its instruments. */
  maxPositions: number;
  maxLeverage: number;
  /** Auto trades' loss today (UTC day; realised plus unrealised) at which auto-trading switches off. */
  dailyLossLimit: number;
  /** Auto trades' loss since auto-trading was switched on at which it switches off. */
  drawdownLimit: number;
  /** Whether hitting a loss limit also closes the open auto positions (default false: they keep their SL and TP). */
  closeOnLimit: boolean;
}

/** The client's whole choice: strategy with parameters, and limits. */
export interface AutoTradingSettings {
  params: StrategyParams;
  limits: AutoLimits;
}

/** An open position the strategy opened, as the decision needs it. */
export interface AutoPosition {
  id: number;
  symbol: string;
  direction: Direction;
  amount: number;
  leverage: number;
  openRate: number;
  /** Live profit; null without a price. */
  profit: number | null;
}

/** The account as the decision sees it at the candle close. */
export interface AutoAccountState {
  balance: number;
  equity: number;
  freeMargin: number;
  /** Every open position the strategy opened for this account (all instruments). */
  openAuto: readonly AutoPosition[];
  /** Leverages the account may use on this instrument (its category's list, custom_leverage, brand caps), ascending. */
  leverages: readonly number[];
  /** Auto trades' result today (UTC day, realised + unrealised), signed. */
  dailyResult: number;
  /** Auto trades' result since switching on, signed. */
  totalResult: number;
}

/** The dealing quote at the decision (the position's open and the SL/TP checks use it). */
export interface AutoQuote {
  buy: number;
  sell: number;
}

interface DecisionBase {
  symbol: string;
  reason: Message;
  indicators: Record<string, number>;
  candleTime: number;
}

export type AutoDecision =
  | (DecisionBase & {
      kind: 'open';
      direction: Direction;
      amount: number;
      leverage: number;
      stopLoss: number;
      takeProfit: number;
    } & OpenDetails)
  | (DecisionBase & { kind: 'close'; positionId: number; direction: Direction })
  | (DecisionBase & { kind: 'hold' } & HoldDetails);

/**
 * Added by the domain helper: what a hold that skipped an open was about — the direction the strategy
 * wanted and its signal's reason (the hold's own `reason` says why it was not opened, e.g. the maximum of positions).
 */
export interface HoldDetails {
  direction?: Direction;
  signalReason?: Message;
}

/**
 * Added by the domain helper: an open decision's stop loss and take profit in words (the ATR multiples
 * and the price they were measured from); `decide` always sets it.
 */
export interface OpenDetails {
  levels?: Message;
}

/** Everything one evaluation reads. */
export interface EvaluateInput {
  symbol: string;
  /** Price decimals of the instrument (SL/TP are rounded to them). */
  precision: number;
  settings: AutoTradingSettings;
  /** Closed candles of `settings.params.timeframe`, ascending, the last `lookback(params)` of them (or more). */
  candles: readonly StrategyCandle[];
  account: AutoAccountState;
  quote: AutoQuote;
  /**
   * The account's brand quote of `quote` (`brandQuote`: its brand's markup, on the instrument's tick), which the
   * position will open at; SL/TP are measured from it. The live runner and the backtest always pass it. Absent: the
   * spec's markup of `quote` on the tick of `precision` (the default profile's prices).
   */
  dealing?: AutoQuote;
}

/** Which loss limit was hit. */
export type LossLimit = 'daily' | 'drawdown';

/** One round trip of the backtest. */
export interface BacktestTrade {
  direction: Direction;
  openTime: number;
  openRate: number;
  closeTime: number;
  closeRate: number;
  amount: number;
  leverage: number;
  profit: number;
  /**
   * 'signal' (the strategy closed it), 'stopLoss', 'takeProfit', 'end' (still open at the end, valued at the last
   * close); 'limit' (added: closed when a loss limit was reached and the client chose `closeOnLimit`).
   */
  exit: 'signal' | 'stopLoss' | 'takeProfit' | 'end' | 'limit';
}

export interface BacktestFigures {
  trades: number;
  /** Share of trades with profit > 0, percent (0–100); null without trades. */
  winRate: number | null;
  /** Gross profit ÷ gross loss; null without a loss. */
  profitFactor: number | null;
  /** Largest fall of equity from a previous peak, in money and in percent of that peak. */
  maxDrawdown: number;
  maxDrawdownPercent: number;
  /** The UTC day with the worst result; null without trades. */
  worstDay: { day: string; result: number } | null;
  netProfit: number;
  startBalance: number;
  endBalance: number;
  /** Whether a loss limit would have switched auto-trading off, and when. */
  stoppedBy: { limit: LossLimit; time: number } | null;
}

export interface BacktestInput {
  symbol: string;
  precision: number;
  settings: AutoTradingSettings;
  /** Closed candles of the strategy's timeframe over the tested range, ascending. */
  candles: readonly StrategyCandle[];
  startBalance: number;
  /**
   * Half the feed's typical spread in price units: the feed quote at a candle's price x is {buy: x + halfFeedSpread,
   * sell: x − halfFeedSpread} (what the strategy is given as `quote`, like the live feed's ask and bid).
   */
  halfFeedSpread: number;
  /**
   * The brand's quote terms on the instrument (its group's markup, pip and tick: `quoteTermsFor`). Fills, SL/TP
   * checks inside a candle and valuations are at `brandQuote(feed quote, terms)` — the prices the live engine deals
   * at — and `decide` gets that quote as `dealing`, so the stops are measured and rounded as on the live path.
   */
  terms: QuoteTerms;
  leverages: readonly number[];
}

export interface BacktestResult {
  figures: BacktestFigures;
  /** Equity after each candle (downsample for charts with `downsampleEquity`). */
  equity: { time: number; equity: number }[];
  tradesList: BacktestTrade[];
  /** Every open and close decision, in order (the live path must produce the same for the same candles). */
  decisions: AutoDecision[];
}
