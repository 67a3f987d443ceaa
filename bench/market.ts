/**
 * Market-data figures: history generation for every instrument (target: under 10 s),
 * the simulated walk, the feed on virtual time, the candle builder, the quote book and CSV
 * parsing. Prints figures; exits non-zero when history generation misses its target.
 *
 *   npx tsx bench/market.ts
 */
import { performance } from 'node:perf_hooks';
import { MemoryCandleStore } from '../apps/server/src/market/candle-store.js';
import { CandleBuilder, RESOLUTIONS } from '../apps/server/src/market/candles.js';
import { ManualClock } from '../apps/server/src/market/clock.js';
import type { Quote } from '../apps/server/src/market/feed.js';
import { generateHistory } from '../apps/server/src/market/history.js';
import { loadCatalogue } from '../apps/server/src/market/instruments.js';
import { QuoteBook } from '../apps/server/src/market/quote-book.js';
import { formatTickCsv, parseTickCsv } from '../apps/server/src/market/replay-feed.js';
import { SimulatedFeed, simulateQuotes } from '../apps/server/src/market/simulated-feed.js';

const HISTORY_TARGET_MS = 10_000;
const catalogue = loadCatalogue();
const instruments = catalogue.instruments;
// Wednesday 18 November 2026, 15:07 UTC: most markets open.
const START = Date.parse('2026-11-18T15:07:12.345Z');
const precisionOf = (symbol: string) => catalogue.get(symbol)?.precision;
const rows: Array<[string, string]> = [];
const row = (name: string, value: string) => {
  rows.push([name, value]);
  console.log(name.padEnd(52), value);
};
const fmt = (n: number) => Math.round(n).toLocaleString('en');

console.log(`\nMarket data (Node ${process.version}, ${instruments.length} instruments)`);

// 1. Twelve months of history for every instrument into the in-memory store.
const rssBefore = process.memoryUsage().rss;
const store = new MemoryCandleStore({ precisionOf });
const history = generateHistory(instruments, store, { seed: 42, end: START });
const stats = store.stats();
row('history: all instruments, 12 months, 6 resolutions', `${(history.elapsedMs / 1000).toFixed(2)} s`);
row('history: candles generated', fmt(history.candles));
row('history: candle store arrays', `${(stats.bytes / 1024 / 1024).toFixed(1)} MiB`);
row(
  'history: process memory growth (RSS)',
  `${((process.memoryUsage().rss - rssBefore) / 1024 / 1024).toFixed(1)} MiB`,
);
for (const r of RESOLUTIONS) {
  const btc = store.candlesBetween('BTCUSD', r, 0, START + 1);
  row(
    `history: BTCUSD ${r} candles (from ${new Date(btc[0]?.time ?? 0).toISOString().slice(0, 10)})`,
    fmt(btc.length),
  );
}

// 2. The walk itself: one simulated hour of every instrument.
let t = performance.now();
const hour: Quote[] = [];
for (const instrument of instruments) {
  for (const q of simulateQuotes(instrument, { seed: 1, startTime: START, until: START + 3_600_000 }))
    hour.push(q);
}
let ms = performance.now() - t;
row('walk: ticks generated (1 simulated hour, all instruments)', fmt(hour.length));
row('walk: ticks per second of CPU', fmt(hour.length / (ms / 1000)));
row('walk: ticks per second the live market needs', fmt(hour.length / 3600));

// 3. The feed on virtual time (heap scheduling, listeners).
const clock = new ManualClock(START);
const feed = new SimulatedFeed({ instruments, seed: 1, clock });
let emitted = 0;
feed.onQuote(() => {
  emitted += 1;
});
t = performance.now();
await feed.start();
clock.advance(600_000);
await feed.stop();
ms = performance.now() - t;
row('feed: quotes in 10 simulated minutes', fmt(emitted));
row('feed: quotes per second of CPU', fmt(emitted / (ms / 1000)));

// 4. Candle builder into the store holding the history (6 resolutions per tick).
const builder = new CandleBuilder(store, instruments);
// The hour was generated instrument by instrument; feed it in time order, as a live feed would.
const ordered = [...hour].sort((a, b) => a.ts - b.ts);
t = performance.now();
for (const q of ordered) builder.onQuote(q);
ms = performance.now() - t;
row('candles: ticks per second (all 6 resolutions)', fmt(ordered.length / (ms / 1000)));

// 5. Quote book lookups (staleness + market hours per call).
const book = new QuoteBook(instruments);
for (const q of ordered) book.update(q);
const symbols = instruments.map((i) => i.symbol);
const now = START + 3_600_000;
t = performance.now();
let hits = 0;
const lookups = 1_000_000;
for (let i = 0; i < lookups; i++) if (book.get(symbols[i % symbols.length] as string, now)) hits += 1;
ms = performance.now() - t;
row('quote book: get() per second', fmt(lookups / (ms / 1000)));
row('quote book: hit ratio at the end of the hour', `${((hits / lookups) * 100).toFixed(1)} %`);
row('quote book: instruments available then', `${book.snapshot(now).size} of ${symbols.length}`);

// 6. Tick CSV for replays.
const csv = formatTickCsv(ordered);
t = performance.now();
const parsed = parseTickCsv(csv);
ms = performance.now() - t;
row('replay: CSV lines parsed per second', fmt(parsed.quotes.length / (ms / 1000)));

const ok = history.elapsedMs < HISTORY_TARGET_MS;
console.log(
  `\nhistory generation ${ok ? 'meets' : 'MISSES'} its target: ${(history.elapsedMs / 1000).toFixed(2)} s < ${HISTORY_TARGET_MS / 1000} s`,
);
if (!ok) process.exitCode = 1;
