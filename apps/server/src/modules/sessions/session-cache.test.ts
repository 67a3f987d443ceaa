import { EventEmitter } from 'node:events';
import type { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { hashToken } from '../../lib/random.js';
import { SessionRevocationSync } from './session-revocation-sync.js';
import type { SessionRow, SessionsRepo } from './sessions.repo.js';
import { SESSION_CACHE_MS, SessionsService } from './sessions.service.js';

/** A sessions table in memory, counting the reads by token. */
function memoryRepo() {
  const rows = new Map<number, SessionRow>();
  let reads = 0;
  const repo = {
    async findActiveByHash(hash: string) {
      reads += 1;
      return [...rows.values()].find((r) => r.tokenHash === hash && r.revokedAt === null);
    },
    async touch() {},
    async revoke(id: number, at: Date) {
      const row = rows.get(id);
      if (row) row.revokedAt = at;
    },
    async revokeAllFor(subjectType: string, subjectId: number, at: Date, exceptId?: number) {
      const ended = [...rows.values()].filter(
        (r) =>
          r.subjectType === subjectType && r.subjectId === subjectId && !r.revokedAt && r.id !== exceptId,
      );
      for (const r of ended) r.revokedAt = at;
      return ended.map((r) => r.id);
    },
  };
  const add = (id: number, token: string, now: Date) =>
    rows.set(id, {
      id,
      subjectType: 'client',
      subjectId: 7,
      tokenHash: hashToken(token),
      info: '',
      ip: '',
      createdAt: now,
      lastSeenAt: now,
      expiresAt: new Date(now.getTime() + 60_000),
      revokedAt: null,
    } as SessionRow);
  return { repo: repo as unknown as SessionsRepo, add, reads: () => reads };
}

/** Redis pub/sub in memory: what SessionRevocationSync uses of ioredis. */
function memoryRedis(bus = new EventEmitter()) {
  const client = {
    publish: async (channel: string, message: string) => {
      bus.emit('message', channel, message);
      return 1;
    },
    duplicate: () => {
      const subscriber = new EventEmitter() as EventEmitter & Record<string, unknown>;
      subscriber.subscribe = async () => {
        bus.on('message', (channel: string, message: string) => subscriber.emit('message', channel, message));
      };
      subscriber.quit = async () => 'OK';
      return subscriber;
    },
  };
  return { client: client as unknown as Redis, bus };
}

describe('session cache', () => {
  it('answers repeated checks from memory for a few seconds, then reads again', async () => {
    let now = new Date('2026-11-25T10:00:00Z');
    const { repo, add, reads } = memoryRepo();
    const sessions = new SessionsService(repo, 60_000, () => now);
    add(1, 'token-a', now);
    expect((await sessions.authenticateCached('token-a', 'client'))?.id).toBe(1);
    expect((await sessions.authenticateCached('token-a', 'client'))?.id).toBe(1);
    expect(reads()).toBe(1);
    expect(await sessions.authenticateCached('token-a', 'staff')).toBeUndefined();
    now = new Date(now.getTime() + SESSION_CACHE_MS + 1);
    expect((await sessions.authenticateCached('token-a', 'client'))?.id).toBe(1);
    expect(reads()).toBe(3);
  });

  it('forgets a session at once on logout, on revocation of all and on an idle end', async () => {
    let now = new Date('2026-11-25T10:00:00Z');
    const { repo, add } = memoryRepo();
    const sessions = new SessionsService(repo, 60_000, () => now);
    const row = add(1, 'token-a', now).get(1) as SessionRow;
    add(2, 'token-b', now);
    add(3, 'token-c', now);
    await sessions.authenticateCached('token-a', 'client');
    await sessions.revoke(row);
    expect(await sessions.authenticateCached('token-a', 'client')).toBeUndefined();
    // password change: every other session of the subject
    await sessions.authenticateCached('token-b', 'client');
    await sessions.authenticateCached('token-c', 'client');
    await sessions.revokeAll('client', 7, 3);
    expect(await sessions.authenticateCached('token-b', 'client')).toBeUndefined();
    expect((await sessions.authenticateCached('token-c', 'client'))?.id).toBe(3);
    // idle past its end: not answered from memory
    now = new Date(now.getTime() + 60_001);
    expect(await sessions.authenticateCached('token-c', 'client')).toBeUndefined();
  });

  it('a revocation on one node empties the cache of the others through Redis', async () => {
    const now = new Date('2026-11-25T10:00:00Z');
    const { repo, add } = memoryRepo();
    const row = add(1, 'token-a', now).get(1) as SessionRow;
    const nodeA = new SessionsService(repo, 60_000, () => now);
    const nodeB = new SessionsService(repo, 60_000, () => now);
    const { client, bus } = memoryRedis();
    const syncA = new SessionRevocationSync(nodeA, client, 'ob:');
    const syncB = new SessionRevocationSync(nodeB, memoryRedis(bus).client, 'ob:');
    await syncA.start();
    await syncB.start();
    expect((await nodeB.authenticateCached('token-a', 'client'))?.id).toBe(1);
    await nodeA.revoke(row);
    expect(await nodeB.authenticateCached('token-a', 'client')).toBeUndefined();
    await syncA.stop();
    await syncB.stop();
  });
});
