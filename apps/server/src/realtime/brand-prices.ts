/**
 * One quote per brand on the price socket: the feed's changes become each brand's quotes once per flush,
 * with the function the engine deals, values and triggers at (`brandQuote`). A visitor and a client of a brand
 * get the same numbers the brand's engine variant uses, so the home widgets, the ticket and the fills agree.
 */
import {
  type BrandQuote,
  brandQuote,
  DEFAULT_TRADING_PROFILE,
  type InstrumentGroup,
  type PriceMap,
  pipSize,
  type QuoteTerms,
  quoteTermsFor,
  quoteTermsKey,
  type TradingProfile,
  tickSizeOf,
} from '@openbroker/domain';

/** What the pricer needs of an instrument: its group, pip and precision (the catalogue's fields). */
export interface PricedInstrument {
  symbol: string;
  category: InstrumentGroup;
  precision: number;
}

interface CachedQuote {
  buy: number;
  sell: number;
  quote: BrandQuote;
}

/**
 * Brand quotes of feed price maps (`{symbol: {buy: ask, sell: bid}}`), per brand profile. Equal terms share one
 * computation (brands with the same markup on a group cost one decimal computation per changed symbol).
 */
export class BrandPricer {
  private readonly profiles = new Map<number, TradingProfile>();
  private readonly cache = new Map<string, CachedQuote>();

  constructor(private readonly instrument: (symbol: string) => PricedInstrument | undefined) {}

  /** Sets (or replaces, after staff changed it) the trading profile of a brand. */
  setProfile(brandId: number, profile: TradingProfile): void {
    this.profiles.set(brandId, profile);
  }

  hasProfile(brandId: number): boolean {
    return this.profiles.has(brandId);
  }

  /** Brands with a profile set (those with price sockets on this node). */
  brands(): number[] {
    return [...this.profiles.keys()];
  }

  /** The quote terms of a symbol under a brand's profile (the spec's pricing for an unknown brand). */
  termsOf(brandId: number, symbol: string): QuoteTerms | undefined {
    const instrument = this.instrument(symbol);
    if (!instrument) return undefined;
    const profile = this.profiles.get(brandId) ?? DEFAULT_TRADING_PROFILE;
    const group = instrument.category;
    return quoteTermsFor(
      profile,
      group,
      pipSize(instrument.symbol, group, instrument.precision),
      tickSizeOf(instrument.precision),
    );
  }

  /** A brand's quote of one feed quote, computed once per (symbol, terms, feed quote). */
  quote(brandId: number, symbol: string, ask: number, bid: number): BrandQuote | undefined {
    const terms = this.termsOf(brandId, symbol);
    if (!terms) return undefined;
    const key = `${symbol}|${quoteTermsKey(terms)}`;
    const cached = this.cache.get(key);
    if (cached && cached.buy === ask && cached.sell === bid) return cached.quote;
    const quote = brandQuote({ buy: ask, sell: bid }, terms);
    this.cache.set(key, { buy: ask, sell: bid, quote });
    return quote;
  }

  /** A feed price map as a brand's price map (unavailable entries stay `{buy: null, sell: null}`). */
  price(brandId: number, feed: PriceMap): PriceMap {
    const out: PriceMap = {};
    for (const symbol in feed) {
      const entry = feed[symbol];
      if (!entry || entry.buy === null || entry.sell === null) {
        out[symbol] = { buy: null, sell: null };
        continue;
      }
      const quote = this.quote(brandId, symbol, entry.buy, entry.sell);
      out[symbol] = quote ? { buy: quote.buy, sell: quote.sell } : { buy: null, sell: null };
    }
    return out;
  }
}
