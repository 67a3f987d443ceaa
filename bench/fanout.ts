/**
 * `npm run bench -- fanout` (or `npx tsx bench/fanout.ts`): the `/prices` socket fanning the
 * conflated price stream out to many socket.io clients on loopback.
 *
 * Scenarios (FANOUT_CLIENTS, default `2000,5000,10000`; FANOUT_MODES, default `map,compact`):
 * - `map`: clients that subscribe to nothing and get the spec's `prices` map of every changed symbol;
 * - `compact`: clients that `subscribe` with `compact: true` to what a screen shows (one market-list
 *   category, at most 20 symbols, plus two popular symbols standing for open positions and the chart)
 *   and get `pricesCompact` triples of their changed symbols only.
 * Each scenario starts a fresh server (Fastify + Socket.IO, embedded PGlite, no live feed) in this
 * process, one node, and spreads its clients over FANOUT_PROCESSES (default 2) child processes
 * (fanout-clients.ts), so the server's CPU and memory are measured without the clients' own. Quotes
 * for every catalogue instrument (~110) at 4 ticks/s each go through `ctx.market.ingest`, the entry
 * point of the live feeds, for FANOUT_SECONDS (default 10) s.
 *
 * Latency, from this process's clock (each child's is aligned by a ping exchange over its stdin/stdout):
 * - flush → client: from the first broadcast of a flush (observed by wrapping the `/prices` namespace
 *   adapter's `broadcast`, before encoding) to a message's arrival at a client; target p99 < 50 ms;
 * - broadcast call: the synchronous time of the flush's emits, first start to last end (all groups).
 * Every delivery is counted against the sockets each broadcast targeted: a client that misses a message,
 * gets a symbol it did not subscribe to, or drops its connection fails the bench.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import readline from 'node:readline';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { PriceMap } from '@openbroker/domain';
import { startBenchServer } from './server.js';
import { percentile } from './stats.js';

const CLIENT_COUNTS = (process.env.FANOUT_CLIENTS ?? '2000,5000,10000').split(',').map(Number);
const MODES = (process.env.FANOUT_MODES ?? 'map,compact').split(',') as Mode[];
const PROCESSES = Math.max(1, Number(process.env.FANOUT_PROCESSES ?? 2));
const DRIVE_SECONDS = Number(process.env.FANOUT_SECONDS ?? 10);
const TICKS_PER_SECOND = 4; // per symbol
const TARGET_P99_MS = 50;
/** File descriptors kept free for everything that is not a client connection. */
const FD_RESERVE = 256;

type Mode = 'map' | 'compact';

const benchDir = path.dirname(fileURLToPath(import.meta.url));
const now = () => performance.timeOrigin + performance.now();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Flush {
  t: number;
  /** First broadcast start to last broadcast end (ms). */
  callMs: number;
  /** Messages the broadcasts of this flush targeted (sockets in their rooms). */
  expected: number;
  payloads: number;
}

interface ConnectedReport {
  type: 'connected';
  connected: number;
  failed: number;
  errors: Array<[string, number]>;
  connectMs: number;
  snapshots: number;
  subscribed: number;
}
interface ResultReport {
  type: 'result';
  base: number;
  keys: string[];
  receiptKey: number[];
  receiptTime: number[];
  unkeyed: number;
  foreign: number;
  unexpectedDisconnects: number;
  disconnectReasons: Array<[string, number]>;
  cpuPercent: number;
}

export interface FanoutFigures {
  clients: number;
  mode: Mode;
  ok: boolean;
  callP50: number;
  callP99: number;
  flushP50: number;
  flushP99: number;
  groups: number;
  payloadsPerFlush: number;
  serverCpu: number;
  clientCpu: number;
}

