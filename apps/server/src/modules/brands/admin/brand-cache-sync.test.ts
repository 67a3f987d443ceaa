import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { brands } from '../../../db/schema.js';
import { createTestServer, testDbKind } from '../../../test/harness.js';
import { staffCall, staffSession } from '../../../test/staff-kit.js';
import { BrandsRepo } from '../brands.repo.js';
import { BrandsService } from '../brands.service.js';
import { BrandCacheSync } from './brand-cache-sync.js';

/**
 * A brand changed on one node reaches every node within seconds. This node's cache is dropped
 * at once; another node (a second BrandsService over the same database, as a second server process has)
 * hears it over Redis where REDIS_URL is configured (CI and the postgres project), and without Redis there
 * is one node: the change listeners are the whole path, and another node would only see it on expiry.
 */
describe(`brand cache across nodes (${testDbKind}${process.env.REDIS_URL ? ', redis' : ''})`, async () => {
  const server = await createTestServer();
  const { app, runtime } = server;
  const { ctx } = runtime;
  const db = ctx.database.db;
  const admin = await staffSession(server, ['admin']);
  const [helix] = await db.select().from(brands).where(eq(brands.slug, 'helix'));
  const id = helix?.id as number;
  const rename = (name: string) =>
    staffCall(app, 'PATCH', `/api/backoffice/brands/${id}`, admin.token, { name });

  it("a change drops this node's cached brand at once and tells the change listeners", async () => {
    const heard: number[] = [];
    const stop = ctx.brands.onChanged((brandId) => heard.push(brandId));
    expect((await ctx.brands.findById(id))?.name).toBe(helix?.name);
    // the cache really holds it: a write behind the service's back is not seen
    await db.update(brands).set({ name: 'Behind The Back' }).where(eq(brands.id, id));
    expect((await ctx.brands.findById(id))?.name).toBe(helix?.name);
    const res = await rename('Helix Renamed');
    expect(res.statusCode, res.body).toBe(200);
    expect((await ctx.brands.findById(id))?.name).toBe('Helix Renamed');
    expect((await ctx.brands.resolve('helix.localhost')).name).toBe('Helix Renamed');
    expect(heard).toEqual([id]);
    stop();
  });

  it('another node drops its cached brand and gets the new trading profile when Redis carries the change', async () => {
    const other = new BrandsService(new BrandsRepo(db), ctx.config.defaultBrand);
    const profiles: string[] = [];
    other.onTradingChanged((key) => profiles.push(key));
    const otherSync = new BrandCacheSync(other, ctx.redis, ctx.config.redisPrefix);
    await otherSync.start();
    try {
      expect((await other.findById(id))?.name).toBe('Helix Renamed');
      const res = await rename('Helix Everywhere');
      expect(res.statusCode, res.body).toBe(200);
      if (ctx.redis) {
        // within seconds, without anyone touching the other node
        await vi.waitFor(async () => expect((await other.findById(id))?.name).toBe('Helix Everywhere'), {
          timeout: 5000,
          interval: 20,
        });
        expect(profiles).toContain(`brand:${id}`);
        // its own changes do not echo back to itself: only the first node's one arrived
        expect(profiles.filter((p) => p === `brand:${id}`)).toHaveLength(1);
      } else {
        // one node only: nothing is published, the other service keeps its entry until it expires
        expect((await other.findById(id))?.name).toBe('Helix Renamed');
        other.changed(id);
        expect((await other.findById(id))?.name).toBe('Helix Everywhere');
      }
    } finally {
      await otherSync.stop();
    }
  });

  it('a trading settings change is announced the same way', async () => {
    const heard: number[] = [];
    const stop = ctx.brands.onChanged((brandId) => heard.push(brandId));
    const url = `/api/backoffice/brands/${id}/trading`;
    const current = (await staffCall(app, 'GET', url, admin.token)).json().data.settings;
    const res = await staffCall(app, 'PUT', url, admin.token, { ...current, retailLossPercent: 71 });
    expect(res.statusCode, res.body).toBe(200);
    expect(heard).toEqual([id]);
    stop();
  });
});
