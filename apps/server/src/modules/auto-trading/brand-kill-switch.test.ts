import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { brands, users } from '../../db/schema.js';
import { autoClient, clientCall, journalOf, switchOn, trendSettings } from '../../test/auto-trading-kit.js';
import { createTestServer, testDbKind } from '../../test/harness.js';

/**
 * "Per brand (staff, back office): … a kill switch that stops all auto-trading of the brand at once". The
 * back office stores `killed: true` (audited there) and calls `stopBrand`; every client of the brand with
 * auto-trading on is switched off, told why, and cannot switch it on again until the broker resumes.
 */
describe(`the brand's kill switch (${testDbKind})`, async () => {
  const server = await createTestServer({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
  const { ctx } = server.runtime;
  const { db } = ctx.database;

  const setKilled = async (brandId: number, killed: boolean) => {
    await db
      .update(brands)
      .set({
        settings: sql`jsonb_set(${brands.settings}, '{autoTrading}', ${JSON.stringify({ killed })}::jsonb, true)`,
      })
      .where(eq(brands.id, brandId));
    ctx.brands.changed(brandId);
  };

  it("stops every client of the brand with auto-trading on, and only that brand's", async () => {
    const [first, second] = [await autoClient(server), await autoClient(server)];
    const other = await autoClient(server, { host: 'aurora.localhost' });
    const off = await autoClient(server);
    if (!first || !second) throw new Error('no clients');
    expect(other.brandId).not.toBe(first.brandId);
    for (const client of [first, second, other]) await switchOn(server, client, trendSettings(['AAVEUSD']));
    await clientCall(server, off, '/api/autoTrading/settings', { settings: trendSettings(['AAVEUSD']) });

    const at = new Date();
    await setKilled(first.brandId, true);
    expect(await ctx.autoTrading.stopBrand(first.brandId, at)).toBe(2);

    for (const client of [first, second]) {
      expect(ctx.autoTrading.runner.has(client.id)).toBe(false);
      const [row] = await db.select().from(users).where(eq(users.id, client.id));
      expect(row?.autoTrading).toBe(false);
      const overview = (await clientCall(server, client, '/api/autoTrading/overview')).json().data;
      expect(overview).toMatchObject({
        auto_trading: 0,
        killed: true,
        stopped: { reason: 'brand', at: at.toISOString() },
      });
      const journal = await journalOf(server, client);
      expect(journal.at(-1)).toMatchObject({
        action: 'brandStopped',
        reason: { key: 'auto.journal.brandStopped' },
      });
      const popups = (await clientCall(server, client, '/api/accounts/popups')).json().data as {
        title: string;
      }[];
      expect(popups.map((p) => p.title)).toContain('Auto-trading switched off');
    }
    // the client who was off hears nothing; the other brand's client trades on
    expect((await journalOf(server, off)).map((e) => e.action)).toEqual(['settings']);
    expect(ctx.autoTrading.runner.has(other.id)).toBe(true);

    // stopping again switches nobody off twice
    expect(await ctx.autoTrading.stopBrand(first.brandId, at)).toBe(0);
  });

  it('a client of a stopped brand cannot switch auto-trading on until the broker resumes', async () => {
    const client = await autoClient(server);
    await clientCall(server, client, '/api/autoTrading/settings', { settings: trendSettings(['AAVEUSD']) });
    await setKilled(client.brandId, true);
    const refused = await clientCall(server, client, '/api/accounts/autoTrading', { auto_trading: 1 });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      status: false,
      key: 'auto.error.brandStopped',
      message: 'Your broker has stopped auto-trading for now, so it cannot be switched on.',
    });
    expect(ctx.autoTrading.runner.has(client.id)).toBe(false);

    await setKilled(client.brandId, false);
    const on = await clientCall(server, client, '/api/accounts/autoTrading', { auto_trading: 1 });
    expect(on.statusCode, on.body).toBe(200);
    expect(ctx.autoTrading.runner.has(client.id)).toBe(true);
  });
});
