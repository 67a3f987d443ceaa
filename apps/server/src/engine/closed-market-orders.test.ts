// Scenario: pending orders are placed, edited and cancelled while a market is closed (its quote stale, or
// never quoted), wait for the open, and the first quote after the open fills what it crosses at the open's brand
// quote — a limit order at that better price (price improvement), a stop order at that worse one (gap slippage).
import {
  brandQuote,
  buyPrice,
  DEFAULT_TRADING_PROFILE,
  sellPrice,
  type TradingProfile,
} from '@openbroker/domain';
import { describe, expect, it } from 'vitest';
import { Engine } from './engine.js';
import {
  buildAccount,
  buildEngine,
  buildNaive,
  INSTRUMENTS,
  ManualPersistence,
  MemoryPersistence,
  quote,
} from './fixtures.js';
import type { EngineCommand, EngineEvent, PlaceOrderCommand } from './types.js';

type Place = Omit<PlaceOrderCommand, 'type'>;

/** BTCUSD's last quote before the market "closes": 60,000 at t = 1 s; the quote is stale 30 s later. */
const LAST = { bid: 60_000, ask: 60_000, ts: 1_000 };
/** While closed: well past the 30 s staleness limit. */
const CLOSED = 3_600_000;
/** The open: the first quote after the gap. */
const OPEN_TS = 7_200_000;

const order = (overrides: Partial<Place> = {}): Place => ({
  accountId: 1,
  now: CLOSED,
  symbol: 'BTCUSD',
  direction: 'buy',
  orderType: 'limit',
  price: 59_000,
  amount: 100,
  leverage: 10,
  expiry: { kind: 'gtc' },
  ...overrides,
});

function closedMarket(balance = 1_000) {
  const built = buildEngine([buildAccount({ balance })]);
  built.engine.onQuote(quote('BTCUSD', LAST.bid, LAST.ask, LAST.ts));
  return built;
}

/** The open position a filled order opened. */
const positionOf = (engine: Engine, orderId: number) => {
  const filled = engine.orders(1).history.find((o) => o.id === orderId);
  return engine.positions(1).open.find((p) => p.id === filled?.position_id);
};

const rejectionOf = async (outcome: Promise<{ ok: boolean }>) => {
  const result = (await outcome) as Awaited<ReturnType<Engine['placeOrder']>>;
  return result.ok ? null : result.rejection;
};

