/**
 * `npm run bench -- trade` (or `npx tsx bench/trade.ts`): open-then-close round trips over the
 * `/trading` socket against a real listening server (Fastify + Socket.IO on loopback), sequential,
 * on the embedded PGlite and — when DATABASE_URL is set — on a fresh PostgreSQL database that is
 * dropped afterwards. One round trip = `openPosition` acknowledged, then `closePosition`
 * acknowledged; every acknowledgement must be `status: true`, otherwise the bench stops with an
 * error (a fast rejection is never reported as a figure). Afterwards the ledger is verified:
 * Σ ledger_entries = trading_accounts.balance for every account.
 *
 * The timed client opts in to deltas (`auth.deltas`, as the web app does), so a command pushes only the
 * changed position and the balance; a shorter run with a spec §7 client (the whole lists on every change) is printed
 * beside it, with the bytes each command pushes to the account's socket in both modes.
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import type { CommandAck, PositionDto } from '@openbroker/domain';
import { eq } from 'drizzle-orm';
import { io, type Socket } from 'socket.io-client';
import { users } from '../apps/server/src/db/schema.js';
import { createScratchDatabase } from '../apps/server/src/db/scratch-database.js';
import { TradingRepo } from '../apps/server/src/modules/trading/trading.repo.js';
import { startBenchServer } from './server.js';
import { ascending, percentile } from './stats.js';

const ROUND_TRIPS = Number(process.env.TRADE_N ?? 500);
/** Round trips of the spec §7 client (full lists pushed on every change), for comparison. */
const SPEC_ROUND_TRIPS = Number(process.env.TRADE_SPEC_N ?? 200);
const WARM_UP = 50;
const TARGET_P99_MS = { pglite: 10, postgres: 8 } as const;
export const SYMBOL = 'BTCUSD'; // crypto trades 24/7, so the bench runs on any day; leverage list '1,2'
const SLIPPAGE = 0.00025; // spec §5: the terminal buys at ask × 1.00025 and sells at bid × 0.99975

/** A `/trading` socket of the session `token` on `url`, resolved once its first `orders` push has arrived. */
export async function connectTrading(url: string, token: string, deltas: boolean): Promise<Socket> {
  const c = io(`${url}/trading`, {
    auth: deltas ? { token, deltas: 1 } : { token },
    transports: ['websocket'],
    reconnection: false,
  });
  const firstOrders = new Promise<void>((resolve) => c.once('orders', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    c.once('connect', () => resolve());
    c.once('connect_error', reject);
  });
  await firstOrders;
  c.on('disconnect', (reason) => {
    if (reason !== 'io client disconnect') console.error(`trading socket disconnected: ${reason}`);
  });
  return c;
}

/** Emits a position command; resolves with the acknowledged position, rejects on a refusal or no answer in 10 s. */
export const sendCommand = (s: Socket, event: string, payload: unknown) =>
  new Promise<PositionDto>((resolve, reject) => {
    s.timeout(10_000).emit(event, payload, (err: Error | null, ack: CommandAck) => {
      if (err) reject(new Error(`${event}: no acknowledgement within 10 s`));
      else if (!ack.status) reject(new Error(`${event} rejected: ${ack.code} ${ack.message}`));
      else resolve(ack.data);
    });
  });

/**
 * One round trip on the socket: a buy of SYMBOL opened at the price `last()` gives, then closed at the next one;
 * the time of each acknowledgement in ms.
 */
export async function openClose(
  s: Socket,
  last: () => { bid: number; ask: number } | undefined,
): Promise<{ open: number; close: number }> {
  const first = last();
  if (!first) throw new Error(`no ${SYMBOL} quote`);
  const t0 = performance.now();
  const opened = await sendCommand(s, 'openPosition', {
    symbol: SYMBOL,
    direction: 'buy',
    amount: 10,
    leverage: 1,
    price: first.ask * (1 + SLIPPAGE),
  });
  const t1 = performance.now();
  const now = last() ?? first;
  const closed = await sendCommand(s, 'closePosition', { id: opened.id, price: now.bid * (1 - SLIPPAGE) });
  const t2 = performance.now();
  if (closed.id !== opened.id || closed.closingReason !== 0) {
    throw new Error(`closePosition answered position ${closed.id} reason ${closed.closingReason}`);
  }
  return { open: t1 - t0, close: t2 - t1 };
}

