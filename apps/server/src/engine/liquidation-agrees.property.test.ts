// Issue 14: the liquidation price the ticket and the positions list show is where the engine really closes —
// random portfolios are opened in the real engine, the target's symbol is walked against it in ticks of 1e-5,
// and the first stop-out (or the target's own loss termination) happens within one tick of the shown price.
import { type Direction, dealingQuote, liquidationPrice, STOP_OUT_LEVEL_DEFAULT } from '@openbroker/domain';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildAccount, buildEngine, quote } from './fixtures.js';

const TICK = 1e-5;
const MAX_TICKS = 8_000;

const openArb = fc.record({
  symbol: fc.constantFrom('EURUSD', 'EURUSD', 'BTCUSD'),
  direction: fc.constantFrom<Direction>('buy', 'sell'),
  share: fc.double({ min: 0.02, max: 0.25, noNaN: true }),
  leverage: fc.constantFrom(5, 10, 15, 20, 30),
});

const scenarioArb = fc.record({
  balance: fc.integer({ min: 50_000, max: 2_000_000 }).map((c) => c / 100),
  opens: fc.array(openArb, { minLength: 1, maxLength: 5 }),
  targetDirection: fc.constantFrom<Direction>('buy', 'sell'),
  // the target takes this share of the free margin left: high use makes the account stop-out come first
  targetShare: fc.double({ min: 0.2, max: 1, noNaN: true }),
  targetLeverage: fc.constantFrom(10, 20, 30),
});

const START = { EURUSD: 1.1, BTCUSD: 60_000 } as const;

describe('liquidation price agrees with the engine (property)', () => {
  it('the engine closes the target or stops the account out within one tick of the shown price', async () => {
    await fc.assert(
      fc.asyncProperty(scenarioArb, async (s) => {
        const { engine, closes } = buildEngine([buildAccount({ balance: s.balance })]);
        let ts = 1_000;
        for (const [symbol, mid] of Object.entries(START)) engine.onQuote(quote(symbol, mid, mid, ts));
        const all = [
          ...s.opens,
          {
            symbol: 'EURUSD',
            direction: s.targetDirection,
            share: s.targetShare,
            leverage: s.targetLeverage,
          },
        ];
        let targetId: number | null = null;
        for (const [i, o] of all.entries()) {
          const mid = START[o.symbol as keyof typeof START];
          const base = i === all.length - 1 ? engine.summary(1).freeMargin : s.balance;
          const amount = Math.max(1, Math.floor(base * o.share * 100) / 100);
          const dealing = dealingQuote({ buy: mid, sell: mid });
          const outcome = await engine.open({
            accountId: 1,
            now: ts,
            symbol: o.symbol,
            direction: o.direction,
            amount,
            leverage: o.leverage,
            price: o.direction === 'buy' ? dealing.buy : dealing.sell,
          });
          if (i === all.length - 1) {
            if (!outcome.ok) return; // the account cannot carry the target: nothing to show
            const open = engine.positions(1).open;
            targetId = open[open.length - 1]?.id ?? null;
          }
        }
        const open = engine.positions(1).open;
        const target = open.find((p) => p.id === targetId);
        if (!target) return;

        const quotes = {
          EURUSD: dealingQuote({ buy: START.EURUSD, sell: START.EURUSD }),
          BTCUSD: dealingQuote({ buy: START.BTCUSD, sell: START.BTCUSD }),
        };
        const shown = liquidationPrice({
          balance: engine.summary(1).balance,
          positions: open,
          quotes,
          target,
          stopOutLevel: STOP_OUT_LEVEL_DEFAULT,
        });
        if (shown.price === null || (shown.adverseMovePercent as number) > MAX_TICKS * TICK * 100 * 0.9)
          return;

        // walk EURUSD against the target, tick by tick; the quote scales multiplicatively
        const adverse = target.direction === 'buy' ? -1 : 1;
        const closingAt = (k: number) => {
          const d = dealingQuote({ buy: START.EURUSD * k, sell: START.EURUSD * k });
          return target.direction === 'buy' ? d.sell : d.buy;
        };
        const beyond = (p: number) =>
          adverse < 0 ? p <= (shown.price as number) : p >= (shown.price as number);
        let previous = closingAt(1);
        for (let i = 1; i <= MAX_TICKS; i++) {
          const k = 1 + adverse * i * TICK;
          ts += 100;
          const before = closes().length;
          engine.onQuote(quote('EURUSD', START.EURUSD * k, START.EURUSD * k, ts));
          const fired = closes()
            .slice(before)
            .filter((c) => c.position.cause === 'stop_out' || c.position.id === targetId);
          const now = closingAt(k);
          if (fired.length > 0) {
            // the shown price lies within this tick: not yet reached one tick before, reached now
            expect(beyond(now), `fired at ${now}, shown ${shown.price} (${shown.cause})`).toBe(true);
            expect(beyond(previous), `fired at ${now}, shown ${shown.price}`).toBe(false);
            const cause = fired.some((c) => c.position.cause === 'stop_out')
              ? 'stop_out'
              : 'loss_termination';
            expect(cause).toBe(shown.cause);
            return;
          }
          expect(beyond(now), `not fired at ${now}, shown ${shown.price} (${shown.cause})`).toBe(false);
          previous = now;
        }
      }),
      { numRuns: 25 },
    );
  }, 60_000);
});
