import { describe, expect, it } from 'vitest';
import { advanceTail, closedCandles, emptyTail } from './session.js';

const H = 3600;
const candle = (time: number, close: number) => ({
  time,
  open: close,
  high: close,
  low: close,
  close,
  volume: 1,
});
const history = [candle(0, 10), candle(H, 11), candle(2 * H, 12)];

describe('the session tail (live buckets finished since the history loaded)', () => {
  it('keeps a finished live bucket when the next one starts, with its last state', () => {
    let tail = emptyTail('X:1h');
    tail = advanceTail(tail, history, candle(2 * H, 12.5));
    tail = advanceTail(tail, history, candle(2 * H, 13));
    expect(tail.closed).toEqual([]);
    tail = advanceTail(tail, history, candle(3 * H, 14));
    // the live version of the history's newest bucket replaces it
    expect(tail.closed).toEqual([candle(2 * H, 13)]);
    tail = advanceTail(tail, history, candle(4 * H, 15));
    expect(tail.closed).toEqual([candle(2 * H, 13), candle(3 * H, 14)]);
    expect(closedCandles(history, tail.closed, 4 * H)).toEqual([
      candle(0, 10),
      candle(H, 11),
      candle(2 * H, 13),
      candle(3 * H, 14),
    ]);
  });

  it('is the same tail for the same inputs (a render that runs twice)', () => {
    const tail = advanceTail(emptyTail('X:1h'), history, candle(3 * H, 14));
    expect(advanceTail(tail, history, tail.live)).toBe(tail);
  });

  it('gives buckets back to a history fetched again', () => {
    let tail = advanceTail(emptyTail('X:1h'), history, candle(3 * H, 14));
    tail = advanceTail(tail, history, candle(4 * H, 15));
    tail = advanceTail(tail, history, candle(5 * H, 16));
    const fetched = [...history, candle(3 * H, 14.2), candle(4 * H, 15.2)];
    tail = advanceTail(tail, fetched, candle(5 * H, 16));
    expect(tail.closed).toEqual([candle(4 * H, 15)]);
    expect(closedCandles(fetched, tail.closed, 5 * H).map((c) => c.close)).toEqual([10, 11, 12, 14.2, 15]);
  });

  it('leaves the live bucket out of the finished candles', () => {
    expect(closedCandles(history, [], 2 * H)).toEqual(history.slice(0, 2));
    expect(closedCandles(history, [], null)).toEqual(history);
  });
});
