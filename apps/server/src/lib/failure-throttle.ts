import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';
import { addressKey } from './client-address.js';
import { AppError } from './errors.js';

/**
 * Failed password attempts of one key (e.g. one e-mail from one address): how many, and when the
 * last one happened (epoch ms).
 */
export interface FailureRecord {
  failures: number;
  lastAt: number;
}

/** Where failure records live: Redis when configured (shared by every node), else this process. */
export interface FailureStore {
  get(key: string): Promise<FailureRecord | undefined>;
  /** Counts one more failure at `at` and answers the new record. */
  fail(key: string, at: number): Promise<FailureRecord>;
  reset(key: string): Promise<void>;
}

export interface ThrottlePolicy {
  /** Failures allowed before any wait (a person mistyping a few times is never slowed down). */
  freeFailures: number;
  /** The wait after the first failure past the free ones; each further failure doubles it. */
  baseDelayMs: number;
  /** The longest wait, however many failures. */
  maxDelayMs: number;
  /** A key's failures are forgotten this long after its last one. */
  forgetAfterMs: number;
}

/**
 * Decision 0012: five free failures, then 1 s, 2 s, 4 s … up to 15 minutes between attempts for the
 * same e-mail from the same address; failures forgotten a day after the last one or at a success.
 */
export const LOGIN_THROTTLE: ThrottlePolicy = {
  freeFailures: 5,
  baseDelayMs: 1_000,
  maxDelayMs: 15 * 60_000,
  forgetAfterMs: 24 * 60 * 60_000,
};

/** How long (ms) a key must wait after its last failure, given how many it has had. */
export function delayAfter(failures: number, policy: ThrottlePolicy): number {
  const past = failures - policy.freeFailures;
  if (past <= 0) return 0;
  // 2^past overflows to Infinity long before it matters; min() caps it either way.
  return Math.min(policy.baseDelayMs * 2 ** (past - 1), policy.maxDelayMs);
}

/** Keys are hashed before they are stored, so no e-mail address sits in Redis or in memory dumps. */
const digest = (key: string) => createHash('sha256').update(key).digest('base64url').slice(0, 32);

/** Failure records of one process, at most `max` keys (the least recently used go first). */
export class MemoryFailureStore implements FailureStore {
  private readonly records: LRUCache<string, FailureRecord>;

  constructor(
    private readonly forgetAfterMs: number,
    private readonly now: () => number,
    max = 50_000,
  ) {
    this.records = new LRUCache({ max });
  }

  async get(key: string): Promise<FailureRecord | undefined> {
    return this.current(digest(key));
  }

  async fail(key: string, at: number): Promise<FailureRecord> {
    // Read and write with no await between them, so failures arriving together all count.
    const k = digest(key);
    const record = { failures: (this.current(k)?.failures ?? 0) + 1, lastAt: at };
    this.records.set(k, record);
    return record;
  }

  private current(k: string): FailureRecord | undefined {
    const record = this.records.get(k);
    if (!record || this.now() - record.lastAt >= this.forgetAfterMs) return undefined;
    return record;
  }

  async reset(key: string): Promise<void> {
    this.records.delete(digest(key));
  }
}

/** Failure records in Redis (a hash per key: `f` failures, `t` last failure), expiring by themselves. */
export class RedisFailureStore implements FailureStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly forgetAfterMs: number,
  ) {}

  private keyOf(key: string) {
    return `${this.prefix}${digest(key)}`;
  }

  async get(key: string): Promise<FailureRecord | undefined> {
    const [failures, lastAt] = await this.redis.hmget(this.keyOf(key), 'f', 't');
    if (!failures || !lastAt) return undefined;
    return { failures: Number(failures), lastAt: Number(lastAt) };
  }

  async fail(key: string, at: number): Promise<FailureRecord> {
    const k = this.keyOf(key);
    // One transaction: concurrent failures each count, and the record never outlives its expiry.
    const results = await this.redis
      .multi()
      .hincrby(k, 'f', 1)
      .hset(k, 't', at)
      .pexpire(k, this.forgetAfterMs)
      .exec();
    const [error, failures] = results?.[0] ?? [new Error('redis transaction aborted'), 0];
    if (error) throw error;
    return { failures: Number(failures), lastAt: at };
  }

  async reset(key: string): Promise<void> {
    await this.redis.del(this.keyOf(key));
  }
}

/**
 * Slows down guessing one secret (a password) by the failures of one key, e.g. an e-mail together
 * with the client's address: after `freeFailures`, each attempt waits twice as long as the one
 * before. Only wrong guesses count, a success forgets them, and because the address is part of the
 * key, nobody elsewhere can lock the owner out. Attempts per address alone are limited
 * separately (lib/rate-limit.ts).
 */
export class FailureThrottle {
  constructor(
    private readonly store: FailureStore,
    private readonly policy: ThrottlePolicy = LOGIN_THROTTLE,
    // Read at each call (not captured), so a test's fake clock is seen.
    private readonly now: () => number = () => Date.now(),
  ) {}

  /** Milliseconds until the key may try again; 0 when it may now. */
  async waitMs(key: string): Promise<number> {
    const record = await this.store.get(key);
    if (!record) return 0;
    return Math.max(0, record.lastAt + delayAfter(record.failures, this.policy) - this.now());
  }

  failed(key: string): Promise<FailureRecord> {
    return this.store.fail(key, this.now());
  }

  succeeded(key: string): Promise<void> {
    return this.store.reset(key);
  }

  /**
   * Runs one attempt for `key`: refused with 429 and `retry-after` while the key must wait; a
   * failure (`isFailure`) is counted, a success forgets the key's failures.
   */
  async attempt<T>(
    key: string,
    reply: FastifyReply,
    isFailure: (error: unknown) => boolean,
    run: () => Promise<T>,
  ): Promise<T> {
    const wait = await this.waitMs(key);
    if (wait > 0) {
      reply.header('retry-after', Math.max(1, Math.ceil(wait / 1000)));
      throw new AppError(429, 'RATE_LIMITED', 'auth.throttled');
    }
    let result: T;
    try {
      result = await run();
    } catch (error) {
      if (isFailure(error)) await this.failed(key);
      throw error;
    }
    await this.succeeded(key);
    return result;
  }
}

export interface ThrottleDeps {
  redis: Redis | undefined;
  redisPrefix: string;
  now?: () => number;
}

/** A throttle named `name` over Redis when configured (limits hold across nodes), else memory. */
export function createFailureThrottle(
  name: string,
  { redis, redisPrefix, now = () => Date.now() }: ThrottleDeps,
  policy: ThrottlePolicy = LOGIN_THROTTLE,
): FailureThrottle {
  const store = redis
    ? new RedisFailureStore(redis, `${redisPrefix}throttle:${name}:`, policy.forgetAfterMs)
    : new MemoryFailureStore(policy.forgetAfterMs, now);
  return new FailureThrottle(store, policy, now);
}

/**
 * A refused password, which is what the throttles count: wrong credentials at login, or a wrong
 * current password when changing it. Malformed forms and server faults do not count.
 */
export function isPasswordRefusal(error: unknown): boolean {
  if (!(error instanceof AppError)) return false;
  return (
    error.code === 'INVALID_CREDENTIALS' ||
    (error.errors ?? []).some((e) => e.key === 'password.currentWrong')
  );
}

/**
 * The key of a password attempt: whose account (e-mail, or a session) together with the client's
 * address, an IPv6 one by its /64 (a client picks any address in it for each attempt).
 */
export const attemptKey = (request: FastifyRequest, account: string) =>
  `${account}\u0000${addressKey(request.ip)}`;
