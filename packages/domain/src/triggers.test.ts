import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PRICE_MAX, PRICE_MAX_DECIMALS } from './bounds.js';
import { brandQuote, SPEC_QUOTE_TERMS } from './brand-quote.js';
import { formatMessage } from './messages.js';
import { buyPrice, type Direction, type Quote, sellPrice } from './pricing.js';
import { parseTriggerLevel, triggerFires, triggersValid, validateStopLossTakeProfit } from './triggers.js';

// levels are validated and fire against the brand quote; these tests use the spec's pricing of the feed
const spec = (feed: Quote) => brandQuote(feed, SPEC_QUOTE_TERMS);
// brand (dealing) prices of this feed quote: sell 1.0997250, buy 1.10227525
const feed: Quote = { buy: 1.102, sell: 1.1 };
const quote = spec(feed);
const texts = (errors: ReturnType<typeof validateStopLossTakeProfit>) => ({
  stop_lost: errors.stop_lost && formatMessage(errors.stop_lost),
  take_profit: errors.take_profit && formatMessage(errors.take_profit),
});

describe('spec §5 stop loss and take profit of a buy', () => {
  it("a buy's take profit below the sell price is rejected with Can't be lower than X", () => {
    const errors = validateStopLossTakeProfit({ direction: 'buy', take_profit: 1.05, quote });
    expect(texts(errors)).toEqual({ stop_lost: undefined, take_profit: "Can't be lower than 1.099725" });
  });

  it("a buy's stop loss above the sell price is rejected with Can't be higher than X", () => {
    const errors = validateStopLossTakeProfit({ direction: 'buy', stop_lost: 1.2, quote });
    expect(texts(errors)).toEqual({ stop_lost: "Can't be higher than 1.099725", take_profit: undefined });
  });

  it("a buy's take profit above and stop loss below the sell price are accepted", () => {
    const errors = validateStopLossTakeProfit({
      direction: 'buy',
      stop_lost: 1.05,
      take_profit: 1.15,
      quote,
    });
    expect(errors).toEqual({});
    expect(triggersValid(errors)).toBe(true);
  });

  it('a level exactly at the sell price is rejected on both sides', () => {
    const at = sellPrice(feed.sell);
    const errors = validateStopLossTakeProfit({ direction: 'buy', stop_lost: at, take_profit: at, quote });
    expect(errors.stop_lost?.key).toBe('trigger.cantBeHigher');
    expect(errors.take_profit?.key).toBe('trigger.cantBeLower');
  });
});

describe('spec §5 stop loss and take profit of a sell', () => {
  it("a sell's take profit above the buy price is rejected with Can't be higher than X", () => {
    const errors = validateStopLossTakeProfit({ direction: 'sell', take_profit: '1.2', quote });
    expect(texts(errors).take_profit).toBe("Can't be higher than 1.102276");
  });

  it("a sell's stop loss below the buy price is rejected with Can't be lower than X", () => {
    const errors = validateStopLossTakeProfit({ direction: 'sell', stop_lost: 1.05, quote });
    expect(texts(errors).stop_lost).toBe("Can't be lower than 1.102276");
  });

  it("a sell's take profit below and stop loss above the buy price are accepted", () => {
    expect(
      validateStopLossTakeProfit({ direction: 'sell', stop_lost: 1.2, take_profit: 1.05, quote }),
    ).toEqual({});
  });

  it('formats X with the price decimals rule (2 decimals from 100 up)', () => {
    const btc = { buy: 65000, sell: 64990 };
    const errors = validateStopLossTakeProfit({ direction: 'sell', stop_lost: 60000, quote: spec(btc) });
    expect(formatMessage(errors.stop_lost ?? { key: 'list.empty' })).toBe("Can't be lower than 65016.25");
  });
});

describe('empty and malformed levels', () => {
  it.each([null, undefined, '', '  ', 0, '0'])('treats %j as no trigger', (empty) => {
    expect(
      validateStopLossTakeProfit({ direction: 'buy', stop_lost: empty, take_profit: empty, quote }),
    ).toEqual({});
    expect(parseTriggerLevel(empty)).toBeNull();
  });

  it('rejects a negative or non-numeric level as not valid', () => {
    const errors = validateStopLossTakeProfit({ direction: 'buy', stop_lost: -1, take_profit: 'abc', quote });
    expect(texts(errors)).toEqual({
      stop_lost: 'Stop loss is not valid',
      take_profit: 'Take profit is not valid',
    });
  });
});

