import { describe, expect, it } from 'vitest';
import { heikinAshi } from './heikin-ashi.js';
import { CANDLES, HOUR } from './test-candles.js';

describe('Heikin-Ashi', () => {
  it('averages each candle and opens at the middle of the previous Heikin-Ashi body', () => {
    expect(heikinAshi(CANDLES.slice(0, 6))).toEqual([
      // candle 0 (9, 10.5, 8.5, 10): close (9 + 10.5 + 8.5 + 10)/4 = 9.5; the first opens at (9 + 10)/2 = 9.5;
      // high max(10.5, 9.5, 9.5) = 10.5; low min(8.5, 9.5, 9.5) = 8.5
      { time: 0, open: 9.5, high: 10.5, low: 8.5, close: 9.5 },
      // candle 1 (10, 11.5, 9.5, 11): close 42/4 = 10.5; open (9.5 + 9.5)/2 = 9.5
      { time: HOUR, open: 9.5, high: 11.5, low: 9.5, close: 10.5 },
      // candle 2 (11, 12.5, 10.5, 12): close 46/4 = 11.5; open (9.5 + 10.5)/2 = 10; low min(10.5, 10, 11.5) = 10
      { time: 2 * HOUR, open: 10, high: 12.5, low: 10, close: 11.5 },
      // candle 3 (12, 12.5, 10, 11): close 45.5/4 = 11.375; open (10 + 11.5)/2 = 10.75
      { time: 3 * HOUR, open: 10.75, high: 12.5, low: 10, close: 11.375 },
      // candle 4 (11, 14, 11, 13): close 49/4 = 12.25; open (10.75 + 11.375)/2 = 11.0625
      { time: 4 * HOUR, open: 11.0625, high: 14, low: 11, close: 12.25 },
      // candle 5 (13, 15, 13, 14): close 55/4 = 13.75; open (11.0625 + 12.25)/2 = 11.65625, below the low 13:
      // the Heikin-Ashi low is its open
      { time: 5 * HOUR, open: 11.65625, high: 15, low: 11.65625, close: 13.75 },
    ]);
  });

  it('continues a series from the Heikin-Ashi candle before it (the live candle after the history)', () => {
    const all = heikinAshi(CANDLES);
    const history = heikinAshi(CANDLES.slice(0, 7));
    expect(heikinAshi(CANDLES.slice(7), history.at(-1))).toEqual(all.slice(7));
    expect(history).toEqual(all.slice(0, 7));
  });

  it('has nothing for no candles and does not change its input', () => {
    expect(heikinAshi([])).toEqual([]);
    const copy = CANDLES.map((c) => ({ ...c }));
    heikinAshi(CANDLES);
    expect(CANDLES).toEqual(copy);
  });
});
