/**
 * Three nodes on one PostgreSQL and Redis, clients on every node trading the same accounts, and one node
 * killed with SIGKILL in the middle of the load. Every acknowledged open and close is in the database exactly once,
 * every re-sent command (same command id) was executed at most once, the positions the engine closes (stop loss, take
 * profit, stop-out) close exactly once — also those whose shard moved to a survivor — `ledger:verify` passes, and
 * the clients of the dead node reconnect to another node and carry on.
 *
 * The prices come from a feed the test serves (MARKET_FEED=websocket): a small random walk with a spike every
 * second, alternately up and down by 0.8 %, so the stop losses and take profits set 0.5 % away fire within seconds,
 * and a crash of ETHUSD after the kill stops out the one account that holds it.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type CommandAck, money, SLIPPAGE, SOCKET_EVENTS, SOCKET_NAMESPACES } from '@openbroker/domain';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { io, type Socket } from 'socket.io-client';
import { afterAll, describe, expect, it, onTestFailed, vi } from 'vitest';
import { WebSocketServer } from 'ws';
import { startCluster } from '../../../../scripts/cluster.mjs';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { staffUsers, users } from '../db/schema.js';
import { createScratchDatabase } from '../db/scratch-database.js';
import { STAFF_ACTION_OF_EFFECT } from '../modules/payments/payment-effects.js';
import { staffAuditEntry } from '../modules/staff/staff-audit.js';
import { openRuntime } from '../runtime.js';
import { registerClient } from '../test/factories.js';
import { SHARD_LOCK_BASE, shardOf } from './shards.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../../../..');

// ------------------------------------------------------------------------------------------------ settings

const NODES = 3;
const SHARDS = 8;
/** Load before the kill, and after it. */
const LOAD_BEFORE_KILL_MS = 5_000;
const LOAD_AFTER_KILL_MS = 10_000;
/** A command not answered in this time (or whose socket dropped) is sent again with the same command id. */
const ACK_TIMEOUT_MS = 10_000;
/** A command still not answered after this long fails the test. */
const COMMAND_DEADLINE_MS = 60_000;
/** Answers that say nothing was decided yet: the same command (same id) is sent again. */
const RESEND_CODES = new Set(['UNAVAILABLE', 'INTERNAL']);
/** Stop loss and take profit this far from the price (the spikes go 0.8 % either way). */
const TRIGGER_DISTANCE = 0.005;
const SPIKE = 0.008;
const SPIKE_PERIOD_MS = 1_000;
const SPIKE_LENGTH_MS = 300;
/** Accounts traded (the demo client and registered ones), each by one client on every node at once. */
const TRADED_ACCOUNTS = 4;

const databaseUrl = process.env.DATABASE_URL;
const redisUrl = process.env.REDIS_URL;

/** The load balancer on this port, the nodes on the next ones: a random range below the ephemeral ports, so runs rarely collide. */
const portBase = () => 20_000 + Math.floor(Math.random() * 10_000);

// --------------------------------------------------------------------------------------- the price feed

interface Quote {
  bid: number;
  ask: number;
}

