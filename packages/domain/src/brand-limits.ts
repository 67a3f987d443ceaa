/**
 * A brand's money limits — the four-eyes threshold on withdrawals and the staff money-request caps — are set in the
 * brand's currency (`brands.settings.currency`), while a client's live account may hold EUR, USD or GBP
 * (docs/accounts.md "Money limits in the brand's currency"). An account's amount is therefore compared in the brand's
 * currency: converted by `amountInBrandCurrency` at the brand's dealing rate, the rate a transfer from that account
 * to a brand-currency account would get. Amounts of the brand's own currency need no rate and compare as they are.
 * When there is no rate now (the pair's market closed, no price yet, a pair the feed does not quote) the rule takes
 * the safe side: a withdrawal needs a second approver, a money request is refused until there is a rate.
 */
import { needsFourEyes } from './backoffice-money.js';
import { addMoney, type Money, money } from './money.js';
import { type MoneyLimits, moneyLimitProblem, type RequestedToday } from './money-requests.js';
import { type FieldMessage, fieldMessage } from './validation.js';

/** Why a withdrawal does or does not need a second approver. */
export const FOUR_EYES_REASONS = ['above', 'within', 'noRate'] as const;
export type FourEyesReason = (typeof FOUR_EYES_REASONS)[number];

/** Four-eyes on one withdrawal, decided in the brand's currency. */
export interface FourEyesInBrand {
  /** Whether two different finance approvers pay it. */
  needed: boolean;
  /** 'above' / 'within' the threshold once converted; 'noRate': no rate to convert at, so two approvers (safe side). */
  reason: FourEyesReason;
}

/**
 * Whether a withdrawal needs a second approver: its size in the brand's currency (`inBrand`, from
 * `amountInBrandCurrency`; null when there is no rate now) above `threshold` (brand currency). Without a rate it
 * always does: the safe side.
 */
export function fourEyesInBrand(inBrand: Money | null, threshold: number): FourEyesInBrand {
  if (inBrand === null) return { needed: true, reason: 'noRate' };
  return needsFourEyes(inBrand, threshold)
    ? { needed: true, reason: 'above' }
    : { needed: false, reason: 'within' };
}

/**
 * The sizes requested today in the brand's currency, from each currency's total converted (null where that
 * currency has no rate now): the sum, or null when any part has no rate (the day cannot be counted).
 */
export function requestedTodayInBrand(
  parts: readonly { byMember: Money | null; forClient: Money | null }[],
): RequestedToday | null {
  let byMember = money(0);
  let forClient = money(0);
  for (const part of parts) {
    if (part.byMember === null || part.forClient === null) return null;
    byMember = addMoney(byMember, Math.abs(part.byMember));
    forClient = addMoney(forClient, Math.abs(part.forClient));
  }
  return { byMember, forClient };
}

/**
 * Why a staff money request is over a cap, compared in the brand's currency (`brandCurrency` names the amounts in
 * the message), or null when it fits. `inBrand` is the request's amount converted (null: no rate now) and `today`
 * the day's requests converted (null: some have no rate now); without a rate the request is refused with
 * 'staff.limitNoRate' rather than counted as if the currencies were the same.
 */
export function moneyLimitProblemInBrand(
  inBrand: Money | null,
  limits: MoneyLimits,
  today: RequestedToday | null,
  currencies: { account: string; brand: string },
): FieldMessage | null {
  if (inBrand === null || today === null)
    return fieldMessage('amount', 'staff.limitNoRate', {
      currency: currencies.account,
      brandCurrency: currencies.brand,
    });
  return moneyLimitProblem(inBrand, limits, today, currencies.brand);
}
