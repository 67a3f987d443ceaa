// the indexed engine and the naive reference agree on pending orders placed, moved and cancelled while a
// market is closed (its quote stale, or never quoted), and on the gaps at the open that fill them.
import { buyPrice, orderFillGap, orderFillPrice, orderTriggered, sellPrice } from '@openbroker/domain';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Engine } from './engine.js';
import { buildAccount, INSTRUMENTS, MemoryPersistence } from './fixtures.js';
import { NaiveEngine } from './naive-engine.js';
import type { EngineCommand, EngineEvent } from './types.js';

const SYMBOLS = ['EURUSD', 'BTCUSD', 'GOLD'] as const;
const START: Record<string, number> = { EURUSD: 1.1, BTCUSD: 60_000, GOLD: 2_350 };
/** The symbols quoted before the session starts (GOLD is first quoted during it). */
const QUOTED_AT_START = ['EURUSD', 'BTCUSD'];

const uniform = (min: number, max: number) =>
  fc.integer({ min: 0, max: 1_000_000 }).map((n) => min + ((max - min) * n) / 1_000_000);

type Step =
  | { kind: 'tick'; symbol: number; move: number; closedFor: number }
  | {
      kind: 'place';
      account: number;
      symbol: number;
      buy: boolean;
      limit: boolean;
      /** Relative distance of the level from the last mid: positive on the order's side, negative wrong. */
      away: number;
      amount: number;
      stopLoss: number | null;
    }
  | { kind: 'move'; account: number; pick: number; away: number }
  | { kind: 'cancel'; account: number; pick: number };

const stepArb: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('tick' as const),
      symbol: fc.integer({ min: 0, max: SYMBOLS.length - 1 }),
      // mostly small moves; sometimes the gap of an open
      move: fc.oneof(
        { weight: 5, arbitrary: uniform(-0.01, 0.01) },
        { weight: 3, arbitrary: uniform(-0.1, 0.1) },
      ),
      // the market was closed this long before this quote (0: open); 30 s makes the quotes stale
      closedFor: fc.oneof(
        { weight: 4, arbitrary: fc.constant(0) },
        { weight: 1, arbitrary: fc.constantFrom(45_000, 3_600_000, 172_800_000) },
      ),
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('place' as const),
      // the first account (the smallest balance) twice as often: its orders compete for its free margin
      account: fc.constantFrom(1, 1, 2, 3),
      symbol: fc.integer({ min: 0, max: SYMBOLS.length - 1 }),
      buy: fc.boolean(),
      limit: fc.boolean(),
      away: fc.oneof(
        { weight: 5, arbitrary: uniform(0.001, 0.02) },
        { weight: 1, arbitrary: uniform(0.02, 0.08) },
        { weight: 1, arbitrary: uniform(-0.02, 0) },
      ),
      // two orders of the first account (balance 300) often fit alone but not together: one is rejected at the fill
      amount: fc.integer({ min: 150, max: 350 }),
      stopLoss: fc.option(uniform(0.005, 0.05), { nil: null }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('move' as const),
      account: fc.integer({ min: 1, max: 3 }),
      pick: fc.nat(),
      away: uniform(-0.01, 0.08),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('cancel' as const),
      account: fc.integer({ min: 1, max: 3 }),
      pick: fc.nat(),
    }),
  },
);

const round = (x: number, digits: number) => Number(x.toFixed(digits));
const digitsOf = (symbol: string) => (symbol === 'EURUSD' ? 5 : 2);