/** A WebSocket price feed the server's adapter (MARKET_FEED=websocket) connects to; every 100 ms a quote per symbol. */
async function startFeed() {
  const server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  let btc = 95_000;
  let ethCrashed = false;
  const quotes = new Map<string, Quote>();
  const tick = () => {
    const now = Date.now();
    btc *= 1 + (Math.random() - 0.5) * 2e-4;
    // a spike in the last SPIKE_LENGTH_MS of each period, up in one period and down in the next
    const period = Math.floor(now / SPIKE_PERIOD_MS);
    const spiking = now % SPIKE_PERIOD_MS >= SPIKE_PERIOD_MS - SPIKE_LENGTH_MS;
    const mid = spiking ? btc * (1 + (period % 2 === 0 ? SPIKE : -SPIKE)) : btc;
    quotes.set('BTCUSD', { bid: round2(mid - 12.5), ask: round2(mid + 12.5) });
    const eth = ethCrashed ? 3_400 * 0.6 : 3_400;
    quotes.set('ETHUSD', { bid: eth - 1, ask: eth + 1 });
    const text = JSON.stringify([...quotes].map(([s, q]) => ({ s, b: q.bid, a: q.ask })));
    for (const client of server.clients) client.send(text);
  };
  tick();
  const timer = setInterval(tick, 100);
  const { port } = server.address() as AddressInfo;
  return {
    env: {
      MARKET_FEED: 'websocket',
      MARKET_WS_URL: `ws://127.0.0.1:${port}`,
      MARKET_WS_OPTIONS: JSON.stringify({ mapping: { symbol: 's', bid: 'b', ask: 'a' }, items: '' }),
    },
    quote: (symbol: string): Quote => {
      const quote = quotes.get(symbol);
      if (!quote) throw new Error(`no quote for ${symbol}`);
      return quote;
    },
    crashEth: () => {
      ethCrashed = true;
      tick();
    },
    close: () =>
      new Promise<void>((resolve) => {
        clearInterval(timer);
        for (const client of server.clients) client.terminate();
        server.close(() => resolve());
      }),
  };
}

const round2 = (value: number) => Math.round(value * 100) / 100;

// ------------------------------------------------------------------------------------------- accounts

interface Account {
  id: number;
  email: string;
  password: string;
  label: string;
}

/**
 * Migrates and seeds the new database with one single-node runtime (the demo brand and the verified demo client),
 * adds verified and funded clients, and closes it again before the cluster starts on the same database.
 */
async function prepareAccounts(
  url: string,
  uploadDir: string,
): Promise<{ traders: Account[]; stopper: Account }> {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATABASE_URL: url,
    DATA_DIR: uploadDir,
    UPLOAD_DIR: uploadDir,
    DEMO: 'true',
    MARKET_FEED: 'none',
    MARKET_HISTORY: 'false',
    WEB_DIST_DIR: '/nonexistent-web-dist',
    AUTH_RATE_LIMIT_PER_MINUTE: '100000',
  } as NodeJS.ProcessEnv);
  const runtime = await openRuntime(config, { live: true });
  const app = await buildApp(runtime.ctx, { logger: false });
  await app.ready();
  try {
    const { ctx } = runtime;
    const [demo] = await ctx.database.db.select().from(users).where(eq(users.email, 'demo@example.com'));
    if (!demo) throw new Error('the demo client was not seeded');
    const [admin] = await ctx.database.db
      .select()
      .from(staffUsers)
      .where(eq(staffUsers.email, 'admin@example.com'));
    if (!admin) throw new Error('the demo staff were not seeded');
    const traders: Account[] = [
      { id: demo.id, email: 'demo@example.com', password: 'Demo1234!', label: 'demo' },
    ];
    const funded = async (label: string, balance: number): Promise<Account> => {
      const registered = await registerClient(app, { first_name: 'Cluster', last_name: label });
      const [row] = await ctx.database.db
        .update(users)
        .set({ verifiedAccount: true, assetsGroupPermission: [1, 2, 3, 4, 5] })
        .where(eq(users.email, registered.email))
        .returning();
      if (!row) throw new Error('client not stored');
      await ctx.trading.ensureAccount(row.id);
      await ctx.trading.refreshAccount(row.id);
      // booked as the back office books a correction: with the staff action's audit row, which ledger:verify checks
      const audit = staffAuditEntry({ staff: admin, roles: ['admin'] }, undefined, {
        action: 'adjustment.correction',
        userId: row.id,
        brandId: row.brandId,
        after: { kind: 'correction', amount: String(balance) },
        reason: 'cluster test funds',
      });
      const outcome = await ctx.trading.adjustBalance({
        accountId: row.id,
        now: Date.now(),
        amount: money(balance),
        kind: 'adjustment',
        cause: { staffAction: STAFF_ACTION_OF_EFFECT },
        effect: { type: 'staff.action', audit },
      });
      if (!outcome.ok) throw new Error(`funding ${label} failed`);
      return { id: row.id, email: registered.email, password: registered.password, label };
    };
    for (let i = 1; i < TRADED_ACCOUNTS; i++) traders.push(await funded(`trader${i}`, 100_000));
    const stopper = await funded('stopper', 100);
    return { traders, stopper };
  } finally {
    await app.close();
    await runtime.close();
  }
}