interface RunFigures {
  db: string;
  n: number;
  roundTrip: number[];
  open: number[];
  close: number[];
  totalMs: number;
  /** The same round trips with a spec §7 client (no deltas). */
  specRoundTrip: number[];
  /** Bytes pushed to the commanding socket per command (JSON of every push), with deltas and without. */
  bytesPerCommand: { deltas: number; spec: number };
  /** The same steps without the socket, called in process: where a command's time goes. */
  parts: Array<[string, number[]]>;
  /** The `positions` push every command sends to the account's sockets. */
  push: { open: number; history: number; bytes: number };
  ledger: string;
  ledgerOk: boolean;
}

/** A fresh database on the DATABASE_URL server (as the test harness does); `drop` removes it. */
const createPostgresDatabase = (base: string) => createScratchDatabase(base, 'ob_bench');

async function runOn(kind: 'pglite' | 'postgres', databaseUrl?: string): Promise<RunFigures> {
  const server = await startBenchServer(databaseUrl);
  const { app, ctx, url } = server;

  // Fresh quotes all along: one every 100 ms (the staleness limit of crypto is 5 s), moving a
  // little so the engine revalues the open position, well inside the requote tolerance.
  let tick = 0;
  const pushQuote = () => {
    const bid = 64_000 + (tick++ % 10);
    if (!ctx.market.ingest({ symbol: SYMBOL, bid, ask: bid + 10, ts: Date.now() })) {
      throw new Error(`the market refused a ${SYMBOL} quote`);
    }
  };
  pushQuote();
  const ticker = setInterval(pushQuote, 100);

  let socket: Socket | undefined;
  try {
    const login = await app.inject({
      method: 'POST',
      url: '/api/accounts/login',
      payload: { email: 'demo@example.com', password: 'Demo1234!' },
    });
    if (login.statusCode !== 200)
      throw new Error(`demo login failed with ${login.statusCode}: ${login.body}`);
    const token = login.json().data.access_token as string;

    /** Pushed bytes counted on the commanding socket (every event's JSON). */
    let pushedBytes = 0;
    const connect = async (deltas: boolean) => {
      const c = await connectTrading(url, token, deltas);
      c.onAny((_event: string, payload: unknown) => {
        pushedBytes += JSON.stringify(payload).length;
      });
      return c;
    };
    let s = await connect(true);
    socket = s;

    const roundTrip = async (times?: { open: number[]; close: number[] }) => {
      const { open, close } = await openClose(s, () => ctx.market.book.last(SYMBOL));
      times?.open.push(open);
      times?.close.push(close);
      return open + close;
    };

    for (let i = 0; i < WARM_UP; i++) await roundTrip();
    const times = { open: [] as number[], close: [] as number[] };
    const roundTrips: number[] = [];
    pushedBytes = 0;
    const start = performance.now();
    for (let i = 0; i < ROUND_TRIPS; i++) roundTrips.push(await roundTrip(times));
    const totalMs = performance.now() - start;
    const deltaBytes = pushedBytes / (2 * ROUND_TRIPS);

    // The same with a spec §7 client: the whole lists on every change (history is capped at 200).
    s.disconnect();
    s = await connect(false);
    socket = s;
    let push = { open: 0, history: 0, bytes: 0 };
    s.once('positions', (payload: { open: unknown[]; history: unknown[] }) => {
      push = {
        open: payload.open.length,
        history: payload.history.length,
        bytes: JSON.stringify(payload).length,
      };
    });
    for (let i = 0; i < WARM_UP; i++) await roundTrip();
    const specRoundTrips: number[] = [];
    pushedBytes = 0;
    for (let i = 0; i < SPEC_ROUND_TRIPS; i++) specRoundTrips.push(await roundTrip());
    const specBytes = pushedBytes / (2 * SPEC_ROUND_TRIPS);

    // Where the time goes: the steps of a command called in process, without the socket.
    const [demo] = await ctx.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'demo@example.com'));
    if (!demo) throw new Error('no demo user');
    const host = new URL(url).host;
    const sessionCheck = async () => {
      const session = await ctx.sessions.authenticateCached(token, 'client');
      const brand = await ctx.brands.resolve(host);
      if (!session || !(await ctx.accounts.clientFor(brand, session.subjectId)))
        throw new Error('session check failed');
    };
    const engineOpen = async (attempt = 0): Promise<number> => {
      const last = ctx.market.book.last(SYMBOL);
      if (!last) throw new Error(`no ${SYMBOL} quote`);
      const outcome = await ctx.trading.open({
        accountId: demo.id,
        now: ctx.market.clock.now(),
        symbol: SYMBOL,
        direction: 'buy',
        amount: 10,
        leverage: 1,
        price: last.ask * (1 + SLIPPAGE),
        stop_lost: null,
        take_profit: null,
      });
      // a quote that has not reached the brand's dealing prices yet: the next tick (every 100 ms) brings it
      if (!outcome.ok && outcome.rejection.message.key === 'trade.temporarilyUnavailable' && attempt < 20) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        return engineOpen(attempt + 1);
      }
      if (!outcome.ok) throw new Error(`engine open rejected: ${outcome.rejection.message.key}`);
      const opened = outcome.events.find((e) => e.type === 'position.opened');
      if (opened?.type !== 'position.opened') throw new Error('engine open booked no position');
      return opened.position.id;
    };
    const engineClose = async (positionId: number) => {
      const last = ctx.market.book.last(SYMBOL);
      if (!last) throw new Error(`no ${SYMBOL} quote`);
      const outcome = await ctx.trading.close({
        accountId: demo.id,
        now: ctx.market.clock.now(),
        positionId,
        price: last.bid,
      });
      if (!outcome.ok) throw new Error(`engine close rejected: ${outcome.rejection.message.key}`);
    };
    const parts: Array<[string, number[]]> = [
      ['session (cached)', []],
      ['engine open', []],
      ['engine close', []],
    ];
    const PARTS_N = 200;
    for (let i = 0; i < PARTS_N + 20; i++) {
      const t0 = performance.now();
      await sessionCheck();
      const t1 = performance.now();
      const id = await engineOpen();
      const t2 = performance.now();
      await engineClose(id);
      const t3 = performance.now();
      if (i < 20) continue; // warm-up
      parts[0]?.[1].push(t1 - t0);
      parts[1]?.[1].push(t2 - t1);
      parts[2]?.[1].push(t3 - t2);
    }

    await ctx.trading.stop(); // waits for the engine's pending batches before the ledger is read
    const differences = await new TradingRepo(ctx.database.db).ledgerDifferences();
    return {
      db: kind,
      n: ROUND_TRIPS,
      roundTrip: roundTrips,
      open: times.open,
      close: times.close,
      totalMs,
      specRoundTrip: specRoundTrips,
      bytesPerCommand: { deltas: deltaBytes, spec: specBytes },
      parts,
      push,
      ledgerOk: differences.length === 0,
      ledger:
        differences.length === 0
          ? 'Σ ledger_entries = trading_accounts.balance for every account'
          : `MISMATCH for ${differences.length} account(s): ${differences
              .slice(0, 3)
              .map((d) => `${d.number} balance ${d.balance} ≠ ledger ${d.ledger}`)
              .join('; ')}`,
    };
  } finally {
    clearInterval(ticker);
    socket?.disconnect();
    await server.close();
  }
}

