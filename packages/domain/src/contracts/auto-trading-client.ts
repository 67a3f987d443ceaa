/**
 * Auto-trading over the wire: the client area's answers, one zod schema each (decision 0014). Routes
 * (all POST with the client's token, like the spec's client calls):
 * - POST /api/autoTrading/overview {token} → AutoTradingOverview
 * - POST /api/autoTrading/settings {token, settings} → AutoTradingOverview (validated with the brand's offer)
 * - POST /api/autoTrading/backtest {token, settings, symbol, from?, to?} → BacktestDto
 * - POST /api/autoTrading/journal {token, before?, limit?} → JournalPage
 * - spec §7 POST /api/accounts/autoTrading {token, auto_trading} switches it on (needs saved settings) and off.
 */
import { z } from 'zod';
import { STRATEGY_IDS, STRATEGY_TIMEFRAMES } from '../auto-trading/types.js';
import { isMessageKey, type MessageKey } from '../messages.js';
import { DIRECTIONS } from '../pricing.js';

const Instant = z.iso.datetime();
const MessageDto = z.object({
  key: z.string().refine(isMessageKey) as unknown as z.ZodType<MessageKey>,
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});

export const TrendParamsDto = z.object({
  strategy: z.literal('trend'),
  timeframe: z.enum(STRATEGY_TIMEFRAMES),
  fastPeriod: z.number(),
  slowPeriod: z.number(),
  atrPeriod: z.number(),
  stopAtr: z.number(),
  takeProfitAtr: z.number(),
});
export const MeanReversionParamsDto = z.object({
  strategy: z.literal('meanReversion'),
  timeframe: z.enum(STRATEGY_TIMEFRAMES),
  rsiPeriod: z.number(),
  oversold: z.number(),
  overbought: z.number(),
  exitLevel: z.number(),
  atrPeriod: z.number(),
  stopAtr: z.number(),
  takeProfitAtr: z.number(),
});
export const StrategyParamsDto = z.discriminatedUnion('strategy', [TrendParamsDto, MeanReversionParamsDto]);

export const AutoLimitsDto = z.object({
  symbols: z.array(z.string().max(32)).max(200),
  amount: z.discriminatedUnion('mode', [
    z.object({ mode: z.literal('fixed'), value: z.number() }),
    z.object({ mode: z.literal('percent'), value: z.number() }),
  ]),
  maxPositions: z.number().int(),
  maxLeverage: z.number().int(),
  dailyLossLimit: z.number(),
  drawdownLimit: z.number(),
  closeOnLimit: z.boolean(),
});

export const AutoTradingSettingsDto = z.object({ params: StrategyParamsDto, limits: AutoLimitsDto });
export type AutoTradingSettingsDto = z.infer<typeof AutoTradingSettingsDto>;

export const ParamRangeDto = z.object({
  min: z.number(),
  max: z.number(),
  step: z.number(),
  default: z.number(),
});
export const StrategyOfferDto = z.object({
  id: z.enum(STRATEGY_IDS),
  timeframes: z.array(z.enum(STRATEGY_TIMEFRAMES)),
  ranges: z.record(z.string(), ParamRangeDto),
});
export type StrategyOfferDto = z.infer<typeof StrategyOfferDto>;

/** Why auto-trading is off when the server switched it off: a loss limit, or the broker's kill switch. */
export const AUTO_STOP_REASONS = ['daily', 'drawdown', 'brand'] as const;
export type AutoStopReason = (typeof AUTO_STOP_REASONS)[number];

const ResultDto = z.object({ trades: z.number().int(), profit: z.number() });

