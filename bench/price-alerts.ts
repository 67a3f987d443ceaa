/**
 * `npm run bench -- price-alerts`: the cost of price alerts on the tick path. 100,000 active alerts (above, below and
 * move-either-way levels, bid and ask, over 16 brands and every instrument of the catalogue) in the service's
 * per-symbol index; 1,000,000 ticks of a seeded random walk go through `PriceAlertsService.onQuote` (the brand's
 * quote once per brand with alerts on the symbol, then the heap tops), and the same ticks through a service without
 * alerts. Prints the per-tick cost of both, and of a naive scan of every alert of the symbol for comparison.
 * Fired alerts are handed to a repository stand-in that stores nothing: the storing is off the tick path.
 */
import { performance } from 'node:perf_hooks';
import { DEFAULT_TRADING_PROFILE, firesAt } from '@openbroker/domain';
import type { Quote } from '../apps/server/src/market/feed.js';
import { loadCatalogue } from '../apps/server/src/market/instruments.js';
import type {
  PriceAlertRow,
  PriceAlertsRepo,
} from '../apps/server/src/modules/price-alerts/price-alerts.repo.js';
import {
  type AlertMarket,
  PriceAlertsService,
} from '../apps/server/src/modules/price-alerts/price-alerts.service.js';
import type { PushRepo } from '../apps/server/src/modules/price-alerts/push.repo.js';
import { ascending, percentile } from './stats.js';

const SEED = 20_261_201;
const ALERTS = 100_000;
const BRANDS = 16;
const TICKS = 1_000_000;
const NAIVE_TICKS = 20_000;

/** A small seeded generator (mulberry32): the same run every time. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const catalogue = loadCatalogue();
const instruments = catalogue.instruments;
const rand = random(SEED);
const start = new Map(instruments.map((i) => [i.symbol, 10 ** (1 + Math.floor(rand() * 4)) * (1 + rand())]));

function service(): PriceAlertsService {
  const market: AlertMarket = { catalogue, book: { get: () => undefined }, onQuote: () => () => {} };
  // a fired alert is looked up and found settled: nothing is stored, only the hand-over is measured
  const repo = { byId: async () => undefined } as unknown as PriceAlertsRepo;
  return new PriceAlertsService(repo, {} as PushRepo, {
    market,
    brands: {
      findById: async () => undefined,
      tradingProfiles: async () => new Map(),
      onChangedOnAnyNode: () => () => {},
    },
    mail: { send: async () => ({}) as never, wake: () => {} },
    profileOf: () => DEFAULT_TRADING_PROFILE,
    publicUrl: 'http://localhost',
  });
}

/** 100,000 alerts: levels 0.2–20 % away from the start price, a tenth of them moves either way. */
function alertRows(): PriceAlertRow[] {
  const rows: PriceAlertRow[] = [];
  for (let id = 1; id <= ALERTS; id++) {
    const instrument = instruments[Math.floor(rand() * instruments.length)];
    if (!instrument) continue;
    const price = start.get(instrument.symbol) as number;
    const away = 0.002 + rand() * 0.2;
    const r = rand();
    const kind = r < 0.45 ? 'above' : r < 0.9 ? 'below' : 'move';
    const above = kind === 'below' ? null : price * (1 + away);
    const below = kind === 'above' ? null : price * (1 - away);
    rows.push({
      id,
      userId: 1 + (id % 10_000),
      accountId: 1 + (id % 10_000),
      brandId: 1 + (id % BRANDS),
      symbol: instrument.symbol,
      kind,
      side: rand() < 0.5 ? 'bid' : 'ask',
      value: kind === 'move' ? away * 100 : ((above ?? below) as number),
      basePrice: price,
      above,
      below,
      note: null,
      status: 'active',
      createdAt: new Date(),
      updatedAt: new Date(),
      expiresAt: null,
      triggeredAt: null,
      triggeredPrice: null,
    });
  }
  return rows;
}

