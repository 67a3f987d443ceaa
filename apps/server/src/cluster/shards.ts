import type { Redis } from 'ioredis';
import pg from 'pg';

/** Advisory lock keys of the engine shards: shard k is `SHARD_LOCK_BASE + k` (decision 0022). */
export const SHARD_LOCK_BASE = 0x0b0c0000;
/** How long a node counts as alive after its last heartbeat in Redis. */
const NODE_TTL_MS = 3_000;

/** The engine shard an account belongs to. */
export function shardOf(accountId: number, shards: number): number {
  return accountId % shards;
}

export interface ShardOwnershipOptions {
  databaseUrl: string;
  shards: number;
  nodeId: string;
  redis: Redis;
  prefix: string;
  /**
   * Loads the shards' accounts into this node's engine. Called once per shard won, before the shard counts as
   * owned here, so no command reaches a book that is not loaded yet.
   */
  adopt: (shard: number) => Promise<void>;
  /** Told when the lock connection breaks: the locks are gone and another node may already own the shards. */
  onLost: (error: Error) => void;
  log: { info: (msg: string) => void; error: (obj: object, msg: string) => void };
  /** How often a node looks for shards without an owner (and renews its heartbeat). */
  retryMs?: number;
  /** Wait before the first claim, so nodes started together see each other and share the shards. */
  settleMs?: number;
}

/**
 * Engine shards owned by this node (decision 0022). Each shard is a PostgreSQL advisory lock held on
 * one dedicated connection for the life of the node: PostgreSQL frees the locks when that session ends, so a
 * node killed with SIGKILL loses its shards at once and the others take them within `retryMs` (plus the
 * heartbeat TTL while they still count the dead node in the fair share). A node takes free shards up to its fair
 * share (shards ÷ live nodes, from heartbeats in Redis); it never gives a shard up while it lives.
 */
export class ShardOwnership {
  private readonly owned = new Set<number>();
  private client: pg.Client | undefined;
  private timer: NodeJS.Timeout | undefined;
  private ticking: Promise<void> | undefined;
  private stopped = false;
  private paused = false;
  private lost = false;

  constructor(private readonly options: ShardOwnershipOptions) {}

  get shards(): number {
    return this.options.shards;
  }

  /** Whether this node owns the account's shard now (its book is loaded here). */
  owns(accountId: number): boolean {
    return this.owned.has(shardOf(accountId, this.options.shards));
  }

  ownsShard(shard: number): boolean {
    return this.owned.has(shard);
  }

  ownedShards(): number[] {
    return [...this.owned].sort((a, b) => a - b);
  }

  async start(): Promise<void> {
    const client = new pg.Client({
      connectionString: this.options.databaseUrl,
      application_name: `openbroker-shards-${this.options.nodeId}`,
      keepAlive: true,
      connectionTimeoutMillis: 5_000,
    });
    const lost = (error: Error) => {
      if (this.stopped || this.lost) return;
      this.lost = true;
      this.owned.clear();
      this.options.onLost(error);
    };
    client.on('error', lost);
    client.on('end', () => lost(new Error('the connection holding the shard locks ended')));
    await client.connect();
    this.client = client;
    await this.heartbeat();
    const settle = this.options.settleMs ?? 1_500;
    await new Promise((resolve) => setTimeout(resolve, settle));
    await this.tick();
    this.timer = setInterval(() => {
      if (!this.ticking) this.ticking = this.tick().finally(() => (this.ticking = undefined));
    }, this.options.retryMs ?? 1_000);
    this.timer.unref();
  }

  /** Takes no more shards (a node shutting down); the ones it owns stay locked until `stop`. */
  pause(): void {
    this.paused = true;
  }

  /** Frees every shard: call once this node's engine has no commit in flight (runtime.close). */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.ticking;
    await this.options.redis.zrem(this.nodesKey, this.options.nodeId).catch(() => {});
    // ending the session frees every advisory lock it holds
    await this.client?.end().catch(() => {});
    this.owned.clear();
  }

  private get nodesKey(): string {
    return `${this.options.prefix}cluster:nodes`;
  }

  private async heartbeat(): Promise<number> {
    const now = Date.now();
    const results = await this.options.redis
      .multi()
      .zadd(this.nodesKey, now, this.options.nodeId)
      .zremrangebyscore(this.nodesKey, 0, now - NODE_TTL_MS)
      .pexpire(this.nodesKey, NODE_TTL_MS * 10)
      .zcard(this.nodesKey)
      .exec();
    return Math.max(1, Number(results?.[3]?.[1] ?? 1));
  }

  /** Renews the heartbeat and takes free shards up to the fair share, starting at a node-dependent offset. */
  private async tick(): Promise<void> {
    if (this.stopped || this.paused || this.lost || !this.client) return;
    try {
      const live = await this.heartbeat();
      const { shards } = this.options;
      const share = Math.ceil(shards / live);
      if (this.owned.size >= share) return;
      const offset = hash(this.options.nodeId) % shards;
      for (let i = 0; i < shards && this.owned.size < share; i++) {
        const shard = (offset + i) % shards;
        if (this.owned.has(shard)) continue;
        const { rows } = await this.client.query<{ claimed: boolean }>(
          'select pg_try_advisory_lock($1) as claimed',
          [SHARD_LOCK_BASE + shard],
        );
        if (!rows[0]?.claimed) continue;
        if (this.stopped || this.paused || this.lost) {
          await this.client.query('select pg_advisory_unlock($1)', [SHARD_LOCK_BASE + shard]).catch(() => {});
          return;
        }
        try {
          await this.options.adopt(shard);
        } catch (error) {
          // not loaded: give the shard back so another node (or the next round) takes it whole
          await this.client.query('select pg_advisory_unlock($1)', [SHARD_LOCK_BASE + shard]).catch(() => {});
          this.options.log.error({ err: error, shard }, 'cluster: a shard could not be loaded');
          continue;
        }
        this.owned.add(shard);
        this.options.log.info(`cluster: node ${this.options.nodeId} owns shard ${shard}`);
      }
    } catch (error) {
      this.options.log.error({ err: error }, 'cluster: the shard round failed');
    }
  }
}

function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}