async function login(nodeUrl: string, account: Account): Promise<string> {
  const res = await fetch(`${nodeUrl}/api/accounts/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: account.email, password: account.password }),
  });
  if (res.status !== 200)
    throw new Error(`login of ${account.email} failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { data: { access_token: string } }).data.access_token;
}

// -------------------------------------------------------------------------------------------- clients

interface OpenRecord {
  positionId: number;
  accountId: number;
  commandId: string;
  triggers: boolean;
  client: string;
}

/** What the clients saw, for the checks against the database. */
interface Journal {
  opens: Map<number, OpenRecord>;
  /** Position ids whose close the client was told succeeded. */
  closes: Map<number, { accountId: number; commandId: string; client: string }>;
  /** Commands sent more than once (timeout, dropped socket, UNAVAILABLE): command id → account. */
  resent: Map<string, { accountId: number; event: string }>;
  refusals: Map<string, number>;
}

/**
 * One trading client: a `/trading` socket to one node for one account. When its node goes away it connects to the
 * next node that answers and carries on; a command without an answer is sent again with the same command id.
 */
class TradingClient {
  socket: Socket | undefined;
  node: number;
  /** Acknowledged opens and closes after the kill, by node they were answered on. */
  tradedAfterKill = 0;
  /** Connections made after the first (its node went away or did not answer a command in time). */
  reconnects = 0;
  private everConnected = false;
  private seq = 0;

  constructor(
    readonly name: string,
    readonly account: Account,
    readonly token: string,
    readonly home: number,
    private readonly urls: string[],
  ) {
    this.node = home;
  }

  /** A connected socket: the current node's, else the first other node (from the next one on) that takes it. */
  async connected(deadline: number): Promise<Socket> {
    if (this.socket?.connected) return this.socket;
    for (;;) {
      for (let i = 0; i < this.urls.length; i++) {
        const node = (this.node + i) % this.urls.length;
        const socket = await this.tryConnect(this.urls[node] as string);
        if (socket) {
          if (this.everConnected) this.reconnects += 1;
          this.everConnected = true;
          this.socket = socket;
          this.node = node;
          return socket;
        }
      }
      if (Date.now() > deadline) throw new Error(`${this.name}: no node took the connection`);
      await pause(200);
    }
  }

  private tryConnect(url: string): Promise<Socket | undefined> {
    const socket = io(`${url}${SOCKET_NAMESPACES.trading}`, {
      auth: { token: this.token, deltas: 1 },
      transports: ['websocket'],
      reconnection: false,
      timeout: 3_000,
      forceNew: true,
    });
    return new Promise((resolve) => {
      const timer = setTimeout(() => done(false), 5_000);
      const done = (ok: boolean) => {
        clearTimeout(timer);
        socket.off('connect', onConnect);
        socket.off('connect_error', onError);
        if (!ok) socket.close();
        resolve(ok ? socket : undefined);
      };
      const onConnect = () => done(true);
      const onError = () => done(false);
      socket.once('connect', onConnect);
      socket.once('connect_error', onError);
    });
  }

  nextCommandId(): string {
    this.seq += 1;
    return `${this.name.replace(/[^A-Za-z0-9_-]/g, '_')}-${this.seq}-${randomBytes(3).toString('hex')}`;
  }

