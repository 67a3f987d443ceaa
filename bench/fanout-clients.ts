/**
 * Child process of the fan-out bench (fanout.ts spawns it): connects COUNT socket.io clients to
 * `URL/prices` over WebSocket and records, for every `prices` message after the connect snapshot,
 * when it arrived and which flush it was. Running the clients here keeps the server's memory and CPU
 * figures in the parent clean.
 *
 * Protocol, one JSON object per line. Parent → child on stdin: {cmd:'ping', id} (clock sync),
 * {cmd:'start'} (start of the measured window), {cmd:'stop'}. Child → parent on stdout:
 * {type:'connected', …} once every client has connected or failed, {type:'pong', id, t},
 * {type:'result', …} after 'stop'; then the child disconnects everything and exits.
 *
 * A message is identified by its first available entry `symbol|sell`: the bench's bids only rise,
 * so that pair names exactly one flush. Times are `performance.timeOrigin + performance.now()`
 * (ms); the parent corrects the clock offset it measured with the pings.
 */
import { performance } from 'node:perf_hooks';
import readline from 'node:readline';
import v8 from 'node:v8';
import vm from 'node:vm';
import type { PriceMap } from '@openbroker/domain';
import { io, type Socket } from 'socket.io-client';

const [url, countArg] = process.argv.slice(2);
const COUNT = Number(countArg);
const CONCURRENCY = 100;
if (!url || !Number.isInteger(COUNT) || COUNT < 1) {
  console.error('usage: fanout-clients.ts URL COUNT');
  process.exit(2);
}

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;
const now = () => performance.timeOrigin + performance.now();
const send = (message: unknown) => process.stdout.write(`${JSON.stringify(message)}\n`);
const settledMemory = () => {
  gc();
  gc();
  const m = process.memoryUsage();
  return { rss: m.rss, heapUsed: m.heapUsed, external: m.external };
};

const keyOf = (map: PriceMap): string | undefined => {
  for (const symbol in map) {
    const entry = map[symbol];
    if (entry && entry.sell !== null) return `${symbol}|${entry.sell}`;
  }
  return undefined;
};

// Receipts: index of the flush key, and arrival time relative to `base`.
const keys: string[] = [];
const keyIndex = new Map<string, number>();
const receiptKey: number[] = [];
const receiptTime: number[] = [];
const base = Math.floor(now());
let snapshots = 0;
let unkeyed = 0;
let unexpectedDisconnects = 0;
const disconnectReasons = new Map<string, number>();
let closing = false;

function record(map: PriceMap): void {
  const t = now();
  const key = keyOf(map);
  if (key === undefined) {
    unkeyed++;
    return;
  }
  let index = keyIndex.get(key);
  if (index === undefined) {
    index = keys.length;
    keys.push(key);
    keyIndex.set(key, index);
  }
  receiptKey.push(index);
  receiptTime.push(Math.round((t - base) * 1_000) / 1_000);
}

function connectOne(): Promise<Socket> {
  const socket = io(`${url}/prices`, {
    transports: ['websocket'],
    forceNew: true, // one connection per client: the default would multiplex all of them over one
    reconnection: false,
    timeout: 30_000,
  });
  let first = true;
  socket.on('prices', (map: PriceMap) => {
    if (first) {
      first = false; // the snapshot the server sends on connect
      snapshots++;
      return;
    }
    record(map);
  });
  socket.on('disconnect', (reason) => {
    if (closing) return;
    unexpectedDisconnects++;
    disconnectReasons.set(reason, (disconnectReasons.get(reason) ?? 0) + 1);
  });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (error) => {
      socket.close();
      reject(error);
    });
  });
}

const memBefore = settledMemory();
const sockets: Socket[] = [];
const errors = new Map<string, number>();
let failed = 0;
const connectStart = now();
let next = 0;
await Promise.all(
  Array.from({ length: Math.min(CONCURRENCY, COUNT) }, async () => {
    while (next < COUNT) {
      next++;
      try {
        sockets.push(await connectOne());
      } catch (error) {
        failed++;
        const message = (error as Error).message;
        errors.set(message, (errors.get(message) ?? 0) + 1);
      }
    }
  }),
);
const connectMs = now() - connectStart;
// Let the snapshots arrive before measuring.
await new Promise((resolve) => setTimeout(resolve, 500));
const memAfter = settledMemory();
send({
  type: 'connected',
  connected: sockets.length,
  failed,
  errors: [...errors].slice(0, 5),
  connectMs,
  snapshots,
  memBefore,
  memAfter,
});

let cpuStart = process.cpuUsage();
let wallStart = now();
const lines = readline.createInterface({ input: process.stdin });
lines.on('line', (line) => {
  const message = JSON.parse(line) as { cmd: string; id?: number };
  if (message.cmd === 'ping') send({ type: 'pong', id: message.id, t: now() });
  else if (message.cmd === 'start') {
    cpuStart = process.cpuUsage();
    wallStart = now();
  } else if (message.cmd === 'stop') {
    const cpu = process.cpuUsage(cpuStart);
    const wallMs = now() - wallStart;
    closing = true;
    const result = {
      type: 'result',
      base,
      keys,
      receiptKey,
      receiptTime,
      snapshots,
      unkeyed,
      unexpectedDisconnects,
      disconnectReasons: [...disconnectReasons],
      cpuPercent: ((cpu.user + cpu.system) / 1_000 / wallMs) * 100,
    };
    process.stdout.write(`${JSON.stringify(result)}\n`, () => {
      for (const socket of sockets) socket.disconnect();
      lines.close();
    });
  }
});
