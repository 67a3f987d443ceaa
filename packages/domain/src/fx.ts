/**
 * Converting amounts between account currencies for reporting (the dealing desk's and the reports' totals in the
 * currency a staff member picks). Each brand books in its own currency, so amounts of different currencies are
 * never added as they are: they are converted first, at the mid of the currency pair's latest feed price, and the
 * rate used is shown beside the result. Without a price for a pair there is no rate — the total says so rather than
 * guessing. All arithmetic is exact decimal; a converted amount is rounded once, to cents.
 */
import { z } from 'zod';
import { BRAND_CURRENCIES, type BrandCurrency } from './brand-admin.js';
import { Dec, type Money, type Numeric, roundMoney, toDecimal } from './money.js';

/** A brand's account currency from its settings: the ISO code it books in; EUR (spec §9) when none is set. */
export function brandCurrency(settings: { currency?: unknown } | null | undefined): BrandCurrency {
  const code = settings?.currency;
  return typeof code === 'string' && code in BRAND_CURRENCIES ? (code as BrandCurrency) : 'EUR';
}

/** Currencies a staff member can report in (the brands' main currencies). */
export const REPORTING_CURRENCIES = ['EUR', 'USD', 'GBP'] as const;
export type ReportingCurrency = (typeof REPORTING_CURRENCIES)[number];

/** Account currencies a brand can run in, in a fixed order. */
export const ACCOUNT_CURRENCIES = Object.keys(BRAND_CURRENCIES) as BrandCurrency[];

/**
 * One currency pair's rate as taken from the market feed: the mid of the latest bid and ask, as exact decimal
 * text. `live` is false when the pair's market is closed or its price stale: the rate is then the last known
 * price, at `at`.
 */
export const FxRateSchema = z.object({
  /** The feed's symbol, base then quote currency: 'EURUSD' (1 EUR = mid USD). */
  pair: z.string(),
  base: z.string(),
  quote: z.string(),
  mid: z.string(),
  /** When the feed sent the price, ISO 8601 UTC. */
  at: z.string(),
  live: z.boolean(),
});
export type FxRate = z.infer<typeof FxRateSchema>;

/** The mid of a bid and an ask, exactly: (bid + ask) ÷ 2 as decimal text ('1.085435'). */
export function midRate(bid: Numeric, ask: Numeric): string {
  return toDecimal(bid).plus(toDecimal(ask)).dividedBy(2).toString();
}

/**
 * The feed symbols that give a rate between two account currencies: the pair as the market quotes it, either way
 * round ('EURUSD' for EUR and USD, whichever is asked for first). `known` says which symbols the feed has.
 */
export function fxPairSymbol(a: string, b: string, known: (symbol: string) => boolean): string | undefined {
  if (a === b) return undefined;
  if (known(`${a}${b}`)) return `${a}${b}`;
  if (known(`${b}${a}`)) return `${b}${a}`;
  return undefined;
}

/** Every pair of account currencies the feed quotes, once each (EURUSD, EURGBP, GBPUSD, …). */
export function fxPairSymbols(known: (symbol: string) => boolean): string[] {
  const out: string[] = [];
  ACCOUNT_CURRENCIES.forEach((a, i) => {
    for (const b of ACCOUNT_CURRENCIES.slice(i + 1)) {
      const symbol = fxPairSymbol(a, b, known);
      if (symbol) out.push(symbol);
    }
  });
  return out;
}

/** How an amount in `from` becomes one in `to`: the rate used (null for the same currency) and its direction. */
export interface Conversion {
  from: string;
  to: string;
  /** The pair's rate as fed; null when from = to. */
  rate: FxRate | null;
  /** True when the amount is divided by the mid (converting the pair's quote currency into its base). */
  inverse: boolean;
}

/**
 * The one conversion rule: from = to needs no rate; otherwise the pair quoted either way round, multiplying by its
 * mid when converting base → quote (EUR → USD at EURUSD) and dividing when converting quote → base (USD → EUR).
 * Null when the feed has no price for the pair (no rate: the caller says so).
 */
export function conversionOf(from: string, to: string, rates: readonly FxRate[]): Conversion | null {
  if (from === to) return { from, to, rate: null, inverse: false };
  const direct = rates.find((r) => r.base === from && r.quote === to);
  if (direct && toDecimal(direct.mid).gt(0)) return { from, to, rate: direct, inverse: false };
  const reverse = rates.find((r) => r.base === to && r.quote === from);
  if (reverse && toDecimal(reverse.mid).gt(0)) return { from, to, rate: reverse, inverse: true };
  return null;
}

/** An amount converted by a conversion, exactly, rounded once to cents. */
export function applyConversion(amount: Numeric, conversion: Conversion): Money {
  if (!conversion.rate) return roundMoney(amount);
  const mid = toDecimal(conversion.rate.mid);
  const value = toDecimal(amount);
  return roundMoney(conversion.inverse ? value.dividedBy(mid) : value.times(mid));
}

/** A total of amounts in several currencies, in one currency: the total and every rate used, or what lacks a rate. */
export type ConvertedTotal =
  | { ok: true; currency: string; amount: Money; conversions: Conversion[] }
  | { ok: false; currency: string; missing: string[] };

/**
 * Σ amounts (each with its currency) in `to`: each currency's amount converted by `conversionOf`, summed exactly
 * and rounded once to cents. If any currency has no rate to `to`, there is no total: `missing` names them.
 */
export function convertTotal(
  parts: readonly { currency: string; amount: Numeric }[],
  to: string,
  rates: readonly FxRate[],
): ConvertedTotal {
  const conversions = new Map<string, Conversion>();
  const missing: string[] = [];
  let sum = new Dec(0);
  for (const part of parts) {
    let conversion = conversions.get(part.currency);
    if (!conversion) {
      const found = conversionOf(part.currency, to, rates);
      if (!found) {
        if (!missing.includes(part.currency)) missing.push(part.currency);
        continue;
      }
      conversion = found;
      conversions.set(part.currency, conversion);
    }
    const mid = conversion.rate ? toDecimal(conversion.rate.mid) : null;
    const value = toDecimal(part.amount);
    sum = sum.plus(mid === null ? value : conversion.inverse ? value.dividedBy(mid) : value.times(mid));
  }
  if (missing.length > 0) return { ok: false, currency: to, missing: missing.sort() };
  return {
    ok: true,
    currency: to,
    amount: roundMoney(sum),
    conversions: [...conversions.values()].filter((c) => c.rate !== null),
  };
}