describe('pending orders while the market is closed', () => {
  it('are placed while the quote is stale; opening at the market stays refused', async () => {
    const { engine } = closedMarket();
    const market = await rejectionOf(
      engine.open({
        accountId: 1,
        now: CLOSED,
        symbol: 'BTCUSD',
        direction: 'buy',
        amount: 100,
        leverage: 10,
        price: buyPrice(LAST.ask),
      }),
    );
    expect(market?.message.key).toBe('trade.temporarilyUnavailable');

    const placed = await engine.placeOrder(order({ stop_lost: 58_000, take_profit: 62_000 }));
    expect(placed.ok).toBe(true);
    expect(engine.orders(1).open).toEqual([
      expect.objectContaining({ type: 'limit', direction: 'buy', price: 59_000, stop_lost: 58_000 }),
    ]);
    expect(engine.verifyIndexes()).toEqual([]);
  });

  it('checks the level against the last brand quote the engine has, and the free margin as when open', async () => {
    const { engine } = closedMarket();
    // the last buy price is 60,015 (60,000 + 0.025 %): a buy limit must be below it, a buy stop above it
    const wrongSide = await rejectionOf(engine.placeOrder(order({ price: 60_100 })));
    expect(wrongSide?.errors[0]).toMatchObject({ path: 'price', key: 'order.buyLimitBelow' });
    expect(Number(wrongSide?.errors[0]?.params?.value)).toBe(60_015);
    const stopBelow = await rejectionOf(engine.placeOrder(order({ orderType: 'stop', price: 60_000 })));
    expect(stopBelow?.errors[0]).toMatchObject({ path: 'price', key: 'order.buyStopAbove' });
    // a sell stop below the last sell price (59,985) is fine
    expect((await engine.placeOrder(order({ direction: 'sell', orderType: 'stop', price: 59_000 }))).ok).toBe(
      true,
    );
    const tooMuch = await rejectionOf(engine.placeOrder(order({ amount: 1_500 })));
    expect(tooMuch?.errors[0]?.path).toBe('amount');
    const badStop = await rejectionOf(engine.placeOrder(order({ stop_lost: 59_500 })));
    expect(badStop?.errors[0]).toMatchObject({ path: 'stop_lost', key: 'trigger.cantBeHigher' });
  });

  it('an account that may not trade the instrument is refused while closed too', async () => {
    const { engine } = buildEngine([
      buildAccount({ id: 1, verified: false }),
      buildAccount({ id: 2, assetsGroupPermission: [2] }),
      buildAccount({ id: 3, tradingEnabled: false }),
    ]);
    engine.onQuote(quote('BTCUSD', LAST.bid, LAST.ask, LAST.ts));
    expect((await rejectionOf(engine.placeOrder(order({ accountId: 1 }))))?.message.key).toBe(
      'account.notVerified',
    );
    expect((await rejectionOf(engine.placeOrder(order({ accountId: 2 }))))?.message.key).toBe(
      'account.noAccess',
    );
    expect((await rejectionOf(engine.placeOrder(order({ accountId: 3 }))))?.message.key).toBe(
      'account.tradingDisabled',
    );
  });

  it('before the instrument’s first quote only the level’s bounds are checked', async () => {
    const { engine } = buildEngine();
    expect((await engine.placeOrder(order({ price: 1_000_000 }))).ok).toBe(true);
    expect((await engine.placeOrder(order({ orderType: 'stop', price: 10 }))).ok).toBe(true);
    const negative = await rejectionOf(engine.placeOrder(order({ price: -5 })));
    expect(negative?.errors[0]?.path).toBe('price');
    // a trailing distance is checked against the level then (at most half of it)
    const trailing = await rejectionOf(
      engine.placeOrder(order({ price: 100, trailing: { distance: 60, unit: 'price' } })),
    );
    expect(trailing?.errors[0]?.path).toBe('trailing_stop');
    expect(
      (await engine.placeOrder(order({ price: 100, trailing: { distance: 5, unit: 'price' } }))).ok,
    ).toBe(true);
    // the first quote fills the ones it crosses: the buy limit at 1,000,000 and the buy stop at 10
    engine.onQuote(quote('BTCUSD', 60_000, 60_000, OPEN_TS));
    expect(engine.positions(1).open.map((p) => p.open_rate)).toEqual([buyPrice(60_000), buyPrice(60_000)]);
    expect(engine.orders(1).open.map((o) => o.price)).toEqual([100]);
  });

  it('are edited and cancelled while closed', async () => {
    const { engine } = closedMarket();
    expect((await engine.placeOrder(order())).ok).toBe(true);
    const [placed] = engine.orders(1).open;
    const id = placed?.id as number;
    const moved = await engine.updateOrder({
      accountId: 1,
      now: CLOSED + 1_000,
      orderId: id,
      price: 58_000,
      stop_lost: 57_000,
      take_profit: 61_000,
    });
    expect(moved.ok).toBe(true);
    expect(engine.orders(1).open[0]).toMatchObject({ price: 58_000, stop_lost: 57_000, take_profit: 61_000 });
    // the same side check as placing, against the last brand quote
    const wrong = await rejectionOf(
      engine.updateOrder({ accountId: 1, now: CLOSED + 2_000, orderId: id, price: 61_000 }),
    );
    expect(wrong?.errors[0]).toMatchObject({ path: 'price', key: 'order.buyLimitBelow' });
    expect(engine.verifyIndexes()).toEqual([]);

    const cancelled = await engine.cancelOrder({ accountId: 1, now: CLOSED + 3_000, orderId: id });
    expect(cancelled.ok).toBe(true);
    expect(engine.orders(1).open).toEqual([]);
    expect(engine.orders(1).history[0]).toMatchObject({ id, status: 'cancelled' });
    // cancelled while closed: nothing fills at the open
    engine.onQuote(quote('BTCUSD', 50_000, 50_000, OPEN_TS));
    expect(engine.positions(1).open).toEqual([]);
  });
});

