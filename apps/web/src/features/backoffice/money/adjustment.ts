import { type AdjustmentKind, toDecimal, toMoneyString } from '@openbroker/domain';
import type { TranslationKey } from '../../../lib/i18n/keys.js';

/** How each adjustment moves the balance: in, out, or either way (a correction). */
export const ADJUSTMENT_DIRECTION: Readonly<Record<AdjustmentKind, 'in' | 'out' | 'signed'>> = {
  bonus: 'in',
  promotional_bonus: 'in',
  credit: 'in',
  correction: 'signed',
  wire_withdrawal: 'out',
  card_withdrawal: 'out',
};

export const KIND_HINT: Record<AdjustmentKind, TranslationKey> = {
  bonus: 'bom.adjust.hint.bonus',
  promotional_bonus: 'bom.adjust.hint.promotional_bonus',
  credit: 'bom.adjust.hint.credit',
  correction: 'bom.adjust.hint.correction',
  wire_withdrawal: 'bom.adjust.hint.wire_withdrawal',
  card_withdrawal: 'bom.adjust.hint.card_withdrawal',
};

const AMOUNT_TEXT = /^\d+(\.\d{1,2})?$/;

/**
 * Reads the typed amount as an exact two-decimal string ("1,5" → "1.50"), or the key of what is wrong
 * with it. The sign comes from the kind (and the correction's direction), never from the input.
 */
export function parseAdjustmentAmount(raw: string): { amount: string } | { error: TranslationKey } {
  const text = raw.trim().replace(/\s/g, '');
  if (!text) return { error: 'bom.adjust.error.amountRequired' };
  // a decimal comma (German keyboards) when there is no point
  const normalised = text.includes('.') ? text : text.replace(',', '.');
  if (!AMOUNT_TEXT.test(normalised)) return { error: 'bom.adjust.error.amountFormat' };
  if (toDecimal(normalised).lte(0)) return { error: 'bom.adjust.error.amountPositive' };
  return { amount: toMoneyString(normalised) };
}

export interface Pending {
  kind: AdjustmentKind;
  /** Signed, exact: what the balance changes by once approved. */
  signed: string;
  reason: string;
}

/**
 * What the server is sent for an adjustment: a correction carries its sign; bonus, credit and withdrawals are
 * entered positive (the server books a withdrawal negative).
 */
export const requestedAmount = (pending: Pending): string =>
  ADJUSTMENT_DIRECTION[pending.kind] === 'signed' ? pending.signed : pending.signed.replace(/^-/, '');
