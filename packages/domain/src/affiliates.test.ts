import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  accountTotals,
  conversionRate,
  dayEnd,
  dayStart,
  daysInRange,
  eachDay,
  funnelByDay,
  lastDays,
  maskEmail,
  maskName,
  utcDay,
} from './affiliates.js';

describe('UTC days of the affiliate filter', () => {
  it('takes the calendar day in UTC, whatever the offset of the timestamp', () => {
    expect(utcDay('2026-03-01T23:59:59.999Z')).toBe('2026-03-01');
    expect(utcDay('2026-03-02T00:30:00+02:00')).toBe('2026-03-01');
    expect(utcDay(new Date(Date.UTC(2026, 2, 2)))).toBe('2026-03-02');
  });

  it('covers from and until as whole days: [start of from, start of the day after until)', () => {
    expect(dayStart('2026-03-01').toISOString()).toBe('2026-03-01T00:00:00.000Z');
    expect(dayEnd('2026-03-01').toISOString()).toBe('2026-03-02T00:00:00.000Z');
    expect(dayEnd('2024-02-28').toISOString()).toBe('2024-02-29T00:00:00.000Z');
  });

  it('lists every day of a period, both ends included, across month and year ends', () => {
    expect(eachDay('2025-12-30', '2026-01-02')).toEqual([
      '2025-12-30',
      '2025-12-31',
      '2026-01-01',
      '2026-01-02',
    ]);
    expect(eachDay('2026-05-05', '2026-05-05')).toEqual(['2026-05-05']);
    expect(daysInRange('2026-01-01', '2026-12-31')).toBe(365);
    expect(daysInRange('2026-03-29', '2026-03-30')).toBe(2);
  });

  it('defaults to the last 30 days including today', () => {
    expect(lastDays(new Date('2026-03-15T22:00:00Z'))).toEqual({ from: '2026-02-14', until: '2026-03-15' });
    expect(daysInRange('2026-02-14', '2026-03-15')).toBe(30);
  });
});

describe('conversion rates', () => {
  it('is converted ÷ of, and null when nothing could convert', () => {
    expect(conversionRate(1, 4)).toBe(0.25);
    expect(conversionRate(3, 3)).toBe(1);
    expect(conversionRate(0, 5)).toBe(0);
    expect(conversionRate(2, 0)).toBeNull();
  });
});

