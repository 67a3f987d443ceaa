import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { money } from './money.js';
import {
  RETAIL_LOSS_MIN_ACCOUNTS,
  type RetailLossAccount,
  type RetailLossBooking,
  type RetailLossPosition,
  retailLoss,
  retailLossAccounts,
  retailLossMeaningful,
  retailLossOf,
  retailLossPeriodStart,
} from './retail-loss.js';

const at = (iso: string) => Date.parse(iso);

describe('retail-loss disclosure: a scenario worked out by hand', () => {
  // Period: 2025-11-24 12:00 UTC .. 2026-11-24 12:00 UTC (12 months).
  //
  // A (1): a position closed in the period, +120.00; commission −5.00 and swaps −3.50 booked in the period;
  //        an older position closed before the period with −1000.00 (booked before: outside).
  //        120.00 − 5.00 − 3.50 = +111.50                                        → not losing
  // B (2): closed in the period −80.00, commission −4.00; a position still open at the end, floating +50.00.
  //        −80.00 − 4.00 + 50.00 = −34.00                                         → losing
  // C (3): closed in the period +10.00, but commission −12.00 (fees count):
  //        10.00 − 12.00 = −2.00                                                  → losing
  // D (4): one position open the whole period (opened before it), swaps −6.00 in the period, floating +6.00:
  //        −6.00 + 6.00 = 0.00 (zero is not a loss)                              → not losing
  // E (5): closed in the period −1000.00, negative balance protection +200.00 (what the client really lost):
  //        −1000.00 + 200.00 = −800.00                                            → losing
  // F (6): only a position closed before the period (−500.00): did not trade in the period → not counted.
  // G (7): a professional client (excluded) with a loss → not counted.
  //
  // Accounts that traded: A, B, C, D, E = 5; losing: B, C, E = 3; 3 / 5 = 60 %.
  const from = at('2025-11-24T12:00:00Z');
  const until = at('2026-11-24T12:00:00Z');
  const positions: RetailLossPosition[] = [
    { accountId: 1, openedAt: at('2026-02-01T09:00:00Z'), closedAt: at('2026-02-03T09:00:00Z') },
    { accountId: 1, openedAt: at('2025-06-01T09:00:00Z'), closedAt: at('2025-06-02T09:00:00Z') },
    { accountId: 2, openedAt: at('2026-03-01T09:00:00Z'), closedAt: at('2026-03-02T09:00:00Z') },
    { accountId: 2, openedAt: at('2026-11-20T09:00:00Z'), closedAt: null, unrealised: money('50.00') },
    { accountId: 3, openedAt: at('2026-05-05T09:00:00Z'), closedAt: at('2026-05-05T10:00:00Z') },
    { accountId: 4, openedAt: at('2025-10-01T09:00:00Z'), closedAt: null, unrealised: money('6.00') },
    { accountId: 5, openedAt: at('2026-07-01T09:00:00Z'), closedAt: at('2026-07-09T09:00:00Z') },
    { accountId: 6, openedAt: at('2025-01-01T09:00:00Z'), closedAt: at('2025-02-01T09:00:00Z') },
    { accountId: 7, openedAt: at('2026-04-01T09:00:00Z'), closedAt: at('2026-04-02T09:00:00Z') },
  ];
  const bookings: RetailLossBooking[] = [
    { accountId: 1, kind: 'realised_pnl', amount: money('120.00'), at: at('2026-02-03T09:00:00Z') },
    { accountId: 1, kind: 'commission', amount: money('-5.00'), at: at('2026-02-01T09:00:00Z') },
    { accountId: 1, kind: 'swap', amount: money('-3.50'), at: at('2026-02-02T22:00:00Z') },
    { accountId: 1, kind: 'realised_pnl', amount: money('-1000.00'), at: at('2025-06-02T09:00:00Z') },
    // a deposit is not trading: ignored
    { accountId: 1, kind: 'deposit', amount: money('-9999.00'), at: at('2026-02-01T08:00:00Z') },
    { accountId: 2, kind: 'realised_pnl', amount: money('-80.00'), at: at('2026-03-02T09:00:00Z') },
    { accountId: 2, kind: 'commission', amount: money('-4.00'), at: at('2026-03-01T09:00:00Z') },
    { accountId: 3, kind: 'realised_pnl', amount: money('10.00'), at: at('2026-05-05T10:00:00Z') },
    { accountId: 3, kind: 'commission', amount: money('-12.00'), at: at('2026-05-05T09:00:00Z') },
    { accountId: 4, kind: 'swap', amount: money('-6.00'), at: at('2026-01-10T22:00:00Z') },
    { accountId: 5, kind: 'realised_pnl', amount: money('-1000.00'), at: at('2026-07-09T09:00:00Z') },
    {
      accountId: 5,
      kind: 'negative_balance_protection',
      amount: money('200.00'),
      at: at('2026-07-09T09:00:00Z'),
    },
    { accountId: 6, kind: 'realised_pnl', amount: money('-500.00'), at: at('2025-02-01T09:00:00Z') },
    { accountId: 7, kind: 'realised_pnl', amount: money('-700.00'), at: at('2026-04-02T09:00:00Z') },
  ];
  const history = { from, until, positions, bookings, excluded: new Set([7]) };

  it('finds the accounts that traded and their net results', () => {
    expect(retailLossAccounts(history)).toEqual([
      { accountId: 1, realised: 111.5, unrealised: 0 },
      { accountId: 2, realised: -84, unrealised: 50 },
      { accountId: 3, realised: -2, unrealised: 0 },
      { accountId: 4, realised: -6, unrealised: 6 },
      { accountId: 5, realised: -800, unrealised: 0 },
    ]);
  });

  it('gives 60 % (3 of 5 accounts lost money)', () => {
    expect(retailLoss(history)).toEqual({ percent: 60, losing: 3, accounts: 5 });
  });

  it('counts a position that closed exactly at the start and one opened exactly at the end', () => {
    const edges: RetailLossPosition[] = [
      { accountId: 10, openedAt: from - 1000, closedAt: from },
      { accountId: 11, openedAt: until, closedAt: null, unrealised: money('-1.00') },
      { accountId: 12, openedAt: until + 1, closedAt: null, unrealised: money('-1.00') },
    ];
    expect(retailLoss({ from, until, positions: edges, bookings: [] })).toEqual({
      percent: 50,
      losing: 1,
      accounts: 2,
    });
  });
});

