import type { AddressInfo } from 'node:net';
import { WebSocketServer } from 'ws';

/**
 * A price feed the journey controls: a local WebSocket server the product's WebSocket feed adapter connects to
 * (MARKET_FEED=websocket), sending every quote it holds each `everyMs` so the instruments stay fresh. `set` moves a
 * price and sends it at once. Only the symbols set here have prices; every other instrument is unavailable.
 */
export interface ControlledFeed {
  /** The server's environment for this feed. */
  env: NodeJS.ProcessEnv;
  /** Sets a quote (bid is the sell side, ask the buy side) and sends it to every connection at once. */
  set(symbol: string, bid: number, ask: number): void;
  /** Resolves once the product is connected. */
  connected(): Promise<void>;
  close(): Promise<void>;
}

export async function startControlledFeed(everyMs = 400): Promise<ControlledFeed> {
  const server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const quotes = new Map<string, { s: string; b: number; a: number }>();
  const send = () => {
    const text = JSON.stringify([...quotes.values()]);
    for (const client of server.clients) client.send(text);
  };
  const timer = setInterval(send, everyMs);
  const { port } = server.address() as AddressInfo;
  return {
    env: {
      MARKET_FEED: 'websocket',
      MARKET_WS_URL: `ws://127.0.0.1:${port}`,
      MARKET_WS_OPTIONS: JSON.stringify({ mapping: { symbol: 's', bid: 'b', ask: 'a' }, items: '' }),
    },
    set(symbol, bid, ask) {
      quotes.set(symbol, { s: symbol, b: bid, a: ask });
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
