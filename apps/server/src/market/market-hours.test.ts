import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadCatalogue } from './instruments.js';
import {
  isOpen,
  nextClose,
  nextOpen,
  openIntervals,
  openMsBetween,
  type TradingHours,
  tradingHoursProblems,
  tradingYearMs,
  zonedTimeToUtc,
} from './market-hours.js';

const catalogue = loadCatalogue();
const AAPL = catalogue.require('AAPL');
const EURUSD = catalogue.require('EURUSD');
const BTCUSD = catalogue.require('BTCUSD');
const GOLD = catalogue.require('GOLD');
const SAP = catalogue.require('SAP');
const JP225 = catalogue.require('JP225');
const AUS200 = catalogue.require('AUS200');
const WHEAT = catalogue.require('WHEAT');

const at = (iso: string) => new Date(iso);
const iso = (d: Date | null) => d?.toISOString() ?? null;
const HOUR = 3_600_000;

describe('US stocks: NYSE/Nasdaq 09:30–16:00 New York, Monday to Friday', () => {
  it('opens at 09:30 and closes at 16:00 local time (half-open interval)', () => {
    // 2026-01-14 is a Wednesday; New York is UTC−5 in winter.
    expect(isOpen(AAPL, at('2026-01-14T14:29:59.999Z'))).toBe(false);
    expect(isOpen(AAPL, at('2026-01-14T14:30:00.000Z'))).toBe(true);
    expect(isOpen(AAPL, at('2026-01-14T20:59:59.999Z'))).toBe(true);
    expect(isOpen(AAPL, at('2026-01-14T21:00:00.000Z'))).toBe(false);
    // In summer New York is UTC−4: the same local session is an hour earlier in UTC.
    expect(isOpen(AAPL, at('2026-07-15T13:30:00Z'))).toBe(true);
    expect(isOpen(AAPL, at('2026-07-15T20:00:00Z'))).toBe(false);
  });

  it('is closed at the weekend and opens again on Monday', () => {
    expect(isOpen(AAPL, at('2026-01-17T15:00:00Z'))).toBe(false); // Saturday
    expect(isOpen(AAPL, at('2026-01-18T15:00:00Z'))).toBe(false); // Sunday
    expect(iso(nextOpen(AAPL, at('2026-01-16T21:00:00Z')))).toBe('2026-01-19T14:30:00.000Z');
    expect(iso(nextClose(AAPL, at('2026-01-17T12:00:00Z')))).toBe('2026-01-19T21:00:00.000Z');
  });

  it('follows the spring-forward weekend (8 March 2026): Friday 14:30 UTC, Monday 13:30 UTC', () => {
    expect(iso(nextOpen(AAPL, at('2026-03-06T00:00:00Z')))).toBe('2026-03-06T14:30:00.000Z');
    expect(iso(nextClose(AAPL, at('2026-03-06T15:00:00Z')))).toBe('2026-03-06T21:00:00.000Z');
    expect(iso(nextOpen(AAPL, at('2026-03-06T21:00:00Z')))).toBe('2026-03-09T13:30:00.000Z');
    expect(iso(nextClose(AAPL, at('2026-03-09T13:30:00Z')))).toBe('2026-03-09T20:00:00.000Z');
  });

  it('follows the fall-back weekend (1 November 2026): Friday 13:30 UTC, Monday 14:30 UTC', () => {
    expect(iso(nextOpen(AAPL, at('2026-10-30T00:00:00Z')))).toBe('2026-10-30T13:30:00.000Z');
    expect(iso(nextOpen(AAPL, at('2026-10-30T20:00:00Z')))).toBe('2026-11-02T14:30:00.000Z');
  });

  it('adds up to 5 × 6.5 hours of open market in an ordinary week', () => {
    expect(openMsBetween(AAPL, Date.parse('2026-01-12T00:00:00Z'), Date.parse('2026-01-19T00:00:00Z'))).toBe(
      5 * 6.5 * HOUR,
    );
    expect(openIntervals(AAPL, at('2026-01-12T00:00:00Z'), at('2026-01-13T15:00:00Z'))).toEqual([
      { start: Date.parse('2026-01-12T14:30:00Z'), end: Date.parse('2026-01-12T21:00:00Z') },
      { start: Date.parse('2026-01-13T14:30:00Z'), end: Date.parse('2026-01-13T15:00:00Z') },
    ]);
  });
});

describe('European stocks: their exchange session in their own time zone', () => {
  it('Xetra opens at 09:00 Frankfurt, 08:00 UTC before and 07:00 UTC after 29 March 2026', () => {
    expect(iso(nextOpen(SAP, at('2026-03-27T00:00:00Z')))).toBe('2026-03-27T08:00:00.000Z');
    expect(iso(nextOpen(SAP, at('2026-03-27T17:00:00Z')))).toBe('2026-03-30T07:00:00.000Z');
    expect(iso(nextClose(SAP, at('2026-03-30T08:00:00Z')))).toBe('2026-03-30T15:30:00.000Z');
  });

  it('the weeks when the US and Europe switch on different dates keep each market on its own clock', () => {
    // 16 March 2026: New York already on summer time, Frankfurt not yet.
    expect(iso(nextOpen(AAPL, at('2026-03-16T00:00:00Z')))).toBe('2026-03-16T13:30:00.000Z');
    expect(iso(nextOpen(SAP, at('2026-03-16T00:00:00Z')))).toBe('2026-03-16T08:00:00.000Z');
  });
});

