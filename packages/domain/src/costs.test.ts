import { describe, expect, it } from 'vitest';
import { brandQuote } from './brand-quote.js';
import {
  commissionAtOpen,
  commissionFor,
  DEFAULT_TRADING_PROFILE,
  pipSize,
  swapCharge,
  swapNights,
  TradingProfileSchema,
} from './costs.js';
import { buyPrice, sellPrice } from './pricing.js';

const at = (iso: string) => Date.parse(iso);

describe('default trading profile = today’s behaviour', () => {
  it('0.025 % per side, no commission, no swap, stop-out 50 %, margin call 100 %, no caps', () => {
    for (const costs of Object.values(DEFAULT_TRADING_PROFILE.groups)) {
      expect(costs.markup).toEqual({ unit: 'percent', value: 0.025 });
      expect(commissionFor(costs.commission, 1_000_000)).toBe(0);
      expect(costs.swap.long).toBe(0);
      expect(costs.swap.short).toBe(0);
    }
    expect(DEFAULT_TRADING_PROFILE.stopOutLevel).toBe(0.5);
    expect(DEFAULT_TRADING_PROFILE.marginCallLevel).toBe(1);
    expect(DEFAULT_TRADING_PROFILE.leverageCaps).toBeNull();
    expect(DEFAULT_TRADING_PROFILE.preset).toBe('custom');
  });

  it('its markup gives exactly the spec’s dealing prices', () => {
    const feed = { buy: 1.08012, sell: 1.08004 };
    const terms = { markup: DEFAULT_TRADING_PROFILE.groups.forex.markup, pipSize: 0.0001, tick: null };
    expect(brandQuote(feed, terms)).toEqual({ buy: buyPrice(feed.buy), sell: sellPrice(feed.sell) });
  });

  it('is a valid profile by the brand settings schema', () => {
    expect(TradingProfileSchema.safeParse(DEFAULT_TRADING_PROFILE).success).toBe(true);
  });
});

describe('pip size', () => {
  it.each([
    ['EURUSD', 'forex', 5, 0.0001],
    ['USDJPY', 'forex', 3, 0.01],
    ['EURJPY', 'forex', 2, 0.01],
    ['US500', 'index', 2, 1],
    ['GOLD', 'commodities', 2, 0.01],
    ['COPPER', 'commodities', 4, 0.0001],
    ['AAPL', 'stocks', 2, 0.01],
    ['BTCUSD', 'crypto', 2, 0.01],
  ] as const)('%s (%s, precision %d) → %d', (symbol, group, precision, size) => {
    expect(pipSize(symbol, group, precision)).toBe(size);
  });
});

describe('markup in pips', () => {
  it('0.3 pips on each side of a 0.1-pip EURUSD feed makes a 0.7-pip spread', () => {
    const dealing = brandQuote(
      { buy: 1.08001, sell: 1.08 },
      { markup: { unit: 'pips', value: 0.3 }, pipSize: 0.0001, tick: null },
    );
    expect(dealing).toEqual({ buy: 1.08004, sell: 1.07997 });
  });

  it('a sell price never goes below zero', () => {
    const terms = { markup: { unit: 'pips', value: 5 } as const, pipSize: 0.0001, tick: null };
    expect(brandQuote({ buy: 0.00002, sell: 0.00001 }, terms).sell).toBe(0);
  });
});

describe('commission', () => {
  it('€7 per lot on €30,000 of notional is €2.10', () => {
    expect(commissionFor({ unit: 'perLot', value: 7 }, 30_000)).toBe(2.1);
  });

  it('0.1 % of €12,345 is €12.35 (half-up)', () => {
    expect(commissionFor({ unit: 'percent', value: 0.1 }, 12_345)).toBe(12.35);
  });

  it('rounds half-up to cents: €3.50 per lot on €1,500 → €0.0525 → €0.05; on €1,700 → €0.0595 → €0.06', () => {
    expect(commissionFor({ unit: 'perLot', value: 3.5 }, 1500)).toBe(0.05);
    expect(commissionFor({ unit: 'perLot', value: 3.5 }, 1700)).toBe(0.06);
    expect(commissionFor({ unit: 'perLot', value: 1 }, 500)).toBe(0.01); // exactly 0.005 → 0.01
  });
});

describe('commission at open', () => {
  const withForex = (commission: { unit: 'perLot' | 'percent'; value: number }) => ({
    ...DEFAULT_TRADING_PROFILE,
    groups: {
      ...DEFAULT_TRADING_PROFILE.groups,
      forex: { ...DEFAULT_TRADING_PROFILE.groups.forex, commission },
    },
  });

  it("is the group's commission on amount × leverage: €1,000 at 1:30 with €7 per lot is €2.10", () => {
    expect(commissionAtOpen(withForex({ unit: 'perLot', value: 7 }), 'forex', 1_000, 30)).toBe(2.1);
  });

  it('only the instrument group of the trade pays it, and the default profile charges nothing', () => {
    const profile = withForex({ unit: 'percent', value: 0.1 });
    expect(commissionAtOpen(profile, 'forex', 500, 20)).toBe(10);
    expect(commissionAtOpen(profile, 'crypto', 500, 20)).toBe(0);
    expect(commissionAtOpen(DEFAULT_TRADING_PROFILE, 'forex', 500, 20)).toBe(0);
  });
});

