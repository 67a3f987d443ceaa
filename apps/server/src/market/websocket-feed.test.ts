import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { type WebSocket, WebSocketServer } from 'ws';
import type { Quote } from './feed.js';
import {
  parsePath,
  readPath,
  WebSocketFeed,
  type WebSocketFeedOptions,
  type WebSocketFeedStatus,
} from './websocket-feed.js';

/** A fake price server on 127.0.0.1 that records what clients send. */
class FakePriceServer {
  readonly received: string[] = [];
  readonly sockets: WebSocket[] = [];
  connections = 0;
  private server: WebSocketServer | undefined;

  static async start(port = 0): Promise<FakePriceServer> {
    const fake = new FakePriceServer();
    await fake.listen(port);
    return fake;
  }

  get port(): number {
    if (!this.server) throw new Error('the fake server is not listening');
    return (this.server.address() as AddressInfo).port;
  }

  get url(): string {
    return `ws://127.0.0.1:${this.port}/stream`;
  }

  async listen(port: number): Promise<void> {
    const server = new WebSocketServer({ host: '127.0.0.1', port });
    server.on('connection', (socket) => {
      this.connections += 1;
      this.sockets.push(socket);
      socket.on('message', (data) => this.received.push(data.toString()));
    });
    await new Promise<void>((resolve, reject) => {
      server.once('listening', resolve);
      server.once('error', reject);
    });
    this.server = server;
  }

  broadcast(message: unknown): void {
    const text = typeof message === 'string' ? message : JSON.stringify(message);
    for (const socket of this.sockets) if (socket.readyState === socket.OPEN) socket.send(text);
  }

  /** Drops every client connection abruptly (no closing handshake). */
  dropClients(): void {
    for (const socket of this.sockets) socket.terminate();
    this.sockets.length = 0;
  }

  async close(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (!server) return;
    for (const socket of server.clients) socket.terminate();
    this.sockets.length = 0;
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

async function until(condition: () => boolean, timeoutMs = 5_000): Promise<void> {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > timeoutMs) throw new Error('timed out waiting for a condition');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

// Binance's combined book-ticker stream: prices are strings, the symbol is BTCUSDT.
const binanceMapping: Pick<WebSocketFeedOptions, 'mapping' | 'symbols' | 'subscribe'> = {
  mapping: { symbol: 'data.s', bid: 'data.b', ask: 'data.a', ts: 'data.E' },
  symbols: { BTCUSDT: 'BTCUSD', ETHUSDT: 'ETHUSD' },
  subscribe: [{ method: 'SUBSCRIBE', params: ['btcusdt@bookTicker', 'ethusdt@bookTicker'], id: 1 }],
};
const bookTicker = (s: string, b: string, a: string, E: number) => ({
  stream: `${s.toLowerCase()}@bookTicker`,
  data: { u: 1, s, b, B: '1.0', a, A: '2.0', E },
});

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()?.();
});

async function setup(options: Partial<WebSocketFeedOptions> = {}, server?: FakePriceServer) {
  const fake = server ?? (await FakePriceServer.start());
  const statuses: WebSocketFeedStatus[] = [];
  const feed = new WebSocketFeed({
    url: options.url ?? fake.url,
    ...binanceMapping,
    reconnect: { initialDelayMs: 20, maxDelayMs: 200, jitter: 0 },
    onStatus: (s) => statuses.push(s),
    onError: () => {},
    ...options,
  });
  const quotes: Quote[] = [];
  feed.onQuote((q) => quotes.push(q));
  cleanups.push(async () => {
    await feed.stop();
    await fake.close();
  });
  return { fake, feed, quotes, statuses };
}

