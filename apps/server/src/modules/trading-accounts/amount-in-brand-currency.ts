import { amountInBrandCurrency, type BrandQuote, type Money, type TransferPair } from '@openbroker/domain';

/**
 * An account's dealing quote between two currencies, as a transfer from it would be decided (the app's
 * `AccountBooks.conversionQuote`, on whichever cluster node holds the account; `TradingService.conversionQuote`):
 * the pair as `transferPairOf` answers it (null: the same currency; undefined: none quoted) and the quote (null: no
 * rate now). Undefined for an unknown account. Named here, so this module needs nothing of the trading area's.
 */
export interface ConversionQuotes {
  conversionQuote(
    accountId: number,
    from: string,
    to: string,
  ): Promise<{ pair: TransferPair | null | undefined; quote: BrandQuote | null } | undefined>;
}

/** An amount of `currency` in the brand's currency; null when there is no rate for it now. */
export type ToBrandCurrency = (amount: Money, currency: string) => Money | null;

/**
 * Converts amounts into the brand's currency, to compare them with a limit the brand sets in its own currency
 * (four-eyes threshold, staff caps; docs/accounts.md "Money limits in the brand's currency"). The rate is the brand's
 * dealing rate as a transfer from the account to a brand-currency account would get it — the account's brand quote of
 * the pair, from its book wherever it is held (`ConversionQuotes`, the quote `Engine.runTransfer`
 * decides at) — and the conversion the domain's `amountInBrandCurrency`. The brand's own currency needs no rate.
 *
 * The quotes of `currencies` are read once, here: call it before any database transaction (reading an account's
 * book may load the account from the database), then convert inside it. A currency without a rate now (market
 * closed, no price yet, no such pair, an unknown account) or not read converts to null: the caller takes the safe
 * side (domain `fourEyesInBrand`, `moneyLimitProblemInBrand`).
 */
export async function brandCurrencyConverter(
  books: ConversionQuotes,
  /** The account whose book gives the rates. */
  accountId: number,
  currencies: Iterable<string>,
  brandCurrency: string,
): Promise<ToBrandCurrency> {
  const rates = new Map<string, { pair: TransferPair; quote: BrandQuote | null }>();
  for (const currency of new Set(currencies)) {
    if (currency === brandCurrency) continue;
    const rate = await books.conversionQuote(accountId, currency, brandCurrency);
    if (rate?.pair) rates.set(currency, { pair: rate.pair, quote: rate.quote });
  }
  return (amount, currency) => {
    if (currency === brandCurrency) return amount;
    const rate = rates.get(currency);
    if (!rate) return null;
    return amountInBrandCurrency(amount, currency, brandCurrency, rate.pair, rate.quote);
  };
}

/** One amount of an account (its currency, either sign) in the brand's currency (`brandCurrencyConverter`). */
export async function accountAmountInBrandCurrency(
  books: ConversionQuotes,
  account: { id: number; currency: string },
  amount: Money,
  brandCurrency: string,
): Promise<Money | null> {
  const convert = await brandCurrencyConverter(books, account.id, [account.currency], brandCurrency);
  return convert(amount, account.currency);
}
