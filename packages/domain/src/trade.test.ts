import { describe, expect, it } from 'vitest';
import { formatMessage } from './messages.js';
import {
  allowedLeverageIndexes,
  checkTradeAmount,
  hasCategoryAccess,
  isVerified,
  leverageOptions,
  leverageOptionsFor,
  parseAssetsGroupPermission,
  parseCustomLeverage,
  parseLeverageList,
  type TradeAsset,
  type TradeUser,
  tradeBlock,
  validateNewTrade,
} from './trade.js';

const CSV = '1,3,5,10,15,20,30';
const crypto: TradeAsset = {
  asset_category_id: 3,
  position_assets_category: { name: 'crypto', leverage: CSV },
};
const trader: TradeUser = {
  verified_account: 1,
  assets_group_permission: [1, 3],
  custom_leverage: '{"crypto":[0,1,2]}',
};
const base = {
  amount: 100,
  leverage: 3,
  freeMargin: 1000,
  user: trader,
  asset: crypto,
  priceAvailable: true,
};
const texts = (result: ReturnType<typeof validateNewTrade>) =>
  result.ok ? [] : result.errors.map((e) => [e.path, formatMessage(e)]);

describe('spec §5 leverage options', () => {
  it('come from the category list, all enabled when custom_leverage has no entry for the category', () => {
    expect(leverageOptions(CSV).map((o) => [o.value, o.index, o.disabled])).toEqual([
      [1, 0, false],
      [3, 1, false],
      [5, 2, false],
      [10, 3, false],
      [15, 4, false],
      [20, 5, false],
      [30, 6, false],
    ]);
    expect(leverageOptions(CSV, null).every((o) => !o.disabled)).toBe(true);
  });

  it("are disabled when their index is not among the user's allowed indexes", () => {
    const options = leverageOptions(CSV, [0, 2]);
    expect(options.filter((o) => !o.disabled).map((o) => o.value)).toEqual([1, 5]);
  });

  it('are all disabled when the category entry is an empty list', () => {
    expect(leverageOptions(CSV, []).every((o) => o.disabled)).toBe(true);
  });

  it('keep their original index when the list has a broken entry', () => {
    expect(parseLeverageList('1, x ,5')).toEqual([
      { value: 1, index: 0 },
      { value: 5, index: 2 },
    ]);
    expect(parseLeverageList('')).toEqual([]);
    expect(parseLeverageList(null)).toEqual([]);
  });

  it("look the user's custom_leverage up by the asset's category name, ignoring case", () => {
    const user = { custom_leverage: { Crypto: [0, 1, 2] } };
    expect(
      leverageOptionsFor(crypto, user)
        .filter((o) => !o.disabled)
        .map((o) => o.value),
    ).toEqual([1, 3, 5]);
    const forex: TradeAsset = {
      asset_category_id: 1,
      position_assets_category: { name: 'forex', leverage: CSV },
    };
    expect(leverageOptionsFor(forex, user).every((o) => !o.disabled)).toBe(true);
  });
});

