import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import {
  delayAfter,
  type FailureStore,
  FailureThrottle,
  LOGIN_THROTTLE,
  MemoryFailureStore,
  RedisFailureStore,
} from './failure-throttle.js';

describe('delayAfter (decision 0012)', () => {
  it('lets a few failures through, then doubles the wait from 1 s up to 15 minutes', () => {
    const waits = Array.from({ length: 18 }, (_, i) => delayAfter(i + 1, LOGIN_THROTTLE) / 1000);
    expect(waits).toEqual([0, 0, 0, 0, 0, 1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 900, 900, 900]);
    expect(delayAfter(10_000, LOGIN_THROTTLE)).toBe(15 * 60_000);
  });
});

// The same behaviour from both stores: memory always, Redis too where REDIS_URL is set (CI).
const redis = process.env.REDIS_URL ? new Redis(process.env.REDIS_URL, { lazyConnect: true }) : undefined;
afterAll(async () => {
  await redis?.quit();
});
const prefix = `ob:test:${randomBytes(4).toString('hex')}:throttle:`;
const stores: Array<[string, (now: () => number) => FailureStore]> = [
  ['memory', (now) => new MemoryFailureStore(LOGIN_THROTTLE.forgetAfterMs, now)],
  ...(redis
    ? [
        ['redis', () => new RedisFailureStore(redis, prefix, LOGIN_THROTTLE.forgetAfterMs)] as [
          string,
          (now: () => number) => FailureStore,
        ],
      ]
    : []),
];

describe.each(stores)('FailureThrottle over the %s store', (_, makeStore) => {
  const setup = () => {
    let now = 1_700_000_000_000;
    const clock = {
      advance: (ms: number) => {
        now += ms;
      },
    };
    const throttle = new FailureThrottle(
      makeStore(() => now),
      LOGIN_THROTTLE,
      () => now,
    );
    return { throttle, clock, key: `victim-${randomBytes(4).toString('hex')}@example.com\u000010.0.0.1` };
  };

  it('makes one key wait ever longer after its free failures, and never another key', async () => {
    const { throttle, clock, key } = setup();
    for (let i = 0; i < LOGIN_THROTTLE.freeFailures; i++) await throttle.failed(key);
    expect(await throttle.waitMs(key)).toBe(0);
    const waits: number[] = [];
    for (let i = 0; i < 4; i++) {
      await throttle.failed(key);
      const wait = await throttle.waitMs(key);
      waits.push(wait);
      clock.advance(wait);
      expect(await throttle.waitMs(key)).toBe(0);
    }
    expect(waits).toEqual([1_000, 2_000, 4_000, 8_000]);
    expect(await throttle.waitMs(`${key}-other-address`)).toBe(0);
  });

  it('forgets the failures at a success', async () => {
    const { throttle, key } = setup();
    for (let i = 0; i <= LOGIN_THROTTLE.freeFailures; i++) await throttle.failed(key);
    expect(await throttle.waitMs(key)).toBeGreaterThan(0);
    await throttle.succeeded(key);
    expect(await throttle.waitMs(key)).toBe(0);
    await throttle.failed(key);
    expect(await throttle.waitMs(key)).toBe(0);
  });

  it('counts failures that arrive at the same moment, each of them', async () => {
    const { throttle, key } = setup();
    await Promise.all(Array.from({ length: 8 }, () => throttle.failed(key)));
    expect(await throttle.failed(key)).toMatchObject({ failures: 9 });
  });
});

describe('MemoryFailureStore', () => {
  it('keeps at most its bound of keys, however many addresses fail', async () => {
    const store = new MemoryFailureStore(LOGIN_THROTTLE.forgetAfterMs, () => 0, 100);
    for (let i = 0; i < 1_000; i++) await store.fail(`someone@example.com\u000010.1.${i >> 8}.${i & 255}`, 0);
    expect((store as unknown as { records: { size: number } }).records.size).toBe(100);
  });

  it('forgets a key a day after its last failure', async () => {
    let now = 0;
    const store = new MemoryFailureStore(LOGIN_THROTTLE.forgetAfterMs, () => now);
    await store.fail('k', now);
    now += LOGIN_THROTTLE.forgetAfterMs;
    expect(await store.get('k')).toBeUndefined();
  });
});
