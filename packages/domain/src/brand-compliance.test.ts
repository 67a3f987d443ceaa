import { describe, expect, it } from 'vitest';
import {
  changedHighRiskCountries,
  checkBrandCompliance,
  MAX_HIGH_RISK_COUNTRIES,
} from './brand-compliance.js';
import { DEFAULT_HIGH_RISK_COUNTRIES } from './risk-score.js';

const KNOWN = ['DE', 'FR', 'IR', 'KP', 'SY', 'AT'];
const valid = { documentGraceDays: 14, clientEntersDocumentDetails: false, highRiskCountries: ['IR', 'KP'] };
const pathsOf = (result: ReturnType<typeof checkBrandCompliance>) =>
  result.ok ? [] : result.errors.map((e) => `${e.path}:${e.key}`);

describe("a brand's document and risk settings (checkBrandCompliance)", () => {
  it('keeps valid settings, normalising the countries: trimmed, upper case, unique, sorted', () => {
    expect(checkBrandCompliance(valid, KNOWN)).toEqual({ ok: true, value: valid });
    const typed = { ...valid, highRiskCountries: [' sy', 'IR ', 'ir', 'Kp'] };
    expect(checkBrandCompliance(typed, KNOWN)).toEqual({
      ok: true,
      value: { ...valid, highRiskCountries: ['IR', 'KP', 'SY'] },
    });
  });

  it('null keeps the default list; an empty list counts no country as high risk', () => {
    const unset = checkBrandCompliance({ ...valid, highRiskCountries: null }, KNOWN);
    expect(unset).toEqual({ ok: true, value: { ...valid, highRiskCountries: null } });
    const none = checkBrandCompliance({ ...valid, highRiskCountries: [] }, KNOWN);
    expect(none).toEqual({ ok: true, value: { ...valid, highRiskCountries: [] } });
  });

  it('accepts a grace period from 0 to 365 days, whole days only', () => {
    for (const days of [0, 1, 365])
      expect(checkBrandCompliance({ ...valid, documentGraceDays: days }).ok).toBe(true);
    for (const days of [
      -1,
      366,
      1.5,
      Number.NaN,
      Number.POSITIVE_INFINITY,
      1e308,
      Number.MAX_SAFE_INTEGER + 2,
    ])
      expect(pathsOf(checkBrandCompliance({ ...valid, documentGraceDays: days })), String(days)).toEqual([
        'documentGraceDays:boCompliance.graceDays',
      ]);
  });

  it('refuses a country that is not two letters, naming its position, and never echoes it', () => {
    for (const code of [
      'D',
      'DEU',
      '12',
      'D1',
      '',
      'Ä1',
      'ÄÖ',
      'D\u0000',
      'DE\u0007',
      'D\nE',
      '\u202eDE',
      'DE\t',
    ])
      expect(
        pathsOf(checkBrandCompliance({ ...valid, highRiskCountries: ['IR', code] })),
        JSON.stringify(code),
      ).toEqual(['highRiskCountries:boCompliance.countryCode']);
    const result = checkBrandCompliance({ ...valid, highRiskCountries: ['IR', 'X\u0000'] });
    expect(result.ok || result.errors[0]?.params).toEqual({ position: 2 });
  });

  it('refuses a code that is not a country of the reference list, when the list is given', () => {
    const result = checkBrandCompliance({ ...valid, highRiskCountries: ['IR', 'XX'] }, KNOWN);
    expect(result).toEqual({
      ok: false,
      errors: [{ path: 'highRiskCountries', key: 'boCompliance.countryUnknown', params: { code: 'XX' } }],
    });
    expect(checkBrandCompliance({ ...valid, highRiskCountries: ['XX'] }).ok).toBe(true);
  });

  it('refuses a list longer than any country list, and reports every field at once', () => {
    const huge = Array.from({ length: MAX_HIGH_RISK_COUNTRIES + 1 }, () => 'DE');
    expect(
      pathsOf(checkBrandCompliance({ ...valid, documentGraceDays: -3, highRiskCountries: huge })),
    ).toEqual(['documentGraceDays:boCompliance.graceDays', 'highRiskCountries:boCompliance.countryCount']);
  });

  it('the default FATF list passes its own check', () => {
    const result = checkBrandCompliance({ ...valid, highRiskCountries: [...DEFAULT_HIGH_RISK_COUNTRIES] });
    expect(result.ok && result.value.highRiskCountries).toEqual([...DEFAULT_HIGH_RISK_COUNTRIES].sort());
  });

  it('names the countries whose clients are affected by a change of the list', () => {
    expect(changedHighRiskCountries(['IR', 'KP', 'SY'], ['DE', 'KP'])).toEqual(['DE', 'IR', 'SY']);
    expect(changedHighRiskCountries(['IR'], ['IR'])).toEqual([]);
  });
});