describe('the gap rule at the open', () => {
  it('the first quote fills what it crosses at the open’s price; the rest keeps waiting', async () => {
    const { engine, persistence } = closedMarket(10_000);
    const place = async (overrides: Partial<Place>) => {
      const outcome = await engine.placeOrder(order(overrides));
      expect(outcome.ok).toBe(true);
      return engine.orders(1).open.at(-1)?.id as number;
    };
    const buyLimit = await place({ price: 59_000, stop_lost: 50_000, take_profit: 62_000 });
    const deepLimit = await place({ price: 55_000 });
    const sellStop = await place({
      direction: 'sell',
      orderType: 'stop',
      price: 58_500,
      take_profit: 50_000,
    });
    const buyStop = await place({ orderType: 'stop', price: 61_000 });
    const sellLimit = await place({ direction: 'sell', orderType: 'limit', price: 61_000 });
    const before = persistence.batches.length;

    // the market opens 3,000 lower: buy 57,014.25, sell 56,985.75
    engine.onQuote(quote('BTCUSD', 57_000, 57_000, OPEN_TS));
    const open = engine.positions(1).open;
    // the buy limit at 59,000 fills at 57,014.25 (better: price improvement), with its SL and TP
    expect(positionOf(engine, buyLimit)).toMatchObject({
      direction: 'buy',
      open_rate: buyPrice(57_000),
      stop_lost: 50_000,
      take_profit: 62_000,
    });
    expect(buyPrice(57_000)).toBeLessThan(59_000);
    // the sell stop at 58,500 fills at 56,985.75 (worse: gap slippage), with its TP
    expect(positionOf(engine, sellStop)).toMatchObject({
      direction: 'sell',
      open_rate: sellPrice(57_000),
      take_profit: 50_000,
    });
    expect(sellPrice(57_000)).toBeLessThan(58_500);
    expect(open).toHaveLength(2);
    // one batch per fill, in id order, each at the same quote
    const fills = persistence.batches.slice(before).map((b) => b.events.map((e) => e.type));
    expect(fills).toEqual([
      ['order.filled', 'position.opened'],
      ['order.filled', 'position.opened'],
    ]);
    // the orders the open did not cross stay pending and armed
    expect(engine.orders(1).open.map((o) => o.id)).toEqual([deepLimit, buyStop, sellLimit]);
    expect(engine.verifyIndexes()).toEqual([]);

    // and fill later, when a quote reaches them, at that quote
    engine.onQuote(quote('BTCUSD', 54_900, 54_900, OPEN_TS + 1_000));
    expect(positionOf(engine, deepLimit)?.open_rate).toBe(buyPrice(54_900));
  });

  it('a gap up fills a buy stop at the open’s worse price and a sell limit at its better one', async () => {
    const { engine } = closedMarket(10_000);
    expect((await engine.placeOrder(order({ orderType: 'stop', price: 61_000 }))).ok).toBe(true);
    expect((await engine.placeOrder(order({ direction: 'sell', price: 61_000 }))).ok).toBe(true);
    engine.onQuote(quote('BTCUSD', 63_000, 63_000, OPEN_TS));
    const [buy, sell] = engine.positions(1).open;
    expect(buy).toMatchObject({ direction: 'buy', open_rate: buyPrice(63_000) }); // slippage: above 61,000
    expect(sell).toMatchObject({ direction: 'sell', open_rate: sellPrice(63_000) }); // improvement: above 61,000
  });

  it('an SL the open price is already beyond is kept and closes the position at the next quote', async () => {
    const { engine, closes } = closedMarket(10_000);
    expect((await engine.placeOrder(order({ price: 59_500, stop_lost: 58_000 }))).ok).toBe(true);
    engine.onQuote(quote('BTCUSD', 57_000, 57_000, OPEN_TS));
    const [position] = engine.positions(1).open;
    expect(position).toMatchObject({ open_rate: buyPrice(57_000), stop_lost: 58_000 });
    engine.onQuote(quote('BTCUSD', 57_100, 57_100, OPEN_TS + 500));
    expect(closes()).toEqual([
      expect.objectContaining({
        position: expect.objectContaining({
          id: position?.id,
          cause: 'stop_loss',
          closedRate: sellPrice(57_100),
        }),
      }),
    ]);
  });

  it('free margin is checked again at the fill: what no longer fits is rejected at the open', async () => {
    const { engine } = closedMarket(1_000);
    // nothing is reserved while they wait: both fit alone, not together
    expect((await engine.placeOrder(order({ amount: 600 }))).ok).toBe(true);
    expect((await engine.placeOrder(order({ amount: 600, price: 58_000 }))).ok).toBe(true);
    engine.onQuote(quote('BTCUSD', 57_000, 57_000, OPEN_TS));
    expect(engine.positions(1).open).toHaveLength(1);
    expect(engine.orders(1).history[0]).toMatchObject({
      status: 'rejected',
      message: { key: 'engineOrder.rejectedFreeMargin' },
    });
  });

  it('a fill queued behind a commit opens at the quote that crossed it, not a later one', async () => {
    const persistence = new ManualPersistence();
    const engine = Engine.restore(
      { accounts: [buildAccount({ balance: 1_000 })], positions: [] },
      { instruments: INSTRUMENTS, persistence, onCommitError: () => {} },
    );
    engine.onQuote(quote('BTCUSD', LAST.bid, LAST.ask, LAST.ts));
    const placed = engine.placeOrder(order());
    await persistence.settleNext();
    expect((await placed).ok).toBe(true);
    // the account is busy committing a deposit when the market opens
    const deposit = engine.adjustBalance({
      accountId: 1,
      now: OPEN_TS - 1,
      kind: 'adjustment',
      cause: { staffAction: 'test' },
      amount: 100 as never,
    });
    engine.onQuote(quote('BTCUSD', 57_000, 57_000, OPEN_TS)); // crosses the order: queued
    engine.onQuote(quote('BTCUSD', 58_000, 58_000, OPEN_TS + 200)); // a later quote, before the fill is decided
    await persistence.settleNext();
    expect((await deposit).ok).toBe(true);
    const fill = await persistence.settleNext();
    expect(fill.events.map((e) => e.type)).toEqual(['order.filled', 'position.opened']);
    expect(engine.positions(1).open[0]?.open_rate).toBe(buyPrice(57_000));
  });

  it('a queued fill whose order was moved meanwhile fills only if the crossing quote still crosses it', async () => {
    const persistence = new ManualPersistence();
    const engine = Engine.restore(
      { accounts: [buildAccount({ balance: 1_000 })], positions: [] },
      { instruments: INSTRUMENTS, persistence, onCommitError: () => {} },
    );
    engine.onQuote(quote('BTCUSD', LAST.bid, LAST.ask, LAST.ts));
    const placed = engine.placeOrder(order());
    await persistence.settleNext();
    expect((await placed).ok).toBe(true);
    const id = engine.orders(1).open[0]?.id as number;
    // the client moves the level down while closed; its commit is still pending when the market opens
    const moved = engine.updateOrder({ accountId: 1, now: OPEN_TS - 1, orderId: id, price: 55_000 });
    engine.onQuote(quote('BTCUSD', 57_000, 57_000, OPEN_TS)); // crosses the old level only
    await persistence.settleNext();
    expect((await moved).ok).toBe(true);
    await Promise.resolve();
    expect(persistence.pending).toHaveLength(0);
    expect(engine.positions(1).open).toEqual([]);
    expect(engine.orders(1).open[0]).toMatchObject({ id, price: 55_000 });
    expect(engine.verifyIndexes()).toEqual([]);
    engine.onQuote(quote('BTCUSD', 54_000, 54_000, OPEN_TS + 1_000));
    await persistence.settleNext();
    expect(engine.positions(1).open[0]?.open_rate).toBe(buyPrice(54_000));
  });

  it('with a brand markup on a tick, the fill is the open’s brand quote on that tick', async () => {
    const profile: TradingProfile = {
      ...DEFAULT_TRADING_PROFILE,
      groups: {
        ...DEFAULT_TRADING_PROFILE.groups,
        crypto: { ...DEFAULT_TRADING_PROFILE.groups.crypto, markup: { unit: 'pips', value: 3 } },
      },
    };
    const instruments = INSTRUMENTS.map((i) => (i.symbol === 'BTCUSD' ? { ...i, pipSize: 1, tick: 0.5 } : i));
    const persistence = new MemoryPersistence();
    const engine = Engine.restore(
      { accounts: [buildAccount({ profile: 'brand', balance: 10_000 })], positions: [] },
      { instruments, persistence, profiles: { brand: profile } },
    );
    engine.onQuote(quote('BTCUSD', 60_000.2, 60_000.7, LAST.ts));
    // the last brand quote: buy 60,003.7 → 60,004 (up to the tick), sell 59,997.2 → 59,997
    const wrong = await rejectionOf(engine.placeOrder(order({ price: 60_004 })));
    expect(wrong?.errors[0]).toMatchObject({ path: 'price', key: 'order.buyLimitBelow' });
    expect(Number(wrong?.errors[0]?.params?.value)).toBe(60_004);
    expect((await engine.placeOrder(order({ price: 59_000.26 }))).ok).toBe(true);
    expect(engine.orders(1).open[0]?.price).toBe(59_000.5); // on the tick
    engine.onQuote(quote('BTCUSD', 56_999.1, 57_000.1, OPEN_TS));
    const terms = { markup: { unit: 'pips' as const, value: 3 }, pipSize: 1, tick: 0.5 };
    expect(engine.positions(1).open[0]?.open_rate).toBe(
      brandQuote({ buy: 57_000.1, sell: 56_999.1 }, terms).buy,
    );
    expect(engine.positions(1).open[0]?.open_rate).toBe(57_003.5);
  });
});