function printFigures(runs: RunFigures[]): void {
  const ms = (v: number) => v.toFixed(2).padStart(8);
  console.log(
    `\nTrade round trips over the /trading socket (loopback, sequential, N = ${ROUND_TRIPS} after ${WARM_UP} warm-up; ` +
      `Node ${process.version}, ${os.cpus().length} cores, load ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')})`,
  );
  console.log(
    'database'.padEnd(10),
    'step'.padEnd(16),
    'p50 ms'.padStart(8),
    'p99 ms'.padStart(8),
    'max ms'.padStart(8),
    'per s'.padStart(8),
    '  p99 target',
  );
  for (const run of runs) {
    const target = TARGET_P99_MS[run.db as keyof typeof TARGET_P99_MS] ?? 10;
    const rows: Array<[string, number[]]> = [
      ['round trip', run.roundTrip],
      ['  open ack', run.open],
      ['  close ack', run.close],
      ['spec client rt', run.specRoundTrip],
    ];
    for (const [name, values] of rows) {
      const sorted = ascending(values);
      const p99 = percentile(sorted, 0.99);
      const isRoundTrip = name === 'round trip';
      console.log(
        run.db.padEnd(10),
        name.padEnd(16),
        ms(percentile(sorted, 0.5)),
        ms(p99),
        ms(sorted[sorted.length - 1] ?? Number.NaN),
        (isRoundTrip ? Math.round((run.n / run.totalMs) * 1_000).toLocaleString('en') : '').padStart(8),
        isRoundTrip ? `  < ${target} ms: ${p99 < target ? 'met' : 'MISSED'}` : '',
      );
    }
    for (const [name, values] of run.parts) {
      const sorted = ascending(values);
      console.log(
        run.db.padEnd(10),
        `  ${name}*`.padEnd(16),
        ms(percentile(sorted, 0.5)),
        ms(percentile(sorted, 0.99)),
        ms(sorted[sorted.length - 1] ?? Number.NaN),
      );
    }
    console.log(
      `${run.db.padEnd(10)} pushed per command: deltas client ${(run.bytesPerCommand.deltas / 1_024).toFixed(2)} KB ` +
        `(the changed position and the balance); spec client ${(run.bytesPerCommand.spec / 1_024).toFixed(1)} KB ` +
        `('positions' with ${run.push.open} open + ${run.push.history} closed, ${(run.push.bytes / 1_024).toFixed(1)} KB, and 'balance')`,
    );
    console.log(`${run.db.padEnd(10)} ledger check: ${run.ledgerOk ? 'ok' : 'FAILED'} — ${run.ledger}`);
  }
  console.log(
    'round trip = openPosition ack then closePosition ack (each one: session check, validation, engine, ' +
      'one database transaction, pushes, ack) of a client with auth.deltas; per s = round trips per second; ' +
      `spec client rt = the same without deltas (${SPEC_ROUND_TRIPS}, the whole lists pushed on every change).\n` +
      '* the same steps called in process, without the socket (200 each): the session check every command ' +
      'repeats (session from the short cache, brand, user), and the engine command with its database transaction.',
  );
}

/** Runs the trade bench on PGlite and, when DATABASE_URL is set, on PostgreSQL; false when the ledger check failed. */
export async function tradeBench(): Promise<boolean> {
  const runs: RunFigures[] = [await runOn('pglite')];
  const base = process.env.DATABASE_URL;
  if (base) {
    const created = await createPostgresDatabase(base);
    try {
      runs.push(await runOn('postgres', created.url));
    } finally {
      await created.drop();
    }
  } else {
    console.log('(DATABASE_URL is not set: PostgreSQL run skipped)');
  }
  printFigures(runs);
  return runs.every((r) => r.ledgerOk);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  tradeBench().then(
    (ok) => {
      if (!ok) process.exitCode = 1;
    },
    (error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    },
  );
}
