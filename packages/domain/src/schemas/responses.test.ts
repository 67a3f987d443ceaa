import { describe, expect, expectTypeOf, it } from 'vitest';
import type { DocumentField } from '../documents.js';
import { SOCKET_PAYLOADS } from '../realtime.js';
import {
  AuthData,
  CommandAck,
  type DocumentState,
  PositionDto,
  PriceMap,
  TransactionCreated,
  TransactionDto,
  UserDto,
} from './responses.js';

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

const position = {
  id: 7,
  symbol: 'BTCUSD',
  symbolName: 'BINANCE:BTCUSDT',
  direction: 'buy',
  amount: 100,
  leverage: 2,
  open_rate: 100_000,
  open_date: '2026-11-20T10:00:00.000Z',
  closed_rate: null,
  close_date: null,
  take_profit: null,
  stop_lost: null,
  profit: null,
  protected: 0,
  closingReason: null,
};

describe('response contracts (spec §3, §7)', () => {
  it('accept the answers exactly as the server sends them', () => {
    expect(AuthData.parse({ access_token: 'tok', user })).toEqual({ access_token: 'tok', user });
    expect(PositionDto.parse(position)).toEqual(position);
    expect(
      TransactionCreated.parse({ status: 'success', transaction_id: 'TX-1', next: { type: 'none' } }),
    ).toBeTruthy();
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

  it('refuse a position with an unknown direction, closing reason or a non-ISO date', () => {
    expect(PositionDto.safeParse({ ...position, direction: 'long' }).success).toBe(false);
    expect(PositionDto.safeParse({ ...position, closingReason: 5 }).success).toBe(false);
    expect(PositionDto.safeParse({ ...position, open_date: '20.11.2026' }).success).toBe(false);
    expect(PositionDto.safeParse({ ...position, protected: true }).success).toBe(false);
  });

  it('refuse a transaction whose amount is a string (NUMERIC columns must reach the wire as numbers)', () => {
    const row = {
      amount: -125.5,
      currency: 'EUR',
      transaction_type: { name: 'Withdrawal' },
      transaction_type_id: 6,
      transaction_status: { name: 'Pending' },
      transaction_status_id: 1,
      transaction_id: 'TX-1',
      created_at: '2026-11-20T10:00:00.000Z',
      method: 6,
    };
    expect(TransactionDto.parse(row)).toEqual(row);
    expect(TransactionDto.safeParse({ ...row, amount: '-125.50' }).success).toBe(false);
  });

  it('type a refusal ack by message key, and a price pair as both numbers or both null', () => {
    const refusal = {
      status: false,
      code: 'REJECTED',
      key: 'account.noAccess',
      message: 'You have no access',
    };
    expect(CommandAck.parse(refusal)).toEqual(refusal);
    expect(CommandAck.safeParse({ ...refusal, key: 'no.such.key' }).success).toBe(false);
    expect(PriceMap.safeParse({ BTCUSD: { buy: null, sell: null } }).success).toBe(true);
    expect(PriceMap.safeParse({ BTCUSD: { buy: 1, sell: null } }).success).toBe(false);
  });

  it('name the schema of every pushed socket event', () => {
    expect(Object.keys(SOCKET_PAYLOADS).sort()).toEqual([
      'balance',
      'notice',
      'orders',
      'ordersChanged',
      'positions',
      'positionsChanged',
      'prices',
      'pricesCompact',
    ]);
  });

  it("keep the doc_* wire shape identical to the documents module's DocumentField", () => {
    expectTypeOf<DocumentState>().toEqualTypeOf<DocumentField>();
  });
});
