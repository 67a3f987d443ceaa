import type { AddressInfo } from 'node:net';
import { WebSocketServer } from 'ws';

/**
 * A price feed the journey controls: a local WebSocket server the product's WebSocket feed adapter connects to
 * (MARKET_FEED=websocket), sending every quote it holds each `everyMs` so the instruments stay fresh. `set` moves a
 * price and sends it at once. Only the symbols set here have prices; every other instrument is unavailable.
 *
 * With `timestamps: true` every quote carries its own time (the adapter's `ts` mapping), so a journey can close
 * candles without waiting for the clock: a quote stamped in the next minute closes the 1-minute candle before it.
 * The product keeps only quotes not older than the last one of a symbol (quote-book.ts), so a journey's stamps must
 * not go backwards; a quote stamped in the past is stale (not tradable), one in the future counts as fresh. Without
 * a stamp a quote is stamped when it is sent. Without `timestamps` (the default) the product stamps each quote when
 * it arrives, as before.
 */
export interface ControlledFeed {
  /** The server's environment for this feed. */
  env: NodeJS.ProcessEnv;
  /**
   * Sets a quote (bid is the sell side, ask the buy side) and sends it to every connection at once. `ts` (epoch ms)
   * only with `timestamps: true`: the quote keeps that time on every resend.
   */
  set(symbol: string, bid: number, ask: number, ts?: number): void;
  /** Resolves once the product is connected. */
  connected(): Promise<void>;
  close(): Promise<void>;
}

export interface ControlledFeedOptions {
  /** Quotes carry a time of the journey's choosing (`set`'s `ts`); default false. */
  timestamps?: boolean;
}

interface Held {
  s: string;
  b: number;
  a: number;
  /** The quote's own time, with `timestamps` (absent: the time it is sent). */
  ts?: number;
}

export async function startControlledFeed(
  everyMs = 400,
  options: ControlledFeedOptions = {},
): Promise<ControlledFeed> {
  const stamped = options.timestamps === true;
  const server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const quotes = new Map<string, Held>();
  const send = () => {
    const now = Date.now();
    const records = [...quotes.values()].map(({ s, b, a, ts }) =>
      stamped ? { s, b, a, t: ts ?? now } : { s, b, a },
    );
    const text = JSON.stringify(records);
    for (const client of server.clients) client.send(text);
  };
  const timer = setInterval(send, everyMs);
  const { port } = server.address() as AddressInfo;
  const mapping = stamped
    ? { symbol: 's', bid: 'b', ask: 'a', ts: 't' }
    : { symbol: 's', bid: 'b', ask: 'a' };
  return {
    env: {
      MARKET_FEED: 'websocket',
      MARKET_WS_URL: `ws://127.0.0.1:${port}`,
      MARKET_WS_OPTIONS: JSON.stringify({ mapping, items: '' }),
    },
    set(symbol, bid, ask, ts) {
      if (ts !== undefined && !stamped)
        throw new Error('startControlledFeed: a quote time needs the feed started with { timestamps: true }');
      quotes.set(
        symbol,
        ts === undefined ? { s: symbol, b: bid, a: ask } : { s: symbol, b: bid, a: ask, ts },
      );
      send();
    },
    connected: () =>
      server.clients.size > 0
        ? Promise.resolve()
        : new Promise((resolve) => server.once('connection', () => resolve())),
    close: () =>
      new Promise((resolve) => {
        clearInterval(timer);
        for (const client of server.clients) client.terminate();
        server.close(() => resolve());
      }),
  };
}
