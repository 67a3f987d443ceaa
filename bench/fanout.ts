/**
 * `npm run bench -- fanout` (or `npx tsx bench/fanout.ts`): the `/prices` socket fanning the
 * conflated price stream out to 2,000 socket.io clients on loopback.
 *
 * The server (Fastify + Socket.IO, embedded PGlite, no live feed) runs in this process; the clients
 * run in a child process (fanout-clients.ts), so the server's memory per connection and CPU are
 * measured here without the clients' own cost, which the child reports separately. The bench drives
 * quotes for every catalogue instrument (~110) at ~4 ticks/s each through `ctx.market.ingest`, the
 * same entry point the live feeds use, for ~20 s.
 *
 * Latency is measured two ways, both from this process's clock (the child's is aligned by a ping
 * exchange over its stdin/stdout):
 * - flush → client: from the moment the server's price stream broadcasts a conflated map (observed
 *   by wrapping the `/prices` namespace adapter's `broadcast`, before encoding) to its arrival at a
 *   client. This is the delivery cost of the socket layer; target < 50 ms.
 * - tick → client: from the ingest time of the newest quote the message contains to its arrival.
 *   It adds the wait for the next flush. The conflation interval (250 ms) is a deliberate bound on
 *   staleness: the oldest quote in a message can be up to 250 ms older than the flush.
 * Every delivery is counted: a client that misses a broadcast or drops its connection fails the bench.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import readline from 'node:readline';
import { fileURLToPath, pathToFileURL } from 'node:url';
import v8 from 'node:v8';
import vm from 'node:vm';
import type { PriceMap } from '@openbroker/domain';
import { startBenchServer } from './server.js';
import { percentile } from './stats.js';

const REQUESTED_CLIENTS = Number(process.env.FANOUT_CLIENTS ?? 2_000);
const DRIVE_SECONDS = Number(process.env.FANOUT_SECONDS ?? 20);
const TICKS_PER_SECOND = 4; // per symbol
const TARGET_P99_MS = 50;
/** File descriptors kept free for everything that is not a client connection. */
const FD_RESERVE = 256;

const benchDir = path.dirname(fileURLToPath(import.meta.url));
const now = () => performance.timeOrigin + performance.now();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;
const settledMemory = () => {
  gc();
  gc();
  const m = process.memoryUsage();
  return { rss: m.rss, heapUsed: m.heapUsed, external: m.external };
};
type Memory = ReturnType<typeof settledMemory>;

interface Flush {
  t: number;
  /** Ingest time of the newest and the oldest quote in the map. */
  newest: number;
  oldest: number;
  entries: number;
  /** How long the synchronous broadcast call took (encode once, write to every socket). */
  callMs: number;
}

interface ConnectedReport {
  type: 'connected';
  connected: number;
  failed: number;
  errors: Array<[string, number]>;
  connectMs: number;
  snapshots: number;
  memBefore: Memory;
  memAfter: Memory;
}
interface ResultReport {
  type: 'result';
  base: number;
  keys: string[];
  receiptKey: number[];
  receiptTime: number[];
  snapshots: number;
  unkeyed: number;
  unexpectedDisconnects: number;
  disconnectReasons: Array<[string, number]>;
  cpuPercent: number;
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
    ended = new Error(`the client process ended (code ${code}, signal ${signal})`);
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
          reject(new Error(`no '${type}' from the client process within ${timeoutMs} ms`));
        }, timeoutMs);
        waiting.push(entry);
      });
    },
  };
}

const mb = (bytes: number) => `${(bytes / 1_048_576).toFixed(1)} MB`;
const kb = (bytes: number) => `${(bytes / 1_024).toFixed(1)} KB`;