/** The per-process open-files limit, as the shell reports it (Node cannot read or raise it). */
function openFilesLimit(): number {
  try {
    const out = execFileSync('sh', ['-c', 'ulimit -n'], { encoding: 'utf8' }).trim();
    return out === 'unlimited' ? Number.POSITIVE_INFINITY : Number(out);
  } catch {
    return Number.NaN;
  }
}

/** Reads the child's stdout as JSON lines; `next(type)` waits for the next message of that type. */
function childMessages(child: ChildProcess) {
  const queue: Array<{ type: string }> = [];
  const waiting: Array<{ type: string; resolve: (m: unknown) => void; reject: (e: Error) => void }> = [];
  let ended: Error | undefined;
  const lines = readline.createInterface({ input: child.stdout as NodeJS.ReadableStream });
  lines.on('line', (line) => {
    let message: { type: string };
    try {
      message = JSON.parse(line) as { type: string };
    } catch {
      console.error(`fanout-clients: ${line}`);
      return;
    }
    const index = waiting.findIndex((w) => w.type === message.type);
    if (index >= 0) waiting.splice(index, 1)[0]?.resolve(message);
    else queue.push(message);
  });
  child.on('exit', (code, signal) => {
    ended = new Error(`a client process ended (code ${code}, signal ${signal})`);
    for (const w of waiting.splice(0)) w.reject(ended);
  });
  return {
    next<T>(type: string, timeoutMs: number): Promise<T> {
      const index = queue.findIndex((m) => m.type === type);
      if (index >= 0) return Promise.resolve(queue.splice(index, 1)[0] as T);
      if (ended) return Promise.reject(ended);
      return new Promise<T>((resolve, reject) => {
        const entry = {
          type,
          resolve: (m: unknown) => {
            clearTimeout(timer);
            resolve(m as T);
          },
          reject: (e: Error) => {
            clearTimeout(timer);
            reject(e);
          },
        };
        const timer = setTimeout(() => {
          waiting.splice(waiting.indexOf(entry), 1);
          reject(new Error(`no '${type}' from a client process within ${timeoutMs} ms`));
        }, timeoutMs);
        waiting.push(entry);
      });
    },
  };
}

/** Every `symbol|sell` of an available entry in a `prices` map or `pricesCompact` array. */
function keysOf(payload: unknown): string[] {
  const keys: string[] = [];
  if (Array.isArray(payload)) {
    for (let i = 0; i + 2 < payload.length; i += 3)
      if (payload[i + 2] !== null) keys.push(`${payload[i]}|${payload[i + 2]}`);
  } else if (payload && typeof payload === 'object') {
    for (const [symbol, entry] of Object.entries(payload as PriceMap))
      if (entry.sell !== null) keys.push(`${symbol}|${entry.sell}`);
  }
  return keys;
}

