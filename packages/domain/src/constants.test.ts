import { describe, expect, it } from 'vitest';
import {
  AMOUNT_MIN,
  AMOUNT_STEP,
  BANNER_HEIGHTS,
  CHART_RANGE_MONTHS,
  CHART_TIMEZONE,
  CURRENCY,
  CURRENCY_SYMBOL,
  FALLBACK_LANGUAGE,
  FEATURE_DEFAULTS,
  FOREX_CROSS_RATE_CURRENCIES,
  GRID_COLUMNS,
  LANGUAGES,
  MAP_DEFAULT_ZOOM,
  MARKET_QUOTE_GROUPS,
  MENU_LANGUAGES,
  MIN_DEPOSIT_DEFAULT,
  PASSWORD_MIN_LENGTH,
  SLIPPAGE,
  UPLOAD_EXTENSIONS,
  UPLOAD_MAX_BYTES,
  UPLOAD_MIME_TYPES,
  WIDGET_HEIGHTS,
  WITHDRAWAL_AGREEMENT_TEXT,
} from './constants.js';

describe('spec §9 business constants', () => {
  it('trades and books in euro', () => {
    expect(CURRENCY).toBe('EUR');
    expect(CURRENCY_SYMBOL).toBe('€');
  });

  it('asks for a 250 minimum deposit, shows economics and keeps registration closed by default', () => {
    expect(MIN_DEPOSIT_DEFAULT).toBe(250);
    expect(FEATURE_DEFAULTS).toEqual({ economics: true, registrationEnabled: false, restrictedMode: false });
  });

  it('prices trades with 0.025 % slippage, amounts from 1 in steps of 0.01, passwords of 8+', () => {
    expect(SLIPPAGE).toBe(0.00025);
    expect(AMOUNT_MIN).toBe(1);
    expect(AMOUNT_STEP).toBe(0.01);
    expect(PASSWORD_MIN_LENGTH).toBe(8);
  });

  it('accepts jpg, jpeg and pdf uploads up to 2 MB', () => {
    expect(UPLOAD_MAX_BYTES).toBe(2_097_152);
    expect(UPLOAD_EXTENSIONS).toEqual(['jpg', 'jpeg', 'pdf']);
    expect(UPLOAD_MIME_TYPES).toContain('image/jpeg');
    expect(UPLOAD_MIME_TYPES).toContain('application/pdf');
  });

  it('sizes widgets, banners, maps and grids as the spec says', () => {
    expect(WIDGET_HEIGHTS).toEqual({ marketQuotes: 500, forexCrossRates: 400 });
    expect(BANNER_HEIGHTS).toEqual({ large: 400, small: 260 });
    expect(MAP_DEFAULT_ZOOM).toBe(13);
    expect(GRID_COLUMNS).toEqual({ min: 1, max: 5 });
  });

  it('offers en, de, it, es with en and de in the menu and en as fallback', () => {
    expect(LANGUAGES).toEqual(['en', 'de', 'it', 'es']);
    expect(MENU_LANGUAGES).toEqual(['en', 'de']);
    expect(FALLBACK_LANGUAGE).toBe('en');
  });

  it('charts 12 months in UTC', () => {
    expect(CHART_RANGE_MONTHS).toBe(12);
    expect(CHART_TIMEZONE).toBe('UTC');
  });

  it('tells the client a withdrawal may take about seven business days, as a sentence', () => {
    expect(WITHDRAWAL_AGREEMENT_TEXT).toMatch(/about seven business days/);
    expect(WITHDRAWAL_AGREEMENT_TEXT).toMatch(/^[A-Z].*\.$/);
  });

  it('lists the home widgets’ currencies and groups', () => {
    expect(FOREX_CROSS_RATE_CURRENCIES).toEqual(['EUR', 'USD', 'JPY', 'GBP', 'CHF', 'AUD', 'CAD', 'NZD']);
    expect(MARKET_QUOTE_GROUPS).toEqual(['Crypto', 'Forex', 'Stocks', 'Commodities']);
  });

  it('cannot be changed at run time', () => {
    expect(Object.isFrozen(FEATURE_DEFAULTS)).toBe(true);
    expect(Object.isFrozen(WIDGET_HEIGHTS)).toBe(true);
  });
});