  /** Sends a command until it is answered; the same payload (and command id) every time. */
  async send(event: string, payload: CommandPayload, journal: Journal): Promise<CommandAck> {
    const deadline = Date.now() + COMMAND_DEADLINE_MS;
    for (let attempt = 0; ; attempt++) {
      if (Date.now() > deadline) {
        throw new Error(
          `${this.name}: ${event} ${payload.commandId} got no answer in ${COMMAND_DEADLINE_MS} ms`,
        );
      }
      if (attempt > 0) journal.resent.set(payload.commandId, { accountId: this.account.id, event });
      const socket = await this.connected(deadline);
      const answer = await new Promise<CommandAck | undefined>((resolve) => {
        const timer = setTimeout(() => done(undefined), ACK_TIMEOUT_MS);
        const onDisconnect = () => done(undefined);
        const done = (value: CommandAck | undefined) => {
          clearTimeout(timer);
          socket.off('disconnect', onDisconnect);
          resolve(value);
        };
        socket.once('disconnect', onDisconnect);
        socket.emit(event, payload, (ack: CommandAck) => done(ack));
      });
      if (answer === undefined) {
        // no answer: the node may be gone; a socket still up is dropped too, so the next try may go elsewhere
        if (this.socket === socket) {
          socket.close();
          this.socket = undefined;
        }
        continue;
      }
      if (!answer.status && RESEND_CODES.has(answer.code)) {
        await pause(200);
        continue;
      }
      return answer;
    }
  }

  close() {
    this.socket?.close();
  }
}

/** A command's payload: its fields and the id that makes re-sending it safe. */
type CommandPayload = Record<string, unknown> & { commandId: string };

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const refused = (journal: Journal, answer: CommandAck, what: string) => {
  if (answer.status) return;
  const key = `${what}: ${answer.code} ${answer.key}`;
  journal.refusals.set(key, (journal.refusals.get(key) ?? 0) + 1);
};

/**
 * A client's load: open BTCUSD, then close it again at once — or, every third open, with a stop loss and a take
 * profit 0.5 % away, leave it to the engine. Runs until `running()` says stop; the command under way is finished.
 */
async function trade(
  client: TradingClient,
  feed: Awaited<ReturnType<typeof startFeed>>,
  journal: Journal,
  running: () => boolean,
  killedAt: () => number | undefined,
) {
  for (let n = 0; running(); n++) {
    const direction = Math.random() < 0.5 ? 'buy' : 'sell';
    const quote = feed.quote('BTCUSD');
    const triggers = n % 3 === 0;
    const commandId = client.nextCommandId();
    const payload = {
      symbol: 'BTCUSD',
      direction,
      amount: 10,
      leverage: 2,
      price: direction === 'buy' ? round2(quote.ask * (1 + SLIPPAGE)) : round2(quote.bid * (1 - SLIPPAGE)),
      commandId,
      ...(triggers
        ? direction === 'buy'
          ? {
              stop_lost: round2(quote.bid * (1 - TRIGGER_DISTANCE)),
              take_profit: round2(quote.bid * (1 + TRIGGER_DISTANCE)),
            }
          : {
              stop_lost: round2(quote.ask * (1 + TRIGGER_DISTANCE)),
              take_profit: round2(quote.ask * (1 - TRIGGER_DISTANCE)),
            }
        : {}),
    };
    const opened = await client.send(SOCKET_EVENTS.openPosition, payload, journal);
    if (!opened.status) {
      refused(journal, opened, 'open');
      await pause(100);
      continue;
    }
    const positionId = opened.data.id;
    const killed = killedAt();
    if (killed !== undefined && Date.now() > killed) client.tradedAfterKill += 1;
    journal.opens.set(positionId, {
      positionId,
      accountId: client.account.id,
      commandId,
      triggers,
      client: client.name,
    });
    if (triggers) continue;
    // a refused close (a requote) did nothing: a new close with a new id
    for (let tries = 0; tries < 5; tries++) {
      const now = feed.quote('BTCUSD');
      const closeId = client.nextCommandId();
      const closed = await client.send(
        SOCKET_EVENTS.closePosition,
        {
          id: positionId,
          price: direction === 'buy' ? round2(now.bid * (1 - SLIPPAGE)) : round2(now.ask * (1 + SLIPPAGE)),
          commandId: closeId,
        },
        journal,
      );
      if (closed.status) {
        journal.closes.set(positionId, {
          accountId: client.account.id,
          commandId: closeId,
          client: client.name,
        });
        break;
      }
      refused(journal, closed, 'close');
      await pause(100);
    }
  }
}

