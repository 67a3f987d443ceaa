import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { brandQuote, SPEC_QUOTE_TERMS } from './brand-quote.js';
import { CLOSING_REASON } from './closing.js';
import { closingTriggerAt, TRIGGER_CLOSING_REASON, type TriggerLevels } from './closing-trigger.js';
import { isLossTerminated, lossTerminationPrice, valuationPrice } from './position.js';
import type { Direction, Quote } from './pricing.js';
import { triggerFires } from './triggers.js';

// a buy opened at 100 with leverage 10 is terminated at 90, a sell at 110
const buy: TriggerLevels = { direction: 'buy', stopLoss: 95, takeProfit: 110, terminationPrice: 90 };
const sell: TriggerLevels = { direction: 'sell', stopLoss: 105, takeProfit: 90, terminationPrice: 110 };

describe('which level closes a position', () => {
  it('a buy closes on its stop loss at or below it, on its take profit at or above it', () => {
    expect(closingTriggerAt(buy, 96)).toBeNull();
    expect(closingTriggerAt(buy, 95)).toBe('stop_loss');
    expect(closingTriggerAt(buy, 109.99)).toBeNull();
    expect(closingTriggerAt(buy, 110)).toBe('take_profit');
  });

  it('a sell closes on its stop loss at or above it, on its take profit at or below it', () => {
    expect(closingTriggerAt(sell, 105)).toBe('stop_loss');
    expect(closingTriggerAt(sell, 90.01)).toBeNull();
    expect(closingTriggerAt(sell, 90)).toBe('take_profit');
  });

  it('a gap through both the stop loss and the termination price is a Stop Loss when the stop is nearer', () => {
    expect(closingTriggerAt(buy, 80)).toBe('stop_loss');
    expect(closingTriggerAt(sell, 130)).toBe('stop_loss');
  });

  it('a stop loss beyond the termination price never fires: the position is terminated first (Low Margin)', () => {
    expect(closingTriggerAt({ ...buy, stopLoss: 85 }, 90)).toBe('loss_termination');
    expect(closingTriggerAt({ ...buy, stopLoss: 85 }, 80)).toBe('loss_termination');
    expect(closingTriggerAt({ ...sell, stopLoss: 120 }, 125)).toBe('loss_termination');
    expect(closingTriggerAt({ ...sell, stopLoss: null }, 110)).toBe('loss_termination');
  });

  it('maps causes to the spec §3 closing reasons', () => {
    expect(TRIGGER_CLOSING_REASON).toEqual({
      stop_loss: CLOSING_REASON.stopLoss,
      take_profit: CLOSING_REASON.takeProfit,
      loss_termination: CLOSING_REASON.lowMargin,
    });
  });

  it('agrees with triggerFires and isLossTerminated at any quote (nearest adverse level names the reason)', () => {
    const caseArb = fc
      .record({
        direction: fc.constantFrom<Direction>('buy', 'sell'),
        open_rate: fc.double({ min: 0.01, max: 10_000, noNaN: true }),
        leverage: fc.constantFrom(1, 3, 5, 10, 15, 20, 30, 100),
        sl: fc.option(fc.double({ min: 0.2, max: 2, noNaN: true })),
        tp: fc.option(fc.double({ min: 0.2, max: 2, noNaN: true })),
        move: fc.double({ min: 0.2, max: 2, noNaN: true }),
        spread: fc.double({ min: 0, max: 0.01, noNaN: true }),
        onLevel: fc.constantFrom('none', 'sl', 'tp'),
      })
      .map((c) => {
        const sell = c.open_rate * c.move;
        const feed: Quote = { sell, buy: sell * (1 + c.spread) };
        // valued and triggered on the brand quote (the spec's pricing of the feed)
        const quote = brandQuote(feed, SPEC_QUOTE_TERMS);
        const price = valuationPrice(c.direction, quote);
        const level = (ratio: number | null, kind: string) =>
          c.onLevel === kind ? price : ratio === null ? null : c.open_rate * ratio;
        return { ...c, quote, price, stopLoss: level(c.sl, 'sl'), takeProfit: level(c.tp, 'tp') };
      });
    fc.assert(
      fc.property(caseArb, (c) => {
        const terms = { direction: c.direction, amount: 100, leverage: c.leverage, open_rate: c.open_rate };
        const terminationPrice = lossTerminationPrice(terms);
        const fires = triggerFires(
          { direction: c.direction, stop_lost: c.stopLoss, take_profit: c.takeProfit },
          c.quote,
        );
        const terminated = isLossTerminated(terms, c.price);
        const stopNearer =
          c.stopLoss !== null &&
          (c.direction === 'buy' ? c.stopLoss >= terminationPrice : c.stopLoss <= terminationPrice);
        const expected =
          fires === 'stop_loss' && stopNearer
            ? 'stop_loss'
            : terminated
              ? 'loss_termination'
              : fires === 'stop_loss'
                ? 'stop_loss'
                : fires;
        const levels = {
          direction: c.direction,
          stopLoss: c.stopLoss,
          takeProfit: c.takeProfit,
          terminationPrice,
        };
        expect(closingTriggerAt(levels, c.price)).toBe(expected);
      }),
      { numRuns: 3_000 },
    );
  });
});
