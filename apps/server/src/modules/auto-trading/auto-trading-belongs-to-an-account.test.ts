import { AutoTradingOverview, JournalPage } from '@openbroker/domain';
import { describe, expect, it } from 'vitest';
import { autoClient, clientCall, trendSettings } from '../../test/auto-trading-kit.js';
import { createTestServer, testDbKind } from '../../test/harness.js';

/**
 * Auto-trading belongs to a trading account (docs/accounts.md): the switch, the settings, the journal and the runner
 * act on the session's current account or on the call's `accountId`, demo accounts included.
 */
describe(`auto-trading per trading account (${testDbKind})`, async () => {
  const server = await createTestServer({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
  const { runtime } = server;
  const { ctx } = runtime;

  /** A client (unverified unless said) with its first live account and a demo account made current. */
  async function clientWithDemo(verified = false) {
    const client = await autoClient(server, { verified });
    const opened = await clientCall(server, client, '/api/accounts', { kind: 'demo', currency: 'EUR' });
    expect(opened.statusCode, opened.body).toBe(200);
    const accounts = opened.json().data.accounts as { id: number; kind: string }[];
    const live = accounts.find((a) => a.kind === 'live')?.id as number;
    const demo = accounts.find((a) => a.kind === 'demo')?.id as number;
    const switched = await clientCall(server, client, '/api/accounts/current', { accountId: demo });
    expect(switched.statusCode, switched.body).toBe(200);
    return { client, live, demo };
  }
  const overviewOf = async (client: Awaited<ReturnType<typeof autoClient>>, accountId?: number) => {
    const res = await clientCall(
      server,
      client,
      '/api/autoTrading/overview',
      accountId === undefined ? {} : { accountId },
    );
    expect(res.statusCode, res.body).toBe(200);
    return AutoTradingOverview.parse(res.json().data);
  };
  const journalOf = async (client: Awaited<ReturnType<typeof autoClient>>, accountId: number) => {
    const res = await clientCall(server, client, '/api/autoTrading/journal', { limit: 50, accountId });
    expect(res.statusCode, res.body).toBe(200);
    return JournalPage.parse(res.json().data).entries.map((e) => e.action);
  };

  it("runs on the session's current demo account, without verification, and leaves the live account alone", async () => {
    const { client, live, demo } = await clientWithDemo(false);
    const settings = trendSettings(['BTCUSD']);
    const saved = await clientCall(server, client, '/api/autoTrading/settings', { settings });
    expect(saved.statusCode, saved.body).toBe(200);
    const on = await clientCall(server, client, '/api/accounts/autoTrading', { auto_trading: 1 });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json().data.auto_trading).toBe(1);

    // the runner trades the demo account, not the client's first live one
    expect(ctx.autoTrading.runner.has(demo)).toBe(true);
    expect(ctx.autoTrading.runner.has(live)).toBe(false);
    expect(await overviewOf(client)).toMatchObject({ auto_trading: 1, settings });
    expect(await overviewOf(client, live)).toMatchObject({ auto_trading: 0, settings: null });
    expect(await journalOf(client, demo)).toEqual(['switchedOn', 'settings']);
    expect(await journalOf(client, live)).toEqual([]);

    // the live account still needs a verified client
    const liveSaved = await clientCall(server, client, '/api/autoTrading/settings', {
      settings,
      accountId: live,
    });
    expect(liveSaved.statusCode, liveSaved.body).toBe(200);
    const liveOn = await clientCall(server, client, '/api/accounts/autoTrading', {
      auto_trading: 1,
      accountId: live,
    });
    expect(liveOn.statusCode).toBe(403);
    expect(liveOn.json().key ?? liveOn.json().errors?.[0]?.key).toBe('auto.error.notVerified');
    expect(ctx.autoTrading.runner.has(live)).toBe(false);
  });

  it('keeps each account its own switch: switching one off leaves the other running', async () => {
    const { client, live, demo } = await clientWithDemo(true);
    for (const accountId of [live, demo]) {
      const saved = await clientCall(server, client, '/api/autoTrading/settings', {
        settings: trendSettings(['BTCUSD']),
        accountId,
      });
      expect(saved.statusCode, saved.body).toBe(200);
      const on = await clientCall(server, client, '/api/accounts/autoTrading', {
        auto_trading: 1,
        accountId,
      });
      expect(on.statusCode, on.body).toBe(200);
    }
    expect(ctx.autoTrading.runner.has(live) && ctx.autoTrading.runner.has(demo)).toBe(true);

    const off = await clientCall(server, client, '/api/accounts/autoTrading', { auto_trading: 0 });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().data.auto_trading).toBe(0);
    expect(ctx.autoTrading.runner.has(demo)).toBe(false);
    expect(ctx.autoTrading.runner.has(live)).toBe(true);
    expect((await overviewOf(client, live)).auto_trading).toBe(1);
    expect((await overviewOf(client, demo)).auto_trading).toBe(0);

    // a restart rebuilds the runner from the database: the live account alone
    ctx.autoTrading.runner.remove(live);
    await (ctx.autoTrading as unknown as { load(include: () => boolean): Promise<void> }).load(() => true);
    expect(ctx.autoTrading.runner.has(live)).toBe(true);
    expect(ctx.autoTrading.runner.has(demo)).toBe(false);
  });

  it("refuses another client's account like an unknown one, changing nothing", async () => {
    const { client } = await clientWithDemo(true);
    const other = await clientWithDemo(true);
    const res = await clientCall(server, client, '/api/autoTrading/settings', {
      settings: trendSettings(['BTCUSD']),
      accountId: other.demo,
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('ACCOUNT_NOT_FOUND');
    expect((await overviewOf(other.client)).settings).toBeNull();
  });
});
