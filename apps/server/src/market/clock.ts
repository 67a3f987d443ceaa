/**
 * Time as a dependency: the feeds read the time and schedule their wake-ups only through a `Clock`,
 * so tests and benchmarks drive them with a `ManualClock` (virtual time, no real timers).
 */

/** An opaque timer handle (a Node `Timeout`, or the manual clock's own record). */
export type TimerHandle = object;

export interface Clock {
  /** Current time, epoch milliseconds (UTC). */
  now(): number;
  /** Calls `callback` once after `delayMs` (≥ 0) milliseconds. */
  setTimer(callback: () => void, delayMs: number): TimerHandle;
  clearTimer(handle: TimerHandle): void;
}

/** Wall-clock time and Node timers. Timers are unref'd so a feed never keeps the process alive alone. */
export const systemClock: Clock = {
  now: () => Date.now(),
  setTimer(callback, delayMs) {
    const timer = setTimeout(callback, Math.max(0, delayMs));
    timer.unref();
    return timer;
  },
  clearTimer(handle) {
    clearTimeout(handle as ReturnType<typeof setTimeout>);
  },
};

interface ManualTimer {
  id: number;
  due: number;
  callback: () => void;
}

/**
 * Virtual time for tests: `advance(ms)` runs every timer that falls due, in due-time order (ties in
 * creation order), with `now()` set to each timer's due time while it runs.
 */
export class ManualClock implements Clock {
  private current: number;
  private timers: ManualTimer[] = [];
  private nextId = 1;

  constructor(start: number | Date) {
    this.current = typeof start === 'number' ? start : start.getTime();
  }

  now(): number {
    return this.current;
  }

  setTimer(callback: () => void, delayMs: number): TimerHandle {
    const timer = { id: this.nextId++, due: this.current + Math.max(0, delayMs), callback };
    this.timers.push(timer);
    return timer;
  }

  clearTimer(handle: TimerHandle): void {
    const index = this.timers.indexOf(handle as ManualTimer);
    if (index >= 0) this.timers.splice(index, 1);
  }

  /** Number of timers waiting. */
  get pending(): number {
    return this.timers.length;
  }

  /** Moves time forward by `ms` without running any timer, as when the process was blocked or suspended. */
  stall(ms: number): void {
    if (ms < 0) throw new RangeError('ManualClock cannot go back in time');
    this.current += ms;
  }

  /** Moves time forward by `ms`, running the timers that fall due on the way. */
  advance(ms: number): void {
    this.advanceTo(this.current + ms);
  }

  /** Moves time forward to `target` (epoch ms), running the timers that fall due on the way. */
  advanceTo(target: number | Date): void {
    const end = typeof target === 'number' ? target : target.getTime();
    if (end < this.current) throw new RangeError('ManualClock cannot go back in time');
    for (;;) {
      let first: ManualTimer | undefined;
      for (const timer of this.timers) {
        if (
          timer.due <= end &&
          (!first || timer.due < first.due || (timer.due === first.due && timer.id < first.id))
        ) {
          first = timer;
        }
      }
      if (!first) break;
      this.timers.splice(this.timers.indexOf(first), 1);
      this.current = Math.max(this.current, first.due);
      first.callback();
    }
    this.current = end;
  }
}
