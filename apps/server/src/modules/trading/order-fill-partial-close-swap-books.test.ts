import { addMoney, type Money, money, type Price } from '@openbroker/domain';
import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ledgerEntries, orders, positions, tradingAccounts, users } from '../../db/schema.js';
import type { BookEvent, OrderRecord } from '../../engine/index.js';
import { createTestServer, testDbKind } from '../../test/harness.js';
import { verifyLedger } from '../ledger/ledger.verify.js';
import { TradingRepo } from './trading.repo.js';

/**
 * The adapter stores what the engine decides, each batch in one transaction: an order placed and
 * filled, the position it opened with its commission, a partial close booked like a full close, a trailed stop,
 * two nights of swaps, and the final close with what it saw. The books then verify clean, and a restart loads
 * the open orders and the positions with their charges. The batches are the engine's events as it emits them.
 */
describe(`order fill, partial close and swaps in the books (${testDbKind})`, async () => {
  const { runtime } = await createTestServer();
  const { db } = runtime.ctx.database;
  const repo = new TradingRepo(db);
  const [demo] = await db
    .select({ id: tradingAccounts.id, balance: tradingAccounts.balance })
    .from(tradingAccounts)
    .innerJoin(users, eq(users.id, tradingAccounts.userId))
    .where(eq(users.email, 'demo@example.com'));
  const accountId = demo?.id ?? 0;
  const [orderId, positionId, partId, otherOrderId] = await repo.reservePositionIds(4);
  let balance = money(demo?.balance ?? '0');
  let seq = 0;
  const commit = (events: BookEvent[]) => repo.commit({ seq: ++seq, events });
  /** A balance change as the engine emits it: the new balance follows from the last. */
  const change = (
    amount: number,
    cause: Extract<BookEvent, { type: 'balance.changed' }>['cause'],
    at: number,
  ) => {
    balance = addMoney(balance, amount);
    return { type: 'balance.changed', accountId, at, balance, change: amount as Money, cause } as const;
  };
  const t0 = Date.UTC(2026, 10, 23, 10, 0, 0);
  const order: OrderRecord = {
    id: orderId ?? 0,
    accountId,
    symbol: 'EURUSD',
    direction: 'buy',
    orderType: 'limit',
    price: 1.08 as Price,
    amount: 1000 as Money,
    leverage: 30,
    stopLoss: 1.07 as Price,
    takeProfit: null,
    trailingDistance: null,
    expiry: { kind: 'gtc' },
    expiresAt: null,
    createdAt: t0,
    status: 'open',
  };
  const opened = {
    id: positionId ?? 0,
    accountId,
    symbol: 'EURUSD',
    direction: 'buy' as const,
    amount: 1000 as Money,
    leverage: 30,
    openRate: 1.08 as Price,
    openedAt: t0 + 60_000,
    stopLoss: 1.07 as Price,
    takeProfit: null,
    trailingDistance: null,
    commission: 3 as Money,
    swap: 0 as Money,
    orderId: order.id,
    partOf: null,
  };

  it('stores the order, its fill, the position and its commission in one batch', async () => {
    await commit([{ type: 'order.placed', accountId, at: t0, order }]);
    const other = { ...order, id: otherOrderId ?? 0, orderType: 'stop' as const, price: 1.09 as Price };
    await commit([{ type: 'order.placed', accountId, at: t0, order: other }]);
    await commit([
      { type: 'position.opened', accountId, at: t0 + 60_000, position: opened },
      change(-3, { kind: 'commission', positionId: opened.id }, t0 + 60_000),
      {
        type: 'order.filled',
        accountId,
        at: t0 + 60_000,
        order: { ...order, status: 'filled', positionId: opened.id, closedAt: t0 + 60_000 },
        positionId: opened.id,
      },
    ]);
    const [stored] = await db.select().from(orders).where(eq(orders.id, order.id));
    expect(stored).toMatchObject({ status: 'filled', positionId: opened.id, orderType: 'limit' });
    const [position] = await db.select().from(positions).where(eq(positions.id, opened.id));
    expect(position).toMatchObject({ orderId: order.id, commission: '3.00', swap: '0.00' });
    // a second fill of the same order is refused: the whole batch rolls back
    await expect(
      commit([
        {
          type: 'order.filled',
          accountId,
          at: t0,
          order: { ...order, status: 'filled' },
          positionId: opened.id,
        },
      ]),
    ).rejects.toThrow();
  });

  it('books a partial close like a full one: the part is a closed position of its own with its realised profit', async () => {
    const at = t0 + 3_600_000;
    await commit([
      {
        type: 'position.reduced',
        accountId,
        at,
        positionId: opened.id,
        amount: 600 as Money,
        closedPart: {
          ...opened,
          id: partId ?? 0,
          amount: 400 as Money,
          commission: 0 as Money,
          partOf: opened.id,
          orderId: null,
          closedRate: 1.083 as Price,
          closedAt: at,
          reason: 0,
          cause: 'manual',
          profit: 33.33 as Money,
          shortfall: 0 as Money,
          context: { quote: { buy: 1.0833 as Price, sell: 1.083 as Price } },
        },
      },
      change(
        33.33,
        { kind: 'position', positionId: partId ?? 0, profit: 33.33 as Money, shortfall: 0 as Money },
        at,
      ),
    ]);
    const [original] = await db.select().from(positions).where(eq(positions.id, opened.id));
    const [part] = await db
      .select()
      .from(positions)
      .where(eq(positions.id, partId ?? 0));
    expect(original).toMatchObject({ amount: '600.00', closedAt: null });
    expect(part).toMatchObject({
      amount: '400.00',
      partOf: opened.id,
      profit: '33.33',
      closeCause: 'manual',
    });
  });

  it('stores a trailed stop and a swap every night, each night once', async () => {
    await commit([
      {
        type: 'position.trailed',
        accountId,
        at: t0 + 7_200_000,
        positionId: opened.id,
        stopLoss: 1.078 as Price,
      },
    ]);
    const night1 = Date.UTC(2026, 10, 23, 22, 0, 0);
    const night2 = Date.UTC(2026, 10, 24, 22, 0, 0);
    await commit([change(-0.5, { kind: 'swap', positionId: opened.id, nights: 1 }, night1)]);
    await commit([change(-0.5, { kind: 'swap', positionId: opened.id, nights: 1 }, night2)]);
    // the same night again is refused by the books (reference swap:<position>:<day>)
    const before = balance;
    await expect(
      commit([change(-0.5, { kind: 'swap', positionId: opened.id, nights: 1 }, night2)]),
    ).rejects.toThrow();
    balance = before;
    const [position] = await db.select().from(positions).where(eq(positions.id, opened.id));
    expect(position).toMatchObject({ stopLoss: '1.0780000000', swap: '-1.00' });
    const charges = await repo.charges(accountId, 10);
    expect(charges.map((c) => [c.kind, c.amount, c.positionId])).toEqual([
      ['swap', '-0.50', opened.id],
      ['swap', '-0.50', opened.id],
      ['commission', '-3.00', opened.id],
    ]);
  });

  it('a restart loads the open orders and the positions with their charges and trailing', async () => {
    const snapshot = await repo.loadSnapshot();
    expect(snapshot.orders?.map((o) => [o.id, o.status, o.orderType])).toEqual([
      [otherOrderId, 'open', 'stop'],
    ]);
    expect(snapshot.positions.find((p) => p.id === opened.id)).toMatchObject({
      amount: 600,
      commission: 3,
      swap: -1,
      orderId: order.id,
      stopLoss: 1.078,
    });
  });

  it('keeps what a stop-out close saw, and the books verify clean', async () => {
    const at = t0 + 2 * 86_400_000;
    const context = {
      quote: { buy: 1.0602 as Price, sell: 1.06 as Price },
      equity: money('2400.00'),
      usedMargin: money('5000.00'),
      marginLevel: 48,
    };
    await commit([
      {
        type: 'position.closed',
        accountId,
        at,
        position: {
          ...opened,
          amount: 600 as Money,
          closedRate: 1.06 as Price,
          closedAt: at,
          reason: 3,
          cause: 'stop_out',
          profit: -333.33 as Money,
          shortfall: 0 as Money,
          context,
        },
      },
      change(
        -333.33,
        { kind: 'position', positionId: opened.id, profit: -333.33 as Money, shortfall: 0 as Money },
        at,
      ),
      {
        type: 'order.cancelled',
        accountId,
        at,
        order: { ...order, id: otherOrderId ?? 0, status: 'expired', closedAt: at },
        reason: 'expired',
      },
    ]);
    const history = await repo.history(accountId, 5);
    expect(history[0]).toMatchObject({ id: opened.id, cause: 'stop_out', context });
    expect(await verifyLedger(db)).toEqual([]);
    const entries = await db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.userId, accountId))
      .orderBy(asc(ledgerEntries.id));
    expect(money(entries.at(-1)?.balanceAfter ?? '0')).toBe(balance);
  });

  it('ledger:verify names a swap the position does not record and a commission on another position', async () => {
    await db.update(positions).set({ swap: '-1.50' }).where(eq(positions.id, opened.id));
    const problems = await verifyLedger(db);
    expect(problems).toContainEqual(
      expect.objectContaining({ check: 'position', positionId: opened.id, accountId }),
    );
    await db.update(positions).set({ swap: '-1.00' }).where(eq(positions.id, opened.id));
    expect(await verifyLedger(db)).toEqual([]);
  });
});