/** The ticks: a random walk per symbol, one symbol per tick. */
function ticks(): Quote[] {
  const price = new Map(start);
  const out: Quote[] = [];
  const ts = Date.parse('2026-12-01T00:00:00Z');
  for (let i = 0; i < TICKS; i++) {
    const instrument = instruments[Math.floor(rand() * instruments.length)];
    if (!instrument) continue;
    const p = (price.get(instrument.symbol) as number) * (1 + (rand() - 0.5) * 0.002);
    price.set(instrument.symbol, p);
    out.push({ symbol: instrument.symbol, bid: p, ask: p * 1.0002, ts: ts + i });
  }
  return out;
}

function run(name: string, s: PriceAlertsService, quotes: Quote[]) {
  for (let i = 0; i < 20_000; i++) s.onQuote(quotes[i % 1_000] as Quote); // warm-up (alerts may fire)
  const samples = new Float64Array(quotes.length);
  const before = s.index.size;
  const t0 = performance.now();
  for (let i = 0; i < quotes.length; i++) {
    const a = performance.now();
    s.onQuote(quotes[i] as Quote);
    samples[i] = performance.now() - a;
  }
  const total = performance.now() - t0;
  const sorted = ascending(Array.from(samples));
  const us = (ms: number) => `${(ms * 1000).toFixed(2)} µs`;
  console.log(
    `${name.padEnd(28)} ${Math.round(quotes.length / (total / 1000))
      .toLocaleString('en')
      .padStart(10)} ticks/s` +
      `  p50 ${us(percentile(sorted, 0.5))}  p99 ${us(percentile(sorted, 0.99))}  p99.9 ${us(percentile(sorted, 0.999))}` +
      `  fired ${(before - s.index.size).toLocaleString('en')}`,
  );
  return total / quotes.length;
}

/** The naive reference: every alert of the symbol compared on every tick (no index). */
function naive(rows: PriceAlertRow[], quotes: Quote[]): number {
  const bySymbol = new Map<string, PriceAlertRow[]>();
  for (const row of rows) {
    const list = bySymbol.get(row.symbol) ?? [];
    list.push(row);
    bySymbol.set(row.symbol, list);
  }
  let fired = 0;
  const t0 = performance.now();
  for (const q of quotes.slice(0, NAIVE_TICKS)) {
    for (const row of bySymbol.get(q.symbol) ?? []) {
      if (row.status === 'active' && firesAt(row, row.side === 'bid' ? q.bid : q.ask)) fired++;
    }
  }
  const perTick = (performance.now() - t0) / NAIVE_TICKS;
  console.log(
    `${'naive scan of the symbol'.padEnd(28)} per tick ${(perTick * 1000).toFixed(2)} µs (over ${NAIVE_TICKS.toLocaleString('en')} ticks, ${fired} matches)`,
  );
  return perTick;
}

export async function priceAlertsBench(): Promise<boolean> {
  console.log(
    `\nPrice alerts on the tick path (Node ${process.version}): ${ALERTS.toLocaleString('en')} alerts, ${BRANDS} brands, ${instruments.length} instruments, ${TICKS.toLocaleString('en')} ticks`,
  );
  const rows = alertRows();
  const quotes = ticks();
  const empty = service();
  const withAlerts = service();
  const t0 = performance.now();
  for (const row of rows) withAlerts.arm(row);
  console.log(
    `${'index built'.padEnd(28)} ${(performance.now() - t0).toFixed(0)} ms for ${withAlerts.index.size.toLocaleString('en')} alerts`,
  );
  const base = run('without alerts', empty, quotes);
  const alerts = run('with 100,000 alerts', withAlerts, quotes);
  await withAlerts.idle();
  const scan = naive(rows, quotes);
  console.log(
    `${'cost of alerts per tick'.padEnd(28)} ${((alerts - base) * 1000).toFixed(2)} µs (mean); the naive scan ${(scan / Math.max(alerts, 1e-9)).toFixed(0)}× the indexed tick`,
  );
  return true;
}
