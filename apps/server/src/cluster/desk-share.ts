import { deserialize, serialize } from 'node:v8';
import type { Redis } from 'ioredis';
import type { DeskPosition } from '../engine/index.js';
import type { TradingService } from '../modules/trading/trading.service.js';

/** How long a node's published positions count; a dead node's drop out after it. */
const SHARE_TTL_MS = 3_000;
/** How long one dealing-desk read keeps every node publishing. */
const WANTED_TTL_MS = 5_000;

/**
 * The dealing desk across a cluster (the desk's nodes): every node's engine holds the open
 * positions of its own shards only. While some node's desk has viewers (a `…cluster:desk:wanted` key it renews on
 * each read), every node publishes its positions every `intervalMs` under `…cluster:desk:<node>`; a read takes this
 * node's positions live and the others' latest (at most about a second old, like the desk's own refresh).
 */
export class DeskShare {
  private timer: NodeJS.Timeout | undefined;
  private publishing = false;

  constructor(
    private readonly options: {
      redis: Redis;
      prefix: string;
      nodeId: string;
      trading: TradingService;
      log: { error: (obj: object, msg: string) => void };
      intervalMs?: number;
    },
  ) {}

  private key(node: string): string {
    return `${this.options.prefix}cluster:desk:${node}`;
  }

  private get wantedKey(): string {
    return `${this.options.prefix}cluster:desk:wanted`;
  }

  start(): void {
    this.timer = setInterval(() => void this.publish(), this.options.intervalMs ?? 1_000);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.options.redis.del(this.key(this.options.nodeId)).catch(() => {});
  }

  private async publish(): Promise<void> {
    if (this.publishing) return;
    this.publishing = true;
    try {
      const { redis } = this.options;
      if ((await redis.exists(this.wantedKey)) === 0) return;
      await redis.set(
        this.key(this.options.nodeId),
        serialize(this.options.trading.deskPositions()),
        'PX',
        SHARE_TTL_MS,
      );
    } catch (err) {
      this.options.log.error({ err }, 'cluster: the desk positions could not be shared');
    } finally {
      this.publishing = false;
    }
  }

  /** Every open position of the cluster: this node's now, the other live nodes' as last published. */
  async positions(): Promise<DeskPosition[]> {
    const { redis, prefix, nodeId } = this.options;
    const [, nodes] = await Promise.all([
      redis.set(this.wantedKey, '1', 'PX', WANTED_TTL_MS),
      redis.zrange(`${prefix}cluster:nodes`, 0, -1),
    ]);
    const others = nodes.filter((n) => n !== nodeId);
    const all = [...this.options.trading.deskPositions()];
    if (others.length === 0) return all;
    const shared = await redis.mgetBuffer(...others.map((n) => this.key(n)));
    for (const body of shared) {
      if (!body) continue;
      try {
        all.push(...(deserialize(body) as DeskPosition[]));
      } catch (err) {
        this.options.log.error({ err }, 'cluster: a node shared unreadable desk positions');
      }
    }
    return all;
  }
}
