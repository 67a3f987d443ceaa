import { describe, expect, expectTypeOf, it } from 'vitest';
import type { DocumentField } from '../documents.js';
import {
  AuthData,
  ClientPopupList,
  CountryList,
  type DocumentState,
  ReferralList,
  UserDto,
} from './accounts.js';

const waiting = { status: '0', note: '', updated: null };

const user = {
  token: 'tok',
  first_name: 'Ada',
  last_name: 'Lovelace',
  full_name: 'Ada Lovelace',
  email: 'ada@test.example',
  phone: '',
  birth_date: null,
  country_id: null,
  state: '',
  city: '',
  street: '',
  zip_code: '',
  pin: '100001',
  level: 'Basic',
  verified_account: 1,
  auto_trading: 0,
  custom_leverage: { forex: [0, 1] },
  assets_group_permission: [1, 3],
  uniqid: 'ada42',
  doc_passport: waiting,
  doc_address: waiting,
  doc_funding_front: waiting,
  doc_funding_back: { status: '3', note: 'Too old', updated: '2026-11-20T10:00:00.000Z' },
  created_at: '2026-11-20T10:00:00.000Z',
  new_password: '',
  confirm_password: '',
};

describe('account contracts (spec §3, §7)', () => {
  it('accept an auth answer exactly as the server sends it', () => {
    expect(AuthData.parse({ access_token: 'tok', user })).toEqual({ access_token: 'tok', user });
  });

  it("refuse a user that drifted from spec §3's wire format", () => {
    // flags are 1/0, not booleans; doc_* fields are JSON objects with a status string '0'–'3'
    expect(UserDto.safeParse({ ...user, verified_account: true }).success).toBe(false);
    expect(UserDto.safeParse({ ...user, doc_passport: '{"status":"0"}' }).success).toBe(false);
    expect(UserDto.safeParse({ ...user, doc_passport: { ...waiting, status: '4' } }).success).toBe(false);
    const { pin: _, ...withoutPin } = user;
    expect(UserDto.safeParse(withoutPin).success).toBe(false);
    expect(AuthData.safeParse({ token: 'tok', user }).success).toBe(false);
  });

  it("keep the doc_* wire shape identical to the documents module's DocumentField", () => {
    expectTypeOf<DocumentState>().toEqualTypeOf<DocumentField>();
  });

  it('accept the countries, referrals and pop-ups lists as the server sends them', () => {
    const countries = [{ id: 276, name: 'Germany', alpha2: 'DE', phone_code: '+49' }];
    expect(CountryList.parse(countries)).toEqual(countries);
    const referrals = [
      { full_name: 'Jo*** Sm***', email: 'j***@example.com', created_at: '2026-11-20T10:00:00.000Z' },
    ];
    expect(ReferralList.parse(referrals)).toEqual(referrals);
    const popups = [
      { id: 3, title: 'Welcome', content: '<p>Hello</p>', kind: null },
      { id: 4, title: 'Margin call', content: '<p>Margin level 80 %</p>', kind: 'margin_call' },
    ];
    expect(ClientPopupList.parse(popups)).toEqual(popups);
    // a pop-up's id is a number on the wire, and `kind` is always present (null for the brand's own)
    expect(ClientPopupList.safeParse([{ ...popups[0], id: '3' }]).success).toBe(false);
    expect(ClientPopupList.safeParse([{ id: 3, title: 'Welcome', content: '' }]).success).toBe(false);
  });
});