describe('forex: 24/5 from Sunday 22:00 to Friday 22:00 UTC', () => {
  it('opens on Sunday at 22:00 UTC', () => {
    expect(isOpen(EURUSD, at('2026-01-18T21:59:59.999Z'))).toBe(false);
    expect(isOpen(EURUSD, at('2026-01-18T22:00:00Z'))).toBe(true);
    expect(iso(nextOpen(EURUSD, at('2026-01-17T12:00:00Z')))).toBe('2026-01-18T22:00:00.000Z');
  });

  it('stays open through the week without a break at midnight or at 22:00', () => {
    expect(isOpen(EURUSD, at('2026-01-20T00:00:00Z'))).toBe(true);
    expect(isOpen(EURUSD, at('2026-01-20T22:00:00Z'))).toBe(true);
    expect(iso(nextClose(EURUSD, at('2026-01-19T03:00:00Z')))).toBe('2026-01-23T22:00:00.000Z');
    expect(
      openMsBetween(EURUSD, Date.parse('2026-01-18T00:00:00Z'), Date.parse('2026-01-25T00:00:00Z')),
    ).toBe(5 * 24 * HOUR);
  });

  it('closes on Friday at 22:00 UTC and stays closed on Saturday', () => {
    expect(isOpen(EURUSD, at('2026-01-23T21:59:59Z'))).toBe(true);
    expect(isOpen(EURUSD, at('2026-01-23T22:00:00Z'))).toBe(false);
    expect(isOpen(EURUSD, at('2026-01-24T12:00:00Z'))).toBe(false);
  });
});

describe('crypto: 24/7', () => {
  it('is always open and never opens or closes', () => {
    expect(isOpen(BTCUSD, at('2026-01-17T03:00:00Z'))).toBe(true);
    expect(nextOpen(BTCUSD, at('2026-01-17T03:00:00Z'))).toBeNull();
    expect(nextClose(BTCUSD, at('2026-01-17T03:00:00Z'))).toBeNull();
    expect(openMsBetween(BTCUSD, 0, 7 * 24 * HOUR)).toBe(7 * 24 * HOUR);
  });
});

describe('commodities and indices: sessions with daily breaks', () => {
  it('CME (gold): Sunday 17:00 to Friday 16:00 Chicago with a daily 1 h break, 23:00–22:00 UTC in winter', () => {
    expect(isOpen(GOLD, at('2026-01-18T22:59:00Z'))).toBe(false); // Sunday before the open
    expect(isOpen(GOLD, at('2026-01-18T23:00:00Z'))).toBe(true);
    expect(isOpen(GOLD, at('2026-01-20T22:30:00Z'))).toBe(false); // Tuesday's break
    expect(iso(nextOpen(GOLD, at('2026-01-20T22:30:00Z')))).toBe('2026-01-20T23:00:00.000Z');
    expect(iso(nextClose(GOLD, at('2026-01-20T12:00:00Z')))).toBe('2026-01-20T22:00:00.000Z');
    expect(iso(nextClose(GOLD, at('2026-01-23T12:00:00Z')))).toBe('2026-01-23T22:00:00.000Z'); // Friday close
    expect(iso(nextOpen(GOLD, at('2026-01-23T22:00:00Z')))).toBe('2026-01-25T23:00:00.000Z');
  });

  it('CME in summer: the break moves to 21:00–22:00 UTC', () => {
    expect(isOpen(GOLD, at('2026-07-14T21:30:00Z'))).toBe(false);
    expect(isOpen(GOLD, at('2026-07-14T22:30:00Z'))).toBe(true);
  });

  it('CBOT wheat: an overnight session and a day session with a break between', () => {
    // Tuesday 20 January 2026, Chicago UTC−6: overnight ends 07:45 (13:45 UTC), day session 08:30 (14:30 UTC).
    expect(isOpen(WHEAT, at('2026-01-20T13:44:00Z'))).toBe(true);
    expect(isOpen(WHEAT, at('2026-01-20T14:00:00Z'))).toBe(false);
    expect(iso(nextOpen(WHEAT, at('2026-01-20T14:00:00Z')))).toBe('2026-01-20T14:30:00.000Z');
    expect(iso(nextClose(WHEAT, at('2026-01-20T14:30:00Z')))).toBe('2026-01-20T19:20:00.000Z');
  });

  it('Tokyo: a lunch break, and no daylight saving', () => {
    expect(isOpen(JP225, at('2026-01-14T02:00:00Z'))).toBe(true); // 11:00 JST
    expect(isOpen(JP225, at('2026-01-14T03:00:00Z'))).toBe(false); // 12:00 JST
    expect(iso(nextOpen(JP225, at('2026-01-14T03:00:00Z')))).toBe('2026-01-14T03:30:00.000Z');
    expect(iso(nextOpen(JP225, at('2026-07-14T03:00:00Z')))).toBe('2026-07-14T03:30:00.000Z');
  });

  it('Sydney: southern-hemisphere daylight saving (ends 5 April 2026)', () => {
    // 10:00 AEDT (UTC+11) is 23:00 UTC the day before; 10:00 AEST (UTC+10) is 00:00 UTC.
    expect(iso(nextOpen(AUS200, at('2026-04-02T12:00:00Z')))).toBe('2026-04-02T23:00:00.000Z');
    expect(iso(nextOpen(AUS200, at('2026-04-03T12:00:00Z')))).toBe('2026-04-06T00:00:00.000Z');
  });
});

