import { formatPrice, price } from '@openbroker/domain';
import { describe, expect, it } from 'vitest';
import { ASSETS_FIXTURE } from '../../test/platformFixtures.js';
import { checkOrderTriggers, checkPendingOrder, levelOrNull, MARKET_ORDER } from './orders/pendingOrder.js';
import { checkLevelsOnTick, formatOnTick, levelTextOnTick, sentLevel } from './priceOnTick.js';
import { leverageChoices, pickableLeverages } from './trade/leverageChoices.js';

const quote = (buy: number, sell: number) => ({ buy: price(buy), sell: price(sell) });

describe('prices on the tick', () => {
  it("shows a price with its tick's decimals, by the spec rule without a tick", () => {
    expect(formatOnTick(1.08543, 0.00001)).toBe('1.08543');
    expect(formatOnTick(150.123, 0.001)).toBe('150.123');
    expect(formatOnTick(100_000, 0.01)).toBe('100000.00');
    expect(formatOnTick(5000, 0.1)).toBe('5000.0');
    // a figure off the tick (a liquidation price) to the nearest step
    expect(formatOnTick(97_543.2567, 0.01)).toBe('97543.26');
    expect(formatOnTick(1.08543, null)).toBe(formatPrice(1.08543));
    // the spec rule alone drops a JPY pair's third decimal and pads a forex price to six
    expect(formatPrice(150.123)).toBe('150.12');
    expect(formatPrice(1.08543)).toBe('1.085430');
  });

  it('puts a typed level on the tick as it leaves its field, and sends it so', () => {
    expect(levelTextOnTick('1.085426', 0.00001)).toBe('1.08543');
    // on the tick already: as typed
    expect(levelTextOnTick('95000', 0.01)).toBe('95000');
    expect(levelTextOnTick('1.0854', 0.00001)).toBe('1.0854');
    expect(levelTextOnTick('94999.996', 0.01)).toBe('95000.00');
    // empty, invalid or without a tick: as typed
    for (const raw of ['', 'abc', '-5']) expect(levelTextOnTick(raw, 0.01)).toBe(raw);
    expect(levelTextOnTick('1.0854261', null)).toBe('1.0854261');
    expect(sentLevel('1.085426', 0.00001)).toBe(1.08543);
    expect(sentLevel('', 0.00001)).toBeNull();
    expect(sentLevel('0', 0.01)).toBeNull();
    // a level that rounds to 0 is not a level
    expect(sentLevel('0.001', 0.01)).toBeNull();
    expect(levelOrNull('94999.996', 0.01)).toBe(95_000);
    expect(levelOrNull('94999.996')).toBe(94_999.996);
  });

  it("names the close side as the ticket shows it, and checks the level that is sent (USDJPY's 150.123)", () => {
    const jpy = quote(150.135, 150.123);
    // a buy closes at the sell price: SL must be below 150.123
    const errors = checkLevelsOnTick(
      { direction: 'buy', stop_lost: '150.124', take_profit: '', quote: jpy },
      0.001,
    );
    expect(errors.stop_lost).toEqual({ key: 'trigger.cantBeHigher', params: { value: '150.123' } });
    // 150.1226 is sent as 150.123, the sell price itself: refused, though the typed number is below it
    expect(
      checkLevelsOnTick({ direction: 'buy', stop_lost: '150.1226', take_profit: '', quote: jpy }, 0.001)
        .stop_lost,
    ).toEqual({ key: 'trigger.cantBeHigher', params: { value: '150.123' } });
    expect(
      checkLevelsOnTick({ direction: 'buy', stop_lost: '150.1224', take_profit: '', quote: jpy }, 0.001),
    ).toEqual({});
    // a sell closes at the buy price: TP must be below 150.135
    expect(
      checkLevelsOnTick({ direction: 'sell', stop_lost: '', take_profit: '150.2', quote: jpy }, 0.001)
        .take_profit,
    ).toEqual({ key: 'trigger.cantBeHigher', params: { value: '150.135' } });
  });

  it("checks a pending order's level on the tick and names the price it fills at with the tick's decimals", () => {
    const eur = quote(1.08555, 1.08543);
    const limit = { ...MARKET_ORDER, type: 'limit' as const, level: '1.08556' };
    const refused = checkPendingOrder(limit, 'buy', eur, Date.now(), 0.00001);
    expect(refused.ok).toBe(false);
    expect(refused.ok ? null : refused.errors.level).toEqual({
      key: 'order.buyLimitBelow',
      params: { value: '1.08555' },
    });
    // 1.085546 goes out as 1.08555, the buy price: a buy limit there would fill at once
    expect(checkPendingOrder({ ...limit, level: '1.085546' }, 'buy', eur, Date.now(), 0.00001).ok).toBe(
      false,
    );
    const placed = checkPendingOrder({ ...limit, level: '1.085444' }, 'buy', eur, Date.now(), 0.00001);
    expect(placed.ok && placed.price).toBe(1.08544);
    expect(checkOrderTriggers('buy', 1.08544, '1.08545', '', 0.00001).stop_lost).toEqual({
      key: 'trigger.cantBeHigher',
      params: { value: '1.08544' },
    });
    // 1.085436 goes out as 1.08544, the level itself; 1.085434 as 1.08543, below it
    expect(checkOrderTriggers('buy', 1.08544, '1.085436', '', 0.00001).stop_lost?.key).toBe(
      'trigger.cantBeHigher',
    );
    expect(checkOrderTriggers('buy', 1.08544, '1.085434', '', 0.00001)).toEqual({});
  });
});

describe('leverage choices (the ticket and the calculator)', () => {
  const btc = ASSETS_FIXTURE.find((a) => a.symbol === 'BTCUSD');
  const eur = ASSETS_FIXTURE.find((a) => a.symbol === 'EURUSD');

  it("takes the category's list, the client's custom_leverage and the brand's cap", () => {
    expect(pickableLeverages(leverageChoices(btc, { custom_leverage: {} }, undefined))).toEqual([1, 2]);
    expect(pickableLeverages(leverageChoices(eur, { custom_leverage: {} }, undefined))).toEqual([
      1, 3, 5, 10, 15, 20, 30,
    ]);
    const capped = leverageChoices(eur, { custom_leverage: {} }, { leverages: [1, 3, 5, 10, 15, 20] });
    expect(capped.find((o) => o.value === 30)?.disabled).toBe(true);
    expect(pickableLeverages(capped)).toEqual([1, 3, 5, 10, 15, 20]);
    const custom = leverageChoices(
      eur,
      { custom_leverage: '{"forex":[0,1,6]}' },
      { leverages: [1, 3, 5, 10, 15, 20] },
    );
    expect(pickableLeverages(custom)).toEqual([1, 3]);
    expect(leverageChoices(undefined, { custom_leverage: {} }, undefined)).toEqual([]);
    expect(leverageChoices(eur, null, undefined)).toEqual([]);
  });
});