describe('custom_leverage and permissions parsing', () => {
  it('reads custom_leverage from JSON or an object, with string or CSV indexes', () => {
    expect(parseCustomLeverage('{"Forex":[0,"1"],"crypto":"0,2","stocks":null}')).toEqual({
      forex: [0, 1],
      crypto: [0, 2],
    });
    expect(parseCustomLeverage({ index: [3] })).toEqual({ index: [3] });
  });

  it('treats empty or malformed custom_leverage as no restriction', () => {
    for (const raw of [null, undefined, '', 'not json', '[1,2]', '42'])
      expect(parseCustomLeverage(raw)).toEqual({});
    expect(allowedLeverageIndexes('oops', 'crypto')).toBeNull();
  });

  it('tells an allowed list apart from no entry', () => {
    expect(allowedLeverageIndexes('{"crypto":[]}', 'crypto')).toEqual([]);
    expect(allowedLeverageIndexes('{"crypto":[1]}', 'forex')).toBeNull();
  });

  it('reads assets_group_permission from a list, a JSON list or a CSV', () => {
    expect(parseAssetsGroupPermission([1, '3'])).toEqual([1, 3]);
    expect(parseAssetsGroupPermission('[2,4]')).toEqual([2, 4]);
    expect(parseAssetsGroupPermission('1,5')).toEqual([1, 5]);
    expect(parseAssetsGroupPermission(null)).toEqual([]);
    expect(parseAssetsGroupPermission('[broken')).toEqual([]);
    expect(hasCategoryAccess({ assets_group_permission: '1,3' }, 3)).toBe(true);
    expect(hasCategoryAccess({ assets_group_permission: '1,3' }, 2)).toBe(false);
  });

  it('reads verified_account as true, 1 or "1"', () => {
    expect([true, 1, '1', 'true'].map(isVerified)).toEqual([true, true, true, true]);
    expect([false, 0, '0', null, undefined, ''].map(isVerified)).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
  });
});

describe('spec §6 who may trade', () => {
  it('an unverified account sees The account is not verified', () => {
    const block = tradeBlock({ ...base, user: { ...trader, verified_account: 0 } });
    expect(block && formatMessage(block)).toBe('The account is not verified');
  });

  it("an account without the asset's group sees You have no access", () => {
    const block = tradeBlock({ ...base, user: { ...trader, assets_group_permission: [1] } });
    expect(block && formatMessage(block)).toBe('You have no access');
  });

  it('an asset without a price shows Temporarily unavailable', () => {
    const block = tradeBlock({ ...base, priceAvailable: false });
    expect(block && formatMessage(block)).toBe('Temporarily unavailable');
  });

  it('a verified, permitted account with a price is not blocked', () => {
    expect(tradeBlock(base)).toBeNull();
  });
});

describe('spec §5 new trade', () => {
  it('accepts an amount within free margin and an allowed leverage', () => {
    expect(validateNewTrade({ ...base, amount: '1000.00', leverage: '5' })).toEqual({
      ok: true,
      value: { amount: 1000, leverage: 5 },
    });
  });

  it('reports only the block when the account cannot trade', () => {
    expect(
      texts(validateNewTrade({ ...base, amount: '', user: { ...trader, verified_account: false } })),
    ).toEqual([['', 'The account is not verified']]);
  });

  it('requires an amount and a leverage', () => {
    expect(texts(validateNewTrade({ ...base, amount: '', leverage: null }))).toEqual([
      ['amount', 'Amount is required'],
      ['leverage', 'Leverage is required'],
    ]);
  });

  it('refuses an amount under 1, in fractions of a cent, or above free margin', () => {
    expect(texts(validateNewTrade({ ...base, amount: 0.99 }))).toEqual([
      ['amount', 'Amount must be at least 1'],
    ]);
    expect(texts(validateNewTrade({ ...base, amount: 10.005 }))).toEqual([
      ['amount', 'Amount must be a multiple of 0.01'],
    ]);
    expect(texts(validateNewTrade({ ...base, amount: 1000.01 }))).toEqual([
      ['amount', 'Amount can be at most € 1000.00'],
    ]);
    expect(texts(validateNewTrade({ ...base, amount: 'lots' }))).toEqual([['amount', 'Amount is not valid']]);
  });

  it('allows an amount equal to the free margin', () => {
    expect(validateNewTrade({ ...base, amount: 1000 }).ok).toBe(true);
    expect(checkTradeAmount(1, 1)).toBeNull();
  });

  it('refuses a leverage that is disabled for the user or not offered for the category', () => {
    expect(texts(validateNewTrade({ ...base, leverage: 30 }))).toEqual([
      ['leverage', 'This leverage is not available for your account'],
    ]);
    expect(texts(validateNewTrade({ ...base, leverage: 2 }))).toEqual([
      ['leverage', 'This leverage is not available for your account'],
    ]);
  });
});
