import { describe, expect, it } from 'vitest';
import { ManualClock, systemClock } from './clock.js';

describe('manual clock (virtual time for feeds under test)', () => {
  it('runs due timers in due-time order, with now() at each due time', () => {
    const clock = new ManualClock(1_000);
    const calls: Array<[string, number]> = [];
    clock.setTimer(() => calls.push(['b', clock.now()]), 20);
    clock.setTimer(() => calls.push(['a', clock.now()]), 10);
    clock.setTimer(() => calls.push(['c', clock.now()]), 20);
    clock.advance(15);
    expect(calls).toEqual([['a', 1_010]]);
    clock.advance(100);
    expect(calls).toEqual([
      ['a', 1_010],
      ['b', 1_020],
      ['c', 1_020],
    ]);
    expect(clock.now()).toBe(1_115);
  });

  it('runs timers that timers set, if they fall due in the same advance', () => {
    const clock = new ManualClock(0);
    const calls: number[] = [];
    const tick = () => {
      calls.push(clock.now());
      if (calls.length < 5) clock.setTimer(tick, 100);
    };
    clock.setTimer(tick, 100);
    clock.advance(1_000);
    expect(calls).toEqual([100, 200, 300, 400, 500]);
  });

  it('cancels timers, stalls without running timers, and never goes back', () => {
    const clock = new ManualClock(new Date(0));
    let fired = false;
    const timer = clock.setTimer(() => {
      fired = true;
    }, 10);
    clock.clearTimer(timer);
    clock.advance(20);
    expect(fired).toBe(false);
    clock.setTimer(() => {
      fired = true;
    }, 10);
    clock.stall(50);
    expect(fired).toBe(false);
    clock.advance(0);
    expect(fired).toBe(true);
    expect(() => clock.advanceTo(0)).toThrow(/back in time/);
  });

  it('the system clock reads wall time and its timers fire', async () => {
    expect(Math.abs(systemClock.now() - Date.now())).toBeLessThan(50);
    await new Promise<void>((resolve) => systemClock.setTimer(resolve, 1));
  });
});
