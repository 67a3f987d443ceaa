import { afterAll, beforeAll, expect } from 'vitest';
import { newSession, type Session, type VIEWPORTS } from './browser.js';
import { type ControlledFeed, type ControlledFeedOptions, startControlledFeed } from './controlled-feed.js';
import {
  type ServerProcess,
  type StartServerOptions,
  startServer,
  verifyLedgerOf,
} from './server-process.js';

/** A journey's own server and feed (see `journeyServer`). */
export interface JourneyServer {
  /** The journey's server, once `beforeAll` started it. */
  readonly server: ServerProcess;
  /** The feed the journey moves, once `beforeAll` started it. */
  readonly feed: ControlledFeed;
  /** A new browser session on the journey's server, closed when the journey ends. */
  session(viewport?: keyof typeof VIEWPORTS, options?: { colorScheme?: 'light' | 'dark' }): Promise<Session>;
}

export interface JourneyServerOptions {
  /** How often the feed sends its quotes, ms (default 400). */
  everyMs?: number;
  feed?: ControlledFeedOptions;
  /** Quotes held from the start: symbol → [bid, ask]. Instruments without one have no price (closed market). */
  quotes?: Record<string, readonly [number, number]>;
  /** Checks the ledger of the journey's database once the server stopped, as the README's `ledger:verify` does. */
  verifyLedger?: boolean;
  server?: Omit<StartServerOptions, 'env'> & { env?: NodeJS.ProcessEnv };
}

/**
 * A journey on a server of its own whose market the test controls (a WebSocket feed it sets, so it runs on any day
 * of the week and its clients' balances are its own): registers the `beforeAll` that starts the feed and the built
 * server on a fresh database, and the `afterAll` that closes the sessions, stops both, verifies the ledger when asked
 * and drops the database.
 */
export function journeyServer(options: JourneyServerOptions = {}): JourneyServer {
  let server: ServerProcess | undefined;
  let feed: ControlledFeed | undefined;
  const sessions: Session[] = [];

  beforeAll(async () => {
    feed = await startControlledFeed(options.everyMs ?? 400, options.feed ?? {});
    for (const [symbol, [bid, ask]] of Object.entries(options.quotes ?? {})) feed.set(symbol, bid, ask);
    server = await startServer({ ...options.server, env: { ...options.server?.env, ...feed.env } });
    await feed.connected();
  }, 180_000);

  afterAll(async () => {
    for (const session of sessions) await session.context.close().catch(() => undefined);
    await server?.stop();
    await feed?.close();
    const verified = options.verifyLedger && server ? await verifyLedgerOf(server) : undefined;
    await server?.dropDatabase();
    if (verified) expect(verified.ok, verified.out).toBe(true);
  }, 120_000);

  const started = <T>(value: T | undefined, what: string): T => {
    if (value === undefined)
      throw new Error(`the journey's ${what} is not started yet (use it inside a test)`);
    return value;
  };
  return {
    get server() {
      return started(server, 'server');
    },
    get feed() {
      return started(feed, 'feed');
    },
    async session(viewport = 'desktop', sessionOptions = {}) {
      const opened = await newSession(viewport, {
        ...sessionOptions,
        baseURL: started(server, 'server').baseURL,
      });
      sessions.push(opened);
      return opened;
    },
  };
}
