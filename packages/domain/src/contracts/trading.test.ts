import { describe, expect, it } from 'vitest';
import { SOCKET_PAYLOADS } from '../realtime.js';
import { BalanceData, CommandAck, PositionDto, PriceMap } from './trading.js';

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

describe('trading contracts (spec §3, §7)', () => {
  it('accept a position and a balance answer exactly as the server sends them', () => {
    expect(PositionDto.parse(position)).toEqual(position);
    const balance = {
      balance: 1000,
      positions: { open: [position], history: [] },
      summary: { balance: 1000, equity: 1012.5, freeMargin: 962.5, profit: 12.5 },
    };
    expect(BalanceData.parse(balance)).toEqual(balance);
  });

  it('refuse a position with an unknown direction, closing reason or a non-ISO date', () => {
    expect(PositionDto.safeParse({ ...position, direction: 'long' }).success).toBe(false);
    expect(PositionDto.safeParse({ ...position, closingReason: 5 }).success).toBe(false);
    expect(PositionDto.safeParse({ ...position, open_date: '20.11.2026' }).success).toBe(false);
    expect(PositionDto.safeParse({ ...position, protected: true }).success).toBe(false);
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
      'halts',
      'notice',
      'orders',
      'ordersChanged',
      'positions',
      'positionsChanged',
      'prices',
      'pricesCompact',
    ]);
  });
});
