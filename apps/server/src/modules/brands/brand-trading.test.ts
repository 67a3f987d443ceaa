import { DEFAULT_TRADING_PROFILE, ESMA_LEVERAGE_CAPS, formatMessage } from '@openbroker/domain';
import { describe, expect, it } from 'vitest';
import { PROFESSIONAL_TRADING, RETAIL_TRADING } from '../../seed/seed-brands.js';
import { offeredLeverages, tradingProfileOf, validateBrandTrading } from './brand-trading.js';

const FOREX = '1,3,5,10,15,20,30';

describe('brand trading settings', () => {
  it('a brand without trading settings keeps the spec pricing (the default profile)', () => {
    expect(tradingProfileOf({})).toEqual(DEFAULT_TRADING_PROFILE);
  });

  it('an ESMA brand gets the ESMA caps, 50 % stop-out and its own forex markup in pips', () => {
    const profile = tradingProfileOf({ trading: RETAIL_TRADING });
    expect(profile.preset).toBe('esma');
    expect(profile.leverageCaps).toEqual(ESMA_LEVERAGE_CAPS);
    expect(profile.stopOutLevel).toBe(0.5);
    expect(profile.marginCallLevel).toBe(1);
    expect(profile.groups.forex.markup).toEqual({ unit: 'pips', value: 0.4 });
    expect(profile.groups.forex.swap.tripleDay).toBe(3);
  });

  it('a retail preset may lower a cap and raise the stop-out, and the overrides win', () => {
    const checked = validateBrandTrading({ preset: 'asic', leverageCaps: { crypto: 1 }, stopOutLevel: 0.6 });
    expect(checked.ok).toBe(true);
    const profile = tradingProfileOf({ trading: checked.ok ? checked.value : RETAIL_TRADING });
    expect(profile.leverageCaps).toEqual({ ...ESMA_LEVERAGE_CAPS, crypto: 1 });
    expect(profile.stopOutLevel).toBe(0.6);
  });

  it('a professional brand has no caps and its own levels', () => {
    const profile = tradingProfileOf({ trading: PROFESSIONAL_TRADING });
    expect(profile.leverageCaps).toBeNull();
    expect(profile.stopOutLevel).toBe(0.3);
    expect(profile.marginCallLevel).toBe(0.8);
    expect(profile.groups.forex.commission).toEqual({ unit: 'perLot', value: 3.5 });
  });

  it('the seeded settings are valid', () => {
    expect(validateBrandTrading(RETAIL_TRADING).ok).toBe(true);
    expect(validateBrandTrading(PROFESSIONAL_TRADING).ok).toBe(true);
  });

  it.each([
    [
      { preset: 'esma', leverageCaps: { forexMajor: 50 } },
      'leverageCaps.forexMajor',
      'pricing.capAbovePreset',
    ],
    [{ preset: 'esma', leverageCaps: null }, 'leverageCaps', 'pricing.capsRequired'],
    [{ preset: 'asic', stopOutLevel: 0.2 }, 'stopOutLevel', 'pricing.stopOutBelowPreset'],
    [
      { preset: 'professional', stopOutLevel: 0.9, marginCallLevel: 0.8 },
      'stopOutLevel',
      'pricing.stopOutAboveMarginCall',
    ],
    [{ preset: 'fca' }, 'preset', 'pricing.oneOf'],
    [
      { preset: 'esma', groups: { forex: { markup: { unit: 'pips', value: -1 } } } },
      'groups.forex.markup.value',
      'pricing.atLeast',
    ],
    [
      { preset: 'esma', groups: { forex: { markup: { unit: 'points', value: 1 } } } },
      'groups.forex.markup.unit',
      'pricing.unitInvalid',
    ],
    [
      { preset: 'esma', groups: { stocks: { commission: { unit: 'percent', value: 9 } } } },
      'groups.stocks.commission.value',
      'pricing.atMost',
    ],
    [{ preset: 'esma', spread: 1 }, '', 'pricing.unknownSetting'],
    [{ preset: 'esma', groups: { shares: {} } }, 'groups', 'pricing.unknownSetting'],
  ])('refuses %j with a message on %s', (input, path, key) => {
    const checked = validateBrandTrading(input);
    expect(checked.ok).toBe(false);
    const errors = checked.ok ? [] : checked.errors;
    expect(errors).toContainEqual(expect.objectContaining({ path, key }));
    // every message reads as a sentence: its placeholders are filled
    for (const error of errors) expect(formatMessage(error)).not.toMatch(/\{\{/);
  });

  it('says what is allowed: the cap of the preset', () => {
    const checked = validateBrandTrading({ preset: 'esma', leverageCaps: { share: 10 } });
    expect(checked.ok ? [] : checked.errors.map((e) => formatMessage(e))).toEqual([
      'Leverage 10 is above the ESMA/FCA retail cap of 5; choose 5 or less',
    ]);
  });
});

describe('leverage offered under a preset', () => {
  const esma = tradingProfileOf({ trading: RETAIL_TRADING });
  const professional = tradingProfileOf({ trading: PROFESSIONAL_TRADING });

  it('ESMA: 30 on a major pair, 20 on a minor one, 2 on crypto, 5 on shares', () => {
    expect(offeredLeverages(FOREX, 'EURUSD', 'forex', esma)).toEqual([1, 3, 5, 10, 15, 20, 30]);
    expect(offeredLeverages(FOREX, 'USDZAR', 'forex', esma)).toEqual([1, 3, 5, 10, 15, 20]);
    expect(offeredLeverages('1,2,5,10', 'BTCUSD', 'crypto', esma)).toEqual([1, 2]);
    expect(offeredLeverages('1,3,5,10', 'AAPL', 'stocks', esma)).toEqual([1, 3, 5]);
    expect(offeredLeverages('1,3,5,10,15,20', 'USOIL', 'commodities', esma)).toEqual([1, 3, 5, 10]);
    expect(offeredLeverages('1,3,5,10,15,20', 'GOLD', 'commodities', esma)).toEqual([1, 3, 5, 10, 15, 20]);
  });

  it('professional without caps: the whole category list', () => {
    expect(offeredLeverages('1,2,5,10', 'BTCUSD', 'crypto', professional)).toEqual([1, 2, 5, 10]);
  });

  it('the default profile caps nothing (spec behaviour)', () => {
    expect(offeredLeverages(FOREX, 'USDZAR', 'forex', DEFAULT_TRADING_PROFILE)).toEqual([
      1, 3, 5, 10, 15, 20, 30,
    ]);
  });
});
