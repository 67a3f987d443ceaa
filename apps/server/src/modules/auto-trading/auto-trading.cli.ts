/**
 * `npm run cli -- backtest …`: the client area's backtest from the terminal — the same domain backtest through the
 * same `runBacktest`, on the same candles. When the server runs, the CLI runs it inside the server, on the server's
 * candle store (the generated history and the live candles since). Without a running server it rebuilds those
 * candles for the simulated market from what the server recorded in DATA_DIR (MARKET_SEED and its start), so the
 * figures are the same either way (docs/auto-trading-operations.md).
 */
import { parseArgs } from 'node:util';
import {
  type AutoTradingSettings,
  defaultParams,
  formatMessage,
  type InstrumentGroup,
  isLeverageAllowed,
  leverageCapFor,
  parseLeverageList,
  resolveOffers,
  STRATEGY_IDS,
  STRATEGY_TIMEFRAMES,
  type StrategyId,
  type StrategyTimeframe,
  validateAutoTradingSettings,
} from '@openbroker/domain';
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import { MemoryCandleStore } from '../../market/candle-store.js';
import { CandleBuilder, RESOLUTIONS } from '../../market/candles.js';
import { instrumentHistory } from '../../market/history.js';
import type { Instrument } from '../../market/instruments.js';
import { simulateQuotes } from '../../market/simulated-feed.js';
import { readServerAddress } from '../../server-address.js';
import { tradingProfileOf } from '../brands/brand-trading.js';
import type { Brand } from '../brands/brands.service.js';
import type { MarketService } from '../market/market.service.js';
import { TradingRepo } from '../trading/trading.repo.js';
import { formatBacktest, runBacktest } from './auto-trading.backtest.js';

const DAY = 86_400_000;

/**
 * The candles a server holding the simulated market had for `instrument` at `until`: the history it generated at
 * start (ending at `start`), then the candles its live walk built from then on — the same walk, from the same
 * seed and start, fed to the same candle builder.
 */
function serverCandles(
  instrument: Instrument,
  market: { seed: number; start: number },
  until: number,
): MemoryCandleStore {
  const store = new MemoryCandleStore({ precisionOf: () => instrument.precision });
  const series = instrumentHistory(instrument, { seed: market.seed, end: market.start });
  for (const resolution of RESOLUTIONS) store.load(instrument.symbol, resolution, series[resolution]);
  const builder = new CandleBuilder(store, [instrument]);
  for (const quote of simulateQuotes(instrument, { seed: market.seed, startTime: market.start, until }))
    builder.onQuote(quote);
  return store;
}

export const BACKTEST_USAGE =
  'backtest --strategy trend|meanReversion --symbol EURUSD --from 2026-01-01 --to 2026-06-30 [--timeframe 1h] ' +
  '[--amount 100] [--balance 10000] [--leverage N] [--max-positions 1] [--daily-loss N] [--drawdown N] ' +
  '[--param fastPeriod=10 …] [--brand slug]';

/** An operator mistake in the arguments: the message says what to change. */
export class BacktestArgumentError extends Error {
  override name = 'BacktestArgumentError';
}

const fail = (message: string): never => {
  throw new BacktestArgumentError(`${message}\nUsage: npm run cli -- ${BACKTEST_USAGE}`);
};

/** A date (its UTC midnight; as `to`, the end of that day) or an ISO date-time, epoch ms. */
function instant(value: string | undefined, name: string, endOfDay: boolean): number | undefined {
  if (value === undefined) return undefined;
  const dateOnly = /^\d{4}-\d{2}-\d{2}$/.test(value);
  const ms = Date.parse(dateOnly ? `${value}T00:00:00Z` : value);
  if (!Number.isFinite(ms)) fail(`--${name} must be a date like 2026-01-31 or an ISO date-time.`);
  return dateOnly && endOfDay ? ms + DAY : ms;
}

function amountOf(value: string | undefined, name: string, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0) fail(`--${name} must be a positive number.`);
  return n;
}

/** The settings the arguments describe: the offer's defaults, with the timeframe, parameters and limits given. */
function settingsOf(
  values: Record<string, string | string[] | boolean | undefined>,
  symbol: string,
  leverages: readonly number[],
  brand: Brand,
): AutoTradingSettings {
  const strategy = values.strategy as string | undefined;
  if (!strategy || !(STRATEGY_IDS as readonly string[]).includes(strategy))
    fail(`--strategy must be one of ${STRATEGY_IDS.join(', ')}.`);
  const offers = resolveOffers(brand.settings.autoTrading);
  const params = { ...defaultParams(strategy as StrategyId, offers[strategy as StrategyId]) } as Record<
    string,
    unknown
  >;
  const timeframe = values.timeframe as string | undefined;
  if (timeframe !== undefined) {
    if (!(STRATEGY_TIMEFRAMES as readonly string[]).includes(timeframe))
      fail(`--timeframe must be one of ${STRATEGY_TIMEFRAMES.join(', ')}.`);
    params.timeframe = timeframe as StrategyTimeframe;
  }
  const pairs = ((values.param as string[] | undefined) ?? []).flatMap((p) => p.split(','));
  for (const pair of pairs) {
    const [name, raw] = pair.split('=');
    if (!name || raw === undefined || name === 'strategy' || name === 'timeframe' || !(name in params))
      fail(
        `--param ${pair}: give name=value with a parameter of ${strategy} (${Object.keys(params).join(', ')}).`,
      );
    params[name as string] = Number(raw);
  }
  const maxLeverage = values.leverage === undefined ? (leverages.at(-1) ?? 1) : Number(values.leverage);
  const settings = {
    params,
    limits: {
      symbols: [symbol],
      amount: { mode: 'fixed', value: amountOf(values.amount as string | undefined, 'amount', 100) },
      maxPositions: values['max-positions'] === undefined ? 1 : Number(values['max-positions']),
      maxLeverage,
      // no loss limit unless given: the largest the form allows
      dailyLossLimit: amountOf(values['daily-loss'] as string | undefined, 'daily-loss', 1_000_000_000),
      drawdownLimit: amountOf(values.drawdown as string | undefined, 'drawdown', 1_000_000_000),
      closeOnLimit: false,
    },
  };
  const checked = validateAutoTradingSettings(settings, {
    offers,
    maxLeverage: brand.settings.autoTrading?.maxLeverage ?? null,
    symbols: [symbol],
  });
  if (!checked.ok)
    fail(
      `The settings do not fit the brand's offer:\n${checked.errors
        .map((e) => `  ${e.path || 'settings'}: ${formatMessage(e)}`)
        .join('\n')}`,
    );
  return (checked as { ok: true; value: AutoTradingSettings }).value;
}