describe('local time to UTC around DST switches', () => {
  const day = (y: number, m: number, d: number) => Date.UTC(y, m - 1, d) / 86_400_000;

  it('shifts a wall-clock time skipped by the spring-forward forward by the gap', () => {
    // 02:30 does not exist in New York on 8 March 2026; it is read as 03:30 EDT.
    expect(new Date(zonedTimeToUtc('America/New_York', day(2026, 3, 8), 150)).toISOString()).toBe(
      '2026-03-08T07:30:00.000Z',
    );
  });

  it('takes the earlier instant of a wall-clock time repeated by the fall-back', () => {
    // 01:30 happens twice in New York on 1 November 2026: 05:30 UTC (EDT) and 06:30 UTC (EST).
    expect(new Date(zonedTimeToUtc('America/New_York', day(2026, 11, 1), 90)).toISOString()).toBe(
      '2026-11-01T05:30:00.000Z',
    );
  });

  it('a session that starts in the skipped hour opens when the clocks jump', () => {
    const hours: TradingHours = {
      kind: 'weekly',
      timeZone: 'America/New_York',
      sessions: [{ days: ['Sun'], open: '02:30', close: '05:00' }],
    };
    expect(iso(nextOpen(hours, at('2026-03-08T00:00:00Z')))).toBe('2026-03-08T07:30:00.000Z');
    expect(openMsBetween(hours, Date.parse('2026-03-08T00:00:00Z'), Date.parse('2026-03-09T00:00:00Z'))).toBe(
      1.5 * HOUR,
    );
  });
});

describe('consistency of isOpen, nextOpen and nextClose (property)', () => {
  const weekly = catalogue.instruments.filter((i) => i.hours.kind === 'weekly');
  const schedules = [...new Map(weekly.map((i) => [i.scheduleId, i])).values()];

  it('nextOpen is the first open instant after a closed one, nextClose the first closed instant after an open one', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...schedules),
        fc.integer({ min: Date.parse('2025-01-01T00:00:00Z'), max: Date.parse('2027-12-31T00:00:00Z') }),
        (instrument, t) => {
          const open = nextOpen(instrument, t)?.getTime() as number;
          const close = nextClose(instrument, t)?.getTime() as number;
          expect(open).toBeGreaterThan(t);
          expect(close).toBeGreaterThan(t);
          expect(isOpen(instrument, open)).toBe(true);
          expect(isOpen(instrument, open - 1)).toBe(false);
          expect(isOpen(instrument, close)).toBe(false);
          expect(isOpen(instrument, close - 1)).toBe(true);
          // Open now ⇔ the next change is a close.
          expect(isOpen(instrument, t)).toBe(close < open);
          // Nothing changes in between.
          expect(openMsBetween(instrument, t, Math.min(open, close))).toBe(
            isOpen(instrument, t) ? Math.min(open, close) - t : 0,
          );
        },
      ),
      { numRuns: 400 },
    );
  });
});

describe('trading year and schedule validation', () => {
  it('measures a trading year in open time: 24/7, 24/5 and a 6.5-hour weekday session', () => {
    const day = 86_400_000;
    expect(tradingYearMs(BTCUSD) / day).toBeCloseTo(365.25, 6);
    expect(tradingYearMs(EURUSD) / day).toBeGreaterThan(260);
    expect(tradingYearMs(EURUSD) / day).toBeLessThan(262);
    expect(tradingYearMs(AAPL) / HOUR).toBeCloseTo(261 * 6.5, -1);
  });

  it('explains what is wrong with a schedule', () => {
    expect(tradingHoursProblems({ kind: 'always' })).toEqual([]);
    expect(
      tradingHoursProblems({
        kind: 'weekly',
        timeZone: 'Mars/Olympus',
        sessions: [{ days: ['Mon'], open: '9:30', close: '25:00' }],
      }),
    ).toEqual([
      'time zone "Mars/Olympus" is not an IANA time zone this Node.js knows',
      'session 1: open "9:30" is not a time HH:MM from 00:00 to 24:00',
      'session 1: close "25:00" is not a time HH:MM from 00:00 to 24:00',
    ]);
    expect(tradingHoursProblems({ kind: 'weekly', timeZone: 'UTC', sessions: [] })).toEqual([
      'a weekly schedule needs at least one session',
    ]);
  });
});
