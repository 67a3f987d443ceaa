import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { formatMessage } from '../messages.js';
import { validateInput } from './issues.js';
import { ClosePositionInput, OpenPositionInput, UpdatePositionInput } from './trading.js';

const texts = (schema: z.ZodType, input: unknown) => {
  const result = validateInput(schema, input);
  return result.ok ? [] : result.errors.map((e) => [e.path, formatMessage(e)]);
};

describe('spec §7 openPosition', () => {
  it('accepts a direction, amount, leverage, price and symbol', () => {
    expect(
      OpenPositionInput.parse({
        direction: 'buy',
        amount: '100.25',
        leverage: 10,
        price: 65016.25,
        symbol: 'btcusd',
      }),
    ).toEqual({ direction: 'buy', amount: 100.25, leverage: 10, price: 65016.25, symbol: 'BTCUSD' });
  });

  it('requires every field', () => {
    expect(texts(OpenPositionInput, {})).toEqual([
      ['direction', 'Direction is required'],
      ['amount', 'Amount is required'],
      ['leverage', 'Leverage is required'],
      ['price', 'Price is required'],
      ['symbol', 'Symbol is required'],
    ]);
  });

  it('refuses an amount under 1 or in fractions of a cent, a third direction and a bad symbol', () => {
    const base = { direction: 'buy', amount: 5, leverage: 1, price: 1, symbol: 'EURUSD' };
    expect(texts(OpenPositionInput, { ...base, amount: 0.5 })).toEqual([
      ['amount', 'Amount must be at least 1'],
    ]);
    expect(texts(OpenPositionInput, { ...base, amount: 1.001 })).toEqual([
      ['amount', 'Amount must be a multiple of 0.01'],
    ]);
    expect(texts(OpenPositionInput, { ...base, direction: 'hold' })).toEqual([
      ['direction', 'Direction is not valid'],
    ]);
    expect(texts(OpenPositionInput, { ...base, symbol: 'EUR/USD; DROP' })).toEqual([
      ['symbol', 'Symbol is not valid'],
    ]);
    expect(texts(OpenPositionInput, { ...base, price: -1, leverage: 0 })).toEqual([
      ['leverage', 'Leverage is not valid'],
      ['price', 'Price is not valid'],
    ]);
  });
});

describe('spec §7 closePosition and updatePosition', () => {
  it('closes by id at a price', () => {
    expect(ClosePositionInput.parse({ id: '42', price: '1.0845' })).toEqual({ id: 42, price: 1.0845 });
    expect(texts(ClosePositionInput, { id: 1.5, price: 1 })).toEqual([['id', 'Position is not valid']]);
  });

  it('updates stop loss and take profit, an empty value removing it', () => {
    expect(UpdatePositionInput.parse({ id: 7, stop_lost: '', take_profit: '1.2' })).toEqual({
      id: 7,
      stop_lost: null,
      take_profit: 1.2,
    });
    expect(UpdatePositionInput.parse({ id: 7 })).toEqual({ id: 7, stop_lost: null, take_profit: null });
    expect(texts(UpdatePositionInput, { id: 7, stop_lost: -1, take_profit: 'x' })).toEqual([
      ['stop_lost', 'Stop loss is not valid'],
      ['take_profit', 'Take profit is not valid'],
    ]);
  });
});

describe('numeric bounds on the socket payloads', () => {
  const open = { direction: 'buy', amount: 100, leverage: 10, price: 1.1, symbol: 'EURUSD' };

  it('refuses a take profit of 1e20 with the maximum, and a stop loss of 1e-300 instead of storing 0', () => {
    expect(texts(UpdatePositionInput, { id: 7, stop_lost: 1e-300, take_profit: 1e20 })).toEqual([
      ['stop_lost', 'Stop loss can have at most 10 decimal places'],
      ['take_profit', 'Take profit can be at most 1000000000'],
    ]);
    expect(texts(OpenPositionInput, { ...open, take_profit: 1e20 })).toEqual([
      ['take_profit', 'Take profit can be at most 1000000000'],
    ]);
  });

  it('keeps a level with 10 decimals exactly', () => {
    expect(UpdatePositionInput.parse({ id: 7, stop_lost: '0.0000000001', take_profit: 1e9 })).toMatchObject({
      stop_lost: 1e-10,
      take_profit: 1e9,
    });
  });

  it('bounds the amount, the leverage and the price', () => {
    expect(texts(OpenPositionInput, { ...open, amount: 1e13, leverage: 1e6, price: 1e12 })).toEqual([
      ['amount', 'Amount can be at most 1000000000000'],
      ['leverage', 'Leverage can be at most 1000'],
      ['price', 'Price can be at most 1000000000'],
    ]);
    expect(texts(OpenPositionInput, { ...open, leverage: 2.5 })).toEqual([
      ['leverage', 'Leverage is not valid'],
    ]);
    // a digit string too long for a double is Infinity, not a price
    expect(texts(ClosePositionInput, { id: 1, price: `9${'9'.repeat(400)}` })).toEqual([
      ['price', 'Price is not valid'],
    ]);
  });
});
