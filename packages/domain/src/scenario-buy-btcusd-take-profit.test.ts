// Scenario: a client buys BTCUSD with €500 at leverage 10, sets SL/TP, and the take profit closes it.
import { describe, expect, it } from 'vitest';
import { brandQuote, openSide, SPEC_QUOTE_TERMS } from './brand-quote.js';
import { CLOSING_REASON } from './closing.js';
import { formatMessage } from './messages.js';
import {
  accountSummary,
  positionProfit,
  positionProfitAt,
  settleProfit,
  valuationPrice,
} from './position.js';
import { validateNewTrade } from './trade.js';
import { triggerFires, validateStopLossTakeProfit } from './triggers.js';

// the client sees, trades, is valued and triggered at the brand quote; here the spec's pricing of the feed
const spec = (feed: { buy: number; sell: number }) => brandQuote(feed, SPEC_QUOTE_TERMS);

const user = {
  verified_account: true,
  assets_group_permission: [3],
  custom_leverage: '{"crypto":[0,1,2,3]}',
};
const btcusd = {
  asset_category_id: 3,
  position_assets_category: { name: 'crypto', leverage: '1,3,5,10,15,20,30' },
};

describe('buy BTCUSD, closed by take profit', () => {
  const balance = 2000;
  const openQuote = spec({ buy: 65_000, sell: 64_990 });

  it('walks from the new-trade check to the booked profit', () => {
    // the trade is allowed: €500 ≤ free margin €2000, leverage 10 is index 3 (allowed)
    expect(
      validateNewTrade({
        amount: 500,
        leverage: 10,
        freeMargin: balance,
        user,
        asset: btcusd,
        priceAvailable: true,
      }),
    ).toEqual({
      ok: true,
      value: { amount: 500, leverage: 10 },
    });

    // it opens at the ask plus 0.025 %
    const open_rate = openSide('buy', openQuote);
    expect(open_rate).toBe(65_016.25);
    const position = { direction: 'buy' as const, amount: 500, leverage: 10, open_rate };

    // right after opening it shows a small loss: the spread and the slippage on both sides
    expect(positionProfitAt(position, openQuote)).toBe(-3.27);
    expect(accountSummary(balance, [{ amount: 500, profit: -3.27 }])).toEqual({
      balance: 2000,
      equity: 1996.73,
      freeMargin: 1500,
      profit: -3.27,
    });

    // a take profit under the current sell price is refused, one above it is accepted
    const tooLow = validateStopLossTakeProfit({ direction: 'buy', take_profit: 64_000, quote: openQuote });
    expect(formatMessage(tooLow.take_profit ?? { key: 'list.empty' })).toBe("Can't be lower than 64973.75");
    const levels = { direction: 'buy' as const, stop_lost: 62_000, take_profit: 68_000 };
    expect(validateStopLossTakeProfit({ ...levels, quote: openQuote })).toEqual({});

    // the market rises; the take profit fires on the first sell price at or above 68 000
    expect(triggerFires(levels, spec({ buy: 67_990, sell: 67_980 }))).toBeNull();
    const closeQuote = spec({ buy: 68_030, sell: 68_020 });
    expect(triggerFires(levels, closeQuote)).toBe('take_profit');

    // it closes at the sell price minus 0.025 % and books the profit, reason Take Profit
    const closed_rate = valuationPrice('buy', closeQuote);
    expect(closed_rate).toBe(68_002.995);
    const profit = positionProfit(position, closed_rate);
    expect(profit).toBe(229.69);
    expect(settleProfit(balance, profit)).toEqual({ balance: 2229.69, shortfall: 0 });
    expect(CLOSING_REASON.takeProfit).toBe(2);
  });
});
