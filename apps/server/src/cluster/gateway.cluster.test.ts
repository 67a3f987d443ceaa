import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { OpenPositionInput, validateInput } from '@openbroker/domain';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Config, loadConfig } from '../config.js';
import { users } from '../db/schema.js';
import { createScratchDatabase, type ScratchDatabase } from '../db/scratch-database.js';
import { AppError } from '../lib/errors.js';
import { NotShardOwnerError } from '../modules/trading/trading.service.js';
import { openRuntime, type Runtime } from '../runtime.js';
import { accountIdOf } from '../test/accounts-kit.js';
import { shardOf } from './shards.js';

/**
 * The cluster gateway (decision 0022) between two nodes of one process: two live runtimes on one
 * PostgreSQL database and one Redis key space, CLUSTER_SHARDS=2. Whatever the node that does not own an account's
 * shard asks of that account (its view, a trading command, an auto-trading call, a close) runs on the owner over
 * Redis and answers exactly what the owner answers locally — refusals included — and the non-owner never loads a
 * second book of the account. Runs in the `cluster` project (needs DATABASE_URL and REDIS_URL).
 */

const databaseUrl = process.env.DATABASE_URL;
const redisUrl = process.env.REDIS_URL;

const SHARDS = 2;
const SYMBOL = 'BTCUSD';
const COMMAND_ID = 'e2e-1';

