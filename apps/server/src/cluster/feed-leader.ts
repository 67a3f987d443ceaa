import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import pg from 'pg';
import type { PriceFeed, Quote } from '../market/feed.js';

/** Advisory lock key of the feed leader (decision 0022); the shard locks are `0x0B0C0000 + shard`, shard < 1024. */
export const FEED_LEADER_LOCK = 0x0b0cfeed;

export interface FeedLeaderOptions {
  /** PostgreSQL URL: the leader lock is held on a connection of its own. */
  databaseUrl: string;
  /** A connected ioredis client: quotes are published on it; a duplicate of it subscribes. */
  redis: Redis;
  /** `config.redisPrefix`; the channel is `${prefix}cluster:quotes`. */
  prefix: string;
  nodeId: string;
  /** The price source, started only while this node leads. */
  feed: PriceFeed;
  /** Where every quote goes on this node (`market.ingest`). */
  ingest: (quote: Quote) => void;
  log: { info(msg: string): void; error(obj: object, msg: string): void };
  /** How often a follower tries the lock (and a leader checks its lock connection); default 1000 ms. */
  retryMs?: number;
  /** A leader publishes the quotes of this many ms as one message; default 5 ms. */
  batchMs?: number;
}

/** A quote on the wire: `[symbol, bid, ask, ts]` (JSON numbers round-trip doubles exactly). */
type WireQuote = [string, number, number, number];

/** One published batch: the sending node, its process instance, and its quotes in feed order. */
interface QuoteBatch {
  node: string;
  instance: string;
  quotes: WireQuote[];
}

/**
 * One feed for the whole cluster (decision 0022): the node holding the PostgreSQL advisory lock
 * `FEED_LEADER_LOCK` runs the price feed, ingests each quote at once and publishes them in batches (every
 * `batchMs`) on the Redis channel `<prefix>cluster:quotes`; every other node ingests what it hears there and
 * tries the lock every `retryMs`. PostgreSQL frees the lock when the leader's session ends (a killed node), so a
 * follower takes over within about `retryMs`. A leader whose lock connection breaks (or stops answering) stops its
 * feed at once and follows again. A follower drops a quote older than the last one it took for that symbol (a
 * late message of a former leader after a takeover); a node never takes its own messages, nor, while it leads,
 * anyone else's.
 */
export class FeedLeader {
  private readonly channel: string;
  private readonly retryMs: number;
  private readonly batchMs: number;
  /** This process's instance: a node ignores its own messages even if two nodes were given the same NODE_ID. */
  private readonly instance = randomBytes(8).toString('hex');
  /** The newest `ts` taken per symbol, from either the own feed or another node's messages. */
  private readonly lastTs = new Map<string, number>();
  private subscriber: Redis | undefined;
  /** The dedicated connection that holds (or tries) the lock; undefined between a loss and the next try. */
  private client: pg.Client | undefined;
  private isLeader = false;
  private detachFeed: (() => void) | undefined;
  /** The feed's stop after this node stopped leading, awaited before it starts again. */
  private abdicating: Promise<void> | undefined;
  private queue: Quote[] = [];
  private flushTimer: NodeJS.Timeout | undefined;
  private timer: NodeJS.Timeout | undefined;
  /** The lock round under way (a try, or the leader's check of its connection). */
  private round: Promise<void> | undefined;
  private started = false;
  private stopped = false;
  private stopping: Promise<void> | undefined;
  /** The last failure logged by the lock rounds: the same failure every second is logged once. */
  private lastFailure: string | undefined;
  /** The node whose quotes this follower took last (logged when it changes). */
  private following: string | undefined;

  constructor(private readonly options: FeedLeaderOptions) {
    this.channel = `${options.prefix}cluster:quotes`;
    this.retryMs = options.retryMs ?? 1_000;
    this.batchMs = options.batchMs ?? 5;
  }

  /** Whether this node runs the feed now. */
  get leading(): boolean {
    return this.isLeader;
  }

  /**
   * Subscribes to the quotes channel (rejects when Redis refuses), then tries the lock once: on return this node
   * either leads (its feed started) or follows and keeps trying every `retryMs`. A database that cannot be
   * reached is logged and retried, not thrown: a follower still gets its prices. Calling it again does nothing.
   */
  async start(): Promise<void> {
    if (this.started || this.stopped) return;
    this.started = true;
    // a subscribed connection can do nothing else: its own duplicate
    const subscriber = this.options.redis.duplicate();
    subscriber.on('error', () => {});
    subscriber.on('message', (channel: string, message: string) => {
      if (channel === this.channel) this.onMessage(message);
    });
    this.subscriber = subscriber;
    try {
      await subscriber.subscribe(this.channel);
    } catch (error) {
      this.subscriber = undefined;
      subscriber.disconnect();
      this.stopped = true;
      throw error;
    }
    if (this.stopped) return;
    await this.runRound();
  }