describe('swap', () => {
  const forex = { long: -2.5, short: 0.5, tripleDay: 3, weekends: false } as const;

  it('a €1,000 buy at 1:30 pays 2.5 % a year on €30,000: €2.08 a night, €6.25 on Wednesday', () => {
    const buy = { direction: 'buy', amount: 1000, leverage: 30, swap: forex } as const;
    expect(swapCharge({ ...buy, nights: 1 })).toBe(-2.08);
    expect(swapCharge({ ...buy, nights: 3 })).toBe(-6.25);
    expect(swapCharge({ ...buy, nights: 0 })).toBe(0);
  });

  it('a sell receives the short rate', () => {
    expect(swapCharge({ direction: 'sell', amount: 1000, leverage: 30, swap: forex, nights: 1 })).toBe(0.42);
  });

  it('forex: Wednesday’s rollover counts three nights, Saturday’s and Sunday’s none', () => {
    expect(swapNights(forex, at('2026-11-23T22:00:00Z'))).toBe(1); // Monday
    expect(swapNights(forex, at('2026-11-25T22:00:00Z'))).toBe(3); // Wednesday
    expect(swapNights(forex, at('2026-11-27T22:00:00Z'))).toBe(1); // Friday
    expect(swapNights(forex, at('2026-11-28T22:00:00Z'))).toBe(0); // Saturday
    expect(swapNights(forex, at('2026-11-29T22:00:00Z'))).toBe(0); // Sunday
  });

  it('crypto: every night, no triple day', () => {
    const crypto = { long: -10, short: -10, tripleDay: null, weekends: true } as const;
    expect(swapNights(crypto, at('2026-11-28T22:00:00Z'))).toBe(1);
    expect(swapNights(crypto, at('2026-11-25T22:00:00Z'))).toBe(1);
  });

  it('a day the instrument’s calendar is closed (a holiday) has no charge', () => {
    const closed = (day: string) => day !== '2026-12-25';
    expect(swapNights(forex, at('2026-12-25T22:00:00Z'), closed)).toBe(0);
    expect(swapNights(forex, at('2026-12-24T22:00:00Z'), closed)).toBe(1);
  });
});

describe('TradingProfileSchema limits', () => {
  const valid = JSON.parse(JSON.stringify(DEFAULT_TRADING_PROFILE)) as typeof DEFAULT_TRADING_PROFILE;
  const withForex = (patch: object) => ({
    ...valid,
    groups: { ...valid.groups, forex: { ...valid.groups.forex, ...patch } },
  });
  it.each([
    ['markup percent above 5', withForex({ markup: { unit: 'percent', value: 5.01 } })],
    ['negative markup', withForex({ markup: { unit: 'pips', value: -1 } })],
    ['markup pips above 10,000', withForex({ markup: { unit: 'pips', value: 10_001 } })],
    ['negative commission', withForex({ commission: { unit: 'perLot', value: -1 } })],
    ['swap below −100', withForex({ swap: { long: -101, short: 0, tripleDay: 3, weekends: false } })],
    ['triple day 7', withForex({ swap: { long: 0, short: 0, tripleDay: 7, weekends: false } })],
    ['stop-out at the margin call', { ...valid, stopOutLevel: 1 }],
    ['stop-out 0', { ...valid, stopOutLevel: 0 }],
    ['margin call above 5', { ...valid, marginCallLevel: 5.5 }],
    [
      'a cap of 0',
      {
        ...valid,
        leverageCaps: {
          ...{ forexMajor: 0, forexMinor: 20, goldMajorIndex: 20 },
          commodityMinorIndex: 10,
          share: 5,
          crypto: 2,
        },
      },
    ],
    ['an unknown preset', { ...valid, preset: 'fsa' }],
  ])('refuses %s', (_, profile) => {
    expect(TradingProfileSchema.safeParse(profile).success).toBe(false);
  });

  it('accepts pips markups, per-lot commissions and caps', () => {
    const profile = {
      ...withForex({
        markup: { unit: 'pips', value: 0.3 },
        commission: { unit: 'perLot', value: 7 },
        swap: { long: -2.5, short: 0.4, tripleDay: 3, weekends: false },
      }),
      leverageCaps: {
        forexMajor: 30,
        forexMinor: 20,
        goldMajorIndex: 20,
        commodityMinorIndex: 10,
        share: 5,
        crypto: 2,
      },
      preset: 'esma',
      marginCallLevel: 1.2,
      stopOutLevel: 0.5,
    };
    expect(TradingProfileSchema.safeParse(profile).success).toBe(true);
  });
});
