/**
 * `npm run bench -- clients`: the back office's client list with 100,000 clients of one
 * brand on the embedded PGlite (and, when DATABASE_URL is set, on a fresh PostgreSQL database that
 * is dropped afterwards). The clients are inserted in one `generate_series` statement; a tenth have
 * a passport waiting for review and a tenth are verified. Each case runs the list query the route
 * runs (a page of 50 and the total count) through the service, and prints p50/p95.
 */
import { performance } from 'node:perf_hooks';
import { type ClientListQuery, ClientListQuery as ListQuery, validateInput } from '@openbroker/domain';
import { sql } from 'drizzle-orm';
import { createScratchDatabase } from '../apps/server/src/db/scratch-database.js';
import type { StaffAuth } from '../apps/server/src/modules/staff/policy.js';
import { startBenchServer } from './server.js';
import { ascending, percentile } from './stats.js';

const CLIENTS = Number(process.env.CLIENTS_N ?? 100_000);
const RUNS = Number(process.env.CLIENTS_RUNS ?? 30);

const CASES: [string, Record<string, string>][] = [
  ['newest first, page 1', {}],
  ['newest first, page 1000', { page: '1000' }],
  ['search by name', { q: 'lovelace 4242' }],
  ['search by e-mail part', { q: 'bench.4242' }],
  ['search by PIN', { q: 'B000042420' }],
  ['verified, sort by balance', { verified: 'true', sort: 'balance' }],
  ['documents waiting', { documentsWaiting: 'true' }],
  [
    'registered between, sort by name',
    { registeredFrom: '2025-01-01', registeredTo: '2025-06-30', sort: 'name', order: 'asc' },
  ],
  ['has deposited', { hasDeposited: 'true' }],
];

const ms = (value: number) => `${value.toFixed(1)} ms`;

async function runOn(kind: 'pglite' | 'postgres', databaseUrl?: string): Promise<void> {
  const server = await startBenchServer(databaseUrl);
  const { ctx } = server;
  const db = ctx.database.db;
  const result = await db.execute(sql`select id from brands where slug = 'demo'`);
  const [brand] = (result as unknown as { rows: { id: number }[] }).rows;
  if (!brand) throw new Error('no demo brand');
  const seedStart = performance.now();
  await db.execute(sql`
    insert into users (brand_id, email, password_hash, first_name, last_name, phone, pin, uniqid, country_id,
                       verified_account, balance, doc_passport, created_at)
    select ${brand.id}, 'bench.' || i || '@example.com', 'x', 'Ada' || (i % 977), 'Lovelace ' || i,
           '+4915' || lpad(i::text, 9, '0'), 'B' || lpad(i::text, 9, '0'), 'bench' || i,
           (select min(id) from countries), i % 10 = 0, (i % 5000)::numeric,
           case when i % 10 = 3 then '{"status":"1","note":"","updated":null}'::jsonb
                else '{"status":"0","note":"","updated":null}'::jsonb end,
           timestamptz '2025-01-01' + (i || ' minutes')::interval
    from generate_series(1, ${CLIENTS}) as i`);
  await db.execute(sql`analyze users`);
  const seedMs = performance.now() - seedStart;

  const service = ctx.clientsAdmin;
  const auth = { scope: { all: false, brandIds: [brand.id] } } as unknown as StaffAuth;
  console.log(
    `\nClient list, ${CLIENTS.toLocaleString('en')} clients of one brand on ${kind} (seeded in ${ms(seedMs)}), ${RUNS} runs each`,
  );
  console.log('case'.padEnd(36), 'p50'.padStart(10), 'p95'.padStart(10), 'matches'.padStart(10));
  for (const [name, raw] of CASES) {
    const parsed = validateInput(ListQuery, raw);
    if (!parsed.ok) throw new Error(`bad case ${name}`);
    const query: ClientListQuery = parsed.value;
    let total = 0;
    for (let i = 0; i < 3; i++) total = (await service.list(auth, query)).total; // warm-up
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const start = performance.now();
      await service.list(auth, query);
      times.push(performance.now() - start);
    }
    const sorted = ascending(times);
    console.log(
      name.padEnd(36),
      ms(percentile(sorted, 0.5)).padStart(10),
      ms(percentile(sorted, 0.95)).padStart(10),
      total.toLocaleString('en').padStart(10),
    );
  }
  await server.close();
}

export async function clientsBench(): Promise<boolean> {
  await runOn('pglite');
  if (process.env.DATABASE_URL) {
    const scratch = await createScratchDatabase(process.env.DATABASE_URL, 'ob_bench_clients');
    try {
      await runOn('postgres', scratch.url);
    } finally {
      await scratch.drop();
    }
  }
  return true;
}