export const AutoTradingOverview = z.object({
  auto_trading: z.literal([0, 1]),
  settings: AutoTradingSettingsDto.nullable(),
  /** The strategies the brand offers (empty: none offered), with their timeframes and parameter ranges. */
  offers: z.array(StrategyOfferDto),
  /** The brand stopped all auto-trading (kill switch): it cannot be switched on. */
  killed: z.boolean(),
  /** The brand's leverage cap for the strategy; null: the account's own. */
  maxLeverage: z.number().nullable(),
  /** Instruments the client may give the strategy (permitted categories), with the leverages allowed on each. */
  instruments: z.array(
    z.object({ symbol: z.string(), name: z.string(), category: z.string(), leverages: z.array(z.number()) }),
  ),
  /** When auto-trading was last switched on (the drawdown limit counts from then); null: never. */
  enabled_at: Instant.nullable(),
  /** The server switched it off: why and when; null when the client switched it off or it is on. */
  stopped: z.object({ reason: z.enum(AUTO_STOP_REASONS), at: Instant }).nullable(),
  /** Results of the strategy's trades: closed today (UTC) and since switching on (realised), and open now. */
  results: z.object({
    today: ResultDto,
    total: ResultDto,
    open: z.object({ positions: z.number().int(), profit: z.number() }),
  }),
});
export type AutoTradingOverview = z.infer<typeof AutoTradingOverview>;

export const JOURNAL_ACTIONS = [
  'open',
  'close',
  'refused',
  /** A signal the client's limits held back (maximum positions, amount, leverage, a loss limit, no valid stops). */
  'skipped',
  'limit',
  'switchedOn',
  'switchedOff',
  'brandStopped',
  'settings',
] as const;
export type JournalAction = (typeof JOURNAL_ACTIONS)[number];

/** One line of the client's auto-trading journal: a decision with what it used, or a change of state. */
export const JournalEntryDto = z.object({
  id: z.number().int(),
  at: Instant,
  action: z.enum(JOURNAL_ACTIONS),
  symbol: z.string().nullable(),
  direction: z.enum(DIRECTIONS).nullable(),
  /** The reason in words (a message key and its figures). */
  reason: MessageDto,
  /** Indicator values the decision used, by name. */
  indicators: z.record(z.string(), z.number()),
  /** The dealing quote when the decision was executed; null for state changes. */
  quote: z.object({ buy: z.number(), sell: z.number() }).nullable(),
  /** The closed candle the decision was read on (bucket start); null for state changes. */
  candle_time: Instant.nullable(),
  /** The position it opened or closed. */
  position_id: z.number().int().nullable(),
  /**
   * Why it was not done: the engine's refusal for action 'refused' (e.g. not enough free margin), or for 'skipped'
   * the limit that held the signal back (e.g. the maximum of open auto positions); else null.
   */
  outcome: MessageDto.nullable(),
});
export type JournalEntryDto = z.infer<typeof JournalEntryDto>;

export const JournalPage = z.object({ entries: z.array(JournalEntryDto), next: z.number().int().nullable() });
export type JournalPage = z.infer<typeof JournalPage>;

export const BacktestDto = z.object({
  symbol: z.string(),
  from: Instant,
  to: Instant,
  candles: z.number().int(),
  figures: z.object({
    trades: z.number().int(),
    winRate: z.number().nullable(),
    profitFactor: z.number().nullable(),
    maxDrawdown: z.number(),
    maxDrawdownPercent: z.number(),
    worstDay: z.object({ day: z.string(), result: z.number() }).nullable(),
    netProfit: z.number(),
    startBalance: z.number(),
    endBalance: z.number(),
    stoppedBy: z.object({ limit: z.enum(['daily', 'drawdown']), time: Instant }).nullable(),
  }),
  /** Equity curve, at most 500 points (downsampled). */
  equity: z.array(z.object({ time: Instant, equity: z.number() })),
  /** The last 50 trades, newest first. */
  trades: z.array(
    z.object({
      direction: z.enum(DIRECTIONS),
      open_time: Instant,
      open_rate: z.number(),
      close_time: Instant,
      close_rate: z.number(),
      profit: z.number(),
      exit: z.enum(['signal', 'stopLoss', 'takeProfit', 'end', 'limit']),
    }),
  ),
});
export type BacktestDto = z.infer<typeof BacktestDto>;
