// The liquidation price the ticket and the positions list show is where the engine really closes —
// random portfolios are opened in the real engine, the target's symbol is walked against it in ticks of 1e-5,
// and the first stop-out (or the target's own loss termination) happens within one tick of the shown price
// (the engine's whole cents can move it by a fraction of a tick either way).
// The ticket's figure is computed before the click, from the account as it is then, the way the web ticket does:
// the brand's dealing prices (its markup), the commission the open will charge and the brand's stop-out level.
import {
  brandQuote,
  commissionAtOpen,
  DEFAULT_TRADING_PROFILE,
  type Direction,
  fitsFreeMargin,
  groupCosts,
  type InstrumentGroup,
  liquidationPrice,
  pipSize,
  type TradingProfile,
} from '@openbroker/domain';
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

/** A scenario; the target takes a share of the free margin left, at least `targetShareMin`. */
const scenarioArb = (targetShareMin: number) =>
  fc.record({
    balance: fc.integer({ min: 50_000, max: 2_000_000 }).map((c) => c / 100),
    opens: fc.array(openArb, { minLength: 1, maxLength: 5 }),
    targetDirection: fc.constantFrom<Direction>('buy', 'sell'),
    // high use makes the account stop-out come before the target's own loss termination
    targetShare: fc.double({ min: targetShareMin, max: 1, noNaN: true }),
    targetLeverage: fc.constantFrom(10, 20, 30),
  });

const START = { EURUSD: 1.1, BTCUSD: 60_000 } as const;
type Symbol = keyof typeof START;
const GROUP: Record<Symbol, InstrumentGroup> = { EURUSD: 'forex', BTCUSD: 'crypto' };
// the engine's pip of the test catalogue (5 decimals for a crypto price)
const PIP: Record<Symbol, number> = {
  EURUSD: pipSize('EURUSD', 'forex', 5),
  BTCUSD: pipSize('BTCUSD', 'crypto', 5),
};

/** A brand with a spread markup in pips, a commission per trade and the account stop-out at 30 % of margin. */
const COSTLY: TradingProfile = {
  ...DEFAULT_TRADING_PROFILE,
  stopOutLevel: 0.3,
  groups: {
    ...DEFAULT_TRADING_PROFILE.groups,
    forex: {
      ...DEFAULT_TRADING_PROFILE.groups.forex,
      markup: { unit: 'pips', value: 3 },
      commission: { unit: 'perLot', value: 10 },
    },
    crypto: {
      ...DEFAULT_TRADING_PROFILE.groups.crypto,
      markup: { unit: 'pips', value: 40 },
      commission: { unit: 'percent', value: 0.05 },
    },
  },
};

// At 30 % the account's stop-out comes before the target's own loss of its whole amount only when the target uses
// most of the free margin: that profile's scenarios use ≥ 80 % of it, so the commission's effect is walked into.
const PROFILES: readonly [string, TradingProfile | null, number][] = [
  ['the default profile (0.025 % markup, no commission, stop-out 50 %)', null, 0.2],
  ['a brand with a pips markup, a commission and stop-out at 30 %', COSTLY, 0.8],
];