// ----------------------------------------------------------------------------------------------- the test

describe.runIf(databaseUrl && redisUrl)('a cluster of three nodes loses one to kill -9 under load', () => {
  const cleanups: Array<() => Promise<unknown> | unknown> = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await (async () => cleanup())().catch(() => {});
  });

  it('keeps every acknowledged command exactly once and the books balanced', async () => {
    // ---------------------------------------------------------------------------------- database and logs
    const database = await createScratchDatabase(databaseUrl as string, 'ob_cluster');
    cleanups.push(() => database.drop());
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'ob-cluster-'));
    cleanups.push(() => fs.rmSync(tmp, { recursive: true, force: true }));
    const logFile = path.join(os.tmpdir(), `${path.basename(tmp)}.log`);
    const logs: string[] = [];
    const log = (line: string) => {
      logs.push(line);
      fs.appendFileSync(logFile, `${line}\n`);
    };
    // the whole log stays in the temporary folder only when the test fails
    let failed = false;
    cleanups.push(() => {
      if (!failed) fs.rmSync(logFile, { force: true });
    });
    onTestFailed(() => {
      failed = true;
      console.error(
        `--- the last node log lines (all of them in ${logFile}) ---\n${logs.slice(-150).join('\n')}`,
      );
    });

    const { traders, stopper } = await prepareAccounts(database.url, tmp);
    const feed = await startFeed();
    cleanups.push(() => feed.close());

    // --------------------------------------------------------------------------------------------- cluster
    const base = portBase();
    const cluster = await startCluster({
      nodes: NODES,
      shards: SHARDS,
      lbPort: base,
      basePort: base + 1,
      fromSource: true,
      log,
      env: {
        NODE_ENV: 'production',
        DATABASE_URL: database.url,
        REDIS_URL: redisUrl as string,
        REDIS_PREFIX: `ob:cluster:${randomBytes(4).toString('hex')}:`,
        DEMO: 'true',
        DATA_DIR: tmp,
        UPLOAD_DIR: tmp,
        WEB_DIST_DIR: '/nonexistent-web-dist',
        LOG_LEVEL: 'info',
        LOG_FORMAT: 'json',
        MARKET_HISTORY: 'false',
        AUTH_RATE_LIMIT_PER_MINUTE: '100000',
        // prices spike 0.8 % once a second: a price seen a moment ago is still taken
        REQUOTE_TOLERANCE: '0.02',
        ...feed.env,
      },
    });
    cleanups.push(() => cluster.stop());
    const urls = cluster.nodes.map((node) => node.url);
    expect(urls).toHaveLength(NODES);

    const sql = new pg.Client({ connectionString: database.url });
    await sql.connect();
    cleanups.push(() => sql.end());

    /** Shard → the NODE_ID holding its advisory lock in this database. */
    const shardOwners = async (): Promise<Map<number, string>> => {
      const { rows } = await sql.query<{ shard: number; owner: string }>(
        `select l.objid::bigint - $1 as shard, a.application_name as owner
           from pg_locks l join pg_stat_activity a on a.pid = l.pid
          where l.locktype = 'advisory' and l.granted
            and l.database = (select oid from pg_database where datname = current_database())
            and l.classid = 0 and l.objid::bigint between $1 and $1 + $2 - 1`,
        [SHARD_LOCK_BASE, SHARDS],
      );
      return new Map(rows.map((r) => [Number(r.shard), r.owner.replace(/^openbroker-shards-/, '')]));
    };
    // every shard owned (nodes started together share them; one that started late may own none, which is fine here)
    await vi.waitFor(
      async () => {
        const owners = await shardOwners();
        expect(owners.size).toBe(SHARDS);
      },
      { timeout: 30_000, interval: 250 },
    );

    // ------------------------------------------------------------------------------------------- clients
    const journal: Journal = { opens: new Map(), closes: new Map(), resent: new Map(), refusals: new Map() };
    const tokens = new Map<number, string>();
    for (const account of [...traders, stopper])
      tokens.set(account.id, await login(urls[0] as string, account));
    const clients: TradingClient[] = [];
    for (const account of traders) {
      for (let node = 0; node < NODES; node++) {
        clients.push(
          new TradingClient(
            `${account.label}@node${node + 1}`,
            account,
            tokens.get(account.id) as string,
            node,
            urls,
          ),
        );
      }
    }
    cleanups.push(() => {
      for (const client of clients) client.close();
    });
    for (const client of clients) await client.connected(Date.now() + 30_000);

    // the stopper's position: 90 of its 100 at 1:2 on ETHUSD, stopped out when ETHUSD falls 40 %
    const stopperClient = new TradingClient('stopper', stopper, tokens.get(stopper.id) as string, 0, urls);
    cleanups.push(() => stopperClient.close());
    const eth = feed.quote('ETHUSD');
    const stopperOpen = await stopperClient.send(
      SOCKET_EVENTS.openPosition,
      {
        symbol: 'ETHUSD',
        direction: 'buy',
        amount: 90,
        leverage: 2,
        price: round2(eth.ask * (1 + SLIPPAGE)),
        commandId: stopperClient.nextCommandId(),
      },
      journal,
    );
    if (!stopperOpen.status) throw new Error(`the stopper's open was refused: ${stopperOpen.message}`);
    const stoppedPositionId = stopperOpen.data.id;

    // the node to kill: the owner of the stopper's shard, so its stop-out is the next owner's to do
    const owners = await shardOwners();
    const victimId = owners.get(shardOf(stopper.id, SHARDS));
    const victim = cluster.nodes.find((node) => `node-${node.index + 1}` === victimId);
    if (!victim) throw new Error(`no node is called ${victimId} (owners: ${JSON.stringify([...owners])})`);
    const victimShards = [...owners].filter(([, owner]) => owner === victimId).map(([shard]) => shard);
    const victimIndex = cluster.nodes.indexOf(victim);

    // ---------------------------------------------------------------------------------------------- load
    let running = true;
    let killedAt: number | undefined;
    const loops = clients.map((client) =>
      trade(
        client,
        feed,
        journal,
        () => running,
        () => killedAt,
      ),
    );
    const loadStarted = Date.now();
    await pause(LOAD_BEFORE_KILL_MS);
    const opensBeforeKill = journal.opens.size;
    expect(opensBeforeKill, 'the load opened positions before the kill').toBeGreaterThan(0);

    await victim.kill('SIGKILL');
    killedAt = Date.now();
    log(`[test] killed ${victimId} (shards ${victimShards.join(', ')}) at +${killedAt - loadStarted} ms`);
    feed.crashEth();

    // the survivors take the dead node's shards
    await vi.waitFor(
      async () => {
        const now = await shardOwners();
        expect(now.size).toBe(SHARDS);
        expect([...now.values()]).not.toContain(victimId);
      },
      { timeout: 20_000, interval: 250 },
    );
    const failoverMs = Date.now() - killedAt;
    log(`[test] every shard owned again ${failoverMs} ms after the kill`);

    await pause(Math.max(0, killedAt + LOAD_AFTER_KILL_MS - Date.now()));
    running = false;
    await Promise.all(loops);
    const loadMs = Date.now() - loadStarted;

    // ------------------------------------------------------------------ the engine's closes after the load
    const accountIds = [...traders, stopper].map((a) => a.id);
    // every position with a stop loss closes on a spike (those of the dead node's shards on their new owner)
    await vi.waitFor(
      async () => {
        const { rows } = await sql.query<{ n: number }>(
          `select count(*)::int as n from positions
            where user_id = any($1) and closed_at is null and stop_loss is not null`,
          [accountIds],
        );
        expect(rows[0]?.n).toBe(0);
      },
      { timeout: 30_000, interval: 500 },
    );
    await vi.waitFor(
      async () => {
        const { rows } = await sql.query('select closed_at from positions where id = $1', [
          stoppedPositionId,
        ]);
        expect(rows[0]?.closed_at).not.toBeNull();
      },
      { timeout: 30_000, interval: 500 },
    );

    // ---------------------------------------------------------------------------------------- the books
    const { rows: positionRows } = await sql.query<{
      id: number;
      user_id: number;
      closed_at: Date | null;
      close_cause: string | null;
      closing_reason: number | null;
      stop_loss: string | null;
      part_of: number | null;
      pnl_entries: number;
      open_commands: number;
      close_commands: number;
    }>(
      `select p.id, p.user_id, p.closed_at, p.close_cause, p.closing_reason, p.stop_loss, p.part_of,
              (select count(*)::int from ledger_entries l where l.position_id = p.id and l.kind = 'realised_pnl')
                as pnl_entries,
              (select count(*)::int from trade_commands c where c.position_id = p.id and c.type = 'open')
                as open_commands,
              (select count(*)::int from trade_commands c where c.position_id = p.id and c.type = 'close')
                as close_commands
         from positions p where p.user_id = any($1)`,
      [accountIds],
    );
    const byId = new Map(positionRows.map((row) => [row.id, row]));
    const { rows: commandRows } = await sql.query<{
      account_id: number;
      command_id: string;
      type: string;
      position_id: number | null;
    }>('select account_id, command_id, type, position_id from trade_commands where account_id = any($1)', [
      accountIds,
    ]);

    // a summary for whoever reads the run
    const causes = new Map<string, number>();
    for (const row of positionRows)
      causes.set(row.close_cause ?? 'open', (causes.get(row.close_cause ?? 'open') ?? 0) + 1);
    const victimClients = clients.filter((c) => c.home === victimIndex);
    const summary = {
      loadMs,
      failoverMs,
      shardsBeforeKill: Object.fromEntries([...owners].sort(([a], [b]) => a - b)),
      killed: victimId,
      killedShards: victimShards,
      acknowledgedOpens: journal.opens.size,
      opensBeforeKill,
      acknowledgedCloses: journal.closes.size,
      // re-sent commands, and how many of them the database holds (executed once; the others never ran)
      resent: journal.resent.size,
      resentStored: [...journal.resent].filter(([commandId, sent]) =>
        commandRows.some((c) => c.account_id === sent.accountId && c.command_id === commandId),
      ).length,
      positions: positionRows.length,
      causes: Object.fromEntries(causes),
      refusals: Object.fromEntries(journal.refusals),
      victimClients: victimClients.map((c) => ({
        name: c.name,
        nowOn: `node-${c.node + 1}`,
        reconnects: c.reconnects,
        tradedAfterKill: c.tradedAfterKill,
      })),
    };
    log(`[test] ${JSON.stringify(summary)}`);
    console.info('cluster failover run:', JSON.stringify(summary, null, 2));

    // every acknowledged open is one position of its account, opened by that command
    for (const open of journal.opens.values()) {
      const row = byId.get(open.positionId);
      expect(row, `acknowledged open ${open.commandId} → position ${open.positionId}`).toBeDefined();
      expect(row?.user_id).toBe(open.accountId);
      expect(row?.open_commands, `position ${open.positionId}: open commands`).toBe(1);
      const stored = commandRows.find(
        (c) => c.account_id === open.accountId && c.command_id === open.commandId,
      );
      expect(stored, `trade_commands row of ${open.commandId}`).toMatchObject({
        type: 'open',
        position_id: open.positionId,
      });
    }
    // no position was opened twice: every position of these accounts (bar the closed parts of partial closes,
    // which this load never makes) is the position of exactly one open command
    for (const row of positionRows) {
      expect(row.part_of, `position ${row.id} is not a part`).toBeNull();
      expect(row.open_commands, `position ${row.id}: open commands`).toBe(1);
    }
    expect(commandRows.filter((c) => c.type === 'open')).toHaveLength(positionRows.length);

    // every acknowledged close closed its position, once, by the client
    for (const [positionId, close] of journal.closes) {
      const row = byId.get(positionId);
      expect(row?.closed_at, `acknowledged close ${close.commandId} of ${positionId}`).not.toBeNull();
      expect(row?.close_cause).toBe('manual');
      expect(row?.pnl_entries, `position ${positionId}: realised P/L entries`).toBe(1);
      expect(row?.close_commands, `position ${positionId}: close commands`).toBe(1);
    }
    // every closed position is booked once; the engine closed the ones with triggers (stop loss or take profit)
    for (const row of positionRows) {
      if (row.closed_at === null) {
        expect(row.pnl_entries, `open position ${row.id} has no realised P/L`).toBe(0);
        continue;
      }
      expect(row.pnl_entries, `closed position ${row.id} (${row.close_cause}): realised P/L entries`).toBe(1);
      if (row.stop_loss !== null && row.id !== stoppedPositionId) {
        expect(['stop_loss', 'take_profit'], `position ${row.id}`).toContain(row.close_cause);
      }
    }
    expect(
      positionRows.filter((r) => r.close_cause === 'stop_loss' || r.close_cause === 'take_profit').length,
      'positions closed by their stop loss or take profit',
    ).toBeGreaterThan(0);
    // the stop-out, done by the shard's next owner, once
    expect(byId.get(stoppedPositionId)).toMatchObject({
      close_cause: 'stop_out',
      closing_reason: 3,
      pnl_entries: 1,
    });

    // a re-sent command was executed at most once (its id is stored once: the primary key; and one position)
    for (const [commandId, sent] of journal.resent) {
      const stored = commandRows.filter((c) => c.account_id === sent.accountId && c.command_id === commandId);
      expect(stored.length, `re-sent ${sent.event} ${commandId}`).toBeLessThanOrEqual(1);
      if (stored[0]?.position_id != null) {
        const row = byId.get(stored[0].position_id);
        if (sent.event === SOCKET_EVENTS.openPosition) expect(row?.open_commands).toBe(1);
        if (sent.event === SOCKET_EVENTS.closePosition) expect(row?.pnl_entries).toBe(1);
      }
    }

    // the clients of the dead node moved to another node and traded there after the kill
    expect(victimClients.every((c) => c.node !== victimIndex)).toBe(true);
    expect(
      victimClients.some((c) => c.tradedAfterKill > 0),
      'a client of the killed node traded after the kill',
    ).toBe(true);

    // ------------------------------------------------------------------------------- ledger:verify (README)
    await cluster.stop();
    const verify = await runCli(['ledger:verify'], {
      DATABASE_URL: database.url,
      DEMO: 'true',
      LOG_LEVEL: 'silent',
      DATA_DIR: tmp,
      UPLOAD_DIR: tmp,
      REDIS_URL: '',
    });
    expect(verify.code, verify.output).toBe(0);
    expect(verify.output).toContain('Ledger verified');
  });
});

/** `npm run cli -- …` from the repository root, as the README has the operator run it. */
function runCli(
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', '--silent', 'cli', '--', ...args], {
      cwd: repoRoot,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output }));
  });
}