describe.runIf(databaseUrl && redisUrl)('cluster gateway: two nodes in one process', () => {
  let scratch: ScratchDatabase | undefined;
  let dataDir: string | undefined;
  let sql: pg.Client | undefined;
  const nodes: Runtime[] = [];
  /** Engine claims (shard lock connections) a node lost during the run: none expected. */
  const lost: string[] = [];
  let owner: Runtime;
  let other: Runtime;
  let demoId: number;
  let positionId: number;

  const configOf = (nodeId: string, prefix: string): Config =>
    loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATABASE_URL: scratch?.url,
      REDIS_URL: redisUrl,
      REDIS_PREFIX: prefix,
      CLUSTER_SHARDS: String(SHARDS),
      NODE_ID: nodeId,
      DEMO: 'true',
      SEED_DEMO: 'true',
      DATA_DIR: dataDir,
      UPLOAD_DIR: dataDir,
      MARKET_FEED: 'simulated',
      MARKET_HISTORY: 'false',
      WEB_DIST_DIR: '/nonexistent-web-dist',
    } as NodeJS.ProcessEnv);

  const shardsOf = (runtime: Runtime) => {
    const { shards } = runtime.ctx;
    if (!shards) throw new Error(`node ${runtime.ctx.config.nodeId} runs without engine shards`);
    return shards;
  };

  beforeAll(async () => {
    scratch = await createScratchDatabase(databaseUrl as string, 'ob_gateway');
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ob-gateway-'));
    const prefix = `ob:gateway:${randomBytes(4).toString('hex')}:`;
    // started together, so each sees the other's heartbeat before it claims (the first migrates and seeds)
    const opened = await Promise.allSettled(
      ['node-a', 'node-b'].map((nodeId) =>
        openRuntime(configOf(nodeId, prefix), {
          live: true,
          onEngineClaimLost: (error) => lost.push(`${nodeId}: ${error.message}`),
        }),
      ),
    );
    for (const result of opened) if (result.status === 'fulfilled') nodes.push(result.value);
    const failed = opened.find((result) => result.status === 'rejected');
    if (failed) throw failed.reason;

    sql = new pg.Client({ connectionString: scratch.url });
    await sql.connect();

    const first = nodes[0] as Runtime;
    const [demo] = await first.ctx.database.db
      .select({ id: users.id, verified: users.verifiedAccount })
      .from(users)
      .where(eq(users.email, 'demo@example.com'));
    if (!demo) throw new Error('the demo client was not seeded');
    expect(demo.verified).toBe(true);
    demoId = demo.id;

    // every shard owned, each by one node (the split is the nodes' business: fair share, or one node taking both)
    await vi.waitFor(
      () => {
        const owned = nodes.map((n) => shardsOf(n).ownedShards());
        expect(owned.flat().sort()).toEqual([0, 1]);
      },
      { timeout: 20_000, interval: 100 },
    );
    const found = nodes.find((n) => shardsOf(n).owns(demoId));
    const notOwner = nodes.find((n) => !shardsOf(n).owns(demoId));
    if (!found || !notOwner) throw new Error(`no single owner of account ${demoId}`);
    owner = found;
    other = notOwner;
    expect(shardsOf(owner).ownsShard(shardOf(demoId, SHARDS))).toBe(true);
    console.info(
      `cluster gateway test: ${nodes.map((n) => `${n.ctx.config.nodeId} owns [${shardsOf(n).ownedShards().join(', ')}]`).join(', ')}; ` +
        `demo client ${demoId} on ${owner.ctx.config.nodeId}, asked from ${other.ctx.config.nodeId}`,
    );

    // prices: the feed runs on the feed leader, which relays its quotes to the other node
    await vi.waitFor(
      () => {
        for (const n of nodes) expect(n.ctx.market.book.get(SYMBOL, Date.now())).toBeDefined();
      },
      { timeout: 20_000, interval: 100 },
    );
    expect(await owner.ctx.trading.ensureAccount(demoId)).toBe(true);
  });

  afterAll(async () => {
    // together: both stop claiming shards first (runtime.close pauses), so neither adopts the other's on the way out
    await Promise.allSettled(nodes.map((n) => n.close()));
    await sql?.end().catch(() => {});
    await scratch?.drop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("each node's metrics say how many shards it owns of how many, and exactly one node leads the feed", async () => {
    const read = async (runtime: Runtime) => {
      const text = await runtime.ctx.metrics.registry.metrics();
      const value = (pattern: RegExp) => Number(text.match(pattern)?.[1] ?? Number.NaN);
      return {
        owned: value(/^openbroker_cluster_shards\{kind="owned"\} (\d+)$/m),
        total: value(/^openbroker_cluster_shards\{kind="total"\} (\d+)$/m),
        leader: value(/^openbroker_cluster_feed_leader (\d+)$/m),
      };
    };
    // the feed's leader is chosen on its own round (about a second): wait for it, not for a fixed time
    await vi.waitFor(
      async () => {
        const figures = await Promise.all(nodes.map(read));
        for (const [i, f] of figures.entries()) {
          expect(f.total).toBe(SHARDS);
          expect(f.owned).toBe(shardsOf(nodes[i] as Runtime).ownedShards().length);
        }
        expect(figures.reduce((sum, f) => sum + f.owned, 0)).toBe(SHARDS);
        expect(figures.map((f) => f.leader).sort()).toEqual([0, 1]);
      },
      { timeout: 5_000, interval: 200 },
    );
  });

  it("the non-owner's view of the account is the owner's book", async () => {
    const view = await other.ctx.gateway.view(demoId, true);
    expect(view).toBeDefined();
    // no open position yet: nothing in the balance moves with the prices
    expect(view?.balance).toEqual(owner.ctx.trading.balance(demoId));
    expect(view?.positions).toEqual(owner.ctx.trading.positions(demoId));
    expect(view?.orders).toEqual(owner.ctx.trading.orders(demoId));
    expect(view?.balance.balance).toBeGreaterThan(0);
  });

  it('opens a position through the owner, and a re-sent command id is answered, not executed again', async () => {
    const terms = owner.ctx.trading.tradingTerms(demoId, SYMBOL);
    const buy = terms?.dealing?.buy;
    const leverage = terms?.leverages.at(-1);
    if (buy === undefined || leverage === undefined)
      throw new Error(`no dealing price or leverage for ${SYMBOL}: ${JSON.stringify(terms)}`);
    const parsed = validateInput(OpenPositionInput, {
      symbol: SYMBOL,
      direction: 'buy',
      amount: '100',
      leverage,
      price: buy,
      commandId: COMMAND_ID,
    });
    if (!parsed.ok) throw new Error(`the open command is invalid: ${JSON.stringify(parsed.errors)}`);

    const first = await other.ctx.gateway.command('openPosition', demoId, parsed.value);
    expect(first).toMatchObject({
      status: true,
      data: { symbol: SYMBOL, direction: 'buy', amount: 100, leverage, closed_rate: null },
    });
    if (!first.status) throw new Error('refused');
    positionId = first.data.id;
    expect(owner.ctx.trading.positions(demoId).open.map((p) => p.id)).toEqual([positionId]);

    const again = await other.ctx.gateway.command('openPosition', demoId, parsed.value);
    expect(again).toMatchObject({ status: true, data: { id: positionId } });
    expect(owner.ctx.trading.positions(demoId).open.map((p) => p.id)).toEqual([positionId]);

    const positions = await sql?.query<{ id: number }>('select id from positions where user_id = $1', [
      demoId,
    ]);
    expect(positions?.rows.map((r) => r.id)).toEqual([positionId]);
    const commands = await sql?.query<{ command_id: string; type: string; position_id: number | null }>(
      'select command_id, type, position_id from trade_commands where account_id = $1',
      [demoId],
    );
    expect(commands?.rows).toEqual([{ command_id: COMMAND_ID, type: 'open', position_id: positionId }]);

    // the view from the non-owner has it as well (profits move with every quote: compared without them)
    const view = await other.ctx.gateway.view(demoId);
    const local = owner.ctx.trading.positions(demoId);
    const strip = (p: { profit: number | null }) => ({ ...p, profit: null });
    expect(view?.positions.open.map(strip)).toEqual(local.open.map(strip));
    expect(view?.positions.history).toEqual(local.history);
    expect(view?.balance.balance).toBe(owner.ctx.trading.balance(demoId).balance);
  });

  it('an auto-trading refusal on the owner reaches the non-owner as the same AppError', async () => {
    const caught = (promise: Promise<unknown>) =>
      promise.then(
        (value) => {
          throw new Error(`resolved instead of refusing: ${JSON.stringify(value)}`);
        },
        (error: unknown) => error,
      );
    const local = await caught(
      owner.ctx.autoTrading.saveSettings(
        { userId: demoId, accountId: await accountIdOf(owner.ctx.database.db, demoId) },
        { bogus: true },
      ),
    );
    const routed = await caught(
      other.ctx.gateway.auto(
        { userId: demoId, accountId: await accountIdOf(owner.ctx.database.db, demoId) },
        'saveSettings',
        { bogus: true },
      ),
    );
    expect(local).toBeInstanceOf(AppError);
    expect(routed).toBeInstanceOf(AppError);
    const fields = (e: AppError) => ({
      statusCode: e.statusCode,
      code: e.code,
      key: e.key,
      params: e.params,
      errors: e.errors,
      message: e.message,
    });
    expect(fields(routed as AppError)).toEqual(fields(local as AppError));
    expect((routed as AppError).code).toBe('VALIDATION_FAILED');
  });

  it("the auto-trading overview from the non-owner is the owner's", async () => {
    const routed = await other.ctx.gateway.auto(
      { userId: demoId, accountId: await accountIdOf(owner.ctx.database.db, demoId) },
      'overview',
    );
    const local = await owner.ctx.autoTrading.overview({
      userId: demoId,
      accountId: await accountIdOf(owner.ctx.database.db, demoId),
    });
    expect(routed.auto_trading).toBe(local.auto_trading);
    expect(routed.settings).toEqual(local.settings);
    expect(routed.offers).toEqual(local.offers);
    expect(routed.instruments).toEqual(local.instruments);
    expect(routed.results.total).toEqual(local.results.total);
    // the owner knows the account's instruments (its book is loaded there); the list is not empty
    expect(routed.instruments.some((i) => i.symbol === SYMBOL)).toBe(true);
  });

  it('the non-owner refuses to load a second book of the account', async () => {
    await expect(other.ctx.trading.ensureAccount(demoId)).rejects.toBeInstanceOf(NotShardOwnerError);
    expect(other.ctx.trading.hasAccount(demoId)).toBe(false);
  });

  it("the dealing desk of the non-owner shows the owner's open position (every node's book)", async () => {
    // the non-owner's engine holds no position of the account; the owner publishes its own while a desk reads
    expect(other.ctx.trading.deskPositions().map((p) => p.id)).not.toContain(positionId);
    await vi.waitFor(
      async () => {
        const desk = await other.ctx.gateway.deskPositions();
        expect(desk.filter((p) => p.id === positionId)).toHaveLength(1);
        expect(desk.find((p) => p.id === positionId)).toMatchObject({ accountId: demoId, symbol: 'BTCUSD' });
      },
      { timeout: 10_000, interval: 200 },
    );
  });

  it('closes the position through the owner', async () => {
    const outcome = await other.ctx.gateway.close({ accountId: demoId, positionId, now: Date.now() });
    expect(outcome.ok, JSON.stringify(outcome)).toBe(true);
    const local = owner.ctx.trading.positions(demoId);
    expect(local.open.map((p) => p.id)).not.toContain(positionId);
    expect(local.history.find((p) => p.id === positionId)?.close_date).not.toBeNull();
    const { rows } = (await sql?.query<{ closed_at: Date | null }>(
      'select closed_at from positions where id = $1',
      [positionId],
    )) ?? { rows: [] };
    expect(rows[0]?.closed_at).not.toBeNull();
    expect(lost).toEqual([]);
  });
});
