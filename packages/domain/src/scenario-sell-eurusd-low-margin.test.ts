// Scenario: a client sells EURUSD with €100 at leverage 30; the price rises and the loss reaches the margin.
import { describe, expect, it } from 'vitest';
import { brandQuote, openSide, SPEC_QUOTE_TERMS } from './brand-quote.js';
import { terminationPercent } from './calculator.js';
import { CLOSING_REASON, closingReasonLabel } from './closing.js';
import { formatPrice } from './format.js';
import {
  freeMargin,
  isLossTerminated,
  lossTerminationPrice,
  positionProfit,
  settleProfit,
  valuationPrice,
} from './position.js';

// the client trades and is valued at the brand quote; here the spec's pricing of the feed
const spec = (feed: { buy: number; sell: number }) => brandQuote(feed, SPEC_QUOTE_TERMS);

describe('sell EURUSD, terminated for low margin', () => {
  it('closes when the ask has risen 100 / 30 = 3.3 % and never leaves a negative balance', () => {
    const open_rate = openSide('sell', spec({ buy: 1.0802, sell: 1.08 }));
    expect(formatPrice(open_rate)).toBe('1.079730');
    const position = { direction: 'sell' as const, amount: 100, leverage: 30, open_rate };
    expect(freeMargin(100, [100])).toBe(0);

    // the calculator told the client: 3.3 % against you at leverage 30
    expect(terminationPercent(30)).toBe(3.3);
    const limit = lossTerminationPrice(position);
    expect(formatPrice(limit)).toBe('1.115721');

    // a quote just below the limit keeps it open; one whose ask crosses it terminates it
    const before = { buy: 1.1153, sell: 1.1151 };
    expect(isLossTerminated(position, valuationPrice('sell', spec(before)))).toBe(false);
    const gap = { buy: 1.1202, sell: 1.12 };
    const closed_rate = valuationPrice('sell', spec(gap));
    expect(isLossTerminated(position, closed_rate)).toBe(true);

    // the gap made the loss larger than the margin; the balance stops at zero and the broker takes the rest
    const profit = positionProfit(position, closed_rate);
    expect(profit).toBe(-113.22);
    expect(settleProfit(100, profit)).toEqual({ balance: 0, shortfall: 13.22 });
    expect(closingReasonLabel(CLOSING_REASON.lowMargin)).toBe('Low Margin');
  });
});