describe('pending orders across closed markets against the naive reference', () => {
  it('place, move, cancel while closed and fill at the open the same way', async () => {
    const seen = new Set<string>();
    await fc.assert(
      fc.asyncProperty(fc.array(stepArb, { minLength: 10, maxLength: 80 }), async (steps) => {
        const accounts = [1, 2, 3].map((id) => buildAccount({ id, balance: [300, 2_000, 900][id - 1] }));
        const indexedEvents: EngineEvent[] = [];
        const indexed = Engine.restore(
          { accounts, positions: [], orders: [] },
          {
            instruments: INSTRUMENTS,
            persistence: new MemoryPersistence(),
            onEvents: (e) => indexedEvents.push(...e),
          },
        );
        const naiveEvents: EngineEvent[] = [];
        const naive = NaiveEngine.restore(
          { accounts, positions: [], orders: [] },
          { instruments: INSTRUMENTS, onEvents: (e) => naiveEvents.push(...e) },
        );
        const mids = { ...START };
        let now = 1_000;
        const quotes = new Map<string, { bid: number; ask: number }>();
        const quoteBoth = (symbol: string, mid: number) => {
          const digits = digitsOf(symbol);
          const q = { symbol, bid: round(mid, digits), ask: round(mid * 1.0001, digits), ts: now };
          quotes.set(`${symbol}@${now}`, q);
          indexed.onQuote(q);
          naive.onQuote(q);
        };
        for (const symbol of QUOTED_AT_START) quoteBoth(symbol, mids[symbol] as number);
        const both = async (command: EngineCommand) => {
          const a = await indexed.submit(command);
          const b = naive.submit(command);
          expect(a).toEqual(b);
          seen.add(a.ok ? `${command.type}:ok` : `${command.type}:refused`);
        };
        for (const step of steps) {
          now += 1_000;
          if (step.kind === 'tick') {
            const symbol = SYMBOLS[step.symbol] as string;
            now += step.closedFor;
            const mid = (mids[symbol] as number) * (1 + step.move);
            mids[symbol] = mid;
            quoteBoth(symbol, mid);
            if (step.closedFor > 0) seen.add('open after a close');
            continue;
          }
          if (step.kind === 'place') {
            const symbol = SYMBOLS[step.symbol] as string;
            const mid = mids[symbol] as number;
            const below = step.buy === step.limit;
            const level = round(mid * (below ? 1 - step.away : 1 + step.away), digitsOf(symbol));
            const stopLoss =
              step.stopLoss === null
                ? null
                : round(
                    step.buy ? level * (1 - step.stopLoss) : level * (1 + step.stopLoss),
                    digitsOf(symbol),
                  );
            await both({
              type: 'place_order',
              accountId: step.account,
              now,
              symbol,
              direction: step.buy ? 'buy' : 'sell',
              orderType: step.limit ? 'limit' : 'stop',
              price: level,
              amount: step.amount,
              leverage: 10,
              stop_lost: stopLoss,
              expiry: { kind: 'gtc' },
            });
            continue;
          }
          const open = indexed.orders(step.account).open;
          if (open.length === 0) continue;
          const target = open[step.pick % open.length];
          if (!target) continue;
          if (step.kind === 'cancel') {
            await both({ type: 'cancel_order', accountId: step.account, now, orderId: target.id });
            continue;
          }
          const mid = mids[target.symbol] as number;
          const below = (target.direction === 'buy') === (target.type === 'limit');
          const level = round(mid * (below ? 1 - step.away : 1 + step.away), digitsOf(target.symbol));
          await both({
            type: 'update_order',
            accountId: step.account,
            now,
            orderId: target.id,
            price: level,
            stop_lost: null,
          });
        }
        for (const e of indexedEvents)
          seen.add(e.type === 'position.closed' ? `closed:${e.position.cause}` : e.type);
        expect(indexedEvents).toEqual(naiveEvents);
        expect(indexed.snapshot()).toEqual(naive.snapshot());
        expect(indexed.verifyIndexes()).toEqual([]);
        // the gap rule: every fill is at the brand quote of the quote it happened at, on the order's side, and
        // that quote crossed the order's level (a limit at its level or better, a stop at its level or worse)
        for (const e of indexedEvents) {
          if (e.type !== 'order.filled') continue;
          const q = quotes.get(`${e.order.symbol}@${e.at}`);
          expect(q).toBeDefined();
          const dealing = {
            buy: buyPrice((q as { ask: number }).ask),
            sell: sellPrice((q as { bid: number }).bid),
          };
          const opened = indexedEvents.find(
            (p) => p.type === 'position.opened' && p.position.id === e.positionId,
          );
          const rate = opened?.type === 'position.opened' ? opened.position.openRate : Number.NaN;
          expect(rate).toBe(orderFillPrice(e.order.direction, dealing));
          const { direction, orderType: type, price } = e.order;
          expect(orderTriggered({ direction, type, price }, dealing)).toBe(true);
          seen.add(`fill:${orderFillGap(e.order, rate)}`);
        }
      }),
      { numRuns: 150 },
    );
    for (const kind of [
      'place_order:ok',
      'place_order:refused',
      'update_order:ok',
      'cancel_order:ok',
      'order.filled',
      'order.rejected',
      'open after a close',
      'fill:improvement',
      'fill:slippage',
    ])
      expect(seen).toContain(kind);
  }, 120_000);
});
