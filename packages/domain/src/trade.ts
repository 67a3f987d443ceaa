/** New-trade rules: leverage options, account permissions and the amount checks (spec §5, §6). */
import { AMOUNT_MIN, AMOUNT_STEP } from './constants.js';
import type { Message } from './messages.js';
import { formatMoney, isWholeCents, parseNumberInput } from './money.js';
import { titleFor } from './titles.js';
import { type FieldMessage, FORM_PATH, fieldMessage, type ValidationResult } from './validation.js';

/** One entry of the leverage dropdown; `index` is its 0-based position in the category's list. */
export interface LeverageOption {
  value: number;
  index: number;
  disabled: boolean;
}

/**
 * A user's custom_leverage (spec §3): category name → allowed 0-based indexes into that category's leverage
 * list. Keys are normalised to trimmed lower case, so 'Forex' and 'forex' are the same category.
 */
export type CustomLeverage = Record<string, number[]>;

/** The user fields trading depends on, as the auth response carries them (spec §3). */
export interface TradeUser {
  verified_account: boolean | number | string | null | undefined;
  assets_group_permission: readonly (number | string)[] | string | null | undefined;
  custom_leverage: string | object | null | undefined;
}

/** The asset fields trading depends on (spec §3 Asset). */
export interface TradeAsset {
  asset_category_id: number;
  position_assets_category: { name: string; leverage: string };
}

/** Parses a category's leverage list '1,3,5,10,15,20,30' into values with their original indexes; bad entries are skipped. */
export function parseLeverageList(csv: string | null | undefined): { value: number; index: number }[] {
  return (csv ?? '').split(',').flatMap((part, index) => {
    const value = parseNumberInput(part);
    return value !== null && Number.isFinite(value) && value > 0 ? [{ value, index }] : [];
  });
}

function toIndexes(raw: unknown): number[] {
  const items = typeof raw === 'string' ? raw.split(',') : Array.isArray(raw) ? raw : [raw];
  return items.flatMap((item) => {
    const n = parseNumberInput(item);
    return n !== null && Number.isInteger(n) && n >= 0 ? [n] : [];
  });
}

/**
 * Parses custom_leverage from a JSON string or an object: `{"Forex":[0,1,2],"crypto":"0,1"}` → `{forex:[0,1,2],
 * crypto:[0,1]}`. null, '' and malformed JSON give `{}`, which allows every leverage.
 */
