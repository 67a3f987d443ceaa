/**
 * `npm run bench -- cluster`: open-then-close round trips over the `/trading` socket against a local
 * cluster of 1, 2 and 3 nodes (scripts/cluster.mjs, the BUILT server: run `npm run build` first), all sharing one
 * PostgreSQL (DATABASE_URL) and one Redis (REDIS_URL), both required.
 *
 * Each run gets a fresh database on the DATABASE_URL server (dropped afterwards) and a fresh REDIS_PREFIX. Before the
 * nodes start the bench migrates and seeds it (the demo data) and adds CLUSTER_BENCH_CLIENTS verified clients with
 * an opening deposit, so their accounts spread over the shards (account id modulo CLUSTER_SHARDS). Client i logs in
 * and connects its `/trading` socket to node i mod N directly (the load balancer's round robin, without a proxy in
 * the bench's own process; CLUSTER_BENCH_VIA=lb goes through the load balancer instead), and its prices come from
 * that node's `/prices` socket. For CLUSTER_BENCH_SECONDS every client runs round trips one after the other, as the
 * trade bench does (bench/trade.ts: `openClose`); every acknowledgement must be a success. Afterwards
 * Σ ledger_entries = trading_accounts.balance is checked for every account.
 *
 * A client's node is rarely its account's owner: with N nodes about (N-1)/N of the commands travel over Redis to the
 * owner and back. On one machine with 2 cores the nodes, PostgreSQL, Redis and the bench share the same cores, so
 * more nodes show the cost of that hop, not a speed-up.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseMoney } from '@openbroker/domain';
import { sql } from 'drizzle-orm';
import { io, type Socket } from 'socket.io-client';
import { openDatabase } from '../apps/server/src/db/client.js';
import { createScratchDatabase } from '../apps/server/src/db/scratch-database.js';
import { Ledger } from '../apps/server/src/modules/ledger/ledger.js';
import { TradingRepo } from '../apps/server/src/modules/trading/trading.repo.js';
import { seedDatabase } from '../apps/server/src/seed/seed.js';
import { type Cluster, startCluster } from '../scripts/cluster.mjs';
import { ascending, percentile } from './stats.js';
import { connectTrading, openClose, SYMBOL } from './trade.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const MIGRATIONS_DIR = path.join(root, 'apps/server/src/db/migrations');
const BUILT_MAIN = path.join(root, 'apps/server/dist/main.js');

const NODE_COUNTS = (process.env.CLUSTER_BENCH_NODES ?? '1,2,3').split(',').map(Number);
const CLIENTS = Number(process.env.CLUSTER_BENCH_CLIENTS ?? 6);
const SECONDS = Number(process.env.CLUSTER_BENCH_SECONDS ?? 10);
const SHARDS = Number(process.env.CLUSTER_BENCH_SHARDS ?? 8);
const VIA_LB = process.env.CLUSTER_BENCH_VIA === 'lb';
const LB_PORT = Number(process.env.CLUSTER_BENCH_PORT ?? 3150);
const WARM_UP = 20;
const PASSWORD = 'Demo1234!'; // the bench clients copy the verified demo client, password included

interface RunFigures {
  nodes: number;
  roundTrips: number[];
  elapsedMs: number;
  ledgerOk: boolean;
  ledger: string;
}

/** The newest modification time of the files under `dir` (ms), to tell a stale build. */
function newestUnder(dir: string): number {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    newest = Math.max(newest, fs.statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

/**
 * Migrates and seeds the scratch database as the first node would, then adds the bench clients: copies of the
 * verified demo client (same password), each with the demo opening deposit booked by the ledger.
 */
async function prepareDatabase(url: string): Promise<void> {
  const database = await openDatabase({ databaseUrl: url, dataDir: 'memory://' });
  try {
    await database.migrate(MIGRATIONS_DIR);
    await seedDatabase(database.db, { demo: true, brandSlug: 'demo' });
    const result = await database.db.execute(sql`
      insert into users (brand_id, email, password_hash, first_name, last_name, phone, birth_date, country_id, state,
                         city, street, zip_code, pin, uniqid, level, verified_account, assets_group_permission)
      select brand_id, 'cluster.bench.' || i || '@example.com', password_hash, first_name, 'Bench ' || i,
             '+4917' || lpad(i::text, 9, '0'), birth_date, country_id, state, city, street, zip_code,
             'K' || lpad(i::text, 9, '0'), 'clusterbench' || i, level, true, assets_group_permission
      from users, generate_series(1, ${CLIENTS}) as i
      where email = 'demo@example.com'
      returning id`);
    const ids = (result as unknown as { rows: { id: number }[] }).rows.map((row) => row.id);
    if (ids.length !== CLIENTS) throw new Error(`added ${ids.length} bench clients, not ${CLIENTS}`);
    const ledger = new Ledger();
    for (const id of ids) {
      await database.db.transaction((tx) =>
        ledger.book(tx as unknown as typeof database.db, {
          accountId: id,
          kind: 'deposit',
          amount: parseMoney('10000.00'),
          cause: { seed: 'opening-balance' },
        }),
      );
    }
  } finally {
    await database.close();
  }
}

async function ledgerCheck(url: string): Promise<{ ok: boolean; text: string }> {
  const database = await openDatabase({ databaseUrl: url, dataDir: 'memory://' });
  try {
    const differences = await new TradingRepo(database.db).ledgerDifferences();
    return differences.length === 0
      ? { ok: true, text: 'Σ ledger_entries = trading_accounts.balance for every account' }
      : {
          ok: false,
          text: `MISMATCH for ${differences.length} account(s): ${differences
            .slice(0, 3)
            .map((d) => `${d.number} balance ${d.balance} ≠ ledger ${d.ledger}`)
            .join('; ')}`,
        };
  } finally {
    await database.close();
  }
}

async function login(base: string, email: string): Promise<string> {
  const response = await fetch(`${base}/api/accounts/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`login of ${email} failed with ${response.status}: ${text}`);
  return (JSON.parse(text) as { data: { access_token: string } }).data.access_token;
}

/** The latest SYMBOL quote a `/prices` socket on `base` reports (buy = ask, sell = bid before slippage). */
async function followPrices(
  base: string,
): Promise<{ socket: Socket; last: () => { bid: number; ask: number } | undefined }> {
  let quote: { bid: number; ask: number } | undefined;
  const socket = io(`${base}/prices`, { transports: ['websocket'], reconnection: false });
  const first = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${SYMBOL} price from ${base} within 15 s`)), 15_000);
    socket.on('prices', (map: Record<string, { buy: number | null; sell: number | null }>) => {
      const entry = map[SYMBOL];
      if (entry?.buy == null || entry.sell == null) return;
      quote = { ask: entry.buy, bid: entry.sell };
      clearTimeout(timer);
      resolve();
    });
    socket.once('connect_error', reject);
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  socket.emit('subscribe', { symbols: [SYMBOL] });
  await first;
  return { socket, last: () => quote };
}