describe('the naive reference agrees across a closed market', () => {
  it('places, edits and cancels while closed and fills at the open exactly like the indexed engine', async () => {
    const accounts = [buildAccount({ id: 1, balance: 2_000 }), buildAccount({ id: 2, balance: 700 })];
    const indexedEvents: EngineEvent[] = [];
    const persistence = new MemoryPersistence();
    const indexed = Engine.restore(
      { accounts, positions: [] },
      { instruments: INSTRUMENTS, persistence, onEvents: (e) => indexedEvents.push(...e) },
    );
    const naiveEvents: EngineEvent[] = [];
    const naive = buildNaive(accounts, {}, naiveEvents);
    const both = async (command: EngineCommand) => {
      const a = await indexed.submit(command);
      const b = naive.submit(command);
      expect(a).toEqual(b);
    };
    const quoteBoth = (symbol: string, bid: number, ask: number, ts: number) => {
      indexed.onQuote(quote(symbol, bid, ask, ts));
      naive.onQuote(quote(symbol, bid, ask, ts));
    };
    quoteBoth('BTCUSD', 60_000, 60_000, 1_000);
    quoteBoth('EURUSD', 1.1, 1.1001, 1_000);
    const place = (overrides: Partial<Place>): EngineCommand => ({
      type: 'place_order',
      ...order(overrides),
    });
    await both(place({ price: 59_000, stop_lost: 58_800 }));
    await both(place({ accountId: 2, amount: 600, price: 59_500 }));
    await both(place({ accountId: 2, amount: 600, direction: 'sell', orderType: 'stop', price: 59_000 }));
    await both(place({ symbol: 'EURUSD', price: 1.095, amount: 300 }));
    await both(place({ symbol: 'EURUSD', direction: 'sell', price: 1.2 })); // refused: wrong side
    await both({ type: 'update_order', accountId: 1, now: CLOSED + 1, orderId: 4, price: 1.09 });
    await both(place({ price: 50_000 }));
    await both({ type: 'cancel_order', accountId: 1, now: CLOSED + 2, orderId: 5 });
    quoteBoth('BTCUSD', 57_000, 57_000, OPEN_TS);
    quoteBoth('BTCUSD', 56_000, 56_000, OPEN_TS + 1_000);
    quoteBoth('EURUSD', 1.08, 1.0801, OPEN_TS);
    expect(indexedEvents).toEqual(naiveEvents);
    expect(indexed.snapshot()).toEqual(naive.snapshot());
    expect(indexed.verifyIndexes()).toEqual([]);
    const types = indexedEvents.map((e) => e.type);
    expect(types.filter((t) => t === 'order.filled')).toHaveLength(3);
    expect(types).toContain('order.rejected');
    expect(types).toContain('position.closed');
  });
});
