import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { SessionsService } from './sessions.service.js';

/**
 * Keeps every node's session cache honest: the sessions this node revokes (logout, revocation, password
 * change: `SessionsService.onRevoked`) are published on the Redis channel `<REDIS_PREFIX>sessions:revoked`, and every
 * other node drops them from its cache at once (`SessionsService.forget`), so a command arriving there is refused
 * UNAUTHORIZED instead of answered from memory. The sockets of those sessions are hung up on by the trading
 * socket's own listener through the Socket.IO Redis adapter (disconnectSockets reaches every node). Without Redis
 * there is one node and the local invalidation is all there is.
 */
export class SessionRevocationSync {
  /** This node's id: a node ignores its own messages (it forgot them already). */
  readonly nodeId = randomBytes(8).toString('hex');
  private subscriber: Redis | undefined;
  private stopListening: (() => void) | undefined;
  private readonly channel: string;

  constructor(
    private readonly sessions: SessionsService,
    private readonly redis: Redis | undefined,
    prefix: string,
    private readonly log: { error: (obj: object, msg: string) => void } = { error: () => {} },
  ) {
    this.channel = `${prefix}sessions:revoked`;
  }

  /** Starts publishing this node's revocations and listening to the others'; resolves once subscribed. */
  async start(): Promise<void> {
    if (!this.redis || this.subscriber) return;
    const publisher = this.redis;
    this.stopListening = this.sessions.onRevoked((ids) => {
      publisher
        .publish(this.channel, JSON.stringify({ node: this.nodeId, ids }))
        .catch((err: unknown) => this.log.error({ err }, 'session revocation could not be published'));
    });
    // a subscribed connection can do nothing else: its own duplicate
    const subscriber = this.redis.duplicate();
    subscriber.on('error', () => {});
    this.subscriber = subscriber;
    subscriber.on('message', (channel: string, message: string) => {
      if (channel !== this.channel) return;
      const parsed = parse(message);
      if (parsed && parsed.node !== this.nodeId) this.sessions.forget(parsed.ids);
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

function parse(message: string): { node: string; ids: number[] } | undefined {
  try {
    const value = JSON.parse(message) as { node?: unknown; ids?: unknown };
    if (typeof value.node !== 'string' || !Array.isArray(value.ids)) return undefined;
    const ids = value.ids.filter((id): id is number => Number.isSafeInteger(id));
    return { node: value.node, ids };
  } catch {
    return undefined;
  }
}
