/**
 * Child process of the fan-out bench (fanout.ts spawns FANOUT_PROCESSES of them): connects COUNT
 * socket.io clients to `URL/prices` over WebSocket and records, for every price message after the
 * connect snapshot (and, subscribed, the subscribe snapshot), when it arrived and which flush it was.
 * Running the clients here keeps the server's memory and CPU figures in the parent clean.
 *
 * MODE `map`: the clients subscribe to nothing and get the spec's `prices` map. MODE `compact`: client i
 * emits `subscribe` {symbols: sets[i], compact: true} (the parent sends the sets first) and gets
 * `pricesCompact` triples; a symbol outside its set counts as `foreign` (the bench fails).
 *
 * Protocol, one JSON object per line. Parent → child on stdin: {cmd:'sets', sets} (compact only, first),
 * {cmd:'ping', id} (clock sync), {cmd:'start'}, {cmd:'stop'}. Child → parent on stdout:
 * {type:'connected', …} once every client has connected (and subscribed) or failed, {type:'pong', id, t},
 * {type:'result', …} after 'stop'; then the child disconnects everything and exits.
 *
 * A message is identified by its first available entry `symbol|sell`: the bench's bids only rise, so that
 * pair names exactly one flush. Times are `performance.timeOrigin + performance.now()` (ms).
 */
import { performance } from 'node:perf_hooks';
import readline from 'node:readline';
import type { PriceMap, PriceSubscribeAck, PricesCompactPayload } from '@openbroker/domain';
import { io, type Socket } from 'socket.io-client';

const [url, countArg, modeArg = 'map'] = process.argv.slice(2);
const COUNT = Number(countArg);
const MODE = modeArg === 'compact' ? 'compact' : 'map';
const CONCURRENCY = 100;
if (!url || !Number.isInteger(COUNT) || COUNT < 1) {
  console.error('usage: fanout-clients.ts URL COUNT [map|compact]');
  process.exit(2);
}

const now = () => performance.timeOrigin + performance.now();
const send = (message: unknown) => process.stdout.write(`${JSON.stringify(message)}\n`);

// Receipts: index of the flush key, and arrival time relative to `base`.
const keys: string[] = [];
const keyIndex = new Map<string, number>();
const receiptKey: number[] = [];
const receiptTime: number[] = [];
const base = Math.floor(now());
let snapshots = 0;
let subscribed = 0;
let unkeyed = 0;
let foreign = 0;
let unexpectedDisconnects = 0;
const disconnectReasons = new Map<string, number>();
let closing = false;

function record(t: number, key: string | undefined): void {
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

function connectOne(symbols: readonly string[] | undefined): Promise<Socket> {
  const socket = io(`${url}/prices`, {
    transports: ['websocket'],
    forceNew: true, // one connection per client: the default would multiplex all of them over one
    reconnection: false,
    timeout: 30_000,
  });
  let first = true;
  socket.on('prices', (map: PriceMap) => {
    const t = now();
    if (first) {
      first = false; // the snapshot the server sends on connect
      snapshots++;
      return;
    }
    let key: string | undefined;
    for (const symbol in map) {
      const entry = map[symbol];
      if (entry && entry.sell !== null) {
        key = `${symbol}|${entry.sell}`;
        break;
      }
    }
    record(t, key);
  });
  if (symbols) {
    const own = new Set(symbols);
    let subscribeSnapshot = true;
    socket.on('pricesCompact', (triples: PricesCompactPayload) => {
      const t = now();
      if (subscribeSnapshot) {
        subscribeSnapshot = false; // the state of its symbols, sent when it subscribed
        return;
      }
      let key: string | undefined;
      for (let i = 0; i < triples.length; i += 3) {
        if (!own.has(triples[i] as string)) foreign++;
        if (key === undefined && triples[i + 2] !== null) key = `${triples[i]}|${triples[i + 2]}`;
      }
      record(t, key);
    });
  }
  socket.on('disconnect', (reason) => {
    if (closing) return;
    unexpectedDisconnects++;
    disconnectReasons.set(reason, (disconnectReasons.get(reason) ?? 0) + 1);
  });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => {
      if (!symbols) return resolve(socket);
      socket.emit('subscribe', { symbols, compact: true }, (ack: PriceSubscribeAck) => {
        if (!ack.status) return reject(new Error(`subscribe refused: ${ack.message}`));
        subscribed++;
        resolve(socket);
      });
    });
    socket.once('connect_error', (error) => {
      socket.close();
      reject(error);
    });
  });
}

const lines = readline.createInterface({ input: process.stdin });
let sets: string[][] | undefined;
let cpuStart = process.cpuUsage();
let wallStart = now();
let connectedYet = false;
const setsReady = new Promise<void>((resolve) => {
  if (MODE === 'map') resolve();
  lines.on('line', (line) => {
    const message = JSON.parse(line) as { cmd: string; id?: number; sets?: string[][] };
    if (message.cmd === 'sets') {
      sets = message.sets;
      resolve();
    } else if (message.cmd === 'ping') send({ type: 'pong', id: message.id, t: now() });
    else if (message.cmd === 'start') {
      cpuStart = process.cpuUsage();
      wallStart = now();
    } else if (message.cmd === 'stop' && connectedYet) {
      const cpu = process.cpuUsage(cpuStart);
      const wallMs = now() - wallStart;
      closing = true;
      const result = {
        type: 'result',
        base,
        keys,
        receiptKey,
        receiptTime,
        unkeyed,
        foreign,
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
});

const sockets: Socket[] = [];
const errors = new Map<string, number>();
let failed = 0;
await setsReady;
const connectStart = now();
let next = 0;
await Promise.all(
  Array.from({ length: Math.min(CONCURRENCY, COUNT) }, async () => {
    while (next < COUNT) {
      const i = next++;
      try {
        sockets.push(await connectOne(sets?.[i]));
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
connectedYet = true;
send({
  type: 'connected',
  connected: sockets.length,
  failed,
  errors: [...errors].slice(0, 5),
  connectMs,
  snapshots,
  subscribed,
});
