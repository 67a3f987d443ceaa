/**
 * Opening trading accounts and moving money between a client's own live accounts (docs/accounts.md
 * "Opening accounts, transfers and demo"). A transfer converts at the brand's DEALING rate of the currency pair —
 * the brand quote the client would deal at (`brandQuote`, the one function the engine trades at): the client sells
 * the source currency, so a source that is the pair's base is sold at the quote's sell price (bid) and a source
 * that is the pair's quote currency buys the base at its buy price (ask). The credited amount is computed exactly
 * and rounded once, to cents, DOWN: a transfer there and back never ends with more money than it started with.
 */
import { Decimal } from 'decimal.js';
import { BRAND_CURRENCIES } from './brand-admin.js';
import type { BrandQuote } from './brand-quote.js';
import { fxPairSymbol } from './fx.js';
import { Dec, formatMoney, type Money, money, toDecimal, toMoneyString } from './money.js';
import { type FieldMessage, FORM_PATH, fieldMessage } from './validation.js';

/** At most this many live accounts per client (every currency together). */
export const MAX_LIVE_ACCOUNTS = 5;
/** At most this many demo accounts per client. */
export const MAX_DEMO_ACCOUNTS = 3;
/** The largest amount one transfer may move (a typo guard; free margin is the real limit). */
export const MAX_TRANSFER_AMOUNT = '100000000.00';
/** Decimals of the rate shown for a pair quoted the other way round (1 ÷ the buy price). */
export const SHOWN_RATE_DECIMALS = 8;

/**
 * Whether the client may open another account of `kind` in `currency` (live and demo: one of the brand's
 * `liveCurrencies`); the refusal otherwise.
 */
export function openAccountError(
  kind: 'live' | 'demo',
  currency: string,
  held: { live: number; demo: number },
  liveCurrencies: readonly string[],
): FieldMessage | null {
  if (kind === 'live') {
    if (!liveCurrencies.includes(currency))
      return fieldMessage('currency', 'accounts.currencyNotOffered', { currency });
    if (held.live >= MAX_LIVE_ACCOUNTS)
      return fieldMessage(FORM_PATH, 'accounts.tooManyLive', { max: MAX_LIVE_ACCOUNTS });
    return null;
  }
  // a demo account holds virtual money in one of the currencies the brand offers accounts in
  if (!liveCurrencies.includes(currency))
    return fieldMessage('currency', 'accounts.demoCurrencyNotOffered', { currency });
  if (held.demo >= MAX_DEMO_ACCOUNTS)
    return fieldMessage(FORM_PATH, 'accounts.tooManyDemo', { max: MAX_DEMO_ACCOUNTS });
  return null;
}

const AMOUNT_TEXT = /^\d{1,12}(\.\d{1,12})?$/;

/**
 * A transfer's amount from the client's text: a plain positive decimal of at most two decimals, at most
 * MAX_TRANSFER_AMOUNT. The refusal otherwise (path 'amount').
 */
export function parseTransferAmount(
  text: string,
): { ok: true; amount: Money } | { ok: false; error: FieldMessage } {
  const trimmed = text.trim();
  if (!AMOUNT_TEXT.test(trimmed))
    return { ok: false, error: fieldMessage('amount', 'transfers.amountInvalid') };
  const value = new Dec(trimmed);
  if (value.decimalPlaces() > 2)
    return { ok: false, error: fieldMessage('amount', 'transfers.amountDecimals') };
  if (!value.greaterThan(0)) return { ok: false, error: fieldMessage('amount', 'transfers.amountPositive') };
  if (value.greaterThan(MAX_TRANSFER_AMOUNT))
    return {
      ok: false,
      error: fieldMessage('amount', 'transfers.amountHuge', { max: toMoneyString(MAX_TRANSFER_AMOUNT) }),
    };
  return { ok: true, amount: money(value) };
}

/** The pair a transfer converts through, and whether the source currency is its base (sold at the bid). */
export interface TransferPair {
  /** The feed symbol ('EURUSD'). */
  pair: string;
  /** True when the source currency is the pair's base: it is sold at the sell price; else the base is bought. */
  sellsBase: boolean;
}

/**
 * The pair between two currencies as the feed quotes it (either way round); null for the same currency, undefined
 * when the feed quotes no such pair (the transfer is refused).
 */
export function transferPairOf(
  from: string,
  to: string,
  known: (symbol: string) => boolean,
): TransferPair | null | undefined {
  if (from === to) return null;
  const pair = fxPairSymbol(from, to, known);
  if (pair === undefined) return undefined;
  return { pair, sellsBase: pair.startsWith(from) };
}

/** A transfer's figures as the contract shows them (TransferFigures without the account ids). */
export interface TransferAmounts {
  debit: { amount: string; currency: string };
  credit: { amount: string; currency: string };
  rate: string;
  pair: string | null;
}

/**
 * What a transfer of `amount` (source currency) credits, at the brand quote of its pair: source = base → amount ×
 * sell; source = quote currency → amount ÷ buy; the same currency → the amount. Exact, rounded once to cents
 * toward zero. `rate` is 1 unit of the source in the target currency: the sell price, or 1 ÷ buy to 8 decimals
 * (shown; the credit is computed from the buy price itself). Null when the quote has no usable price.
 */
