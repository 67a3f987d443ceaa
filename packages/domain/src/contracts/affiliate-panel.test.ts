import { describe, expect, it } from 'vitest';
import { AffiliateAccountList, AffiliateAccountTotals, AffiliateSession } from './affiliate-panel.js';

describe('affiliate panel contracts (spec §6, §7)', () => {
  it('accept a session, the referred accounts and their totals as the server sends them', () => {
    const session = {
      access_token: 'aff-tok',
      affiliate: { id: 5, first_name: 'Ann', last_name: 'Lee', email: 'ann@partner.example', code: 'ANN5' },
    };
    expect(AffiliateSession.parse(session)).toEqual(session);
    const accounts = [
      {
        id: 11,
        first_name: 'Bo',
        last_name: 'Ek',
        email: 'bo@test.example',
        country: 'SE',
        created_at: '2026-11-20T10:00:00.000Z',
        source_page: '/?ref=ANN5',
        transaction: { amount: '250.00', currency: 'EUR', completed_at: '2026-11-21T09:00:00.000Z' },
      },
      {
        id: 12,
        first_name: 'Cy',
        last_name: 'Po',
        email: 'cy@test.example',
        country: null,
        created_at: '2026-11-22T10:00:00.000Z',
        source_page: null,
        transaction: null,
      },
    ];
    expect(AffiliateAccountList.parse(accounts)).toEqual(accounts);
    const totals = {
      accounts: 2,
      first_time_depositors: 1,
      conversion_rate: 0.5,
      first_deposits_total: '250.00',
    };
    expect(AffiliateAccountTotals.parse(totals)).toEqual(totals);
  });

  it('refuse a session that carries no tracking code, and a deposit amount sent as a number', () => {
    expect(
      AffiliateSession.safeParse({
        access_token: 'aff-tok',
        affiliate: { id: 5, first_name: 'Ann', last_name: 'Lee', email: 'ann@partner.example' },
      }).success,
    ).toBe(false);
    expect(
      AffiliateAccountTotals.safeParse({
        accounts: 1,
        first_time_depositors: 1,
        conversion_rate: 1,
        first_deposits_total: 250,
      }).success,
    ).toBe(false);
  });
});
