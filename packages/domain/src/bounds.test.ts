import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checkPriceBounds,
  decimalPlaces,
  hasForbiddenCharacters,
  PRICE_MAX,
  withoutForbiddenCharacters,
} from './bounds.js';

describe('forbidden characters', () => {
  it('refuses C0 controls, DEL and lone surrogates; a multiline text keeps tab, LF and CR', () => {
    for (const bad of ['\u0000', 'a\u0001', '\u001b[31m', 'x\u007f', '\ud800', 'a\udc00b', '\ud83d']) {
      expect(hasForbiddenCharacters(bad), JSON.stringify(bad)).toBe(true);
    }
    expect(hasForbiddenCharacters('a\tb')).toBe(true);
    expect(hasForbiddenCharacters('a\tb\r\nc', { multiline: true })).toBe(false);
    expect(hasForbiddenCharacters('a\u0000b', { multiline: true })).toBe(true);
  });

  it('accepts any other text, including accents, CJK and emoji (surrogate pairs)', () => {
    expect(hasForbiddenCharacters('Zoë Ångström 山田 😀 €')).toBe(false);
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (s) => {
        const clean = withoutForbiddenCharacters(s);
        expect(hasForbiddenCharacters(clean)).toBe(false);
        if (!hasForbiddenCharacters(s)) expect(clean).toBe(s);
      }),
    );
  });

  it('strips what it refuses', () => {
    expect(withoutForbiddenCharacters('pa\u0000ss\ud800port.jpg')).toBe('passport.jpg');
  });
});

describe('price bounds', () => {
  it('counts decimals of the shortest form', () => {
    expect(decimalPlaces(1.25)).toBe(2);
    expect(decimalPlaces(1e-7)).toBe(7);
    expect(decimalPlaces(3)).toBe(0);
    expect(decimalPlaces(1e-300)).toBe(300);
  });

  it('refuses non-finite, zero, negative and too large prices, and too many decimals when asked', () => {
    expect(checkPriceBounds(Number.POSITIVE_INFINITY, 'Price')?.key).toBe('field.invalid');
    expect(checkPriceBounds(0, 'Price')?.key).toBe('field.invalid');
    expect(checkPriceBounds(-1, 'Price')?.key).toBe('field.invalid');
    expect(checkPriceBounds(PRICE_MAX * 10, 'Price')).toEqual({
      key: 'field.max',
      params: { title: 'Price', max: PRICE_MAX },
    });
    expect(checkPriceBounds(1.123456789012, 'Price')).toBeNull();
    expect(checkPriceBounds(1.123456789012, 'Stop loss', { maxDecimals: 10 })?.key).toBe('field.maxDecimals');
  });
});