/** One scenario: a fresh server, `clients` clients over the child processes, ~DRIVE_SECONDS of quotes. */
async function scenario(clients: number, mode: Mode): Promise<FanoutFigures> {
  const server = await startBenchServer();
  const { ctx, realtime, url } = server;
  const { config } = ctx;
  const pricesNamespace = realtime.io.of('/prices');
  const instruments = ctx.market.catalogue.instruments;

  // What a screen shows: one category's first 20 symbols, plus two popular symbols (positions, chart).
  const categories = [...new Set(instruments.map((i) => i.category))];
  const popular = instruments.slice(0, 10).map((i) => i.symbol);
  const setOf = (n: number): string[] => {
    const category = categories[n % categories.length];
    const a = Math.floor(n / categories.length) % popular.length;
    const b =
      (a + 1 + (Math.floor(n / (categories.length * popular.length)) % (popular.length - 1))) %
      popular.length;
    const symbols = instruments
      .filter((i) => i.category === category)
      .slice(0, 20)
      .map((i) => i.symbol);
    return [...new Set([...symbols, popular[a] as string, popular[b] as string])];
  };

  const flushes: Flush[] = [];
  const flushOfKey = new Map<string, Flush>();
  const pending: Array<[Flush, unknown]> = [];
  let current: Flush | undefined;
  let measuring = false;
  const adapter = pricesNamespace.adapter;
  const broadcast = adapter.broadcast.bind(adapter);
  adapter.broadcast = (packet: { data?: unknown[] }, opts) => {
    const t = now();
    broadcast(packet, opts);
    if (!measuring) return;
    if (!current) {
      const flush: Flush = { t, callMs: 0, expected: 0, payloads: 0 };
      current = flush;
      flushes.push(flush);
      // A flush's emits run in one synchronous call: the next task belongs to the next flush.
      queueMicrotask(() => {
        current = undefined;
      });
    }
    current.callMs = now() - current.t;
    current.payloads++;
    for (const room of opts.rooms) current.expected += adapter.rooms.get(room)?.size ?? 0;
    pending.push([current, packet.data?.[1]]);
  };
  // Payload keys are indexed after the flush, off its measured path.
  const indexer = setInterval(() => {
    for (const [flush, payload] of pending.splice(0))
      for (const key of keysOf(payload)) flushOfKey.set(key, flush);
  }, 50);

  const children: ChildProcess[] = [];
  let ticker: NodeJS.Timeout | undefined;
  const loopDelay = monitorEventLoopDelay({ resolution: 5 });
  try {
    await sleep(300);
    const per = Math.ceil(clients / PROCESSES);
    const parts = Array.from({ length: PROCESSES }, (_, k) => ({
      first: k * per,
      count: Math.max(0, Math.min(per, clients - k * per)),
    })).filter((p) => p.count > 0);
    const links = parts.map((part) => {
      const sets =
        mode === 'compact' ? Array.from({ length: part.count }, (_, i) => setOf(part.first + i)) : undefined;
      const child = spawn(
        process.execPath,
        ['--import', 'tsx', path.join(benchDir, 'fanout-clients.ts'), url, String(part.count), mode],
        { cwd: benchDir, stdio: ['pipe', 'pipe', 'inherit'] },
      );
      children.push(child);
      const messages = childMessages(child);
      const toChild = (message: unknown) => child.stdin?.write(`${JSON.stringify(message)}\n`);
      if (sets) toChild({ cmd: 'sets', sets });
      return { child, messages, toChild, offset: 0 };
    });
    const connected = await Promise.all(
      links.map((l) => l.messages.next<ConnectedReport>('connected', 300_000)),
    );
    const total = connected.reduce((n, c) => n + c.connected, 0);
    const failed = connected.reduce((n, c) => n + c.failed, 0);
    if (failed > 0 || total !== clients) {
      throw new Error(
        `${failed} of ${clients} clients failed to connect: ${connected.flatMap((c) => c.errors.map(([m, n]) => `${m} ×${n}`)).join('; ')}`,
      );
    }
    if (pricesNamespace.sockets.size !== clients) {
      throw new Error(`the server sees ${pricesNamespace.sockets.size} /prices sockets, expected ${clients}`);
    }
    const subscribedSockets = connected.reduce((n, c) => n + c.subscribed, 0);
    const groups = new Set(
      [...adapter.rooms.keys()].filter((room) => typeof room === 'string' && room.startsWith('prices:sub:')),
    ).size;
    await sleep(300);

    // Clock offset of each child: the ping with the shortest round trip bounds the error.
    for (const link of links) {
      let bestRtt = Number.POSITIVE_INFINITY;
      for (let id = 0; id < 30; id++) {
        const t0 = now();
        link.toChild({ cmd: 'ping', id });
        const pong = await link.messages.next<{ t: number }>('pong', 5_000);
        const t1 = now();
        if (t1 - t0 < bestRtt) {
          bestRtt = t1 - t0;
          link.offset = pong.t - (t0 + t1) / 2;
        }
      }
    }

    // Drive: every instrument ticks every 250 ms, phases spread by the golden ratio.
    const periodMs = 1_000 / TICKS_PER_SECOND;
    const driveStart = now();
    const due = instruments.map((_, i) => driveStart + ((i * 0.618_033_988_75) % 1) * periodMs);
    const ticks = instruments.map(() => 0);
    const driveEnd = driveStart + DRIVE_SECONDS * 1_000;
    const tick = () => {
      const t = now();
      for (let i = 0; i < instruments.length; i++) {
        const instrument = instruments[i];
        if (!instrument || (due[i] as number) > t || t >= driveEnd) continue;
        const n = ++(ticks[i] as number);
        // Bids only rise (one point per tick), so a symbol's sell price names its quote.
        const bid = instrument.referencePrice + n * instrument.pointSize;
        const quote = {
          symbol: instrument.symbol,
          bid,
          ask: bid + instrument.spread * instrument.pointSize,
          ts: Date.now(),
        };
        if (!ctx.market.ingest(quote)) throw new Error(`the market refused a ${instrument.symbol} quote`);
        due[i] = (due[i] as number) + periodMs;
      }
    };
    measuring = true;
    for (const link of links) link.toChild({ cmd: 'start' });
    loopDelay.enable();
    const cpuStart = process.cpuUsage();
    ticker = setInterval(tick, 5);
    await sleep(DRIVE_SECONDS * 1_000);
    clearInterval(ticker);
    ticker = undefined;
    const driveMs = now() - driveStart;
    const cpu = process.cpuUsage(cpuStart);
    loopDelay.disable();
    await sleep(config.priceConflationMs + 1_000);
    measuring = false;
    for (const link of links) link.toChild({ cmd: 'stop' });
    const results = await Promise.all(links.map((l) => l.messages.next<ResultReport>('result', 120_000)));
    for (const link of links) link.child.stdin?.end();
    clearInterval(indexer);
    for (const [flush, payload] of pending.splice(0))
      for (const key of keysOf(payload)) flushOfKey.set(key, flush);

    // ---------------------------------------------------------------------------------- figures
    const fromFlush: number[] = [];
    let unmatched = 0;
    results.forEach((result, k) => {
      const offset = links[k]?.offset ?? 0;
      const flushByIndex = result.keys.map((key) => flushOfKey.get(key));
      for (let i = 0; i < result.receiptKey.length; i++) {
        const flush = flushByIndex[result.receiptKey[i] as number];
        if (!flush) {
          unmatched++;
          continue;
        }
        fromFlush.push(result.base + (result.receiptTime[i] as number) - offset - flush.t);
      }
    });
    fromFlush.sort((a, b) => a - b);
    const expected = flushes.reduce((n, f) => n + f.expected, 0);
    const callMs = flushes.map((f) => f.callMs).sort((a, b) => a - b);
    const foreign = results.reduce((n, r) => n + r.foreign, 0);
    const disconnects = results.reduce((n, r) => n + r.unexpectedDisconnects, 0);
    const ok =
      fromFlush.length === expected &&
      unmatched === 0 &&
      foreign === 0 &&
      disconnects === 0 &&
      connected.every((c) => c.snapshots === c.connected) &&
      subscribedSockets === (mode === 'compact' ? clients : 0);
    const p99 = percentile(fromFlush, 0.99);
    const figures: FanoutFigures = {
      clients,
      mode,
      ok,
      callP50: percentile(callMs, 0.5),
      callP99: percentile(callMs, 0.99),
      flushP50: percentile(fromFlush, 0.5),
      flushP99: p99,
      groups,
      payloadsPerFlush: flushes.reduce((n, f) => n + f.payloads, 0) / Math.max(1, flushes.length),
      serverCpu: ((cpu.user + cpu.system) / 1_000 / driveMs) * 100,
      clientCpu: results.reduce((n, r) => n + r.cpuPercent, 0),
    };
    console.log(
      `\n${clients.toLocaleString('en')} clients, ${mode === 'map' ? 'spec map (unsubscribed)' : `subscribed, compact (${groups} distinct sets)`}, ` +
        `${links.length} client process(es), load ${os
          .loadavg()
          .map((l) => l.toFixed(1))
          .join(' ')}`,
    );
    console.log(
      `  flushes ${flushes.length} (${figures.payloadsPerFlush.toFixed(1)} distinct payloads each); broadcast call p50 ${figures.callP50.toFixed(2)} ms, p99 ${figures.callP99.toFixed(2)} ms`,
    );
    console.log(
      `  messages ${fromFlush.length.toLocaleString('en')} of ${expected.toLocaleString('en')} expected` +
        (unmatched ? `, ${unmatched} UNMATCHED` : '') +
        (foreign ? `, ${foreign} with symbols NOT SUBSCRIBED` : '') +
        (disconnects ? `, ${disconnects} UNEXPECTED DISCONNECTS` : '') +
        `; flush → client p50 ${figures.flushP50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms, max ${(fromFlush.at(-1) ?? Number.NaN).toFixed(1)} ms` +
        `   target p99 < ${TARGET_P99_MS} ms: ${p99 < TARGET_P99_MS ? 'met' : 'MISSED'}`,
    );
    console.log(
      `  CPU server ${figures.serverCpu.toFixed(0)} % of a core, clients ${figures.clientCpu.toFixed(0)} % (all processes); ` +
        `server event-loop delay p99 ${(loopDelay.percentile(99) / 1e6).toFixed(1)} ms`,
    );
    if (!ok) console.error('  FAILED: some clients did not get exactly their messages (see above).');
    return figures;
  } finally {
    if (ticker) clearInterval(ticker);
    clearInterval(indexer);
    loopDelay.disable();
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill();
    await server.close();
  }
}