export function parseCustomLeverage(raw: string | object | null | undefined): CustomLeverage {
  let value: unknown = raw;
  if (typeof raw === 'string') {
    if (raw.trim() === '') return {};
    try {
      value = JSON.parse(raw);
    } catch {
      return {};
    }
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return {};
  const result: CustomLeverage = {};
  for (const [name, indexes] of Object.entries(value)) {
    if (indexes === null || indexes === undefined) continue;
    result[name.trim().toLowerCase()] = toIndexes(indexes);
  }
  return result;
}

/**
 * Allowed leverage indexes of a category for a user, or null when custom_leverage has no entry for the
 * category — which means every leverage of the category is allowed. An empty list allows none.
 */
export function allowedLeverageIndexes(
  customLeverage: string | object | null | undefined,
  categoryName: string,
): number[] | null {
  const map = parseCustomLeverage(customLeverage);
  const key = categoryName.trim().toLowerCase();
  return Object.hasOwn(map, key) ? (map[key] ?? []) : null;
}

/**
 * Leverage dropdown options from a category's list; an option is disabled when its index is not among
 * `allowedIndexes`. Omitted or null `allowedIndexes` (no custom_leverage entry) enables all (spec §5).
 */
export function leverageOptions(
  categoryLeverageCsv: string | null | undefined,
  allowedIndexes?: readonly number[] | null,
): LeverageOption[] {
  return parseLeverageList(categoryLeverageCsv).map(({ value, index }) => ({
    value,
    index,
    disabled: allowedIndexes != null && !allowedIndexes.includes(index),
  }));
}

/** Leverage options of an asset for a user (custom_leverage looked up by the asset's category name). */
export function leverageOptionsFor(
  asset: TradeAsset,
  user: Pick<TradeUser, 'custom_leverage'>,
): LeverageOption[] {
  const category = asset.position_assets_category;
  return leverageOptions(category.leverage, allowedLeverageIndexes(user.custom_leverage, category.name));
}

/** Parses assets_group_permission (a list, a JSON list or a CSV of category ids) into ids. */
export function parseAssetsGroupPermission(raw: TradeUser['assets_group_permission']): number[] {
  if (raw === null || raw === undefined) return [];
  let value: unknown = raw;
  if (typeof raw === 'string' && raw.trim().startsWith('[')) {
    try {
      value = JSON.parse(raw);
    } catch {
      return [];
    }
  }
  return toIndexes(value);
}

/** Whether verified_account means verified (true, 1 or '1'). */
export function isVerified(flag: TradeUser['verified_account']): boolean {
  return flag === true || flag === 1 || flag === '1' || flag === 'true';
}

/** Whether a user may trade assets of a category (spec §6: category id in assets_group_permission). */
export function hasCategoryAccess(
  user: Pick<TradeUser, 'assets_group_permission'>,
  categoryId: number,
): boolean {
  return parseAssetsGroupPermission(user.assets_group_permission).includes(categoryId);
}

/**
 * Why the trade panel cannot trade at all, or null: not verified, no access to the asset's category,
 * or no price (spec §6, §8), checked in that order.
 */
export function tradeBlock(input: {
  user: TradeUser;
  asset: TradeAsset;
  priceAvailable: boolean;
}): Message | null {
  // spec §6: Trading is allowed only if the user is verified and the asset's category id is in assets_group_permission
  if (!isVerified(input.user.verified_account)) return { key: 'account.notVerified' };
  if (!hasCategoryAccess(input.user, input.asset.asset_category_id)) return { key: 'account.noAccess' };
  // spec §8: trade panel shows 'temporarily unavailable' when there is no price
  if (!input.priceAvailable) return { key: 'trade.temporarilyUnavailable' };
  return null;
}

/** Input of `validateNewTrade`; amount and leverage as the form or the socket sends them. */
export interface NewTradeCheck {
  amount: number | string | null | undefined;
  leverage: number | string | null | undefined;
  freeMargin: number;
  user: TradeUser;
  asset: TradeAsset;
  priceAvailable: boolean;
}

/** Checks one amount value against spec §5's new-trade rules; null when fine. */
export function checkTradeAmount(raw: NewTradeCheck['amount'], freeMarginValue: number): Message | null {
  const title = titleFor('amount');
  const amount = parseNumberInput(raw);
  // spec §5: amount required, min 1, max free margin, step 0.01
  if (amount === null) return { key: 'field.required', params: { title } };
  if (Number.isNaN(amount)) return { key: 'field.invalid', params: { title } };
  if (amount < AMOUNT_MIN) return { key: 'field.min', params: { title, min: AMOUNT_MIN } };
  if (!isWholeCents(amount)) return { key: 'field.step', params: { title, step: AMOUNT_STEP } };
  if (amount > freeMarginValue)
    return { key: 'field.max', params: { title, max: formatMoney(freeMarginValue) } };
  return null;
}

/**
 * Validates a new trade (spec §5, §6). A blocked account or missing price gives one form-level message
 * (path ''); otherwise amount and leverage are checked and, when valid, returned as numbers.
 */
export function validateNewTrade(
  input: NewTradeCheck,
): ValidationResult<{ amount: number; leverage: number }> {
  const block = tradeBlock(input);
  if (block) return { ok: false, errors: [{ path: FORM_PATH, ...block }] };

  const errors: FieldMessage[] = [];
  const amountError = checkTradeAmount(input.amount, input.freeMargin);
  if (amountError) errors.push({ path: 'amount', ...amountError });

  // spec §5: leverage choice required; options are disabled if not among the user's allowed indexes
  const leverage = parseNumberInput(input.leverage);
  if (leverage === null || leverage === 0) {
    errors.push(fieldMessage('leverage', 'field.required', { title: titleFor('leverage') }));
  } else {
    const option = leverageOptionsFor(input.asset, input.user).find((o) => o.value === leverage);
    if (!option || option.disabled) errors.push(fieldMessage('leverage', 'trade.leverageNotAllowed'));
  }

  if (errors.length > 0) return { ok: false, errors };
  return { ok: true, value: { amount: Number(parseNumberInput(input.amount)), leverage: Number(leverage) } };
}