describe('triggers firing on a quote', () => {
  it("fires a buy's stop loss when the sell price falls to it and its take profit when it rises to it", () => {
    const position = { direction: 'buy' as const, stop_lost: 1.09, take_profit: 1.11 };
    expect(triggerFires(position, quote)).toBeNull();
    expect(triggerFires(position, spec({ buy: 1.092, sell: 1.09 }))).toBe('stop_loss');
    expect(triggerFires(position, spec({ buy: 1.2, sell: 1.12 }))).toBe('take_profit');
  });

  it("fires a sell's stop loss when the buy price rises to it and its take profit when it falls to it", () => {
    const position = { direction: 'sell' as const, stop_lost: 1.11, take_profit: 1.09 };
    expect(triggerFires(position, quote)).toBeNull();
    expect(triggerFires(position, spec({ buy: 1.12, sell: 1.1 }))).toBe('stop_loss');
    expect(triggerFires(position, spec({ buy: 1.08, sell: 1.07 }))).toBe('take_profit');
  });

  it('fires exactly at the level', () => {
    expect(
      triggerFires({ direction: 'buy', stop_lost: sellPrice(1.09) }, spec({ buy: 1.1, sell: 1.09 })),
    ).toBe('stop_loss');
    expect(
      triggerFires({ direction: 'sell', take_profit: buyPrice(1.09) }, spec({ buy: 1.09, sell: 1.08 })),
    ).toBe('take_profit');
  });

  it('never fires without levels', () => {
    expect(
      triggerFires({ direction: 'buy', stop_lost: null, take_profit: 0 }, spec({ buy: 0.5, sell: 0.4 })),
    ).toBeNull();
  });
});

describe('stop loss and take profit bounds (stored exactly or refused)', () => {
  it('refuses a take profit of 1e20 with the field maximum instead of overflowing the rate column', () => {
    const errors = validateStopLossTakeProfit({ direction: 'buy', take_profit: 1e20, quote });
    expect(texts(errors).take_profit).toBe('Take profit can be at most 1000000000');
  });

  it('refuses a stop loss of 1e-300 (it would be stored as 0, i.e. no stop loss)', () => {
    const errors = validateStopLossTakeProfit({ direction: 'buy', stop_lost: 1e-300, quote });
    expect(texts(errors).stop_lost).toBe('Stop loss can have at most 10 decimal places');
  });

  it('refuses a level that overflows a double (a 400-digit string) as not valid', () => {
    const errors = validateStopLossTakeProfit({ direction: 'sell', stop_lost: `1${'0'.repeat(400)}`, quote });
    expect(texts(errors).stop_lost).toBe('Stop loss is not valid');
  });

  it('accepts levels at the bounds: PRICE_MAX for a buy TP and 10 decimals for a buy SL', () => {
    expect(PRICE_MAX_DECIMALS).toBe(10);
    expect(
      validateStopLossTakeProfit({
        direction: 'buy',
        take_profit: PRICE_MAX,
        stop_lost: 1.0000000001,
        quote,
      }),
    ).toEqual({});
  });
});

const toPlaces = (value: number) => Number(value.toFixed(PRICE_MAX_DECIMALS));

describe('trigger properties', () => {
  const quoteArb = fc
    .tuple(
      fc.double({ min: 0.001, max: 100_000, noNaN: true }),
      fc.double({ min: 0, max: 0.01, noNaN: true }),
    )
    .map(([bid, spread]): Quote => ({ sell: bid, buy: bid * (1 + spread) }));
  const directionArb = fc.constantFrom<Direction>('buy', 'sell');
  const offsetArb = fc.double({ min: 0.0001, max: 0.5, noNaN: true });

  it('a stop loss and take profit that pass validation never fire on the same quote', () => {
    fc.assert(
      fc.property(directionArb, quoteArb, offsetArb, offsetArb, (direction, q, a, b) => {
        const ref = direction === 'buy' ? sellPrice(q.sell) : buyPrice(q.buy);
        const sign = direction === 'buy' ? 1 : -1;
        // levels as a person enters them: at most PRICE_MAX_DECIMALS decimals
        const levels = {
          direction,
          stop_lost: toPlaces(ref * (1 - sign * a)),
          take_profit: toPlaces(ref * (1 + sign * b)),
        };
        expect(validateStopLossTakeProfit({ ...levels, quote: spec(q) })).toEqual({});
        expect(triggerFires(levels, spec(q))).toBeNull();
      }),
    );
  });

  it('a level on the wrong side is always rejected', () => {
    fc.assert(
      fc.property(directionArb, quoteArb, offsetArb, (direction, q, a) => {
        const ref = direction === 'buy' ? sellPrice(q.sell) : buyPrice(q.buy);
        const sign = direction === 'buy' ? 1 : -1;
        const errors = validateStopLossTakeProfit({
          direction,
          stop_lost: ref * (1 + sign * a),
          take_profit: ref * (1 - sign * a),
          quote: spec(q),
        });
        expect(errors.stop_lost).toBeDefined();
        expect(errors.take_profit).toBeDefined();
      }),
    );
  });
});
