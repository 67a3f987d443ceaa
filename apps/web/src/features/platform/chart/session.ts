import type { Candle } from '../../../api/types.js';

/**
 * The candles the chart has seen since its history was loaded: the live candle builds one bucket after another,
 * and the buckets it finished are not in the history until it is fetched again. The chart keeps them, so the
 * indicators and a redrawn series (another chart type, an older page) still have them.
 */
export interface SessionTail {
  /** The dataset (symbol:resolution) the candles belong to. */
  key: string;
  /** Finished live buckets, ascending, none older than the history's newest candle. */
  closed: readonly Candle[];
  /** The live candle last seen. */
  live: Candle | null;
}

export const emptyTail = (key: string): SessionTail => ({ key, closed: [], live: null });

/**
 * The tail after a render with `history` and `live`: a live candle of a later bucket finishes the previous one;
 * buckets older than the history's newest candle are the history's again. Unchanged inputs give the same tail.
 */
export function advanceTail(tail: SessionTail, history: readonly Candle[], live: Candle | null): SessionTail {
  let closed = tail.closed;
  if (tail.live && live && live.time > tail.live.time) closed = [...closed, tail.live];
  const newest = history.at(-1)?.time;
  if (newest !== undefined && closed.some((candle) => candle.time < newest))
    closed = closed.filter((candle) => candle.time >= newest);
  if (closed === tail.closed && live === tail.live) return tail;
  return { key: tail.key, closed, live };
}

/**
 * The finished candles before the live one: the history, then the finished live buckets (which replace a history
 * candle of the same time), without the live candle's own bucket.
 */
export function closedCandles(
  history: readonly Candle[],
  closed: readonly Candle[],
  liveTime: number | null,
): Candle[] {
  const first = closed[0]?.time;
  const older = first === undefined ? history : history.filter((candle) => candle.time < first);
  const all = closed.length === 0 ? [...older] : [...older, ...closed];
  return liveTime === null ? all : all.filter((candle) => candle.time < liveTime);
}