export function transferAmounts(
  amount: Money,
  from: string,
  to: string,
  pair: TransferPair | null,
  quote: BrandQuote | null,
): TransferAmounts | null {
  const debit = { amount: toMoneyString(amount), currency: from };
  if (pair === null) return { debit, credit: { amount: debit.amount, currency: to }, rate: '1', pair: null };
  if (quote === null) return null;
  const value = toDecimal(amount);
  let credit: Decimal;
  let rate: string;
  if (pair.sellsBase) {
    const sell = toDecimal(quote.sell);
    if (!sell.greaterThan(0)) return null;
    credit = value.times(sell);
    rate = sell.toString();
  } else {
    const buy = toDecimal(quote.buy);
    if (!buy.greaterThan(0)) return null;
    credit = value.dividedBy(buy);
    rate = new Dec(1).dividedBy(buy).toDecimalPlaces(SHOWN_RATE_DECIMALS, Decimal.ROUND_HALF_UP).toString();
  }
  const credited = credit.toDecimalPlaces(2, Decimal.ROUND_DOWN);
  return { debit, credit: { amount: toMoneyString(credited), currency: to }, rate, pair: pair.pair };
}

/**
 * The free-margin rule of a transfer's source (as a withdrawal's): nothing to move without positive free margin;
 * the amount at most the free margin.
 */
export function transferLimitError(
  amount: Money,
  freeMargin: number,
  /** The source account's currency ('EUR'): the maximum is shown with its symbol. */
  currency: string,
): FieldMessage | null {
  if (!(freeMargin > 0)) return fieldMessage(FORM_PATH, 'transfers.noFreeMargin');
  if (amount > freeMargin)
    return fieldMessage('amount', 'transfers.aboveFreeMargin', {
      max: formatMoney(freeMargin, currencySymbolOf(currency)),
    });
  return null;
}

/** The symbol a currency's amounts are shown with ('€'); the code itself for one without. */
export function currencySymbolOf(currency: string): string {
  return (BRAND_CURRENCIES as Record<string, string>)[currency] ?? currency;
}

/** A credit of 0.00 (a cent converted into less than a cent) moves nothing: refused. */
export function transferCreditError(amounts: TransferAmounts): FieldMessage | null {
  return toDecimal(amounts.credit.amount).greaterThan(0)
    ? null
    : fieldMessage('amount', 'transfers.creditZero');
}

/**
 * An account's amount (its currency, either sign) in the brand's currency, for checking it against a limit the
 * brand sets in its own currency (deposit minimum and maximum, the staff four-eyes threshold, staff caps). It
 * converts as a transfer from the account to a brand-currency account would (`transferAmounts`: the brand's dealing
 * rate, the account's currency sold, rounded once to cents toward zero). `pair` is `transferPairOf(account currency,
 * brand currency)`; null when the quote has no usable price (the caller refuses rather than guess).
 */
export function amountInBrandCurrency(
  amount: Money,
  accountCurrency: string,
  brandCurrency: string,
  pair: TransferPair | null,
  quote: BrandQuote | null,
): Money | null {
  const size = money(Math.abs(amount));
  if (size === 0) return money(0);
  const figures = transferAmounts(size, accountCurrency, brandCurrency, pair, quote);
  if (!figures) return null;
  const converted = money(figures.credit.amount);
  return amount < 0 ? money(-converted) : converted;
}

/**
 * A brand-currency limit in an account's currency at the same dealing rate, rounded to cents toward zero: what the
 * web shows where it explains a limit to a client of that account. Converting it back with `amountInBrandCurrency`
 * never exceeds the limit. Null when the quote has no usable price.
 */
export function limitInAccountCurrency(
  limit: Money,
  accountCurrency: string,
  brandCurrency: string,
  pair: TransferPair | null,
  quote: BrandQuote | null,
): Money | null {
  if (pair === null || accountCurrency === brandCurrency) return limit;
  if (quote === null) return null;
  const value = toDecimal(limit);
  let inAccount: Decimal;
  if (pair.sellsBase) {
    // the account's currency is the base, sold at the sell price: brand amount = account amount × sell
    const sell = toDecimal(quote.sell);
    if (!sell.greaterThan(0)) return null;
    inAccount = value.dividedBy(sell);
  } else {
    // the account's currency is the quote currency, buying the base at the buy price: brand = account ÷ buy
    const buy = toDecimal(quote.buy);
    if (!buy.greaterThan(0)) return null;
    inAccount = value.times(buy);
  }
  return money(inAccount.toDecimalPlaces(2, Decimal.ROUND_DOWN).toString());
}

/**
 * How far the brand's rate may move between the quote a client saw and the booking (relative, 0.1 %) before the
 * transfer is requoted instead of booked.
 */
export const TRANSFER_RATE_TOLERANCE = '0.001';

/**
 * The guard between a quote and its booking: null when the rate the transfer is decided at is within
 * TRANSFER_RATE_TOLERANCE of the `quotedRate` the client saw (and confirmed); otherwise the requote, with the new
 * rate and credit (`transfers.requote`), so nothing is booked at a rate the client did not see.
 */
export function transferRequoteError(quotedRate: string, figures: TransferAmounts): FieldMessage | null {
  const requote = () =>
    fieldMessage(FORM_PATH, 'transfers.requote', {
      rate: figures.rate,
      credit: formatMoney(
        toDecimal(figures.credit.amount).toNumber(),
        currencySymbolOf(figures.credit.currency),
      ),
    });
  let quoted: Decimal;
  try {
    quoted = new Dec(quotedRate.trim());
  } catch {
    return requote();
  }
  if (!quoted.isFinite() || !quoted.greaterThan(0)) return requote();
  const moved = toDecimal(figures.rate).minus(quoted).abs().dividedBy(quoted);
  return moved.greaterThan(TRANSFER_RATE_TOLERANCE) ? requote() : null;
}
