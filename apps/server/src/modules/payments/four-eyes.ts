import {
  type FourEyesInBrand,
  fourEyesInBrand,
  fourEyesThreshold,
  type Money,
  parseMoney,
} from '@openbroker/domain';
import type { Brand } from '../brands/brands.service.js';
import {
  accountAmountInBrandCurrency,
  type ConversionQuotes,
} from '../trading-accounts/amount-in-brand-currency.js';

/** Four-eyes on one withdrawal, with what it was decided on (the approver's context and the audit show it). */
export interface WithdrawalFourEyes extends FourEyesInBrand {
  /** The brand's threshold, in its currency. */
  threshold: number;
  brandCurrency: string;
  /** The withdrawal's amount (signed, as booked) in the brand's currency; null: no rate now. */
  inBrand: Money | null;
}

/**
 * Whether a withdrawal needs a second finance approver: its amount (the account's currency) converted into the
 * brand's at the brand's dealing rate and compared with the brand's threshold; without a rate, yes (the safe side;
 * domain `fourEyesInBrand`). The one rule the queue, the approval, the approver's context and the operator CLI's
 * confirm use.
 */
export async function withdrawalFourEyes(
  books: ConversionQuotes,
  brand: Pick<Brand, 'settings'> | undefined,
  row: { accountId: number; currency: string; amount: string },
): Promise<WithdrawalFourEyes> {
  const threshold = fourEyesThreshold(brand?.settings.backoffice);
  const brandCurrency = brand?.settings.currency ?? row.currency;
  const inBrand = await accountAmountInBrandCurrency(
    books,
    { id: row.accountId, currency: row.currency },
    parseMoney(row.amount),
    brandCurrency,
  );
  return { ...fourEyesInBrand(inBrand, threshold), threshold, brandCurrency, inBrand };
}