describe('funnel per day: clicks → registrations → first-time deposits', () => {
  const accounts = [
    { created_at: '2026-03-01T09:00:00Z', first_deposit_at: '2026-03-01T09:30:00Z' },
    { created_at: '2026-03-01T23:59:59Z', first_deposit_at: '2026-03-03T00:00:00Z' },
    { created_at: '2026-03-02T12:00:00Z', first_deposit_at: null },
    // registered before the period, deposited in it: a first deposit of the period
    { created_at: '2026-02-27T12:00:00Z', first_deposit_at: '2026-03-02T08:00:00Z' },
    // both outside the period
    { created_at: '2026-03-04T00:00:00Z', first_deposit_at: '2026-03-04T01:00:00Z' },
  ];
  const clicks = [
    { day: '2026-03-01', clicks: 4 },
    { day: '2026-03-03', clicks: 2 },
    { day: '2026-02-28', clicks: 9 },
  ];

  it('counts each event on its own UTC day within the period', () => {
    const funnel = funnelByDay(accounts, clicks, '2026-03-01', '2026-03-03');
    expect(funnel.days).toEqual([
      { day: '2026-03-01', clicks: 4, registrations: 2, demo_signups: 0, first_deposits: 1 },
      { day: '2026-03-02', clicks: 0, registrations: 1, demo_signups: 0, first_deposits: 1 },
      { day: '2026-03-03', clicks: 2, registrations: 0, demo_signups: 0, first_deposits: 1 },
    ]);
    expect(funnel).toMatchObject({
      clicks: 6,
      registrations: 3,
      first_deposits: 3,
      registration_rate: 0.5,
      deposit_rate: 1,
    });
  });

  it('counts demo sign-ups apart: they are no registrations, so the rates ignore them', () => {
    const live = { created_at: '2026-03-01T09:00:00Z', first_deposit_at: '2026-03-01T09:30:00Z' };
    const demo = { created_at: '2026-03-01T10:00:00Z', first_deposit_at: null, demo: true };
    const funnel = funnelByDay(
      [live, demo, demo],
      [{ day: '2026-03-01', clicks: 4 }],
      '2026-03-01',
      '2026-03-01',
    );
    expect(funnel).toMatchObject({
      registrations: 1,
      demo_signups: 2,
      first_deposits: 1,
      registration_rate: 0.25,
      deposit_rate: 1,
    });
    expect(funnel.days[0]).toMatchObject({ registrations: 1, demo_signups: 2 });
  });

  it('one click, one registration and its deposit on one day is 100 % at both steps', () => {
    const sameDay = { created_at: '2026-03-01T09:00:00Z', first_deposit_at: '2026-03-01T09:30:00Z' };
    const funnel = funnelByDay([sameDay], [{ day: '2026-03-01', clicks: 1 }], '2026-03-01', '2026-03-01');
    expect(funnel.registration_rate).toBe(1);
    expect(funnel.deposit_rate).toBe(1);
  });

  it('has no rates for an empty period', () => {
    const funnel = funnelByDay([], [], '2026-03-01', '2026-03-02');
    expect(funnel.days).toHaveLength(2);
    expect(funnel.registration_rate).toBeNull();
    expect(funnel.deposit_rate).toBeNull();
  });

  it('never counts more first deposits than accounts, and the days sum to the totals', () => {
    const iso = fc
      .integer({ min: Date.UTC(2026, 0, 1), max: Date.UTC(2026, 1, 28) })
      .map((t) => new Date(t).toISOString());
    fc.assert(
      fc.property(
        fc.array(fc.record({ created_at: iso, first_deposit_at: fc.option(iso, { nil: null }) })),
        (list) => {
          const funnel = funnelByDay(list, [], '2026-01-01', '2026-02-28');
          expect(funnel.registrations).toBe(list.length);
          expect(funnel.first_deposits).toBe(list.filter((a) => a.first_deposit_at).length);
          expect(funnel.days.reduce((s, d) => s + d.registrations, 0)).toBe(funnel.registrations);
        },
      ),
    );
  });
});

describe('totals of the listed accounts', () => {
  it('counts the depositors, their share and the sum of the first deposits to the cent', () => {
    expect(
      accountTotals([
        { transaction: { amount: '250.10' } },
        { transaction: null },
        { transaction: { amount: '0.20' } },
        { transaction: null },
      ]),
    ).toEqual({
      accounts: 4,
      first_time_depositors: 2,
      conversion_rate: 0.5,
      first_deposits_total: '250.30',
    });
    expect(accountTotals([])).toEqual({
      accounts: 0,
      first_time_depositors: 0,
      conversion_rate: null,
      first_deposits_total: '0.00',
    });
  });
});

describe('spec §2 /referrals masking', () => {
  it("cuts each word of a name to two letters: 'Jo*** Sm***'", () => {
    expect(maskName('John Smith')).toBe('Jo*** Sm***');
    expect(maskName('  Anna   Maria  de Souza ')).toBe('An*** Ma*** d*** So***');
    expect(maskName('Al')).toBe('A***');
    expect(maskName('Ödön Žák')).toBe('Öd*** Žá***');
    expect(maskName('')).toBe('');
  });

  it('masks an e-mail likewise, keeping the top-level domain', () => {
    expect(maskEmail('john.smith@example.com')).toBe('jo***@ex***.com');
    expect(maskEmail('jo@mail.co.uk')).toBe('j***@ma***.uk');
    expect(maskEmail('x@localhost')).toBe('x***@lo***');
  });

  it('never shows the whole name or e-mail', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 3, maxLength: 20 }).filter((s) => /^\w+$/.test(s)),
        (word) => {
          expect(maskName(word)).not.toContain(word);
          expect(maskEmail(`${word}@${word}.com`)).not.toContain(word);
        },
      ),
    );
  });
});
