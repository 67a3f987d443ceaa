import { randomUUID } from 'node:crypto';
import { deserialize, serialize } from 'node:v8';
import type { Redis } from 'ioredis';
import { AppError } from '../lib/errors.js';

/** No node answered for the shard in time (its owner died and no other has taken it over yet). */
export class ShardUnavailableError extends Error {
  override name = 'ShardUnavailableError';
}

interface Request {
  id: string;
  reply: string;
  op: string;
  accountId: number;
  args: unknown;
}

interface Reply {
  id: string;
  ok: boolean;
  value?: unknown;
  error?: string;
  /** A refusal the client must see as if it ran here (a validation message, a 404): rebuilt as the same AppError. */
  appError?: ConstructorParameters<typeof AppError>;
}

export interface ShardRpcOptions {
  redis: Redis;
  prefix: string;
  nodeId: string;
  /** Runs an operation for an account of a shard this node owns; values cross as structured clones (v8). */
  handle: (op: string, accountId: number, args: unknown) => Promise<unknown>;
  log: { error: (obj: object, msg: string) => void };
  /** How long a caller waits for the owner's answer, retries included. */
  timeoutMs?: number;
}

/**
 * Requests to a shard's owner over Redis pub/sub (decision 0022): a request goes to the shard's
 * channel, which only its owner subscribes to, and the answer to the caller's node channel. A request nobody
 * received (the shard is between owners) is sent again every 200 ms until the deadline. A request lost with a
 * dying owner times out; the client re-sends it with the same command id, which the next owner answers from
 * `trade_commands` if it had committed (nothing is done twice).
 */
export class ShardRpc {
  private sub: Redis | undefined;
  private readonly pending = new Map<
    string,
    { resolve: (value: unknown) => void; reject: (e: Error) => void }
  >();
  private readonly served = new Set<number>();

  constructor(private readonly options: ShardRpcOptions) {}

  private channel(shard: number): string {
    return `${this.options.prefix}cluster:shard:${shard}`;
  }

  private get replyChannel(): string {
    return `${this.options.prefix}cluster:reply:${this.options.nodeId}`;
  }

  async start(): Promise<void> {
    const sub = this.options.redis.duplicate();
    sub.on('error', () => {});
    this.sub = sub;
    // structured clones (node:v8), so dates and maps in a command (a payment's row) arrive as they left
    sub.on('messageBuffer', (channel: Buffer, body: Buffer) => {
      if (channel.toString() === this.replyChannel) this.onReply(body);
      else void this.onRequest(body);
    });
    await sub.subscribe(this.replyChannel);
  }

  async stop(): Promise<void> {
    for (const { reject } of this.pending.values())
      reject(new ShardUnavailableError('this node is stopping'));
    this.pending.clear();
    await this.sub?.quit().catch(() => this.sub?.disconnect());
  }

  /** Starts answering the shard's requests (after its book is loaded here). */
  async serve(shard: number): Promise<void> {
    if (this.served.has(shard)) return;
    this.served.add(shard);
    await this.sub?.subscribe(this.channel(shard));
  }

  async call<T>(shard: number, op: string, accountId: number, args: unknown): Promise<T> {
    const id = randomUUID();
    const timeoutMs = this.options.timeoutMs ?? 5_000;
    const deadline = Date.now() + timeoutMs;
    const message = serialize({ id, reply: this.options.nodeId, op, accountId, args } satisfies Request);
    const answer = new Promise<unknown>((resolve, reject) => this.pending.set(id, { resolve, reject }));
    answer.catch(() => {});
    let timer: NodeJS.Timeout | undefined;
    const expired = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new ShardUnavailableError(`shard ${shard} did not answer within ${timeoutMs} ms`));
      }, timeoutMs);
    });
    try {
      // 0 receivers: nobody owns the shard right now (a takeover in progress); try again until the deadline
      while ((await this.options.redis.publish(this.channel(shard), message)) === 0) {
        if (Date.now() + 200 >= deadline) throw new ShardUnavailableError(`shard ${shard} has no owner`);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      return (await Promise.race([answer, expired])) as T;
    } finally {
      clearTimeout(timer);
      this.pending.delete(id);
    }
  }

  private onReply(body: Buffer): void {
    let reply: Reply;
    try {
      reply = deserialize(body) as Reply;
    } catch {
      return;
    }
    const waiting = this.pending.get(reply.id);
    if (!waiting) return; // timed out meanwhile
    this.pending.delete(reply.id);
    if (reply.ok) waiting.resolve(reply.value);
    else if (reply.appError) waiting.reject(new AppError(...reply.appError));
    else waiting.reject(new Error(reply.error ?? 'the shard owner failed'));
  }

  private async onRequest(body: Buffer): Promise<void> {
    let request: Request;
    try {
      request = deserialize(body) as Request;
    } catch {
      return;
    }
    let reply: Reply;
    try {
      const value = await this.options.handle(request.op, request.accountId, request.args);
      reply = { id: request.id, ok: true, value: value ?? null };
    } catch (error) {
      if (error instanceof AppError) {
        const { statusCode, code, key, params, errors } = error;
        reply = { id: request.id, ok: false, appError: [statusCode, code, key, params, errors] };
      } else {
        this.options.log.error({ err: error, op: request.op }, 'cluster: a routed request failed');
        reply = { id: request.id, ok: false, error: (error as Error).name };
      }
    }
    await this.options.redis
      .publish(`${this.options.prefix}cluster:reply:${request.reply}`, serialize(reply))
      .catch((err: unknown) => this.options.log.error({ err }, 'cluster: a reply could not be sent'));
  }
}
