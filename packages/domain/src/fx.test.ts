import { describe, expect, it } from 'vitest';
import { formatMoneyIn } from './format.js';
import { conversionOf, convertTotal, type FxRate, fxPairSymbols, midRate } from './fx.js';

const eurusd: FxRate = {
  pair: 'EURUSD',
  base: 'EUR',
  quote: 'USD',
  mid: midRate(1.0854, 1.0856),
  at: '2025-01-03T21:59:00.000Z',
  live: false,
};

describe('reporting conversion', () => {
  it('takes the exact mid of the feed price', () => {
    expect(midRate(1.0854, 1.0856)).toBe('1.0855');
    expect(midRate('0.1', '0.2')).toBe('0.15');
  });

  it('multiplies base into quote and divides quote into base at the same mid', () => {
    expect(conversionOf('EUR', 'USD', [eurusd])).toMatchObject({ rate: eurusd, inverse: false });
    expect(conversionOf('USD', 'EUR', [eurusd])).toMatchObject({ rate: eurusd, inverse: true });
    expect(conversionOf('EUR', 'EUR', [])).toMatchObject({ rate: null });
  });

  it('adds €1,000 and $5,000 only after converting, and names the rate used', () => {
    const inUsd = convertTotal(
      [
        { currency: 'EUR', amount: '1000.00' },
        { currency: 'USD', amount: '5000.00' },
      ],
      'USD',
      [eurusd],
    );
    // 1000 × 1.0855 + 5000
    expect(inUsd).toEqual({ ok: true, currency: 'USD', amount: 6085.5, conversions: [expect.anything()] });
    const inEur = convertTotal(
      [
        { currency: 'EUR', amount: '1000.00' },
        { currency: 'USD', amount: '5000.00' },
      ],
      'EUR',
      [eurusd],
    );
    // 1000 + 5000 ÷ 1.0855 = 1000 + 4606.172270... → 5606.17
    expect(inEur).toMatchObject({ ok: true, amount: 5606.17 });
    if (inEur.ok) expect(inEur.conversions[0]).toMatchObject({ from: 'USD', to: 'EUR', inverse: true });
  });

  it('gives no total rather than guessing when a pair has no price', () => {
    expect(convertTotal([{ currency: 'USD', amount: 10 }], 'GBP', [eurusd])).toEqual({
      ok: false,
      currency: 'GBP',
      missing: ['USD'],
    });
    expect(convertTotal([], 'GBP', [])).toMatchObject({ ok: true, amount: 0 });
  });

  it('lists the quoted pairs of the account currencies once each', () => {
    const feed = new Set(['EURUSD', 'GBPUSD', 'EURGBP', 'USDCHF', 'EURCHF', 'GBPCHF', 'USDJPY']);
    expect(fxPairSymbols((s) => feed.has(s))).toEqual([
      'EURUSD',
      'EURGBP',
      'EURCHF',
      'GBPUSD',
      'USDCHF',
      'GBPCHF',
    ]);
  });
});

describe('money with its currency', () => {
  it('writes the currency the language puts it, grouped, two decimals, exactly', () => {
    expect(formatMoneyIn('1000', 'EUR', 'en')).toBe('€1,000.00');
    expect(formatMoneyIn('5000.5', 'USD', 'de')).toBe('5.000,50\u00a0$');
    expect(formatMoneyIn('-20.00', 'GBP', 'en')).toBe('\u2212£20.00');
    expect(formatMoneyIn('12345678901234567.15', 'EUR', 'en')).toBe('€12,345,678,901,234,567.15');
    expect(formatMoneyIn(12.5, 'CHF', 'en')).toBe('CHF\u00a012.50');
    expect(formatMoneyIn(3, 'USD', 'en', { signed: true })).toBe('+$3.00');
    expect(formatMoneyIn('-0.00', 'USD', 'en', { signed: true })).toBe('$0.00');
    expect(formatMoneyIn(null, 'EUR', 'en')).toBe('—');
    expect(formatMoneyIn('abc', 'EUR', 'en')).toBe('—');
  });
});