/** What the backtest command uses: the server's when it runs the command, else the CLI's own. */
export interface BacktestCommandDeps {
  config: Pick<Config, 'marketFeed' | 'marketSeed' | 'dataDir'>;
  database: Database;
  market: MarketService;
}

/** Runs the backtest the arguments ask for on `deps` (the server's when it runs the command); answers the printout. */
export async function backtestCommand(
  { config, database, market }: BacktestCommandDeps,
  args: string[],
  brandOf: (slug: string | undefined) => Promise<Brand>,
): Promise<string> {
  let values: Record<string, string | string[] | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args,
      strict: true,
      allowPositionals: false,
      options: {
        strategy: { type: 'string' },
        symbol: { type: 'string' },
        from: { type: 'string' },
        to: { type: 'string' },
        timeframe: { type: 'string' },
        amount: { type: 'string' },
        balance: { type: 'string' },
        leverage: { type: 'string' },
        'max-positions': { type: 'string' },
        'daily-loss': { type: 'string' },
        drawdown: { type: 'string' },
        param: { type: 'string', multiple: true },
        brand: { type: 'string' },
      },
    }));
  } catch (error) {
    return fail((error as Error).message);
  }
  const instrument = market.catalogue.resolve(String(values.symbol ?? ''));
  if (!instrument) return fail(`--symbol must be an instrument of the catalogue, e.g. EURUSD or BTCUSD.`);
  const from = instant(values.from as string | undefined, 'from', false);
  const to = instant(values.to as string | undefined, 'to', true);
  if (from !== undefined && to !== undefined && from >= to) fail('--from must be before --to.');

  const brand = await brandOf(values.brand as string | undefined);
  const profile = tradingProfileOf(brand.settings);
  const categories = await new TradingRepo(database.db).categories();
  const category = categories.get(instrument.categoryId);
  // the category's list within the brand's cap (a client's own custom leverage does not apply here)
  const cap = leverageCapFor(profile, instrument.symbol, instrument.category as InstrumentGroup);
  const leverages = parseLeverageList(category?.leverage)
    .map((l) => l.value)
    .filter((l) => isLeverageAllowed(l, cap))
    .sort((a, b) => a - b);
  const settings = settingsOf(values, instrument.symbol, leverages, brand);
  const timeframe = settings.params.timeframe;

  // The server's candles when it runs this (the client area's); else, for the simulated market, those candles
  // rebuilt here: the server's history and live walk are a pure function of MARKET_SEED and the instant it started,
  // which it recorded in DATA_DIR (server-address.ts), so the figures are the same whether the server runs or not.
  let candles: Pick<MemoryCandleStore, 'candlesBetween'> = market.candles;
  let source = `from the server's candle store (the same candles as the client area's backtest)`;
  let now = market.clock.now();
  if (!market.candles.latest(instrument.symbol, timeframe)) {
    if (config.marketFeed !== 'simulated')
      fail(
        `No server answered, and with MARKET_FEED=${config.marketFeed} candles exist only in a running server. ` +
          'Start the server (npm start) and run this again.',
      );
    const server = await readServerAddress(config.dataDir);
    const recorded = server?.market;
    if (recorded && recorded.seed === config.marketSeed) {
      // the live walk until the server stopped (or until --to, or now, should it have died without a word)
      const stopped = Date.parse(server?.stoppedAt ?? '') || now;
      const until = Math.min(to ?? now, stopped, now);
      candles = serverCandles(instrument, recorded, until);
      now = until;
      source =
        `the server's candles rebuilt here (no server answered): its history from MARKET_SEED=${recorded.seed} ` +
        `ending ${new Date(recorded.start).toISOString()} and its simulated market until ${new Date(until).toISOString()}`;
    } else {
      const end = to ?? now;
      const store = new MemoryCandleStore({ precisionOf: () => instrument.precision });
      const series = instrumentHistory(instrument, { seed: config.marketSeed, end });
      store.load(instrument.symbol, timeframe, series[timeframe]);
      candles = store;
      now = end;
      source =
        `generated here from MARKET_SEED=${config.marketSeed} ending ${new Date(end).toISOString()} ` +
        '(no server answered, and none has run on this DATA_DIR with this MARKET_SEED: there are no server candles to rebuild)';
    }
  }
  const answer = runBacktest(
    { candles, instrument, profile, leverages, now },
    {
      symbol: instrument.symbol,
      settings,
      ...(from === undefined ? {} : { from }),
      ...(to === undefined ? {} : { to }),
      startBalance: amountOf(values.balance as string | undefined, 'balance', 10_000),
    },
  );
  if (!answer.ok) return fail(formatMessage(answer.error));
  return `${formatBacktest(answer.dto, settings, brand.settings.currencySymbol)}\n\nCandles: ${source}.`;
}
