import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createScratchDatabase, type ScratchDatabase } from '../db/scratch-database.js';
import { type PriceFeed, type Quote, QuoteEmitter } from '../market/feed.js';
import { FeedLeader } from './feed-leader.js';

/**
 * One price feed for the cluster: of the nodes sharing a PostgreSQL database and a Redis, exactly one
 * runs its feed and every other node gets those quotes over Redis, once each and in order; when the leader stops
 * or loses its lock connection, another node leads within about a second. Runs in the `cluster` project (needs
 * DATABASE_URL and REDIS_URL); each run has a database of its own (advisory locks are per database) and a Redis
 * prefix of its own.
 */

/** A price feed the test drives by hand. */
class FakeFeed implements PriceFeed {
  private readonly emitter = new QuoteEmitter((error) => {
    throw error;
  });
  running = false;
  starts = 0;

  async start(): Promise<void> {
    if (this.running) return;
    this.running = true;
    this.starts += 1;
  }

  async stop(): Promise<void> {
    this.running = false;
  }

  onQuote(listener: (quote: Quote) => void): () => void {
    return this.emitter.add(listener);
  }

  emit(quote: Quote): void {
    if (!this.running) throw new Error('a stopped feed emits nothing');
    this.emitter.emit(quote);
  }
}

interface Node {
  id: string;
  feed: FakeFeed;
  leader: FeedLeader;
  ingested: Quote[];
  infos: string[];
  errors: string[];
}

const databaseUrl = process.env.DATABASE_URL;
const redisUrl = process.env.REDIS_URL;

