import { describe, expect, it } from 'vitest';
import { createI18n } from '../../../../test/i18n.js';
import { positionFixture } from '../../../../test/platformFixtures.js';
import { orderFixture } from '../../../../test/platformKit.js';
import { buildTradeLines, positionTitle } from './buildLines.js';
import {
  entryDropField,
  hitTest,
  hitTolerance,
  pendingChoices,
  priceText,
  withOverride,
} from './tradeLines.js';

const at = (y: number) => ({ y, drag: { owner: 'position', id: 1, field: 'stop_lost' } as const });

describe('hitTest', () => {
  const lines = [at(100), at(110), { y: 104, drag: null }];
  const y = (line: { y: number; drag: unknown }) => (line.drag ? line.y : null);

  it('takes the nearest draggable line within the tolerance', () => {
    expect(hitTest(lines, y, 106, 6)?.y).toBe(110);
    expect(hitTest(lines, y, 103, 6)?.y).toBe(100);
    expect(hitTest(lines, y, 106, 6)).not.toBeNull();
  });

  it('takes nothing farther than the tolerance, off the scale or not draggable', () => {
    expect(hitTest(lines, y, 117, 6)).toBeNull();
    expect(hitTest([{ y: 104, drag: null }], y, 104, 6)).toBeNull();
    expect(hitTest([at(50)], () => null, 50, 6)).toBeNull();
  });

  it('gives a finger more room than a mouse', () => {
    expect(hitTolerance('mouse')).toBe(6);
    expect(hitTolerance('touch')).toBeGreaterThan(hitTolerance('mouse'));
    expect(hitTolerance('pen')).toBeGreaterThan(hitTolerance('mouse'));
  });
});

describe('pendingChoices (domain orderLevelError)', () => {
  const quote = { buy: 1.0815, sell: 1.0813 };

  it('offers a buy limit and a sell stop below the prices, a buy stop and a sell limit above', () => {
    expect(pendingChoices(1.0805, quote, 0.00001).map((c) => `${c.direction} ${c.type}`)).toEqual([
      'buy limit',
      'sell stop',
    ]);
    expect(pendingChoices(1.0825, quote, 0.00001).map((c) => `${c.direction} ${c.type}`)).toEqual([
      'buy stop',
      'sell limit',
    ]);
  });

  it('between the sell and buy prices only what the rule allows: a buy limit and a sell limit', () => {
    expect(pendingChoices(1.0814, quote, 0.00001).map((c) => `${c.direction} ${c.type}`)).toEqual([
      'buy limit',
      'sell limit',
    ]);
  });

  it('puts the price on the tick, and offers nothing without a quote or a price', () => {
    expect(pendingChoices(1.080512, quote, 0.00001)[0]?.price).toBe(1.08051);
    expect(pendingChoices(1.08, null, 0.00001)).toEqual([]);
    expect(pendingChoices(-1, quote, 0.00001)).toEqual([]);
    expect(pendingChoices(Number.NaN, quote, 0.00001)).toEqual([]);
  });
});

describe('entryDropField', () => {
  it('sets the stop loss on the losing side of the closing price, the take profit on the other', () => {
    expect(entryDropField('buy', 99_000, 99_900)).toBe('stop_lost');
    expect(entryDropField('buy', 101_000, 99_900)).toBe('take_profit');
    expect(entryDropField('sell', 101_000, 100_000)).toBe('stop_lost');
    expect(entryDropField('sell', 99_000, 100_000)).toBe('take_profit');
  });
});

describe('labels', () => {
  const { t } = createI18n('en');
  const money = {
    format: (v: number) => `$${v.toFixed(2)}`,
    signed: (v: number) => `${v > 0 ? '+' : ''}${v}`,
  };

  it('formats a dragged price with the instrument’s decimals', () => {
    expect(priceText(1.081204, 0.00001)).toBe('1.08120');
    expect(priceText(100_250.5, 0.01)).toBe('100250.50');
  });

  it('names the side, number, amount, leverage and live profit of a position', () => {
    const position = positionFixture({ id: 3, direction: 'sell', amount: 5_000, leverage: 5 });
    expect(positionTitle(position, 12.5, t, money)).toBe('Sell #3 · $5000.00 1:5 · +12.5');
    expect(positionTitle(position, null, t, money)).toBe('Sell #3 · $5000.00 1:5');
  });

  it('builds the symbol’s lines: only SL, TP and orders can be dragged, and a dragged one shows where it was dropped', () => {
    const lines = buildTradeLines({
      symbol: 'BTCUSD',
      positions: [
        positionFixture({ id: 3, stop_lost: 97_000, take_profit: 104_000 }),
        positionFixture({ id: 4, stop_lost: 96_000, trailing_stop: 500 }),
        positionFixture({ id: 5, symbol: 'ETHUSD' }),
      ],
      orders: [orderFixture({ id: 31, stop_lost: 94_000, take_profit: 99_000 })],
      liquidation: (id) => (id === 3 ? 50_000 : null),
      profit: () => null,
      t,
      money,
    });
    expect(lines.map((line) => [line.title, line.drag !== null])).toEqual([
      ['Buy #3 · $100.00 1:2', false],
      ['SL #3', true],
      ['TP #3', true],
      ['Liquidation #3', false],
      ['Buy #4 · $100.00 1:2', true],
      ['Trailing SL #4', false],
      ['Buy limit #31', true],
      ['SL of order #31', true],
      ['TP of order #31', true],
    ]);
    const moved = withOverride(lines, { target: { owner: 'order', id: 31, field: 'price' }, price: 96_000 });
    expect(moved.find((line) => line.key === 'order-31-price')?.price).toBe(96_000);
    expect(moved.find((line) => line.key === 'position-3-take_profit')?.price).toBe(104_000);
  });
});
