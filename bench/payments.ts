/**
 * `npm run bench -- payments`: the money path over real HTTP on loopback, against the
 * server as `npm start` builds it, on the embedded PGlite and (when DATABASE_URL is set) on a fresh
 * PostgreSQL database that is dropped afterwards.
 *
 * - deposit: `POST /api/transactions/create` (card, with an Idempotency-Key) → the provider's signed
 *   webhook → credited on the ledger; the two calls are timed apart and together.
 * - concurrent: CLIENTS clients each send their deposit and webhook at once (the engine's per-account
 *   queues and the database transaction per credit), as throughput.
 * - withdraw: `POST /api/transactions/create` for a withdrawal (free margin re-checked in the
 *   reserving transaction).
 *
 * Every answer must be a success, otherwise the bench stops with an error (a fast refusal is never
 * reported as a figure). Afterwards Σ ledger = balance is verified for every user.
 */

import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { createScratchDatabase } from '../apps/server/src/db/scratch-database.js';
import { secretOf } from '../apps/server/src/modules/payments/providers.js';
import { signWebhook } from '../apps/server/src/modules/payments/signing.js';
import { TradingRepo } from '../apps/server/src/modules/trading/trading.repo.js';
import { paymentKit } from '../apps/server/src/test/payments-kit.js';
import { startBenchServer } from './server.js';
import { ascending, percentile } from './stats.js';

const DEPOSITS = Number(process.env.PAYMENTS_N ?? 300);
const WARM_UP = 30;
const CLIENTS = Number(process.env.PAYMENTS_CLIENTS ?? 50);
const AMOUNT = '250.00';

interface RunFigures {
  db: string;
  create: number[];
  webhook: number[];
  deposit: number[];
  withdraw: number[];
  concurrent: { clients: number; ms: number };
  ledgerOk: boolean;
  ledger: string;
}

const ms = (value: number) => `${value.toFixed(2)} ms`;
const summary = (values: number[]) => {
  const sorted = ascending(values);
  return `p50 ${ms(percentile(sorted, 0.5))}, p99 ${ms(percentile(sorted, 0.99))}, max ${ms(sorted.at(-1) ?? Number.NaN)}`;
};

async function runOn(kind: 'pglite' | 'postgres', databaseUrl?: string): Promise<RunFigures> {
  const server = await startBenchServer(databaseUrl);
  const { app, ctx, url } = server;
  const kit = paymentKit(app, ctx.database.db, ctx.config.paymentSandboxSecret);
  const secret = secretOf({ masterSecret: ctx.config.paymentSandboxSecret }, 'demo', 'card-1');

  const call = async (path: string, body: string | object, headers: Record<string, string> = {}) => {
    const response = await fetch(`${url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
    const text = await response.text();
    if (response.status !== 200) throw new Error(`${path} answered ${response.status}: ${text}`);
    return JSON.parse(text) as { data: Record<string, unknown> & { transaction_id?: string } };
  };

  /** One card deposit: create, then the provider's signed success webhook. */
  const deposit = async (token: string, times?: { create: number[]; webhook: number[] }) => {
    const t0 = performance.now();
    const created = await call(
      '/api/transactions/create',
      { token, amount: 250, method: 1 },
      { 'idempotency-key': randomUUID() },
    );
    const t1 = performance.now();
    const reference = created.data.transaction_id;
    if (typeof reference !== 'string') throw new Error('create answered no transaction id');
    const body = JSON.stringify({
      event_id: `evt_${randomUUID()}`,
      type: 'payment.succeeded',
      order_id: reference,
      payment_id: `pay_${randomUUID()}`,
      amount: AMOUNT,
      currency: 'EUR',
      created: Math.floor(Date.now() / 1000),
    });
    const hooked = await call('/api/transaction/update/card-1', body, signWebhook(secret, body, Date.now()));
    const t2 = performance.now();
    if (hooked.data.outcome !== 'applied') throw new Error(`webhook outcome ${String(hooked.data.outcome)}`);
    times?.create.push(t1 - t0);
    times?.webhook.push(t2 - t1);
    return t2 - t0;
  };

  try {
    const first = await kit.client();
    for (let i = 0; i < WARM_UP; i++) await deposit(first.token);
    const times = { create: [] as number[], webhook: [] as number[] };
    const deposits: number[] = [];
    for (let i = 0; i < DEPOSITS; i++) deposits.push(await deposit(first.token, times));

    const withdraws: number[] = [];
    for (let i = 0; i < 100; i++) {
      const t0 = performance.now();
      await call(
        '/api/transactions/create',
        { token: first.token, amount: -1, method: 6, comments: 'bench withdrawal' },
        { 'idempotency-key': randomUUID() },
      );
      withdraws.push(performance.now() - t0);
    }

    const clients = [];
    for (let i = 0; i < CLIENTS; i++) clients.push(await kit.client());
    const t0 = performance.now();
    await Promise.all(clients.map((client) => deposit(client.token)));
    const concurrentMs = performance.now() - t0;

    await ctx.trading.stop(); // waits for the engine's pending batches before the ledger is read
    const differences = await new TradingRepo(ctx.database.db).ledgerDifferences();
    const expected = ((WARM_UP + DEPOSITS) * 250 - 100).toFixed(2);
    const firstBalance = await kit.balanceOf(first.id);
    return {
      db: kind,
      create: times.create,
      webhook: times.webhook,
      deposit: deposits,
      withdraw: withdraws,
      concurrent: { clients: CLIENTS, ms: concurrentMs },
      ledgerOk: differences.length === 0 && firstBalance === expected,
      ledger:
        differences.length === 0 && firstBalance === expected
          ? `Σ ledger = balance for every user; the bench client holds € ${firstBalance}`
          : `MISMATCH: ${differences.length} users differ; bench client ${firstBalance} (expected ${expected})`,
    };
  } finally {
    await server.close();
  }
}

function print(run: RunFigures) {
  console.log(`\n${run.db}: ${DEPOSITS} sequential card deposits (create + signed webhook) over HTTP`);
  console.log(`  create   ${summary(run.create)}`);
  console.log(`  webhook  ${summary(run.webhook)}`);
  console.log(`  deposit  ${summary(run.deposit)}`);
  console.log(`  withdraw ${summary(run.withdraw)} (100 requests, free margin re-checked)`);
  const perSecond = (run.concurrent.clients * 1000) / run.concurrent.ms;
  console.log(
    `  ${run.concurrent.clients} clients at once: ${ms(run.concurrent.ms)} in all, ${perSecond.toFixed(0)} deposits/s`,
  );
  console.log(`  ${run.ledger}`);
}

export async function paymentsBench(): Promise<boolean> {
  console.log(
    `payments bench on ${os.cpus().length} cores, Node ${process.version}, load ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  const runs: RunFigures[] = [await runOn('pglite')];
  print(runs[0] as RunFigures);
  const base = process.env.DATABASE_URL;
  if (base) {
    const scratch = await createScratchDatabase(base, 'ob_bench');
    try {
      const run = await runOn('postgres', scratch.url);
      runs.push(run);
      print(run);
    } finally {
      await scratch.drop();
    }
  }
  return runs.every((run) => run.ledgerOk);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.exitCode = (await paymentsBench()) ? 0 : 1;
}