describe('feed leader (PostgreSQL lock, Redis quotes)', () => {
  let scratch: ScratchDatabase;
  let redis: Redis;
  const prefix = `test:feed-leader:${randomBytes(6).toString('hex')}:`;
  const nodes: Node[] = [];
  let clock = Date.UTC(2026, 10, 25, 12);

  /** A quote with a fresh timestamp, so every quote of a test is distinct; prices need the exact round trip. */
  const quote = (symbol: string, i: number): Quote => {
    clock += 1;
    return { symbol, bid: 1.0842 + i * 1e-5 + 0.1 + 0.2, ask: 1.0844 + i / 3, ts: clock };
  };

  const node = (id: string, options: { retryMs?: number } = {}): Node => {
    const feed = new FakeFeed();
    const ingested: Quote[] = [];
    const infos: string[] = [];
    const errors: string[] = [];
    const leader = new FeedLeader({
      databaseUrl: scratch.url,
      redis,
      prefix,
      nodeId: id,
      feed,
      ingest: (q) => ingested.push(q),
      log: { info: (msg) => infos.push(msg), error: (_obj, msg) => errors.push(msg) },
      ...options,
    });
    const made = { id, feed, leader, ingested, infos, errors };
    nodes.push(made);
    return made;
  };

  /** Starts nodes together; answers them leader first. */
  const startTogether = async (...started: Node[]): Promise<[Node, ...Node[]]> => {
    await Promise.all(started.map((n) => n.leader.start()));
    const leading = started.filter((n) => n.leader.leading);
    expect(leading.map((n) => n.id)).toHaveLength(1);
    const first = leading[0] as Node;
    return [first, ...started.filter((n) => n !== first)];
  };

  const expectNoDuplicates = () => {
    for (const n of nodes) {
      const keys = n.ingested.map((q) => `${q.symbol}@${q.ts}`);
      expect(new Set(keys).size, `${n.id} ingested a quote twice`).toBe(keys.length);
    }
  };

  /** Ends the lock connection of a node from the database side, as a crash of that connection would. */
  const killLockConnection = async (id: string) => {
    const admin = new pg.Client({ connectionString: scratch.url });
    await admin.connect();
    try {
      const { rows } = await admin.query<{ killed: boolean }>(
        'select pg_terminate_backend(pid) as killed from pg_stat_activity where application_name = $1',
        [`openbroker-feed-${id}`],
      );
      expect(rows.map((r) => r.killed)).toEqual([true]);
    } finally {
      await admin.end();
    }
  };

  beforeAll(async () => {
    if (!databaseUrl || !redisUrl) throw new Error('the cluster tests need DATABASE_URL and REDIS_URL');
    scratch = await createScratchDatabase(databaseUrl, 'ob_feed_leader');
    redis = new Redis(redisUrl, { maxRetriesPerRequest: 2 });
  });

  afterEach(async () => {
    expectNoDuplicates();
    for (const n of nodes.splice(0)) {
      await n.leader.stop();
      expect(n.feed.running, `${n.id}'s feed still runs after stop()`).toBe(false);
    }
  });

  afterAll(async () => {
    await redis?.quit();
    await scratch?.drop();
  });

  it("exactly one node leads, and its feed's quotes reach the other node once each, in order, with exact numbers", async () => {
    const [leader, follower] = await startTogether(node('node-a'), node('node-b'));
    if (!follower) throw new Error('two nodes');
    expect(leader.feed.running).toBe(true);
    expect(leader.infos).toContain(`feed leader: node ${leader.id} leads the price feed`);
    expect(follower.leader.leading).toBe(false);
    expect(follower.feed.starts).toBe(0);

    const sent: Quote[] = [];
    for (let i = 0; i < 200; i++) {
      const q = quote(i % 3 === 0 ? 'GBPUSD' : 'EURUSD', i);
      sent.push(q);
      leader.feed.emit(q);
      // the leader takes its own quotes at once
      expect(leader.ingested.at(-1)).toBe(q);
      // and some arrive while others are still being published
      if (i % 50 === 49)
        await vi.waitFor(() => expect(follower.ingested).toHaveLength(i + 1), { timeout: 2000 });
    }
    expect(leader.ingested).toEqual(sent);
    await vi.waitFor(() => expect(follower.ingested).toHaveLength(sent.length), { timeout: 2000 });
    expect(follower.ingested).toEqual(sent); // same order, same numbers to the last bit
    // the leader never took its own published messages back
    expect(leader.ingested).toHaveLength(sent.length);
    expect(follower.infos).toContain(
      `feed leader: node ${follower.id} follows the prices of node ${leader.id}`,
    );
    expect([...leader.errors, ...follower.errors]).toEqual([]);
  });

  it('when the leader stops, the follower leads within about a second, and a restarted node follows it', async () => {
    const [first, second] = await startTogether(node('node-c'), node('node-d'));
    if (!second) throw new Error('two nodes');
    const before = quote('EURUSD', 1);
    first.feed.emit(before);
    await vi.waitFor(() => expect(second.ingested).toEqual([before]), { timeout: 2000 });

    await first.leader.stop();
    expect(first.feed.running).toBe(false);
    expect(first.leader.leading).toBe(false);
    await vi.waitFor(() => expect(second.leader.leading).toBe(true), { timeout: 2000, interval: 20 });
    expect(second.feed.running).toBe(true);
    expect(second.infos).toContain(`feed leader: node ${second.id} leads the price feed`);

    // the first node comes back: a new process with the same NODE_ID, a follower now
    const back = node(first.id);
    await back.leader.start();
    expect(back.leader.leading).toBe(false);
    expect(back.feed.starts).toBe(0);
    const after = [quote('EURUSD', 2), quote('GBPUSD', 3)];
    for (const q of after) second.feed.emit(q);
    await vi.waitFor(() => expect(back.ingested).toEqual(after), { timeout: 2000 });
    expect(second.ingested).toEqual([before, ...after]);
    expect(first.ingested).toEqual([before]); // a stopped node takes nothing
  });

  it('a leader whose lock connection dies stops its feed at once and follows the node that takes over', async () => {
    const [first, second] = await startTogether(node('node-e'), node('node-f'));
    if (!second) throw new Error('two nodes');
    const before = quote('EURUSD', 1);
    first.feed.emit(before);
    await vi.waitFor(() => expect(second.ingested).toEqual([before]), { timeout: 2000 });

    await killLockConnection(first.id);
    await vi.waitFor(() => expect(first.feed.running).toBe(false), { timeout: 1000, interval: 10 });
    expect(first.leader.leading).toBe(false);
    expect(first.errors.some((msg) => msg.includes(`node ${first.id} lost the leader lock connection`))).toBe(
      true,
    );
    // the lock is free: one of the two leads again within about a second (each tries every second)
    await vi.waitFor(() => expect(first.leader.leading || second.leader.leading).toBe(true), {
      timeout: 2500,
      interval: 20,
    });
    const [leader, follower] = first.leader.leading ? [first, second] : [second, first];
    expect(follower.leader.leading).toBe(false);
    expect(leader.feed.running).toBe(true);
    expect(follower.feed.running).toBe(false);

    const after = [quote('EURUSD', 2), quote('GBPUSD', 3), quote('EURUSD', 4)];
    for (const q of after) leader.feed.emit(q);
    await vi.waitFor(() => expect(follower.ingested).toEqual([before, ...after]), { timeout: 2000 });
    expect(leader.ingested).toEqual([before, ...after]);
  });

  it('a follower drops a late quote older than the last one it took for that symbol; a leader takes no other node’s quotes', async () => {
    const [leader, follower] = await startTogether(node('node-g'), node('node-h'));
    if (!follower) throw new Error('two nodes');
    const stale = quote('EURUSD', 1);
    const fresh = quote('EURUSD', 2);
    const otherSymbol = quote('GBPUSD', 3);
    leader.feed.emit(fresh);
    await vi.waitFor(() => expect(follower.ingested).toEqual([fresh]), { timeout: 2000 });

    // a former leader's message published late, after the new leader's quotes went out
    const wire = (qs: Quote[]) =>
      JSON.stringify({
        node: 'node-old',
        instance: 'gone',
        quotes: qs.map((q) => [q.symbol, q.bid, q.ask, q.ts]),
      });
    await redis.publish(`${prefix}cluster:quotes`, wire([stale, otherSymbol]));
    // the same symbol's older quote is dropped; another symbol's quote is news
    await vi.waitFor(() => expect(follower.ingested).toEqual([fresh, otherSymbol]), { timeout: 2000 });
    const newer = quote('EURUSD', 4);
    leader.feed.emit(newer);
    await vi.waitFor(() => expect(follower.ingested).toEqual([fresh, otherSymbol, newer]), { timeout: 2000 });
    // the leader has its own feed only
    expect(leader.ingested).toEqual([fresh, newer]);
  });

  it('stop() is idempotent and frees the lock for the next node', async () => {
    const only = node('node-i');
    await only.leader.start();
    expect(only.leader.leading).toBe(true);
    await Promise.all([only.leader.stop(), only.leader.stop()]);
    await only.leader.stop();
    expect(only.feed.running).toBe(false);
    const next = node('node-j');
    await next.leader.start();
    expect(next.leader.leading).toBe(true); // the lock was released, not merely left to time out
  });
});
