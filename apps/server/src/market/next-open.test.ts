import { describe, expect, it } from 'vitest';
import { tradingProfileOf } from '../modules/brands/brand-trading.js';
import { instrumentTerms } from '../modules/market/instrument-terms.js';
import { RETAIL_TRADING } from '../seed/seed-brands.js';
import { loadCatalogue } from './instruments.js';
import { isOpen, nextOpen, type TradingHours, tradingHoursProblems } from './market-hours.js';

const catalogue = loadCatalogue();
const at = (iso: string) => Date.parse(iso);

describe('when a closed market opens next', () => {
  it('forex closed on Saturday opens on Sunday 22:00 UTC', () => {
    const eurusd = catalogue.require('EURUSD');
    const saturday = at('2026-11-28T12:00:00Z');
    expect(isOpen(eurusd, saturday)).toBe(false);
    expect(nextOpen(eurusd, saturday)?.toISOString()).toBe('2026-11-29T22:00:00.000Z');
  });

  it('forex just after the Friday close waits the whole weekend', () => {
    const friday = at('2026-11-27T22:00:00Z');
    expect(isOpen(catalogue.require('GBPUSD'), friday)).toBe(false);
    expect(nextOpen(catalogue.require('GBPUSD'), friday)?.toISOString()).toBe('2026-11-29T22:00:00.000Z');
  });

  it('a US share after Friday’s close opens Monday 09:30 New York (14:30 UTC in winter)', () => {
    const aapl = catalogue.require('AAPL');
    const fridayEvening = at('2026-11-27T21:30:00Z');
    expect(isOpen(aapl, fridayEvening)).toBe(false);
    expect(nextOpen(aapl, fridayEvening)?.toISOString()).toBe('2026-11-30T14:30:00.000Z');
  });

  it('a US share on a summer weekend opens Monday 13:30 UTC (09:30 EDT)', () => {
    expect(nextOpen(catalogue.require('AAPL'), at('2026-07-11T10:00:00Z'))?.toISOString()).toBe(
      '2026-07-13T13:30:00.000Z',
    );
  });

  const nyse = (holidays: string[]): TradingHours => ({
    kind: 'weekly',
    timeZone: 'America/New_York',
    sessions: [{ days: ['Mon', 'Tue', 'Wed', 'Thu', 'Fri'], open: '09:30', close: '16:00' }],
    holidays,
  });

  it('a holiday is skipped: after Wednesday’s close before Thanksgiving the next open is Friday', () => {
    const hours = nyse(['2026-11-26']);
    const wednesdayEvening = at('2026-11-25T22:00:00Z');
    expect(nextOpen(hours, wednesdayEvening)?.toISOString()).toBe('2026-11-27T14:30:00.000Z');
    expect(isOpen(hours, at('2026-11-26T16:00:00Z'))).toBe(false);
  });

  it('a holiday before a weekend: Christmas Friday → the next open is Monday', () => {
    const hours = nyse(['2026-12-25']);
    expect(nextOpen(hours, at('2026-12-24T21:30:00Z'))?.toISOString()).toBe('2026-12-28T14:30:00.000Z');
  });

  it('a holiday that is not a date is reported to the operator', () => {
    expect(tradingHoursProblems(nyse(['2026-13-45', 'xmas']))).toEqual([
      'holiday 1: "2026-13-45" is not a date YYYY-MM-DD',
      'holiday 2: "xmas" is not a date YYYY-MM-DD',
    ]);
  });

  it('crypto never closes: no next opening', () => {
    expect(nextOpen(catalogue.require('BTCUSD'), at('2026-11-28T12:00:00Z'))).toBeNull();
  });

  it('the instrument terms carry the next opening only while the market is closed', () => {
    const profile = tradingProfileOf({ trading: RETAIL_TRADING });
    const closed = instrumentTerms(
      catalogue.require('EURUSD'),
      profile,
      '1,3,5,10,15,20,30',
      at('2026-11-28T12:00:00Z'),
    );
    expect(closed).toMatchObject({ open: false, nextOpen: '2026-11-29T22:00:00.000Z' });
    const open = instrumentTerms(
      catalogue.require('EURUSD'),
      profile,
      '1,3,5,10,15,20,30',
      at('2026-11-25T12:00:00Z'),
    );
    expect(open).toMatchObject({ open: true, nextOpen: null });
  });
});

describe('instrument terms under the ESMA demo settings', () => {
  const profile = tradingProfileOf({ trading: RETAIL_TRADING });
  const now = at('2026-11-25T12:00:00Z');

  it('EURUSD: 1.2-pip feed spread + 0.4 pip a side = 2.0 pips, leverage up to 30', () => {
    expect(instrumentTerms(catalogue.require('EURUSD'), profile, '1,3,5,10,15,20,30', now)).toMatchObject({
      group: 'forex',
      pipSize: 0.0001,
      // the spread in the instrument's unit (forex: pips) and the tick it is quoted on
      tick: 0.00001,
      unit: 'pip',
      spread: 2,
      leverages: [1, 3, 5, 10, 15, 20, 30],
      leverageCap: 30,
    });
  });

  it('USDJPY counts pips of 0.01; a minor pair is capped at 20', () => {
    // the brand quote is on USDJPY's tick (precision 2: 0.01, one pip), the buy rounded up and the sell
    // down: 152.5075 + 0.004 = 152.5115 → 152.52 and 152.4925 − 0.004 = 152.4885 → 152.48, 4.0 pips (2.3 before
    // the tick, a spread the engine never dealt at)
    expect(instrumentTerms(catalogue.require('USDJPY'), profile, '1,30', now)).toMatchObject({
      pipSize: 0.01,
      tick: 0.01,
      unit: 'pip',
      spread: 4,
    });
    expect(instrumentTerms(catalogue.require('USDZAR'), profile, '1,3,5,10,15,20,30', now).leverageCap).toBe(
      20,
    );
  });
});
