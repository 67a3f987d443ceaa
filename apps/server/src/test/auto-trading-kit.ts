/**
 * Test factories of the auto-trading scenarios: clients with the account state a scenario needs,
 * settings within the default offer, and candles replayed through the live market (MarketService.ingest) so the
 * candle builder, the runner and the engine see them exactly as they would see a feed.
 */
import {
  type AutoTradingSettings,
  DEFAULT_TRADING_PROFILE,
  defaultParams,
  type JournalEntryDto,
  money,
  type StrategyCandle,
  type TrendParams,
} from '@openbroker/domain';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { users } from '../db/schema.js';
import { bucketStart, RESOLUTION_MS } from '../market/candles.js';
import { registerClient } from './factories.js';
import type { TestServer } from './harness.js';

export interface AutoClient {
  id: number;
  token: string;
  email: string;
  brandId: number;
  /** The brand's host the client registered on (absent: the default brand). */
  host?: string;
}

/** A client-area call of the client (on its brand's host). */
export function clientCall(server: TestServer, client: AutoClient, url: string, payload: object = {}) {
  return server.app.inject({
    method: 'POST',
    url,
    payload: { token: client.token, ...payload },
    ...(client.host ? { headers: { host: client.host } } : {}),
  });
}

/** A registered client: verified with every category (unless told otherwise) and funded through the engine. */
export async function autoClient(
  server: TestServer,
  options: { verified?: boolean; categories?: number[]; balance?: number; host?: string } = {},
): Promise<AutoClient> {
  const { ctx } = server.runtime;
  const registered = await registerClient(server.app, {}, options.host ? { host: options.host } : {});
  const [row] = await ctx.database.db
    .update(users)
    .set({
      verifiedAccount: options.verified ?? true,
      assetsGroupPermission: options.categories ?? [1, 2, 3, 4, 5],
    })
    .where(eq(users.email, registered.email))
    .returning();
  if (!row) throw new Error('client not stored');
  await ctx.trading.ensureAccount(row.id);
  await ctx.trading.refreshAccount(row.id);
  const balance = options.balance ?? 10_000;
  if (balance > 0) {
    const outcome = await ctx.trading.adjustBalance({
      accountId: row.id,
      now: Date.now(),
      amount: money(balance),
      kind: 'adjustment',
      cause: { staffAction: `auto-trading-test-${row.id}` },
    });
    expect(outcome.ok).toBe(true);
  }
  return {
    id: row.id,
    token: registered.token,
    email: registered.email,
    brandId: row.brandId,
    ...(options.host ? { host: options.host } : {}),
  };
}

/** Spec §5 pricing for the brand (no markup beyond ± 0.025 %, no commission): the backtest's own prices. */
export function plainPricing(server: TestServer, brandId: number): void {
  server.runtime.ctx.trading.setProfile(`brand:${brandId}`, {
    ...DEFAULT_TRADING_PROFILE,
    stopOutLevel: server.runtime.ctx.config.stopOutLevel,
  });
}

/** Trend-follower settings on 1-minute candles with the shortest periods the offer allows (lookback 25). */
export function trendSettings(
  symbols: string[],
  overrides: { params?: Partial<TrendParams>; limits?: Partial<AutoTradingSettings['limits']> } = {},
): AutoTradingSettings {
  const base = defaultParams('trend') as TrendParams;
  return {
    params: {
      ...base,
      timeframe: '1m',
      fastPeriod: 2,
      slowPeriod: 5,
      atrPeriod: 5,
      stopAtr: 5,
      takeProfitAtr: 10,
      ...overrides.params,
    },
    limits: {
      symbols,
      amount: { mode: 'fixed', value: 100 },
      maxPositions: 1,
      maxLeverage: 2,
      dailyLossLimit: 5_000,
      drawdownLimit: 9_000,
      closeOnLimit: false,
      ...overrides.limits,
    },
  };
}

/**
 * A wave of closes around `base` (period `period` candles, amplitude `amplitude`), each candle opening at the
 * previous close and reaching `range / 2` beyond its open and close: trend crossovers at every turn.
 */
