import { BRAND_CURRENCIES, type BrandCurrency } from '@openbroker/domain';
import { describe, expect, it } from 'vitest';
import { currencySymbolOf } from './currentAccount.js';

describe("an account currency's symbol", () => {
  it('is the one the brand settings write for each currency a brand may use', () => {
    for (const [code, symbol] of Object.entries(BRAND_CURRENCIES))
      expect(currencySymbolOf(code as BrandCurrency), code).toBe(symbol);
  });
});