async function runWith(nodes: number, databaseUrl: string, redisUrl: string): Promise<RunFigures> {
  const scratch = await createScratchDatabase(databaseUrl, 'ob_cluster_bench');
  const sockets: Socket[] = [];
  let cluster: Cluster | undefined;
  const output: string[] = [];
  let stopping = false;
  try {
    await prepareDatabase(scratch.url);
    cluster = await startCluster({
      nodes,
      lbPort: LB_PORT,
      basePort: LB_PORT + 1,
      shards: SHARDS,
      env: {
        DATABASE_URL: scratch.url,
        REDIS_URL: redisUrl,
        REDIS_PREFIX: `obbench-${randomBytes(4).toString('hex')}:`,
        DEMO: 'true',
        LOG_LEVEL: 'warn',
        LOG_FORMAT: 'json',
        MARKET_HISTORY: 'false',
        AUTH_RATE_LIMIT_PER_MINUTE: '1000000',
        // A client prices from its own node's stream while the owner's book may be a tick ahead: never a requote.
        REQUOTE_TOLERANCE: '0.05',
      },
      log: (line) => {
        output.push(line);
        if (output.length > 200) output.shift();
        // errors, and a node that exits before the bench stops the cluster
        if (/"level":(50|60)/.test(line) || (!stopping && / exited \(/.test(line))) console.error(line);
      },
    });
    const running = cluster;
    const entry = (i: number) => (VIA_LB ? running.url : (running.nodes[i % nodes]?.url ?? running.url));

    const feeds = await Promise.all(
      (VIA_LB ? [running.url] : running.nodes.map((node) => node.url)).map((url) => followPrices(url)),
    );
    for (const feed of feeds) sockets.push(feed.socket);
    const clients = await Promise.all(
      Array.from({ length: CLIENTS }, async (_, i) => {
        const base = entry(i);
        const token = await login(base, `cluster.bench.${i + 1}@example.com`);
        const socket = await connectTrading(base, token, true);
        sockets.push(socket);
        const feed = feeds[VIA_LB ? 0 : i % nodes];
        if (!feed) throw new Error('no price feed');
        return { socket, last: feed.last };
      }),
    );

    // Warm-up: a quote may not have reached the brand's dealing prices yet on a fresh node; retry a little.
    await Promise.all(
      clients.map(async (client) => {
        for (let i = 0, failures = 0; i < WARM_UP; i++) {
          try {
            await openClose(client.socket, client.last);
          } catch (error) {
            if (++failures > 20) throw error;
            await new Promise((resolve) => setTimeout(resolve, 200));
          }
        }
      }),
    );

    const roundTrips: number[] = [];
    const start = performance.now();
    const end = start + SECONDS * 1_000;
    await Promise.all(
      clients.map(async (client) => {
        while (performance.now() < end) {
          const { open, close } = await openClose(client.socket, client.last);
          roundTrips.push(open + close);
        }
      }),
    );
    const elapsedMs = performance.now() - start;

    stopping = true;
    for (const socket of sockets) socket.disconnect();
    await cluster.stop();
    cluster = undefined;
    const ledger = await ledgerCheck(scratch.url);
    return { nodes, roundTrips, elapsedMs, ledgerOk: ledger.ok, ledger: ledger.text };
  } catch (error) {
    if (output.length) console.error(`The nodes' last output:\n${output.slice(-40).join('\n')}`);
    throw error;
  } finally {
    for (const socket of sockets) socket.disconnect();
    await cluster?.stop();
    await scratch.drop();
  }
}

function printFigures(runs: RunFigures[]): void {
  const ms = (v: number) => v.toFixed(2).padStart(8);
  console.log(
    `\nCluster: open+close round trips over /trading, ${CLIENTS} clients at once (each one after the other), ` +
      `${SECONDS} s per run, CLUSTER_SHARDS=${SHARDS}, clients ${VIA_LB ? 'through the load balancer' : 'spread over the nodes directly'} ` +
      `(Node ${process.version}, ${os.cpus().length} cores, load ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')})`,
  );
  console.log(
    'nodes'.padEnd(6),
    'round trips/s'.padStart(14),
    'p50 ms'.padStart(8),
    'p99 ms'.padStart(8),
    'max ms'.padStart(8),
    'n'.padStart(7),
    '  ledger',
  );
  for (const run of runs) {
    const sorted = ascending(run.roundTrips);
    console.log(
      String(run.nodes).padEnd(6),
      Math.round((run.roundTrips.length / run.elapsedMs) * 1_000)
        .toLocaleString('en')
        .padStart(14),
      ms(percentile(sorted, 0.5)),
      ms(percentile(sorted, 0.99)),
      ms(sorted.at(-1) ?? Number.NaN),
      String(run.roundTrips.length).padStart(7),
      `  ${run.ledgerOk ? 'ok' : 'FAILED'}`,
    );
  }
  for (const run of runs.filter((r) => !r.ledgerOk)) console.log(`${run.nodes} node(s): ${run.ledger}`);
  console.log(
    'round trip = openPosition ack then closePosition ack; round trips/s = all clients together; ledger = ' +
      'Σ ledger_entries = trading_accounts.balance for every account after the run.\n' +
      `With N nodes a client's node owns its account's shard only about 1/N of the time; the other commands go over ` +
      'Redis to the owner node and back (one extra hop each way).\n' +
      `Note: on one machine with 2 cores (this one has ${os.cpus().length}) the nodes, PostgreSQL, Redis and this bench ` +
      'share the same cores, so extra nodes add that Redis hop rather than speed: the figures show the cost of the ' +
      'hop, not a speed-up. Clustering is for availability and for spreading accounts over machines.',
  );
}

/** Runs the cluster bench for 1, 2 and 3 nodes; false when a ledger check failed. */
export async function clusterBench(): Promise<boolean> {
  const databaseUrl = process.env.DATABASE_URL;
  const redisUrl = process.env.REDIS_URL;
  for (const [name, value] of [
    ['DATABASE_URL', databaseUrl],
    ['REDIS_URL', redisUrl],
  ] as const) {
    if (!value) {
      console.error(
        `The cluster bench needs ${name}: its nodes share one PostgreSQL (DATABASE_URL) and one Redis (REDIS_URL). ` +
          'Example: DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres REDIS_URL=redis://127.0.0.1:6379 npm run bench -- cluster',
      );
      return false;
    }
  }
  if (!databaseUrl || !redisUrl) return false;
  if (!fs.existsSync(BUILT_MAIN)) {
    console.error(
      'The cluster bench starts the built server (apps/server/dist/main.js): run npm run build first.',
    );
    return false;
  }
  const built = fs.statSync(BUILT_MAIN).mtimeMs;
  const sources = Math.max(
    newestUnder(path.join(root, 'apps/server/src')),
    newestUnder(path.join(root, 'packages/domain/src')),
  );
  if (sources > built) {
    console.warn(
      'Warning: apps/server/dist is older than the sources: run npm run build for current figures.',
    );
  }
  if (NODE_COUNTS.some((n) => !Number.isInteger(n) || n < 1)) {
    console.error(
      `CLUSTER_BENCH_NODES must list whole numbers, e.g. 1,2,3 (got "${process.env.CLUSTER_BENCH_NODES}")`,
    );
    return false;
  }
  const runs: RunFigures[] = [];
  for (const nodes of NODE_COUNTS) {
    console.log(`cluster bench: ${nodes} node(s)…`);
    try {
      runs.push(await runWith(nodes, databaseUrl, redisUrl));
    } catch (error) {
      if (runs.length) printFigures(runs); // what was measured before the failure
      throw error;
    }
  }
  printFigures(runs);
  return runs.every((run) => run.ledgerOk);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  clusterBench().then(
    (ok) => {
      if (!ok) process.exitCode = 1;
    },
    (error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    },
  );
}
