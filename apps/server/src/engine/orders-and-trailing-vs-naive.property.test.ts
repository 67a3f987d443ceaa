// The indexed engine must decide pending orders and trailing stops exactly like the naive full-scan reference.
import { buyPrice, sellPrice } from '@openbroker/domain';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Engine } from './engine.js';
import { buildAccount, INSTRUMENTS, MemoryPersistence } from './fixtures.js';
import { NaiveEngine } from './naive-engine.js';
import type { EngineEvent, EngineSnapshot, OrderRecord, PositionRecord } from './types.js';

const SYMBOLS = ['EURUSD', 'GBPUSD', 'BTCUSD'] as const;
const START: Record<string, number> = { EURUSD: 1.1, GBPUSD: 1.3, BTCUSD: 60_000 };

const bookArb = fc.record({
  positions: fc.array(
    fc.record({
      account: fc.integer({ min: 1, max: 3 }),
      symbol: fc.constantFrom(...SYMBOLS),
      buy: fc.boolean(),
      amount: fc.integer({ min: 10, max: 300 }),
      leverage: fc.constantFrom(1, 5, 10, 30),
      trail: fc.option(fc.double({ min: 0.001, max: 0.02, noNaN: true }), { nil: null }),
    }),
    { maxLength: 12 },
  ),
  orders: fc.array(
    fc.record({
      account: fc.integer({ min: 1, max: 3 }),
      symbol: fc.constantFrom(...SYMBOLS),
      buy: fc.boolean(),
      limit: fc.boolean(),
      away: fc.double({ min: 0.001, max: 0.02, noNaN: true }),
      amount: fc.integer({ min: 10, max: 400 }),
      trail: fc.option(fc.double({ min: 0.002, max: 0.02, noNaN: true }), { nil: null }),
    }),
    { maxLength: 10 },
  ),
  moves: fc.array(
    fc.record({
      symbol: fc.constantFrom(...SYMBOLS),
      step: fc.double({ min: -0.006, max: 0.006, noNaN: true }),
    }),
    {
      minLength: 20,
      maxLength: 120,
    },
  ),
});

const round = (x: number, digits: number) => Number(x.toFixed(digits));

type RandomBook = typeof bookArb extends fc.Arbitrary<infer T> ? T : never;

function snapshotOf(b: RandomBook): EngineSnapshot {
  let id = 1;
  const positions: PositionRecord[] = b.positions.map((p) => {
    const mid = START[p.symbol] as number;
    const open = p.buy ? buyPrice(mid) : sellPrice(mid);
    return {
      id: id++,
      accountId: p.account,
      symbol: p.symbol,
      direction: p.buy ? 'buy' : 'sell',
      amount: p.amount as PositionRecord['amount'],
      leverage: p.leverage,
      openRate: open,
      openedAt: 0,
      stopLoss: null,
      takeProfit: null,
      trailingDistance: p.trail === null ? null : (round(mid * p.trail, 6) as PositionRecord['openRate']),
    };
  });
  const orders: OrderRecord[] = b.orders.map((o) => {
    const mid = START[o.symbol] as number;
    const below = o.buy === o.limit;
    return {
      id: id++,
      accountId: o.account,
      symbol: o.symbol,
      direction: o.buy ? 'buy' : 'sell',
      orderType: o.limit ? 'limit' : 'stop',
      price: round(mid * (below ? 1 - o.away : 1 + o.away), 6) as OrderRecord['price'],
      amount: o.amount as OrderRecord['amount'],
      leverage: 10,
      stopLoss: null,
      takeProfit: null,
      trailingDistance: o.trail === null ? null : (round(mid * o.trail, 6) as OrderRecord['price']),
      expiry: { kind: 'gtc' },
      expiresAt: null,
      createdAt: 0,
      status: 'open',
    };
  });
  return {
    accounts: [1, 2, 3].map((id) => buildAccount({ id, balance: [300, 1_500, 600][id - 1] })),
    positions,
    orders,
    quotes: SYMBOLS.map((symbol) => ({
      symbol,
      bid: START[symbol] as number,
      ask: START[symbol] as number,
      ts: 0,
    })),
  };
}

describe('pending orders and trailing stops against the naive reference', () => {
  it('fill, reject, trail and close the same way on random walks', () => {
    const seen = new Set<string>();
    fc.assert(
      fc.property(bookArb, (book) => {
        const start = snapshotOf(book);
        const indexedEvents: EngineEvent[] = [];
        const indexed = Engine.restore(structuredClone(start), {
          instruments: INSTRUMENTS,
          persistence: new MemoryPersistence(),
          onEvents: (e) => indexedEvents.push(...e),
        });
        const naiveEvents: EngineEvent[] = [];
        const naive = NaiveEngine.restore(structuredClone(start), {
          instruments: INSTRUMENTS,
          onEvents: (e) => naiveEvents.push(...e),
        });
        // a random book may start at its stop-out level: evaluate it first, as the server does after a restore
        indexed.sweep(0);
        naive.sweep(0);
        const mids = { ...START };
        book.moves.forEach((move, i) => {
          const mid = (mids[move.symbol] as number) * (1 + move.step);
          mids[move.symbol] = mid;
          const q = {
            symbol: move.symbol,
            bid: round(mid, 6),
            ask: round(mid * 1.0001, 6),
            ts: (i + 1) * 1_000,
          };
          indexed.onQuote(q);
          naive.onQuote(q);
        });
        for (const e of indexedEvents)
          seen.add(e.type === 'position.closed' ? `closed:${e.position.cause}` : e.type);
        const trailed = indexed.snapshot().positions.some((p) => p.trailingDistance && p.stopLoss !== null);
        if (trailed) seen.add('trailing');
        expect(indexedEvents).toEqual(naiveEvents);
        expect(indexed.snapshot()).toEqual(naive.snapshot());
        expect(indexed.verifyIndexes()).toEqual([]);
      }),
      { numRuns: 200 },
    );
    // the walks reach fills, rejections and trailing-stop closes
    for (const kind of ['order.filled', 'order.rejected', 'closed:stop_loss', 'trailing'])
      expect(seen).toContain(kind);
  });
});
