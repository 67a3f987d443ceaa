import { describe, expect, it } from 'vitest';
import { overviewFixture, settingsFixture } from './autoTradingFixtures.js';
import {
  errorsByField,
  fieldOf,
  formFromOverview,
  leverageChoices,
  settingsFromForm,
  settingsKey,
  validateForm,
  withStrategy,
} from './settingsForm.js';

describe('the auto-trading settings form', () => {
  it('round-trips the saved settings', () => {
    const overview = overviewFixture();
    expect(settingsFromForm(formFromOverview(overview))).toEqual(overview.settings);
    expect(validateForm(formFromOverview(overview), overview)).toEqual({
      settings: overview.settings,
      errors: {},
    });
  });

  it('starts without saved settings from the first offered strategy’s defaults and no instrument', () => {
    const overview = overviewFixture({ settings: null, offers: overviewFixture().offers.slice(1) });
    const form = formFromOverview(overview);
    expect(form.strategy).toBe('meanReversion');
    expect(form.params).toMatchObject({ rsiPeriod: '14', oversold: '30', overbought: '70', exitLevel: '50' });
    expect(form.symbols).toEqual([]);
    // 1:10, the highest allowed leverage not above ten
    expect(form.maxLeverage).toBe('10');
    expect(validateForm(form, overview).errors['limits.symbols']).toEqual({
      key: 'auto.settings.symbolsRequired',
    });
  });

  it('a new strategy brings its own defaults and keeps an offered timeframe', () => {
    const overview = overviewFixture();
    const form = { ...formFromOverview(overview), timeframe: '4h' as const };
    const next = withStrategy(form, 'meanReversion', overview.offers);
    expect(next.timeframe).toBe('4h');
    expect(Object.keys(next.params)).toEqual([
      'rsiPeriod',
      'oversold',
      'overbought',
      'exitLevel',
      'atrPeriod',
      'stopAtr',
      'takeProfitAtr',
    ]);
  });

  it('offers the leverages of the chosen instruments up to the brand’s cap', () => {
    const overview = overviewFixture({ maxLeverage: 15 });
    expect(leverageChoices(overview, ['BTCUSD'])).toEqual([1, 2]);
    expect(leverageChoices(overview, ['EURUSD', 'BTCUSD'])).toEqual([1, 2, 3, 5, 10, 15]);
    expect(leverageChoices(overview, [])).toEqual([1, 2, 3, 5, 10, 15]);
  });

  it('reads a decimal comma and tells an empty field from a wrong one', () => {
    const overview = overviewFixture();
    const form = formFromOverview(overview);
    const comma = validateForm({ ...form, params: { ...form.params, stopAtr: '2,5' } }, overview);
    expect(comma.settings?.params).toMatchObject({ stopAtr: 2.5 });
    const empty = validateForm({ ...form, amountValue: '' }, overview);
    expect(empty.errors['limits.amount.value']).toEqual({ key: 'auto.settings.required' });
  });

  it('puts the server’s messages at their fields', () => {
    expect(fieldOf(['settings', 'limits', 'symbols', 2], 'trend')).toBe('limits.symbols');
    expect(fieldOf('limits.amount.mode', 'trend')).toBe('limits.amount.value');
    expect(fieldOf('settings.params.fastPeriod', 'trend')).toBe('params.fastPeriod');
    expect(fieldOf('params.rsiPeriod', 'trend')).toBe('');
    expect(fieldOf('', 'trend')).toBe('');
    expect(
      errorsByField(
        [
          { path: 'limits.symbols.0', key: 'auto.settings.symbolNotAllowed', params: { symbol: 'X' } },
          { path: 'limits.symbols.1', key: 'auto.settings.symbolInvalid' },
        ],
        'trend',
      ),
    ).toEqual({ 'limits.symbols': { key: 'auto.settings.symbolNotAllowed', params: { symbol: 'X' } } });
  });

  it('keys equal settings equally, whatever the order of fields and instruments', () => {
    const a = settingsFixture();
    const b = {
      limits: { ...a.limits, symbols: [...a.limits.symbols].reverse() },
      params: { ...a.params, takeProfitAtr: a.params.takeProfitAtr },
    };
    expect(settingsKey(b)).toBe(settingsKey(a));
    expect(settingsKey(settingsFixture({ maxPositions: 4 }))).not.toBe(settingsKey(a));
  });
});
