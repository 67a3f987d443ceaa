import { describe, expect, it } from 'vitest';
import { economicEventSeeds, weekdayFrom } from './economic-events.js';

const weekday = (date: Date) => date.getUTCDay();

describe('economic calendar sample events', () => {
  // A Saturday, a Sunday, a Monday and a Wednesday as the seed day: every event lands Monday to Friday.
  for (const seedDay of ['2026-11-21', '2026-11-22', '2026-11-23', '2026-11-25']) {
    it(`lists no event on a weekend when seeded on ${seedDay}`, () => {
      const events = economicEventSeeds(new Date(`${seedDay}T10:00:00Z`));
      expect(events.length).toBeGreaterThan(30);
      const weekend = events.filter((event) => [0, 6].includes(weekday(event.at)));
      expect(weekend.map((event) => `${event.title} ${event.at.toISOString()}`)).toEqual([]);
    });
  }

  it('puts every central-bank decision on a weekday and keeps the events in trading-day order', () => {
    const events = economicEventSeeds(new Date('2026-11-21T10:00:00Z'));
    const decisions = events.filter((event) => /Interest Rate Decision/.test(event.title));
    expect(decisions.length).toBeGreaterThanOrEqual(8);
    for (const decision of decisions) expect([1, 2, 3, 4, 5]).toContain(weekday(decision.at));
  });

  it('counts trading days: Friday + 1 is Monday, Monday − 1 is Friday, a Saturday is the next Monday', () => {
    const day = (iso: string) => Date.parse(`${iso}T00:00:00Z`);
    expect(weekdayFrom(day('2026-11-20'), 1)).toBe(day('2026-11-23'));
    expect(weekdayFrom(day('2026-11-23'), -1)).toBe(day('2026-11-20'));
    expect(weekdayFrom(day('2026-11-21'), 0)).toBe(day('2026-11-23'));
    expect(weekdayFrom(day('2026-11-22'), -1)).toBe(day('2026-11-20'));
    expect(weekdayFrom(day('2026-11-25'), 5)).toBe(day('2026-12-02'));
  });

  it('gives actual figures only to events already released', () => {
    const now = new Date('2026-11-25T12:00:00Z');
    for (const event of economicEventSeeds(now))
      if (event.at.getTime() > now.getTime()) expect(event.actual).toBeNull();
  });
});
