import { money } from '@openbroker/domain';
import { count, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { type Database, type Db, openDatabase } from '../../db/client.js';
import { ledgerEntries, positions, tradeCommands, tradingAccounts, users } from '../../db/schema.js';
import { type CommandOutcome, EngineCommitError } from '../../engine/index.js';
import { registerClient } from '../../test/factories.js';
import { createTestServer, testDbKind } from '../../test/harness.js';
import { Ledger } from '../ledger/ledger.js';
import {
  DuplicateCommandError,
  isDuplicateCommand,
  LedgerMismatchError,
  TradingRepo,
} from './trading.repo.js';
import { TradingService } from './trading.service.js';

/**
 * Nothing acknowledged is done twice across a failover. A client command with an id is stored in
 * trade_commands in the same transaction as its effects, so a second copy — re-sent after a lost answer, or racing
 * the first on another engine of the same database — is refused by the commit (nothing of it stored) and the
 * stored row says what the first one did. The same on PGlite and on PostgreSQL (there with a second connection
 * pool, as a second node would have).
 */
describe(`client command ids are executed once (${testDbKind})`, async () => {
  const { app, runtime } = await createTestServer({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
  const { ctx } = runtime;
  const { db } = ctx.database;
  const second: Database | undefined =
    testDbKind === 'postgres'
      ? await openDatabase({ databaseUrl: ctx.config.databaseUrl, dataDir: 'memory://' })
      : undefined;
  const services: TradingService[] = [];
  afterAll(async () => {
    for (const service of services) await service.stop();
    await second?.close();
  });

  /** A verified client with 10,000 booked by the ledger (before any engine of this suite loads it). */
  const funded = async () => {
    const { email } = await registerClient(app);
    const [row] = await db.select().from(users).where(eq(users.email, email));
    if (!row) throw new Error('client not stored');
    await db
      .update(users)
      .set({ verifiedAccount: true, assetsGroupPermission: [1, 2, 3, 4, 5] })
      .where(eq(users.id, row.id));
    await db.transaction((tx) =>
      new Ledger().book(tx as unknown as Db, {
        accountId: row.id,
        kind: 'adjustment',
        amount: money(10_000),
        cause: { staffAction: `command-ids-${row.id}` },
      }),
    );
    return row.id;
  };
  /** A trading service of its own on the database, as a node (or a restarted one) has. */
  const engineOn = async (database: Db = db) => {
    const service = new TradingService(new TradingRepo(database), ctx.market, {
      requoteTolerance: ctx.config.requoteTolerance,
      stopOutLevel: ctx.config.stopOutLevel,
      log: { info: () => {}, error: () => {} },
    });
    await service.start();
    services.push(service);
    return service;
  };
  const quote = () => ctx.market.ingest({ symbol: 'BTCUSD', bid: 64_000, ask: 64_010, ts: Date.now() });
  const open = (accountId: number, commandId?: string) => ({
    accountId,
    now: Date.now(),
    symbol: 'BTCUSD',
    direction: 'buy' as const,
    amount: 100,
    leverage: 2,
    price: 64_010 * 1.00025,
    ...(commandId === undefined ? {} : { commandId }),
  });
  const openedId = (outcome: CommandOutcome) => {
    const event = outcome.ok ? outcome.events.find((e) => e.type === 'position.opened') : undefined;
    return event?.type === 'position.opened' ? event.position.id : undefined;
  };
  /** What the database holds for an account: its positions (open and closed), ledger entries and balance. */
  const books = async (accountId: number) => {
    const [p] = await db.select({ n: count() }).from(positions).where(eq(positions.userId, accountId));
    const [l] = await db
      .select({ n: count() })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.userId, accountId));
    const [u] = await db
      .select({ balance: tradingAccounts.balance })
      .from(tradingAccounts)
      .where(eq(tradingAccounts.userId, accountId));
    return { positions: Number(p?.n), ledger: Number(l?.n), balance: u?.balance };
  };
  const commandRows = async (accountId: number) =>
    db.select().from(tradeCommands).where(eq(tradeCommands.accountId, accountId));

  it('a command re-sent with the same id is refused by the commit: one position, one ledger effect', async () => {
    const accountId = await funded();
    const trading = await engineOn();
    expect(await trading.ensureAccount(accountId)).toBe(true);
    quote();
    const before = await books(accountId);
    const first = await trading.open(open(accountId, 'open-1'));
    const positionId = openedId(first);
    expect(positionId).toBeGreaterThan(0);
    const afterFirst = await books(accountId);
    expect(afterFirst.positions).toBe(before.positions + 1);

    const again = await trading.open(open(accountId, 'open-1')).catch((error: unknown) => error);
    expect(again).toBeInstanceOf(EngineCommitError);
    expect((again as EngineCommitError).reason).toBeInstanceOf(DuplicateCommandError);
    expect(isDuplicateCommand(again)).toBe(true);
    expect(await books(accountId)).toEqual(afterFirst);
    expect(trading.positions(accountId).open.map((p) => p.id)).toEqual([positionId]);
    expect(trading.balance(accountId).balance).toBe(money(afterFirst.balance ?? '0'));

    expect(await trading.storedCommand(accountId, 'open-1')).toEqual({
      type: 'open',
      positionId,
      orderId: null,
    });
    expect(await trading.storedCommand(accountId, 'open-2')).toBeUndefined();
    expect(await commandRows(accountId)).toHaveLength(1);
  });

  it('two copies submitted together: exactly one executes', async () => {
    const accountId = await funded();
    const trading = await engineOn();
    await trading.ensureAccount(accountId);
    quote();
    const before = await books(accountId);
    const outcomes = await Promise.allSettled([
      trading.open(open(accountId, 'together')),
      trading.open(open(accountId, 'together')),
    ]);
    const executed = outcomes.filter((o) => o.status === 'fulfilled' && o.value.ok);
    const refused = outcomes.filter((o) => o.status === 'rejected' && isDuplicateCommand(o.reason));
    expect([executed.length, refused.length]).toEqual([1, 1]);
    expect((await books(accountId)).positions).toBe(before.positions + 1);
    expect(trading.positions(accountId).open).toHaveLength(1);
  });

  it('two engines on one database racing the same command id (a failover overlap): exactly one executes', async () => {
    const accountId = await funded();
    const engines = [await engineOn(db), await engineOn(second?.db ?? db)];
    for (const engine of engines) await engine.ensureAccount(accountId);
    quote();
    const before = await books(accountId);
    const outcomes = await Promise.allSettled(engines.map((e) => e.open(open(accountId, 'raced-1'))));
    const executed = outcomes.flatMap((o) => (o.status === 'fulfilled' && o.value.ok ? [o.value] : []));
    const refused = outcomes.filter((o) => o.status === 'rejected' && isDuplicateCommand(o.reason));
    expect([executed.length, refused.length]).toEqual([1, 1]);
    const after = await books(accountId);
    expect(after.positions).toBe(before.positions + 1);
    const [winner] = executed;
    expect(await engines[0]?.storedCommand(accountId, 'raced-1')).toEqual({
      type: 'open',
      positionId: winner && openedId(winner),
      orderId: null,
    });
    const stored = await db.select().from(positions).where(eq(positions.userId, accountId));
    expect(stored.map((p) => p.id)).toEqual([winner && openedId(winner)]);
  });

  it('a close re-sent to another engine that still holds the position books its profit once', async () => {
    const accountId = await funded();
    const a = await engineOn(db);
    await a.ensureAccount(accountId);
    quote();
    const positionId = openedId(await a.open(open(accountId))) as number;
    const b = await engineOn(second?.db ?? db); // starts from the database: the position is open
    await b.ensureAccount(accountId);
    expect(b.positions(accountId).open.map((p) => p.id)).toEqual([positionId]);
    ctx.market.ingest({ symbol: 'BTCUSD', bid: 64_500, ask: 64_510, ts: Date.now() });
    const before = await books(accountId);
    const close = { accountId, now: Date.now(), positionId, commandId: 'close-once' };
    expect((await a.close(close)).ok).toBe(true);
    const closed = await books(accountId);
    expect(closed.ledger).toBe(before.ledger + 1); // the realised profit
    expect(closed.balance).not.toBe(before.balance);
    // b's rules accept the close (its books are stale); the commit refuses the id
    const again = await b.close({ ...close, now: Date.now() }).catch((error: unknown) => error);
    expect(isDuplicateCommand(again)).toBe(true);
    expect(await books(accountId)).toEqual(closed);
  });

  it('commands without an id behave as before: each executes, nothing is stored for them', async () => {
    const accountId = await funded();
    const trading = await engineOn();
    await trading.ensureAccount(accountId);
    quote();
    const before = await books(accountId);
    expect((await trading.open(open(accountId))).ok).toBe(true);
    expect((await trading.open(open(accountId))).ok).toBe(true);
    expect((await books(accountId)).positions).toBe(before.positions + 2);
    expect(await commandRows(accountId)).toEqual([]);
  });

  it('stores the position a close or update concerned and the order an order command concerned', async () => {
    const accountId = await funded();
    const trading = await engineOn();
    await trading.ensureAccount(accountId);
    quote();
    const positionId = openedId(await trading.open(open(accountId, 'o-1'))) as number;
    const update = await trading.update({
      accountId,
      now: Date.now(),
      positionId,
      stop_lost: 50_000,
      take_profit: null,
      commandId: 'u-1',
    });
    expect(update.ok).toBe(true);
    const part = await trading.close({
      accountId,
      now: Date.now(),
      positionId,
      amount: 40,
      commandId: 'p-1',
    });
    expect(part.ok).toBe(true);
    const close = await trading.close({ accountId, now: Date.now(), positionId, commandId: 'c-1' });
    expect(close.ok).toBe(true);
    const placed = await trading.placeOrder({
      accountId,
      now: Date.now(),
      symbol: 'BTCUSD',
      direction: 'buy',
      orderType: 'limit',
      price: 60_000,
      amount: 100,
      leverage: 2,
      expiry: { kind: 'gtc' },
      commandId: 'place_1',
    });
    const placedEvent = placed.ok ? placed.events.find((e) => e.type === 'order.placed') : undefined;
    const orderId = placedEvent?.type === 'order.placed' ? placedEvent.order.id : 0;
    expect(orderId).toBeGreaterThan(0);
    const cancel = await trading.cancelOrder({ accountId, now: Date.now(), orderId, commandId: 'cancel_1' });
    expect(cancel.ok).toBe(true);
    const stored = Object.fromEntries(
      (await commandRows(accountId)).map((r) => [
        r.commandId,
        { type: r.type, positionId: r.positionId, orderId: r.orderId },
      ]),
    );
    expect(stored).toEqual({
      'o-1': { type: 'open', positionId, orderId: null },
      'u-1': { type: 'update', positionId, orderId: null },
      // a partial close answers with the position it reduced (as the socket does), not the closed part
      'p-1': { type: 'close', positionId, orderId: null },
      'c-1': { type: 'close', positionId, orderId: null },
      place_1: { type: 'place_order', positionId: null, orderId },
      cancel_1: { type: 'cancel_order', positionId: null, orderId },
    });
    // On one engine a re-sent close is refused by the rules already (the position is closed): nothing changes
    // either way, and the stored row is what the re-sent command is answered from (the socket looks it up first).
    const reclose = await trading.close({ accountId, now: Date.now(), positionId, commandId: 'c-1' });
    expect(reclose.ok).toBe(false);
    expect(await trading.storedCommand(accountId, 'c-1')).toEqual({
      type: 'close',
      positionId,
      orderId: null,
    });
  });

  it('after a restart (a new trading service on the same database) the command is still known and not executed again', async () => {
    const accountId = await funded();
    const first = await engineOn();
    await first.ensureAccount(accountId);
    quote();
    const positionId = openedId(await first.open(open(accountId, 'before-restart')));
    await first.stop();
    const booked = await books(accountId);

    const restarted = await engineOn();
    expect(await restarted.storedCommand(accountId, 'before-restart')).toEqual({
      type: 'open',
      positionId,
      orderId: null,
    });
    await restarted.ensureAccount(accountId);
    quote();
    const again = await restarted.open(open(accountId, 'before-restart')).catch((error: unknown) => error);
    expect(isDuplicateCommand(again)).toBe(true);
    expect(await books(accountId)).toEqual(booked);
    expect(restarted.positions(accountId).open.map((p) => p.id)).toEqual([positionId]);
  });

  it('isDuplicateCommand recognises the key violation of trade_commands on this driver, and nothing else', async () => {
    const accountId = await funded();
    await db.insert(tradeCommands).values({ accountId, commandId: 'raw', type: 'open' });
    const violation = await db
      .insert(tradeCommands)
      .values({ accountId, commandId: 'raw', type: 'open' })
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    expect(violation).toBeDefined();
    expect(isDuplicateCommand(violation)).toBe(true);
    expect(isDuplicateCommand(new EngineCommitError(violation))).toBe(true);
    // another unique violation, another commit failure, and non-errors are not duplicates
    const otherViolation = await db
      .insert(users)
      .select(db.select().from(users).where(eq(users.id, accountId)))
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    expect(otherViolation).toBeDefined();
    expect(isDuplicateCommand(otherViolation)).toBe(false);
    expect(isDuplicateCommand(new EngineCommitError(new LedgerMismatchError('position 1 is not open')))).toBe(
      false,
    );
    expect(isDuplicateCommand(undefined)).toBe(false);
    expect(isDuplicateCommand('23505')).toBe(false);
  });
});
