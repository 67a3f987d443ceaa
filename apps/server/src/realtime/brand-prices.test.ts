import {
  brandQuote,
  DEFAULT_TRADING_PROFILE,
  type PriceMap,
  pipSize,
  type TradingProfile,
  tickSizeOf,
} from '@openbroker/domain';
import { describe, expect, it } from 'vitest';
import { loadCatalogue } from '../market/instruments.js';
import { BrandPricer } from './brand-prices.js';

/** A brand's profile with `percent` % a side on crypto, the spec's pricing elsewhere. */
const cryptoMarkup = (percent: number): TradingProfile => ({
  ...DEFAULT_TRADING_PROFILE,
  groups: {
    ...DEFAULT_TRADING_PROFILE.groups,
    crypto: { ...DEFAULT_TRADING_PROFILE.groups.crypto, markup: { unit: 'percent', value: percent } },
  },
});

const WIDE = 1;
const PLAIN = 2;

function setup() {
  const catalogue = loadCatalogue();
  const pricer = new BrandPricer((symbol) => catalogue.get(symbol));
  pricer.setProfile(WIDE, cryptoMarkup(0.3));
  pricer.setProfile(PLAIN, DEFAULT_TRADING_PROFILE);
  const btc = catalogue.require('BTCUSD');
  const btcTerms = (percent: number) => ({
    markup: { unit: 'percent', value: percent } as const,
    pipSize: pipSize('BTCUSD', 'crypto', btc.precision),
    tick: tickSizeOf(btc.precision),
  });
  return { catalogue, pricer, btcTerms };
}

const feed: PriceMap = {
  BTCUSD: { buy: 64_010, sell: 64_000 },
  EURUSD: { buy: 1.08012, sell: 1.08 },
  XRPUSD: { buy: null, sell: null },
};

describe('BrandPricer: each brand its own quote of the feed', () => {
  it('gives a brand with a 0.3 % crypto markup a wider BTCUSD quote than a default brand, each brandQuote of the feed', () => {
    const { pricer, btcTerms } = setup();
    const wide = pricer.price(WIDE, feed);
    const plain = pricer.price(PLAIN, feed);
    const btcFeed = { buy: 64_010, sell: 64_000 };

    expect(wide.BTCUSD).toEqual(brandQuote(btcFeed, btcTerms(0.3)));
    expect(plain.BTCUSD).toEqual(brandQuote(btcFeed, btcTerms(0.025)));
    // on BTCUSD's 0.01 tick: 64,010 × 1.003 = 64,202.03, 64,000 × 0.997 = 63,808; the spec's 64,026.0025 → 64,026.01
    expect(wide.BTCUSD).toEqual({ buy: 64_202.03, sell: 63_808 });
    expect(plain.BTCUSD).toEqual({ buy: 64_026.01, sell: 63_984 });
    const [w, p] = [wide.BTCUSD, plain.BTCUSD] as { buy: number; sell: number }[];
    expect(w?.buy).toBeGreaterThan(p?.buy as number);
    expect(w?.sell).toBeLessThan(p?.sell as number);

    // the markup is per group: forex is priced alike for both brands
    expect(wide.EURUSD).toEqual(plain.EURUSD);
    expect(wide.EURUSD).toEqual(
      brandQuote(
        { buy: 1.08012, sell: 1.08 },
        { markup: DEFAULT_TRADING_PROFILE.groups.forex.markup, pipSize: 0.0001, tick: 0.00001 },
      ),
    );
  });

  it('keeps unavailable entries null and leaves the feed map as it was', () => {
    const { pricer } = setup();
    const before = structuredClone(feed);
    const priced = pricer.price(WIDE, { ...feed, NOPE: { buy: 1, sell: 1 } });
    expect(priced.XRPUSD).toEqual({ buy: null, sell: null });
    // a symbol the catalogue does not know has no terms: it is not priced either
    expect(priced.NOPE).toEqual({ buy: null, sell: null });
    expect(pricer.termsOf(WIDE, 'NOPE')).toBeUndefined();
    expect(feed).toEqual(before);
  });

  it('prices a brand without a profile at the spec’s markup, and a replaced profile at once', () => {
    const { pricer, btcTerms } = setup();
    expect(pricer.hasProfile(3)).toBe(false);
    expect(pricer.price(3, feed).BTCUSD).toEqual(pricer.price(PLAIN, feed).BTCUSD);
    expect(pricer.brands().sort()).toEqual([WIDE, PLAIN]);

    // staff change the wide brand's crypto markup: the next map uses the new one
    pricer.setProfile(WIDE, cryptoMarkup(0.1));
    expect(pricer.price(WIDE, feed).BTCUSD).toEqual(brandQuote({ buy: 64_010, sell: 64_000 }, btcTerms(0.1)));
  });

  it('computes a quote once per symbol, terms and feed quote, and again when the feed moves', () => {
    const { pricer } = setup();
    const first = pricer.quote(WIDE, 'BTCUSD', 64_010, 64_000);
    expect(pricer.quote(WIDE, 'BTCUSD', 64_010, 64_000)).toBe(first);
    // another brand with the same terms shares it
    pricer.setProfile(4, cryptoMarkup(0.3));
    expect(pricer.quote(4, 'BTCUSD', 64_010, 64_000)).toBe(first);
    const moved = pricer.quote(WIDE, 'BTCUSD', 64_020, 64_010);
    expect(moved).not.toBe(first);
    expect(moved).toEqual({ buy: 64_212.06, sell: 63_817.97 });
  });
});