/** Runs every scenario; false when a client failed to connect, dropped, or missed a message. */
export async function fanoutBench(): Promise<boolean> {
  const limit = openFilesLimit();
  console.log(
    `Price fan-out over /prices (loopback, one server node in this process, clients in ${PROCESSES} child processes; ` +
      `Node ${process.version}, ${os.cpus().length} cores, open-files limit ${limit}; ${DRIVE_SECONDS} s of ${TICKS_PER_SECOND} ticks/s per symbol)`,
  );
  const all: FanoutFigures[] = [];
  for (const requested of CLIENT_COUNTS) {
    // Each connection costs one descriptor in the server process.
    const clients = Math.max(1, Math.min(requested, Number.isFinite(limit) ? limit - FD_RESERVE : requested));
    if (clients < requested) console.log(`(${requested} clients CAPPED to ${clients} by ulimit -n ${limit})`);
    for (const mode of MODES) all.push(await scenario(clients, mode));
  }
  console.log(
    '\nclients  form                 broadcast call p50/p99     flush → client p50/p99   server CPU  clients CPU',
  );
  for (const f of all) {
    console.log(
      `${f.clients.toLocaleString('en').padStart(7)}  ${(f.mode === 'map' ? 'spec map' : 'subscribed compact').padEnd(19)}  ` +
        `${f.callP50.toFixed(1).padStart(6)} / ${f.callP99.toFixed(1).padEnd(6)} ms         ` +
        `${f.flushP50.toFixed(1).padStart(6)} / ${f.flushP99.toFixed(1).padEnd(6)} ms      ` +
        `${f.serverCpu.toFixed(0).padStart(4)} %      ${f.clientCpu.toFixed(0).padStart(4)} %${f.ok ? '' : '  FAILED'}`,
    );
  }
  console.log(
    "flush → client = arrival at a client minus the first broadcast of the flush; broadcast call = the flush's emits, " +
      'first start to last end. On 2 cores the client processes share the CPU with the server.',
  );
  return all.every((f) => f.ok);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  fanoutBench().then(
    (ok) => {
      if (!ok) process.exitCode = 1;
    },
    (error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    },
  );
}