describe('retail-loss rounding and empty periods', () => {
  const accounts = (losing: number, total: number): RetailLossAccount[] =>
    Array.from({ length: total }, (_, i) => ({
      accountId: i + 1,
      realised: money(i < losing ? '-0.01' : '0.00'),
      unrealised: money(0),
    }));

  it('rounds half up to a whole percent', () => {
    expect(retailLossOf(accounts(1, 8)).percent).toBe(13); // 12.5 → 13
    expect(retailLossOf(accounts(2, 3)).percent).toBe(67); // 66.67 → 67
    expect(retailLossOf(accounts(1, 3)).percent).toBe(33); // 33.33 → 33
    expect(retailLossOf(accounts(7, 8)).percent).toBe(88); // 87.5 → 88
  });

  it('has no percentage when nobody traded', () => {
    expect(retailLossOf([])).toEqual({ percent: null, losing: 0, accounts: 0 });
  });

  it('starts the period 12 calendar months before (29 February → 28 February)', () => {
    expect(retailLossPeriodStart(new Date('2026-11-24T12:00:00Z')).toISOString()).toBe(
      '2025-11-24T12:00:00.000Z',
    );
    expect(retailLossPeriodStart(new Date('2028-02-29T00:00:00Z')).toISOString()).toBe(
      '2027-02-28T00:00:00.000Z',
    );
  });
});

describe('retail-loss (properties)', () => {
  const centsArb = fc.integer({ min: -1_000_000, max: 1_000_000 }).map((c) => money(c / 100));
  const accountsArb = fc.array(fc.record({ realised: centsArb, unrealised: centsArb }), { maxLength: 60 });
  const withIds = (list: { realised: number; unrealised: number }[]): RetailLossAccount[] =>
    list.map((a, i) => ({ accountId: i + 1, realised: money(a.realised), unrealised: money(a.unrealised) }));

  it('is a whole percentage of losing ÷ accounts, within 0..100', () => {
    fc.assert(
      fc.property(accountsArb, (list) => {
        const figure = retailLossOf(withIds(list));
        expect(figure.accounts).toBe(list.length);
        expect(figure.losing).toBe(
          list.filter((a) => Math.round((a.realised + a.unrealised) * 100) < 0).length,
        );
        if (list.length === 0) {
          expect(figure.percent).toBeNull();
        } else {
          expect(Number.isInteger(figure.percent)).toBe(true);
          const exact = (figure.losing / figure.accounts) * 100;
          expect(Math.abs((figure.percent ?? 0) - exact)).toBeLessThanOrEqual(0.5);
        }
      }),
    );
  });

  it('does not depend on the order of accounts, and a further losing account never lowers the count', () => {
    fc.assert(
      fc.property(accountsArb, fc.integer({ min: 1, max: 1000 }), (list, seed) => {
        const accounts = withIds(list);
        const shuffled = [...accounts].sort(
          (a, b) => ((a.accountId * seed) % 97) - ((b.accountId * seed) % 97),
        );
        expect(retailLossOf(shuffled)).toEqual(retailLossOf(accounts));
        const more = retailLossOf([
          ...accounts,
          { accountId: 0, realised: money('-0.01'), unrealised: money(0) },
        ]);
        expect(more.losing).toBe(retailLossOf(accounts).losing + 1);
      }),
    );
  });
});

describe('retail-loss disclosure: the minimum sample', () => {
  it('is meaningful from 30 accounts that traded, not below', () => {
    expect(RETAIL_LOSS_MIN_ACCOUNTS).toBe(30);
    expect(retailLossMeaningful(0)).toBe(false);
    expect(retailLossMeaningful(29)).toBe(false);
    expect(retailLossMeaningful(30)).toBe(true);
    expect(retailLossMeaningful(1000)).toBe(true);
  });
});