describe('WebSocket JSON feed adapter against a local fake server', () => {
  it('subscribes on connect and maps messages to quotes through JSON paths and the symbol map', async () => {
    const { fake, feed, quotes } = await setup();
    await feed.start();
    await until(() => fake.received.length === 1);
    expect(JSON.parse(fake.received[0] as string)).toEqual(binanceMapping.subscribe?.[0]);

    fake.broadcast({ result: null, id: 1 }); // the subscription ack maps to nothing
    fake.broadcast(bookTicker('BTCUSDT', '95000.10', '95012.40', 1795446432345));
    fake.broadcast(bookTicker('ETHUSDT', '3400.01', '3400.50', 1795446432400));
    fake.broadcast(bookTicker('DOGEUSDT', '0.2', '0.21', 1795446432500)); // not in the symbol map
    fake.broadcast('not json');
    fake.broadcast(bookTicker('BTCUSDT', '95013', '95000', 1795446432600)); // bid above ask
    await until(() => feed.stats().messages === 6);
    expect(quotes).toEqual([
      { symbol: 'BTCUSD', bid: 95000.1, ask: 95012.4, ts: 1795446432345 },
      { symbol: 'ETHUSD', bid: 3400.01, ask: 3400.5, ts: 1795446432400 },
    ]);
    expect(feed.stats()).toEqual({ messages: 6, quotes: 2, ignored: 3, unparsable: 1, reconnects: 0 });
  });

  it('reads several quotes from one message, with second timestamps and ISO timestamps', async () => {
    const { fake, feed, quotes } = await setup({
      mapping: { symbol: 'pair', bid: 'quote.sell', ask: 'quote.buy', ts: 'time' },
      items: 'payload.rates',
      symbols: undefined,
      subscribe: ['{"op":"subscribe","channel":"rates"}'],
      timestampUnit: 's',
    });
    await feed.start();
    await until(() => fake.received.length === 1);
    expect(fake.received[0]).toBe('{"op":"subscribe","channel":"rates"}');
    fake.broadcast({
      payload: {
        rates: [
          { pair: 'EURUSD', quote: { sell: 1.165, buy: 1.16512 }, time: 1795446432 },
          { pair: 'GBPUSD', quote: { sell: 1.335, buy: 1.33516 }, time: '2026-11-23T15:07:12.500Z' },
          { pair: 'USDJPY', quote: { sell: 'x', buy: 152.5 }, time: 1795446432 },
        ],
      },
    });
    await until(() => quotes.length === 2);
    expect(quotes).toEqual([
      { symbol: 'EURUSD', bid: 1.165, ask: 1.16512, ts: 1795446432000 },
      { symbol: 'GBPUSD', bid: 1.335, ask: 1.33516, ts: Date.parse('2026-11-23T15:07:12.500Z') },
    ]);
  });

  it('reconnects with backoff when the connection drops, subscribes again and carries on', async () => {
    const { fake, feed, quotes, statuses } = await setup();
    await feed.start();
    await until(() => fake.received.length === 1);
    fake.dropClients();
    await until(() => fake.connections === 2 && fake.received.length === 2);
    expect(fake.received[1]).toBe(fake.received[0]);
    fake.broadcast(bookTicker('BTCUSDT', '95000.10', '95012.40', 1));
    await until(() => quotes.length === 1);
    expect(feed.stats().reconnects).toBe(1);
    const closed = statuses.find((s) => s.state === 'closed');
    expect(closed).toMatchObject({ state: 'closed', code: 1006, retryInMs: 20 });
  });

  it('keeps retrying with growing delays while the server is down, then connects when it is back', async () => {
    const fake = await FakePriceServer.start();
    const port = fake.port;
    await fake.close();
    const { feed, quotes, statuses } = await setup({ url: `ws://127.0.0.1:${port}/stream` }, fake);
    await feed.start(); // resolves after the first failed attempt; the feed keeps trying
    await until(() => statuses.filter((s) => s.state === 'closed').length >= 4);
    const delays = statuses.flatMap((s) => (s.state === 'closed' ? [s.retryInMs] : []));
    expect(delays.slice(0, 4)).toEqual([20, 40, 80, 160]);

    await fake.listen(port);
    await until(() => fake.received.length === 1, 10_000);
    fake.broadcast(bookTicker('ETHUSDT', '3400.01', '3400.50', 2));
    await until(() => quotes.length === 1);
    expect(statuses.at(-1)).toEqual({ state: 'open' });
  });

  it('reconnects when the connection goes silent', async () => {
    const errors: unknown[] = [];
    const { fake, feed } = await setup({ idleTimeoutMs: 100, onError: (e) => errors.push(e) });
    await feed.start();
    await until(() => fake.connections >= 2, 5_000);
    expect(String(errors[0])).toMatch(
      /no message from ws:\/\/127\.0\.0\.1:\d+\/stream for 100 ms; reconnecting/,
    );
  });

  it('stops cleanly: closes the connection and does not reconnect', async () => {
    const { fake, feed, statuses } = await setup();
    await feed.start();
    await until(() => fake.sockets.length === 1);
    const socket = fake.sockets[0] as WebSocket;
    const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
    await feed.stop();
    expect(await closed).toBe(1005);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(fake.connections).toBe(1);
    expect(statuses.at(-1)).toEqual({ state: 'stopped' });
  });
});

describe('JSON paths', () => {
  it('reads dotted paths with array indices', () => {
    const value = { data: { items: [{ bid: '1.5' }, { bid: 2 }] } };
    expect(parsePath('data.items[1].bid')).toEqual(['data', 'items', 1, 'bid']);
    expect(readPath(value, parsePath('data.items[1].bid'))).toBe(2);
    expect(readPath(value, parsePath('data.items.0.bid'))).toBe('1.5');
    expect(readPath(value, parsePath('data.missing.bid'))).toBeUndefined();
    expect(readPath(value, parsePath(''))).toBe(value);
    expect(() => parsePath('data..bid')).toThrow(/Invalid JSON path "data\.\.bid"/);
  });
});
