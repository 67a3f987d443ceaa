import { describe, expect, it } from 'vitest';
import { TickRing } from './tick-ring.js';

const T0 = Date.UTC(2026, 11, 1, 12, 0, 0);

/** `perSecond` BTCUSD quotes a second for `seconds`, bid rising by 1 a quote. */
function feed(ring: TickRing, perSecond: number, seconds: number) {
  const step = 1000 / perSecond;
  for (let k = 0; k < perSecond * seconds; k++)
    ring.push({ symbol: 'BTCUSD', bid: 60_000 + k, ask: 60_010 + k, ts: T0 + k * step });
}

describe('the recent quotes a fill audit reads', () => {
  it('keeps every quote a minute either side of a fill on a feed of 20 quotes a second (more than its first ring)', () => {
    const ring = new TickRing({ startedAt: T0, capacity: 1024 });
    feed(ring, 20, 200);
    const fill = T0 + 70_000;
    const window = ring.window('BTCUSD', fill - 60_000, fill + 60_000);
    expect(window.complete).toBe(true);
    expect(window.quotes).toHaveLength(20 * 120 + 1);
    expect(window.quotes[0]).toEqual([fill - 60_000, 60_000 + 200, 60_010 + 200]);
    // oldest first, none twice
    expect(window.quotes.every((q, k) => k === 0 || q[0] > (window.quotes[k - 1]?.[0] as number))).toBe(true);
  });

  it('says a window is incomplete when its limit made an older quote of it give way', () => {
    const ring = new TickRing({ startedAt: T0, capacity: 256, maxCapacity: 512 });
    feed(ring, 20, 200);
    const fill = T0 + 70_000;
    const window = ring.window('BTCUSD', fill - 60_000, fill + 60_000);
    expect(window.complete).toBe(false);
    // the newest quotes it holds are there still
    expect(ring.window('BTCUSD', T0 + 190_000, T0 + 200_000).complete).toBe(true);
  });

  it('lets quotes older than the time kept give way on a slow feed, rather than grow', () => {
    const ring = new TickRing({ startedAt: T0, capacity: 64, keepMs: 60_000 });
    feed(ring, 0.5, 600);
    // 300 quotes, 64 kept: two minutes back is gone, the last two minutes are whole
    expect(ring.window('BTCUSD', T0, T0 + 200_000).complete).toBe(false);
    expect(ring.window('BTCUSD', T0 + 480_000, T0 + 600_000).complete).toBe(true);
    expect(ring.window('BTCUSD', T0, T0 + 600_000).quotes).toHaveLength(64);
  });
});
