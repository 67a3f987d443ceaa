/**
 * Benchmarks print figures; they are not timed tests (DEVELOPERS.md). Run with `npm run bench`.
 * Covers what exists so far: the domain rules on the trading hot path, and the HTTP stack
 * (Fastify + envelope + brand lookup) on the embedded database. `npm run bench -- engine` runs
 * the trading engine's benchmark (engine.ts); `trade` socket round trips, `fanout` the price stream
 * to 2,000 clients, `payments` card deposits with their webhooks and withdrawals over HTTP, `market`
 * the market-data figures, `auto-trading` 10,000 auto-trading accounts evaluated at a candle close,
 * `cluster` round trips on a local cluster of 1, 2 and 3 nodes (DATABASE_URL, REDIS_URL, a build), `price-alerts`
 * 100,000 price alerts on the tick path.
 */
import { performance } from 'node:perf_hooks';
import {
  accountSummary,
  brandQuote,
  buyPrice,
  formatPrice,
  positionProfitAt,
  SPEC_QUOTE_TERMS,
  triggerFires,
  validateStopLossTakeProfit,
} from '@openbroker/domain';

interface Figure {
  name: string;
  ops: number;
  nsPerOp: number;
}

function measure(name: string, fn: (i: number) => unknown, minMs = 400): Figure {
  for (let i = 0; i < 2_000; i++) fn(i); // warm-up
  let ops = 0;
  const start = performance.now();
  let elapsed = 0;
  while (elapsed < minMs) {
    for (let i = 0; i < 1_000; i++) fn(ops + i);
    ops += 1_000;
    elapsed = performance.now() - start;
  }
  return { name, ops: Math.round((ops / elapsed) * 1_000), nsPerOp: Math.round((elapsed * 1e6) / ops) };
}

const feed = (i: number) => ({ buy: 64_000 + (i % 100), sell: 63_990 + (i % 100) });
// valuation, triggers and SL/TP checks take the brand quote; computed once here, as the engine does per quote
const brandQuotes = Array.from({ length: 100 }, (_, i) => brandQuote(feed(i), SPEC_QUOTE_TERMS));
const quote = (i: number) => brandQuotes[i % 100] as (typeof brandQuotes)[number];
const position = { direction: 'buy' as const, amount: 1_000, leverage: 2, open_rate: 63_500 };
const openPositions = Array.from({ length: 50 }, (_, i) => ({ amount: 100 + i, profit: (i % 7) - 3 }));

function domainFigures(): void {
  const figures: Figure[] = [
    measure('buyPrice (slippage)', (i) => buyPrice(64_000 + (i % 100))),
    measure('brandQuote (decimal)', (i) => brandQuote(feed(i), SPEC_QUOTE_TERMS)),
    measure('positionProfitAt (decimal)', (i) => positionProfitAt(position, quote(i))),
    measure('triggerFires', (i) =>
      triggerFires({ ...position, stop_lost: 60_000, take_profit: 70_000 }, quote(i)),
    ),
    measure('validateStopLossTakeProfit', (i) =>
      validateStopLossTakeProfit({
        direction: 'buy',
        stop_lost: 60_000,
        take_profit: 70_000,
        quote: quote(i),
      }),
    ),
    measure('accountSummary (50 open)', () => accountSummary(10_000, openPositions)),
    measure('formatPrice', (i) => formatPrice(1.08 + i / 1e6)),
  ];

  console.log('\nDomain rules (single core, Node', process.version, ')');
  console.log('name'.padEnd(34), 'ops/s'.padStart(12), 'ns/op'.padStart(10));
  for (const f of figures) {
    console.log(f.name.padEnd(34), f.ops.toLocaleString('en').padStart(12), String(f.nsPerOp).padStart(10));
  }
}

const target = process.argv[2];
if (target === undefined) {
  domainFigures();
  const { httpFigures } = await import('./http.js');
  await httpFigures();
} else if (target === 'engine') {
  const { engineFigures } = await import('./engine.js');
  if (!(await engineFigures())) process.exitCode = 1;
} else if (target === 'trade') {
  const { tradeBench } = await import('./trade.js');
  if (!(await tradeBench())) process.exitCode = 1;
} else if (target === 'fanout') {
  const { fanoutBench } = await import('./fanout.js');
  if (!(await fanoutBench())) process.exitCode = 1;
} else if (target === 'payments') {
  const { paymentsBench } = await import('./payments.js');
  if (!(await paymentsBench())) process.exitCode = 1;
} else if (target === 'clients') {
  const { clientsBench } = await import('./clients.js');
  if (!(await clientsBench())) process.exitCode = 1;
} else if (target === 'auto-trading') {
  const { autoTradingBench } = await import('./auto-trading.js');
  if (!(await autoTradingBench())) process.exitCode = 1;
} else if (target === 'lighthouse') {
  // Lighthouse mobile on the built web app: the public home page and /platform.
  const { lighthouseBench } = await import('./lighthouse.js');
  if (!(await lighthouseBench())) process.exitCode = 1;
} else if (target === 'cluster') {
  // 1, 2 and 3 local nodes on PostgreSQL and Redis (needs DATABASE_URL, REDIS_URL and `npm run build`).
  const { clusterBench } = await import('./cluster.js');
  if (!(await clusterBench())) process.exitCode = 1;
} else if (target === 'price-alerts') {
  // 100,000 price alerts on the tick path, beside the same ticks without alerts
  const { priceAlertsBench } = await import('./price-alerts.js');
  if (!(await priceAlertsBench())) process.exitCode = 1;
} else if (target === 'market') {
  // market.ts runs when imported: history generation, walk, candles and quote-book figures.
  await import('./market.js');
} else {
  console.error(
    `Unknown benchmark '${target}': run \`npm run bench\`, or \`npm run bench -- engine|trade|fanout|market\`.`,
  );
  process.exitCode = 2;
}
