import { describe, expect, it } from 'vitest';
import { DEFAULT_TRADING_PROFILE, TradingProfileSchema } from './costs.js';
import {
  allowedLeverages,
  ESMA_LEVERAGE_CAPS,
  leverageCapFor,
  leverageClassOf,
  presetProfile,
} from './jurisdiction.js';

describe('ESMA leverage classes', () => {
  it.each([
    ['EURUSD', 'forex', 'forexMajor'],
    ['USDJPY', 'forex', 'forexMajor'],
    ['GBPCHF', 'forex', 'forexMajor'],
    ['CADJPY', 'forex', 'forexMajor'],
    ['AUDUSD', 'forex', 'forexMinor'],
    ['EURNZD', 'forex', 'forexMinor'],
    ['USDSEK', 'forex', 'forexMinor'],
    ['GOLD', 'commodities', 'goldMajorIndex'],
    ['SILVER', 'commodities', 'commodityMinorIndex'],
    ['USOIL', 'commodities', 'commodityMinorIndex'],
    ['US500', 'index', 'goldMajorIndex'],
    ['DE40', 'index', 'goldMajorIndex'],
    ['JP225', 'index', 'goldMajorIndex'],
    ['HK50', 'index', 'commodityMinorIndex'],
    ['AUS200', 'index', 'commodityMinorIndex'],
    ['AAPL', 'stocks', 'share'],
    ['BTCUSD', 'crypto', 'crypto'],
  ] as const)('%s (%s) is %s', (symbol, group, cls) => {
    expect(leverageClassOf(symbol, group)).toBe(cls);
  });
});

describe('presets', () => {
  it.each(['esma', 'asic'] as const)('%s caps 30/20/20/10/5/2 and closes out at 50 %%', (preset) => {
    const profile = presetProfile(preset);
    expect(profile.leverageCaps).toEqual({
      forexMajor: 30,
      forexMinor: 20,
      goldMajorIndex: 20,
      commodityMinorIndex: 10,
      share: 5,
      crypto: 2,
    });
    expect(profile.stopOutLevel).toBe(0.5);
    expect(profile.marginCallLevel).toBe(1);
    expect(profile.preset).toBe(preset);
    expect(TradingProfileSchema.safeParse(profile).success).toBe(true);
  });

  it('esma keeps the brand’s costs but not a looser stop-out', () => {
    const forex = {
      ...DEFAULT_TRADING_PROFILE.groups.forex,
      markup: { unit: 'pips' as const, value: 0.6 },
    };
    const profile = presetProfile('esma', {
      stopOutLevel: 0.2,
      groups: { ...DEFAULT_TRADING_PROFILE.groups, forex },
    });
    expect(profile.groups.forex.markup).toEqual({ unit: 'pips', value: 0.6 });
    expect(profile.stopOutLevel).toBe(0.5);
  });

  it('professional has no caps unless the broker sets them; stop-out 50 % by default', () => {
    expect(presetProfile('professional').leverageCaps).toBeNull();
    expect(presetProfile('professional').stopOutLevel).toBe(0.5);
    const own = presetProfile('professional', {
      leverageCaps: { ...ESMA_LEVERAGE_CAPS, forexMajor: 500 },
      stopOutLevel: 0.3,
    });
    expect(own.leverageCaps?.forexMajor).toBe(500);
    expect(own.stopOutLevel).toBe(0.3);
  });

  it('custom is the base as it is', () => {
    expect(presetProfile('custom')).toEqual(DEFAULT_TRADING_PROFILE);
  });
});

describe('leverage lists under a cap', () => {
  it('an ESMA brand offers at most 1:2 on crypto and 1:30 on EURUSD', () => {
    const esma = presetProfile('esma');
    expect(allowedLeverages([1, 2, 5, 10], leverageCapFor(esma, 'BTCUSD', 'crypto'))).toEqual([1, 2]);
    expect(allowedLeverages([1, 10, 30, 50, 100], leverageCapFor(esma, 'EURUSD', 'forex'))).toEqual([
      1, 10, 30,
    ]);
    expect(allowedLeverages([1, 10, 30, 50, 100], leverageCapFor(esma, 'AUDUSD', 'forex'))).toEqual([1, 10]);
  });

  it('without caps every leverage stays', () => {
    expect(leverageCapFor(DEFAULT_TRADING_PROFILE, 'EURUSD', 'forex')).toBeUndefined();
    expect(allowedLeverages([1, 100, 500], undefined)).toEqual([1, 100, 500]);
  });
});
