import { eq, sql } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import { describe, expect, it, vi } from 'vitest';
import { brands } from '../../db/schema.js';
import {
  autoClient,
  journalOf,
  nextMinute,
  plainPricing,
  replay,
  switchOn,
  trendSettings,
  waveFor,
} from '../../test/auto-trading-kit.js';
import { createTestServer, testDbKind } from '../../test/harness.js';
import { staffCall, staffSession } from '../../test/staff-kit.js';
import { BrandCacheSync } from '../brands/admin/brand-cache-sync.js';
import { BrandsRepo } from '../brands/brands.repo.js';
import { BrandsService } from '../brands/brands.service.js';
import { AutoTradingRepo } from './auto-trading.repo.js';
import { AutoTradingService } from './auto-trading.service.js';

/**
 * The pub/sub of one Redis, in memory: what BrandCacheSync uses of it (publish; a duplicate connection that
 * subscribes and hears messages). Messages arrive on a later turn of the event loop, as over a network.
 */
function memoryPubSub(): Redis {
  const subscribers = new Set<{
    channels: Set<string>;
    listeners: ((channel: string, message: string) => void)[];
  }>();
  const connection = () => {
    const self = {
      channels: new Set<string>(),
      listeners: [] as ((channel: string, message: string) => void)[],
    };
    return {
      publish: async (channel: string, message: string) => {
        setImmediate(() => {
          for (const s of subscribers)
            if (s.channels.has(channel)) for (const listener of s.listeners) listener(channel, message);
        });
        return subscribers.size;
      },
      duplicate: () => connection(),
      on(event: string, listener: (channel: string, message: string) => void) {
        if (event === 'message') self.listeners.push(listener);
        return this;
      },
      subscribe: async (channel: string) => {
        self.channels.add(channel);
        subscribers.add(self);
      },
      quit: async () => {
        subscribers.delete(self);
      },
      disconnect: () => {
        subscribers.delete(self);
      },
    };
  };
  return connection() as unknown as Redis;
}

/**
 * Auto-trading in a cluster (decision 0022): in a cluster each node runs the strategies of its own accounts, but staff stop a
 * brand on whichever node serves them. The kill switch and the resume travel with the brand broadcast
 * (BrandCacheSync over Redis), so a second node drops the brand's accounts from its runner at once and does not
 * trade for them again after a resume. Two AutoTradingServices over one database and one engine stand for the
 * two nodes; an in-memory pub/sub stands for Redis. (One node without Redis: brand-kill-switch.test.ts.)
 */
describe(`the kill switch reaches every node (${testDbKind})`, async () => {
  const server = await createTestServer({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
  const { app } = server;
  const { ctx } = server.runtime;
  const { db } = ctx.database;
  const admin = await staffSession(server, ['admin']);

  it("stops the other node's runner, and after the resume it trades for nobody of the brand", async () => {
    const client = await autoClient(server);
    plainPricing(server, client.brandId);
    await switchOn(server, client, trendSettings(['BCHUSD']));

    const bus = memoryPubSub();
    const syncHere = new BrandCacheSync(ctx.brands, bus, ctx.config.redisPrefix);
    const brandsThere = new BrandsService(new BrandsRepo(db), ctx.config.defaultBrand);
    const syncThere = new BrandCacheSync(brandsThere, bus, ctx.config.redisPrefix);
    const there = new AutoTradingService(new AutoTradingRepo(db), ctx.trading, ctx.market, brandsThere, {
      clock: ctx.market.clock,
      log: { error: () => {} },
    });
    await syncHere.start();
    await syncThere.start();
    await there.start();
    try {
      expect(there.runner.has(client.id)).toBe(true);
      const url = `/api/backoffice/auto-trading/brands/${client.brandId}/kill-switch`;
      const kill = await staffCall(app, 'POST', url, admin.token, { killed: true, reason: 'Feed outage' });
      expect(kill.statusCode, kill.body).toBe(200);
      expect(kill.json().data.stopped).toBe(1);
      expect(ctx.autoTrading.runner.has(client.id)).toBe(false);
      await vi.waitFor(() => expect(there.brandKilled(client.brandId)).toBe(true), { interval: 5 });
      expect(there.runner.has(client.id)).toBe(false);

      const resume = await staffCall(app, 'POST', url, admin.token, { killed: false });
      expect(resume.statusCode, resume.body).toBe(200);
      await vi.waitFor(() => expect(there.brandKilled(client.brandId)).toBe(false), { interval: 5 });
      expect(there.runner.has(client.id)).toBe(false);

      // a crossover after the resume: neither node trades for the client (its first sell comes at candle 7)
      const before = await journalOf(server, client);
      expect(before.at(-1)).toMatchObject({ action: 'brandStopped' });
      await replay(server, 'BCHUSD', waveFor(9, nextMinute(server, 'BCHUSD'), 500));
      await there.runner.whenIdle();
      expect(ctx.trading.positions(client.id).open).toEqual([]);
      expect(await journalOf(server, client)).toEqual(before);
    } finally {
      await there.stop();
      await syncThere.stop();
      await syncHere.stop();
    }
  });

  it("a brand stopped on another node leaves this node's runner at once; the resume switches nobody on here", async () => {
    const client = await autoClient(server);
    await switchOn(server, client, trendSettings(['BCHUSD']));
    const brandsThere = new BrandsService(new BrandsRepo(db), ctx.config.defaultBrand);
    const bus = memoryPubSub();
    const syncHere = new BrandCacheSync(ctx.brands, bus, ctx.config.redisPrefix);
    const syncThere = new BrandCacheSync(brandsThere, bus, ctx.config.redisPrefix);
    await syncHere.start();
    await syncThere.start();
    try {
      // the other node's staff screen stores the switch and announces it there (its own BrandsService)
      const store = async (killed: boolean) => {
        await db
          .update(brands)
          .set({
            settings: sql`jsonb_set(${brands.settings}, '{autoTrading}', ${JSON.stringify({ killed })}::jsonb, true)`,
          })
          .where(eq(brands.id, client.brandId));
        brandsThere.changed(client.brandId);
      };
      await store(true);
      await vi.waitFor(() => expect(ctx.autoTrading.runner.has(client.id)).toBe(false), { interval: 5 });
      expect(ctx.autoTrading.brandKilled(client.brandId)).toBe(true);

      await store(false);
      await vi.waitFor(() => expect(ctx.autoTrading.brandKilled(client.brandId)).toBe(false), {
        interval: 5,
      });
      expect(ctx.autoTrading.runner.has(client.id)).toBe(false);
    } finally {
      await syncThere.stop();
      await syncHere.stop();
    }
  });
});