describe.each(PROFILES)(
  'liquidation price agrees with the engine (property): %s',
  (_name, brand, shareMin) => {
    const profile = brand ?? DEFAULT_TRADING_PROFILE;
    const dealingAt = (symbol: Symbol, mid: number) =>
      brandQuote(
        { buy: mid, sell: mid },
        { markup: groupCosts(profile, GROUP[symbol]).markup, pipSize: PIP[symbol], tick: null },
      );

    it('the engine closes the target or stops the account out within one tick of the price the ticket shows', async () => {
      await fc.assert(
        fc.asyncProperty(scenarioArb(shareMin), async (s) => {
          const { engine, closes } = buildEngine(
            [buildAccount({ balance: s.balance, ...(brand ? { profile: 'brand' } : {}) })],
            brand ? { profiles: { brand } } : {},
          );
          let ts = 1_000;
          for (const [symbol, mid] of Object.entries(START)) engine.onQuote(quote(symbol, mid, mid, ts));
          const openAt = async (symbol: Symbol, direction: Direction, amount: number, leverage: number) => {
            const dealing = dealingAt(symbol, START[symbol]);
            return engine.open({
              accountId: 1,
              now: ts,
              symbol,
              direction,
              amount,
              leverage,
              price: direction === 'buy' ? dealing.buy : dealing.sell,
            });
          };
          for (const o of s.opens) {
            const amount = Math.max(1, Math.floor(s.balance * o.share * 100) / 100);
            await openAt(o.symbol as Symbol, o.direction, amount, o.leverage);
          }

          // the ticket, before the click: the account as it is now and the trade's commission
          const before = engine.summary(1);
          const amount = Math.max(1, Math.floor(before.freeMargin * s.targetShare * 100) / 100);
          const commission = commissionAtOpen(profile, 'forex', amount, s.targetLeverage);
          const quotes = {
            EURUSD: dealingAt('EURUSD', START.EURUSD),
            BTCUSD: dealingAt('BTCUSD', START.BTCUSD),
          };
          const openRate = s.targetDirection === 'buy' ? quotes.EURUSD.buy : quotes.EURUSD.sell;
          const fits = fitsFreeMargin(amount, commission, before.freeMargin);
          const shown = liquidationPrice({
            balance: before.balance,
            positions: engine.positions(1).open,
            quotes,
            target: {
              symbol: 'EURUSD',
              direction: s.targetDirection,
              amount,
              leverage: s.targetLeverage,
              open_rate: openRate,
            },
            stopOutLevel: profile.stopOutLevel,
            commission,
          });

          const outcome = await openAt('EURUSD', s.targetDirection, amount, s.targetLeverage);
          // what the ticket says does not fit, the engine refuses
          if (!fits) expect(outcome.ok).toBe(false);
          if (!outcome.ok) return; // the account cannot carry the target: nothing to show
          const open = engine.positions(1).open;
          const target = open[open.length - 1];
          if (!target) return;
          expect(target.open_rate).toBe(openRate);
          expect(target.commission ?? 0).toBe(commission);
          // the shown figure is the open position's figure too (what the positions list shows after the trade)
          expect(
            liquidationPrice({
              balance: engine.summary(1).balance,
              positions: open,
              quotes,
              target,
              stopOutLevel: profile.stopOutLevel,
            }),
          ).toEqual(shown);
          if (shown.price === null || (shown.adverseMovePercent as number) > MAX_TICKS * TICK * 100 * 0.9)
            return;

          // walk EURUSD against the target, tick by tick; the feed scales multiplicatively
          const adverse = target.direction === 'buy' ? -1 : 1;
          const kAt = (i: number) => 1 + adverse * i * TICK;
          const closingAt = (k: number) => {
            const d = dealingAt('EURUSD', START.EURUSD * k);
            return target.direction === 'buy' ? d.sell : d.buy;
          };
          const beyond = (p: number) =>
            adverse < 0 ? p <= (shown.price as number) : p >= (shown.price as number);
          // Within one tick: the engine values positions in whole cents, so its stop-out can come a fraction of a
          // cent's worth of price before or after the exact figure (fast-check found 2.5e-7 on EURUSD); one
          // step of the walk is 1.1e-5, and the terminal shows five decimals.
          const step = START.EURUSD * TICK;
          const withinOneTick = (p: number) => Math.abs(p - (shown.price as number)) <= step;
          const passed = (i: number) => {
            const p = closingAt(kAt(i));
            return beyond(p) && !withinOneTick(p);
          };
          // The first tick whose closing price is past the shown one by more than a tick (MAX_TICKS + 1: none).
          // The closing price moves one way along the walk, so `passed` is false up to that tick and true from it:
          // found by bisection, the exact (decimal) price is worked out about 14 times a walk instead of at every
          // tick, which was five sixths of this test's time (it ran out of time on a loaded machine).
          // The engine still sees every tick; each tick's check below is the same as working the price out there.
          let lo = 0;
          let hi = MAX_TICKS + 1;
          while (lo < hi) {
            const mid = Math.floor((lo + hi) / 2);
            if (passed(mid)) hi = mid;
            else lo = mid + 1;
          }
          const firstPassed = lo;
          for (let i = 1; i <= MAX_TICKS; i++) {
            const k = kAt(i);
            ts += 100;
            const count = closes().length;
            engine.onQuote(quote('EURUSD', START.EURUSD * k, START.EURUSD * k, ts));
            const fired = closes()
              .slice(count)
              .filter((c) => c.position.cause === 'stop_out' || c.position.id === target.id);
            if (fired.length > 0) {
              const now = closingAt(k);
              const previous = closingAt(kAt(i - 1));
              // the shown price lies within this tick: not yet reached one tick before, reached now (or so near
              // that a cent's rounding decides)
              expect(
                beyond(now) || withinOneTick(now),
                `fired at ${now}, shown ${shown.price} (${shown.cause})`,
              ).toBe(true);
              expect(
                beyond(previous) && !withinOneTick(previous),
                `fired at ${now}, shown ${shown.price}`,
              ).toBe(false);
              const cause = fired.some((c) => c.position.cause === 'stop_out')
                ? 'stop_out'
                : 'loss_termination';
              expect(cause).toBe(shown.cause);
              return;
            }
            if (i >= firstPassed) {
              const now = closingAt(k);
              expect(
                beyond(now) && !withinOneTick(now),
                `not fired at ${now}, shown ${shown.price} (${shown.cause})`,
              ).toBe(false);
            }
          }
        }),
        { numRuns: 30 },
      );
      // 30 runs took at most 2.6 s per profile with two CPU hogs on a loaded 2-core machine (14.6 s when every
      // tick's price was worked out in decimals): the minute is headroom for a machine busier still
    }, 60_000);
  },
);