/** Runs the fan-out bench; false when a client failed to connect, dropped, or missed a message. */
export async function fanoutBench(): Promise<boolean> {
  const limit = openFilesLimit();
  // Each connection costs one descriptor in the server process and one in the client process.
  const clients = Math.max(
    1,
    Math.min(REQUESTED_CLIENTS, Number.isFinite(limit) ? limit - FD_RESERVE : REQUESTED_CLIENTS),
  );
  const capNote =
    clients < REQUESTED_CLIENTS
      ? ` — CAPPED from ${REQUESTED_CLIENTS.toLocaleString('en')} by the open-files limit (ulimit -n ${limit}); raise it with \`ulimit -n 8192\` before running`
      : '';

  const server = await startBenchServer();
  const { ctx, realtime, url } = server;
  const { config } = ctx;
  const pricesNamespace = realtime.io.of('/prices');

  // Every quote's ingest time, by symbol: a flush sends each symbol's latest quote.
  const lastIngest = new Map<string, number>();
  const flushes = new Map<string, Flush>();
  let measuring = false;
  const adapter = pricesNamespace.adapter;
  const broadcast = adapter.broadcast.bind(adapter);
  adapter.broadcast = (packet: { data?: unknown[] }, opts) => {
    const t = now();
    const map = packet.data?.[1] as PriceMap | undefined;
    broadcast(packet, opts);
    const callMs = now() - t;
    if (!measuring || !map) return;
    let key: string | undefined;
    let newest = Number.NEGATIVE_INFINITY;
    let oldest = Number.POSITIVE_INFINITY;
    let entries = 0;
    for (const symbol in map) {
      const entry = map[symbol];
      if (!entry || entry.sell === null) continue;
      key ??= `${symbol}|${entry.sell}`;
      const ingested = lastIngest.get(symbol) ?? Number.NaN;
      newest = Math.max(newest, ingested);
      oldest = Math.min(oldest, ingested);
      entries++;
    }
    if (key) flushes.set(key, { t, newest, oldest, entries, callMs });
  };

  let child: ChildProcess | undefined;
  let ticker: NodeJS.Timeout | undefined;
  const loopDelay = monitorEventLoopDelay({ resolution: 5 });
  try {
    await sleep(300);
    const serverBefore = settledMemory();

    child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(benchDir, 'fanout-clients.ts'), url, String(clients)],
      {
        cwd: benchDir, // `--import tsx` resolves from here
        stdio: ['pipe', 'pipe', 'inherit'],
      },
    );
    const messages = childMessages(child);
    const toChild = (message: unknown) => child?.stdin?.write(`${JSON.stringify(message)}\n`);
    const connected = await messages.next<ConnectedReport>('connected', 120_000);
    if (connected.failed > 0 || connected.connected !== clients) {
      throw new Error(
        `${connected.failed} of ${clients} clients failed to connect: ${connected.errors.map(([m, n]) => `${m} ×${n}`).join('; ')}`,
      );
    }
    if (pricesNamespace.sockets.size !== clients || realtime.io.engine.clientsCount !== clients) {
      throw new Error(
        `the server sees ${pricesNamespace.sockets.size} /prices sockets over ${realtime.io.engine.clientsCount} connections, expected ${clients}`,
      );
    }
    await sleep(300);
    const serverAfter = settledMemory();

    // Clock offset of the child: the ping with the shortest round trip bounds the error.
    let offset = 0;
    let bestRtt = Number.POSITIVE_INFINITY;
    for (let id = 0; id < 40; id++) {
      const t0 = now();
      toChild({ cmd: 'ping', id });
      const pong = await messages.next<{ t: number }>('pong', 5_000);
      const t1 = now();
      if (t1 - t0 < bestRtt) {
        bestRtt = t1 - t0;
        offset = pong.t - (t0 + t1) / 2;
      }
    }

    // Drive: every instrument ticks every 250 ms. Phases are spread by the golden ratio, so any
    // subset of symbols (the markets open right now) is spread evenly over the period too.
    const instruments = ctx.market.catalogue.instruments;
    const periodMs = 1_000 / TICKS_PER_SECOND;
    const driveStart = now();
    const due = instruments.map((_, i) => driveStart + ((i * 0.618_033_988_75) % 1) * periodMs);
    const ticks = instruments.map(() => 0);
    const driveEnd = driveStart + DRIVE_SECONDS * 1_000;
    let ingested = 0;
    const tick = () => {
      const t = now();
      for (let i = 0; i < instruments.length; i++) {
        const instrument = instruments[i];
        if (!instrument || (due[i] as number) > t || t >= driveEnd) continue;
        const n = ++(ticks[i] as number);
        // Bids only rise (one point per tick), so a symbol's sell price names its quote.
        const bid = instrument.referencePrice + n * instrument.pointSize;
        const sentAt = now();
        lastIngest.set(instrument.symbol, sentAt);
        if (
          !ctx.market.ingest({
            symbol: instrument.symbol,
            bid,
            ask: bid + instrument.spread * instrument.pointSize,
            ts: Date.now(),
          })
        ) {
          throw new Error(`the market refused a ${instrument.symbol} quote`);
        }
        ingested++;
        due[i] = (due[i] as number) + periodMs;
      }
    };
    const openNow = instruments.filter(
      (i) => ctx.market.book.availability(i.symbol, Date.now()) !== 'closed',
    ).length;
    measuring = true;
    toChild({ cmd: 'start' });
    loopDelay.enable();
    const cpuStart = process.cpuUsage();
    ticker = setInterval(tick, 5);
    await sleep(DRIVE_SECONDS * 1_000);
    clearInterval(ticker);
    ticker = undefined;
    const driveMs = now() - driveStart;
    const cpu = process.cpuUsage(cpuStart);
    loopDelay.disable();
    // The last flush comes within one conflation interval; then let it arrive.
    await sleep(config.priceConflationMs + 500);
    measuring = false;
    toChild({ cmd: 'stop' });
    const result = await messages.next<ResultReport>('result', 60_000);
    const childExit = new Promise<void>((resolve) => {
      if (child?.exitCode !== null) resolve();
      else child.once('exit', () => resolve());
    });
    child.stdin?.end();
    await Promise.race([childExit, sleep(10_000)]);

    // ---------------------------------------------------------------------------------- figures
    const fromFlush: number[] = [];
    const fromTick: number[] = [];
    let unmatched = 0;
    const flushByIndex = result.keys.map((key) => flushes.get(key));
    // Per flush: when its first and its last client got it.
    const firstArrival = new Map<Flush, number>();
    const lastArrival = new Map<Flush, number>();
    for (let i = 0; i < result.receiptKey.length; i++) {
      const flush = flushByIndex[result.receiptKey[i] as number];
      if (!flush) {
        unmatched++;
        continue;
      }
      const arrived = result.base + (result.receiptTime[i] as number) - offset;
      const latency = arrived - flush.t;
      fromFlush.push(latency);
      fromTick.push(arrived - flush.newest);
      firstArrival.set(flush, Math.min(firstArrival.get(flush) ?? Number.POSITIVE_INFINITY, latency));
      lastArrival.set(flush, Math.max(lastArrival.get(flush) ?? Number.NEGATIVE_INFINITY, latency));
    }
    const firsts = [...firstArrival.values()].sort((a, b) => a - b);
    const lasts = [...lastArrival.values()].sort((a, b) => a - b);
    fromFlush.sort((a, b) => a - b);
    fromTick.sort((a, b) => a - b);
    const delivered = fromFlush.length;
    const expected = flushes.size * clients;
    const flushList = [...flushes.values()];
    const callMs = flushList.map((f) => f.callMs).sort((a, b) => a - b);
    const entries = flushList.reduce((sum, f) => sum + f.entries, 0) / Math.max(1, flushList.length);
    const staleness = flushList.map((f) => f.t - f.oldest).sort((a, b) => a - b);
    const perConnection = (after: Memory, before: Memory, n: number) =>
      `RSS ${kb((after.rss - before.rss) / n)}, heap ${kb((after.heapUsed - before.heapUsed) / n)}, external ${kb((after.external - before.external) / n)}`;
    const p99 = percentile(fromFlush, 0.99);
    const ok =
      delivered === expected &&
      unmatched === 0 &&
      result.unexpectedDisconnects === 0 &&
      connected.snapshots === clients;

    console.log(
      `\nPrice fan-out over /prices (loopback, server in this process, clients in a child process; Node ${process.version}, ` +
        `${os.cpus().length} cores, load ${os
          .loadavg()
          .map((l) => l.toFixed(1))
          .join(' ')})`,
    );
    console.log(
      `clients connected            ${clients.toLocaleString('en')} of ${REQUESTED_CLIENTS.toLocaleString('en')} requested (open-files limit ${limit})${capNote}; connect took ${(connected.connectMs / 1_000).toFixed(1)} s, every client got its snapshot: ${connected.snapshots === clients ? 'yes' : `NO (${connected.snapshots})`}`,
    );
    console.log(
      `quotes driven                ${instruments.length} symbols × ${TICKS_PER_SECOND}/s for ${(driveMs / 1_000).toFixed(1)} s = ${Math.round((ingested / driveMs) * 1_000)} ticks/s; ` +
        `${openNow} of ${instruments.length} markets open now, so a message carries ${entries.toFixed(1)} symbols on average (closed markets are not streamed)`,
    );
    console.log(
      `flushes (broadcasts)         ${flushes.size} (${((flushes.size / driveMs) * 1_000).toFixed(2)}/s, conflation ${config.priceConflationMs} ms); ` +
        `broadcast call p50 ${percentile(callMs, 0.5).toFixed(2)} ms, p99 ${percentile(callMs, 0.99).toFixed(2)} ms, max ${(callMs.at(-1) ?? Number.NaN).toFixed(2)} ms`,
    );
    console.log(
      `messages delivered           ${delivered.toLocaleString('en')} of ${expected.toLocaleString('en')} expected (${((delivered / Math.max(1, expected)) * 100).toFixed(2)} %), ` +
        `${Math.round((delivered / driveMs) * 1_000).toLocaleString('en')} messages/s` +
        (unmatched ? `, ${unmatched} UNMATCHED` : '') +
        (result.unexpectedDisconnects
          ? `, ${result.unexpectedDisconnects} UNEXPECTED DISCONNECTS ${JSON.stringify(result.disconnectReasons)}`
          : ''),
    );
    console.log(
      `flush → client latency       p50 ${percentile(fromFlush, 0.5).toFixed(1)} ms, p99 ${p99.toFixed(1)} ms, max ${(fromFlush.at(-1) ?? Number.NaN).toFixed(1)} ms` +
        `   target p99 < ${TARGET_P99_MS} ms: ${p99 < TARGET_P99_MS ? 'met' : 'MISSED'}`,
    );
    console.log(
      `  per broadcast              first client p50 ${percentile(firsts, 0.5).toFixed(1)} ms, last client p50 ${percentile(lasts, 0.5).toFixed(1)} ms, ` +
        `p99 ${percentile(lasts, 0.99).toFixed(1)} ms (the server writes the sockets one after the other, and the child reads them one after the other)`,
    );
    console.log(
      `tick → client latency        p50 ${percentile(fromTick, 0.5).toFixed(1)} ms, p99 ${percentile(fromTick, 0.99).toFixed(1)} ms (from the newest quote in the message)`,
    );
    console.log(
      `staleness at flush           oldest quote in a message: p50 ${percentile(staleness, 0.5).toFixed(0)} ms, max ${(staleness.at(-1) ?? Number.NaN).toFixed(0)} ms (bounded by the ${config.priceConflationMs} ms conflation, by design)`,
    );
    console.log(
      `server memory per connection ${perConnection(serverAfter, serverBefore, clients)} ` +
        `(settled after GC: RSS ${mb(serverBefore.rss)} → ${mb(serverAfter.rss)}, heap ${mb(serverBefore.heapUsed)} → ${mb(serverAfter.heapUsed)})`,
    );
    console.log(
      `client memory per connection ${perConnection(connected.memAfter, connected.memBefore, clients)} (child process, socket.io-client)`,
    );
    console.log(
      `CPU while streaming          server ${(((cpu.user + cpu.system) / 1_000 / driveMs) * 100).toFixed(0)} % of a core, ` +
        `clients ${result.cpuPercent.toFixed(0)} % of a core; server event-loop delay p99 ${(loopDelay.percentile(99) / 1e6).toFixed(1)} ms, max ${(loopDelay.max / 1e6).toFixed(1)} ms`,
    );
    console.log(
      'flush → client = arrival at a client minus the moment the server broadcast the conflated map; tick → client adds the ' +
        'wait for the next flush. Clocks: the child is aligned by a ping over its stdin/stdout ' +
        `(best round trip ${bestRtt.toFixed(2)} ms, so ±${(bestRtt / 2).toFixed(2)} ms).`,
    );
    if (!ok) console.error('FAILED: some clients did not get every message (see above).');
    return ok;
  } finally {
    if (ticker) clearInterval(ticker);
    loopDelay.disable();
    if (child && child.exitCode === null && child.signalCode === null) child.kill();
    await server.close();
  }
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
