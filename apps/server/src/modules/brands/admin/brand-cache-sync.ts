import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { BrandsService } from '../brands.service.js';

/**
 * Keeps every node's brand cache fresh: a brand changed on one node (BrandsService.changed) is
 * published on the Redis channel `<REDIS_PREFIX>brands:changed`; every other node drops its cached brands
 * and hands the new trading profile to its engine (BrandsService.changedElsewhere). Without Redis there is
 * one node and the local invalidation is all there is (cached entries also expire after 30 seconds).
 */
export class BrandCacheSync {
  /** This node's id: a node ignores its own messages (it invalidated already). */
  readonly nodeId = randomBytes(8).toString('hex');
  private subscriber: Redis | undefined;
  private stopListening: (() => void) | undefined;
  private readonly channel: string;

  constructor(
    private readonly brands: BrandsService,
    private readonly redis: Redis | undefined,
    prefix: string,
    private readonly log: { warn: (obj: object, msg: string) => void } = { warn: () => {} },
  ) {
    this.channel = `${prefix}brands:changed`;
  }

  /** Starts publishing this node's changes and listening to the others'; resolves once subscribed. */
  async start(): Promise<void> {
    if (!this.redis || this.subscriber) return;
    const publisher = this.redis;
    this.stopListening = this.brands.onChanged((brandId) => {
      publisher
        .publish(this.channel, JSON.stringify({ node: this.nodeId, brandId }))
        .catch((err: unknown) => this.log.warn({ err }, 'brand change could not be published'));
    });
    // a subscribed connection can do nothing else: its own duplicate
    const subscriber = this.redis.duplicate();
    this.subscriber = subscriber;
    subscriber.on('message', (channel: string, message: string) => {
      if (channel !== this.channel) return;
      const parsed = parse(message);
      if (!parsed || parsed.node === this.nodeId) return;
      this.brands
        .changedElsewhere(parsed.brandId)
        .catch((err: unknown) => this.log.warn({ err }, 'brand change from another node failed'));
    });
    await subscriber.subscribe(this.channel);
  }

  async stop(): Promise<void> {
    this.stopListening?.();
    this.stopListening = undefined;
    const subscriber = this.subscriber;
    this.subscriber = undefined;
    if (subscriber) await subscriber.quit().catch(() => subscriber.disconnect());
  }
}

function parse(message: string): { node: string; brandId: number } | undefined {
  try {
    const value = JSON.parse(message) as { node?: unknown; brandId?: unknown };
    if (typeof value.node !== 'string' || !Number.isSafeInteger(value.brandId)) return undefined;
    return { node: value.node, brandId: value.brandId as number };
  } catch {
    return undefined;
  }
}
