import type { FastifyReply, FastifyRequest } from 'fastify';
import type { App } from '../http.js';
import { addressKey } from './client-address.js';
import { AppError } from './errors.js';

type Limiter = ReturnType<App['createRateLimit']>;

export interface AttemptLimitOptions {
  /** Names the counters, so each endpoint counts on its own. */
  name: string;
  /** Attempts per minute, per client address and per account. */
  max: number;
  /**
   * The account an attempt is aimed at (e.g. `brandId:email` from the validated body); counted
   * separately, so guessing one account's password from many addresses is slowed down too.
   */
  account?: (request: FastifyRequest) => string | undefined;
}

export interface AttemptLimitHooks {
  /** Counts per client address before the body is read. */
  onRequest: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  /** Counts per account after validation (the body is parsed and normalised by then). */
  preHandler: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
}

/**
 * Rate limits for attempts that guess or spam (architecture §8: login, register, forgot password,
 * auto login): per client address and per account, over @fastify/rate-limit's store (Redis when
 * configured, so the limits hold across nodes). A refused attempt is a 429 with `retry-after`.
 */
export function attemptLimit(app: App, { name, max, account }: AttemptLimitOptions): AttemptLimitHooks {
  const window = { max, timeWindow: 60_000 };
  // An IPv6 client counts by its /64 (lib/client-address.ts); `r.ip` is as TRUST_PROXY allows.
  const byAddress = app.createRateLimit({ ...window, keyGenerator: (r) => `${name}:ip:${addressKey(r.ip)}` });
  const byAccount = app.createRateLimit({
    ...window,
    keyGenerator: (r) => `${name}:account:${account?.(r) ?? ''}`,
  });
  return {
    async onRequest(request, reply) {
      refuseWhenExceeded(await byAddress(request), reply);
    },
    async preHandler(request, reply) {
      if (account?.(request)) refuseWhenExceeded(await byAccount(request), reply);
    },
  };
}

/** Throws the 429 (with `retry-after` and the limit headers) when a counted attempt went over its limit. */
export function refuseWhenExceeded(result: Awaited<ReturnType<Limiter>>, reply: FastifyReply): void {
  if (result.isAllowed || !result.isExceeded) return;
  reply.header('x-ratelimit-limit', result.max);
  reply.header('x-ratelimit-remaining', 0);
  reply.header('x-ratelimit-reset', result.ttlInSeconds);
  reply.header('retry-after', Math.max(1, result.ttlInSeconds));
  throw new AppError(429, 'RATE_LIMITED', 'error.rateLimited');
}
