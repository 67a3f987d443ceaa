import {
  AutoTradingOverview,
  type AutoTradingSettings,
  BacktestDto,
  DEFAULT_STRATEGY_OFFERS,
  JournalEntryDto,
  JournalPage,
} from '@openbroker/domain';

// Answers of the auto-trading routes, parsed with the domain's contracts: a fixture that drifts from what the server
// sends throws here instead of passing against a shape the server never sends.

/** Saved settings: the trend follower on 1-hour candles of EURUSD and BTCUSD. */
export function settingsFixture(overrides: Partial<AutoTradingSettings['limits']> = {}): AutoTradingSettings {
  return {
    params: {
      strategy: 'trend',
      timeframe: '1h',
      fastPeriod: 10,
      slowPeriod: 30,
      atrPeriod: 14,
      stopAtr: 2,
      takeProfitAtr: 3,
    },
    limits: {
      symbols: ['EURUSD', 'BTCUSD'],
      amount: { mode: 'fixed', value: 100 },
      maxPositions: 3,
      maxLeverage: 10,
      dailyLossLimit: 200,
      drawdownLimit: 500,
      closeOnLimit: false,
      ...overrides,
    },
  };
}

const OFFERS = (['trend', 'meanReversion'] as const).map((id) => ({
  id,
  timeframes: DEFAULT_STRATEGY_OFFERS[id].timeframes,
  ranges: DEFAULT_STRATEGY_OFFERS[id].ranges,
}));

/** POST /api/autoTrading/overview: off, never switched on, the saved settings unless `settings: null`. */
export function overviewFixture(overrides: Partial<AutoTradingOverview> = {}): AutoTradingOverview {
  return AutoTradingOverview.parse({
    auto_trading: 0,
    settings: settingsFixture(),
    offers: OFFERS,
    killed: false,
    maxLeverage: 20,
    instruments: [
      { symbol: 'EURUSD', name: 'Euro / US Dollar', category: 'forex', leverages: [1, 3, 5, 10, 15, 20, 30] },
      { symbol: 'GOLD', name: 'Gold', category: 'commodities', leverages: [1, 3, 5, 10, 15, 20] },
      { symbol: 'BTCUSD', name: 'Bitcoin / US Dollar', category: 'crypto', leverages: [1, 2] },
    ],
    enabled_at: null,
    stopped: null,
    results: {
      today: { trades: 2, profit: 31.5 },
      total: { trades: 17, profit: -42.25 },
      open: { positions: 1, profit: 12.4 },
    },
    ...overrides,
  });
}

/** POST /api/autoTrading/backtest on EURUSD: 4 trades, 2 won. */
export function backtestFixture(): BacktestDto {
  return BacktestDto.parse({
    symbol: 'EURUSD',
    from: '2025-11-24T00:00:00.000Z',
    to: '2026-11-24T00:00:00.000Z',
    candles: 6_200,
    figures: {
      trades: 4,
      winRate: 50,
      profitFactor: 1.85,
      maxDrawdown: 120.5,
      maxDrawdownPercent: 1.2,
      worstDay: { day: '2026-03-09', result: -95.1 },
      netProfit: 310.4,
      startBalance: 10_000,
      endBalance: 10_310.4,
      stoppedBy: null,
    },
    equity: [
      { time: '2025-11-24T00:00:00.000Z', equity: 10_000 },
      { time: '2026-03-09T00:00:00.000Z', equity: 9_879.5 },
      { time: '2026-11-24T00:00:00.000Z', equity: 10_310.4 },
    ],
    trades: [
      {
        direction: 'buy',
        open_time: '2026-10-01T10:00:00.000Z',
        open_rate: 1.0812,
        close_time: '2026-10-03T14:00:00.000Z',
        close_rate: 1.0895,
        profit: 230.2,
        exit: 'takeProfit',
      },
      {
        direction: 'sell',
        open_time: '2026-03-08T09:00:00.000Z',
        open_rate: 1.0921,
        close_time: '2026-03-09T11:00:00.000Z',
        close_rate: 1.0955,
        profit: -95.1,
        exit: 'stopLoss',
      },
    ],
  });
}

/** A journal line: the trend follower bought EURUSD on the crossover and opened position 41. */
export function openEntryFixture(overrides: Partial<JournalEntryDto> = {}): JournalEntryDto {
  return JournalEntryDto.parse({
    id: 9,
    at: '2026-11-24T10:00:01.000Z',
    action: 'open',
    symbol: 'EURUSD',
    direction: 'buy',
    reason: {
      key: 'auto.reason.trend.crossUp',
      params: {
        fast: 10,
        slow: 30,
        smaFast: '1.08512',
        smaSlow: '1.08490',
        smaFastPrevious: '1.08470',
        smaSlowPrevious: '1.08488',
      },
    },
    indicators: { smaFast: 1.08512, smaSlow: 1.0849, atr: 0.00123 },
    quote: { buy: 1.08531, sell: 1.08519 },
    candle_time: '2026-11-24T09:00:00.000Z',
    position_id: 41,
    outcome: null,
    ...overrides,
  });
}

export function journalFixture(entries: JournalEntryDto[], next: number | null = null): JournalPage {
  return JournalPage.parse({ entries, next });
}