export function waveCandles(
  count: number,
  start: number,
  options: { base: number; amplitude: number; period: number; range: number; timeframeMs?: number },
): StrategyCandle[] {
  const step = options.timeframeMs ?? 60_000;
  const out: StrategyCandle[] = [];
  let previous = options.base;
  for (let i = 0; i < count; i++) {
    const close = Math.round(options.base + options.amplitude * Math.sin((2 * Math.PI * i) / options.period));
    const open = previous;
    out.push({
      time: start + i * step,
      open,
      high: Math.max(open, close) + options.range / 2,
      low: Math.min(open, close) - options.range / 2,
      close,
    });
    previous = close;
  }
  return out;
}

/**
 * Replays candles through the live market: four quotes per candle (open, high, low, close as mids, `spread`
 * apart), and after the first quote of each candle — which closes the one before — waits until the runner has
 * evaluated that close and submitted its decisions. The last candle is closed by one more quote at its close.
 */
export async function replay(
  server: TestServer,
  symbol: string,
  candles: readonly StrategyCandle[],
  spread = 0.02,
  onClosed?: (candle: StrategyCandle) => Promise<void> | void,
): Promise<void> {
  const { ctx } = server.runtime;
  const half = spread / 2;
  const quote = (mid: number, ts: number) =>
    expect(ctx.market.ingest({ symbol, bid: mid - half, ask: mid + half, ts })).toBe(true);
  const settle = async () => {
    await ctx.autoTrading.runner.whenIdle();
  };
  for (let i = 0; i < candles.length; i++) {
    const c = candles[i] as StrategyCandle;
    quote(c.open, c.time);
    await settle();
    const before = candles[i - 1];
    if (before && onClosed) await onClosed(before);
    quote(c.high, c.time + 10_000);
    quote(c.low, c.time + 20_000);
    quote(c.close, c.time + 30_000);
  }
  const last = candles.at(-1);
  if (last) {
    quote(last.close, last.time + RESOLUTION_MS['1m']);
    await settle();
    if (onClosed) await onClosed(last);
  }
}

/**
 * The first whole minute after everything the market holds for `symbol` (and after now): replayed candles are
 * stamped there, so they are fresh for the engine (a quote from the future is never stale) and come after the
 * candles an earlier scenario left.
 */
export function nextMinute(server: TestServer, symbol: string): number {
  const last = server.runtime.ctx.market.book.last(symbol)?.ts ?? 0;
  return bucketStart(Math.max(last, Date.now()), '1m') + 2 * RESOLUTION_MS['1m'];
}

/**
 * A wave on `symbol` around its last price (or `base`), ±0.25 %, period 16 candles, stamped from `start`: the trend
 * settings above buy at candle 29 or 30 and reverse to a sell about 8 candles later. Prices are on 2 decimals.
 */
export function waveFor(count: number, start: number, base: number): StrategyCandle[] {
  const amplitude = Math.round(base * 0.0025 * 100) / 100;
  return waveCandles(count, start, {
    base,
    amplitude,
    period: 16,
    range: Math.round(amplitude * 25) / 100,
  }).map((c) => ({
    ...c,
    open: Math.round(c.open * 100) / 100,
    high: Math.round(c.high * 100) / 100,
    low: Math.round(c.low * 100) / 100,
    close: Math.round(c.close * 100) / 100,
  }));
}

/** Saves settings and switches auto-trading on through the client's own calls; both must succeed. */
export async function switchOn(
  server: TestServer,
  client: AutoClient,
  settings: AutoTradingSettings,
): Promise<void> {
  const post = (url: string, payload: object) => clientCall(server, client, url, payload);
  const saved = await post('/api/autoTrading/settings', { settings });
  expect(saved.statusCode, saved.body).toBe(200);
  const on = await post('/api/accounts/autoTrading', { auto_trading: 1 });
  expect(on.statusCode, on.body).toBe(200);
  expect(on.json().data.auto_trading).toBe(1);
}

/** The client's journal, oldest first. */
export async function journalOf(server: TestServer, client: AutoClient) {
  const res = await clientCall(server, client, '/api/autoTrading/journal', { limit: 200 });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data.entries as JournalEntryDto[]).reverse();
}