  /** Stops the feed (publishing what it queued), frees the lock, closes both connections. Idempotent. */
  stop(): Promise<void> {
    this.stopping ??= this.shutdown();
    return this.stopping;
  }

  private async shutdown(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    await this.round;
    const wasLeader = this.isLeader;
    if (wasLeader) await this.abdicate();
    else await this.abdicating;
    const client = this.client;
    this.client = undefined; // its 'end' is no loss now
    if (client) {
      if (wasLeader) await client.query('select pg_advisory_unlock($1)', [FEED_LEADER_LOCK]).catch(() => {});
      // ending the session frees the lock anyway
      await client.end().catch(() => {});
    }
    const subscriber = this.subscriber;
    this.subscriber = undefined;
    if (subscriber) await subscriber.quit().catch(() => subscriber.disconnect());
  }

  /** Runs one lock round now (unless one is under way), then schedules the next. */
  private runRound(): Promise<void> {
    this.round ??= (this.isLeader ? this.checkLock() : this.tryLead()).finally(() => {
      this.round = undefined;
      this.schedule();
    });
    return this.round;
  }

  private schedule(): void {
    if (this.stopped || this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      if (!this.stopped) void this.runRound();
    }, this.retryMs);
    this.timer.unref();
  }

  /** A follower's round: connect when needed, try the lock, lead on winning it. */
  private async tryLead(): Promise<void> {
    try {
      const client = this.client ?? (await this.connect());
      const { rows } = await client.query<{ claimed: boolean }>(
        'select pg_try_advisory_lock($1) as claimed',
        [FEED_LEADER_LOCK],
      );
      this.lastFailure = undefined;
      if (!rows[0]?.claimed) return;
      if (this.stopped || client !== this.client) {
        // stopped meanwhile, or the connection broke right after: the lock goes with the session
        await client.query('select pg_advisory_unlock($1)', [FEED_LEADER_LOCK]).catch(() => {});
        return;
      }
      await this.lead(client);
    } catch (error) {
      this.failed(error, 'feed leader: the leader lock could not be tried');
      // a connection that failed a query may be half dead: the next round opens a new one
      if (this.client) this.drop(this.client);
    }
  }

  /** A leader's round: its lock connection must still answer, or the lock may be gone. */
  private async checkLock(): Promise<void> {
    const client = this.client;
    if (!client) return;
    try {
      await client.query('select 1');
    } catch (error) {
      this.lockLost(client, error as Error);
    }
  }

  private async connect(): Promise<pg.Client> {
    const client = new pg.Client({
      connectionString: this.options.databaseUrl,
      application_name: `openbroker-feed-${this.options.nodeId}`.slice(0, 63),
      keepAlive: true,
      connectionTimeoutMillis: 5_000,
      // a lock connection that stops answering counts as lost (checked every retryMs while leading)
      query_timeout: Math.max(2 * this.retryMs, 5_000),
    });
    client.on('error', (error: Error) => this.lockLost(client, error));
    client.on('end', () =>
      this.lockLost(client, new Error('the connection holding the feed leader lock ended')),
    );
    try {
      await client.connect();
    } catch (error) {
      client.removeAllListeners('end');
      await client.end().catch(() => {});
      throw error;
    }
    if (this.stopped) {
      client.removeAllListeners('end');
      await client.end().catch(() => {});
      throw new Error('the feed leader stopped');
    }
    this.client = client;
    return client;
  }

  /** This node won the lock: its feed runs, each quote is ingested here at once and published in batches. */
  private async lead(client: pg.Client): Promise<void> {
    const { feed, nodeId, log } = this.options;
    this.isLeader = true;
    this.following = undefined;
    this.detachFeed = feed.onQuote((quote) => this.onFeedQuote(quote));
    log.info(`feed leader: node ${nodeId} leads the price feed`);
    try {
      await this.abdicating; // a stop of the previous lead still under way
      await feed.start();
    } catch (error) {
      log.error({ err: error }, 'feed leader: the price feed did not start; giving the lead up');
      if (this.isLeader && this.client === client) {
        await this.abdicate();
        await client.query('select pg_advisory_unlock($1)', [FEED_LEADER_LOCK]).catch(() => {});
      }
      return;
    }
    // the lock went while the feed was starting: it must not keep running here
    if (!this.isLeader)
      await feed.stop().catch((err: unknown) => log.error({ err }, 'feed leader: feed stop failed'));
  }

  /** Stops leading: no more quotes taken from the feed, the feed stopped, what was queued published. */
  private abdicate(): Promise<void> {
    this.isLeader = false;
    this.detachFeed?.();
    this.detachFeed = undefined;
    this.flush();
    const stopping = this.options.feed
      .stop()
      .catch((err: unknown) => this.options.log.error({ err }, 'feed leader: feed stop failed'))
      .finally(() => {
        if (this.abdicating === stopping) this.abdicating = undefined;
      });
    this.abdicating = stopping;
    return stopping;
  }

  /** The lock connection broke: whatever it held is gone (another node may lead already). */
  private lockLost(client: pg.Client, error: Error): void {
    if (client !== this.client) return; // an older connection, or closed on purpose
    this.drop(client);
    if (this.isLeader) {
      this.options.log.error(
        { err: error },
        `feed leader: node ${this.options.nodeId} lost the leader lock connection; its feed stops and it follows again`,
      );
      void this.abdicate();
    }
    this.schedule();
  }

  /** Forgets the lock connection and closes it without waiting (it may not answer any more). */
  private drop(client: pg.Client): void {
    if (this.client === client) this.client = undefined;
    client.removeAllListeners('end');
    client.on('error', () => {});
    void client.end().catch(() => {});
  }

  private failed(error: unknown, message: string): void {
    const text = error instanceof Error ? error.message : String(error);
    if (this.stopped || text === this.lastFailure) return;
    this.lastFailure = text;
    this.options.log.error({ err: error }, message);
  }

  private onFeedQuote(quote: Quote): void {
    if (!this.isLeader) return;
    const last = this.lastTs.get(quote.symbol);
    if (last === undefined || quote.ts > last) this.lastTs.set(quote.symbol, quote.ts);
    this.queue.push(quote);
    this.flushTimer ??= setTimeout(() => this.flush(), this.batchMs);
    this.take(quote);
  }

  /** Publishes the queued quotes as one message. */
  private flush(): void {
    if (this.flushTimer) clearTimeout(this.flushTimer);
    this.flushTimer = undefined;
    if (this.queue.length === 0) return;
    const batch: QuoteBatch = {
      node: this.options.nodeId,
      instance: this.instance,
      quotes: this.queue.map((q) => [q.symbol, q.bid, q.ask, q.ts]),
    };
    this.queue = [];
    this.options.redis
      .publish(this.channel, JSON.stringify(batch))
      .then(() => {
        this.lastFailure = undefined;
      })
      .catch((err: unknown) => this.failed(err, 'feed leader: quotes could not be published'));
  }

  private onMessage(message: string): void {
    if (this.isLeader || this.stopped) return;
    const batch = parseBatch(message);
    if (!batch || batch.instance === this.instance) return;
    if (batch.node !== this.following) {
      this.following = batch.node;
      this.options.log.info(
        `feed leader: node ${this.options.nodeId} follows the prices of node ${batch.node}`,
      );
    }
    for (const [symbol, bid, ask, ts] of batch.quotes) {
      const last = this.lastTs.get(symbol);
      if (last !== undefined && ts < last) continue;
      this.lastTs.set(symbol, ts);
      this.take({ symbol, bid, ask, ts });
    }
  }

  private take(quote: Quote): void {
    try {
      this.options.ingest(quote);
    } catch (err) {
      this.options.log.error({ err }, 'feed leader: a quote could not be ingested');
    }
  }
}

function parseBatch(message: string): QuoteBatch | undefined {
  try {
    const value = JSON.parse(message) as Partial<QuoteBatch>;
    if (typeof value.node !== 'string' || typeof value.instance !== 'string' || !Array.isArray(value.quotes))
      return undefined;
    const quotes = value.quotes.filter(
      (q): q is WireQuote =>
        Array.isArray(q) &&
        q.length === 4 &&
        typeof q[0] === 'string' &&
        typeof q[1] === 'number' &&
        typeof q[2] === 'number' &&
        typeof q[3] === 'number',
    );
    return { node: value.node, instance: value.instance, quotes };
  } catch {
    return undefined;
  }
}
