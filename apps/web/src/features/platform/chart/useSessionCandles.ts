import { useMemo, useRef } from 'react';
import type { Candle } from '../../../api/types.js';
import { advanceTail, closedCandles, emptyTail, type SessionTail } from './session.js';

export interface SessionCandles {
  /** Finished candles, ascending: the history and the live buckets finished since. */
  closed: Candle[];
  /** The forming candle, after all of them; null before the first tick. */
  live: Candle | null;
}

/**
 * The chart's candles: the history, the live buckets finished while the chart was open, and the forming one. The
 * finished list changes when a bucket finishes or the history changes, not on every tick.
 */
export function useSessionCandles(key: string, history: Candle[], live: Candle | null): SessionCandles {
  const tail = useRef<SessionTail>(emptyTail(key));
  // advancing is idempotent: a render that runs twice, or is thrown away, leaves the same tail
  const current = advanceTail(tail.current.key === key ? tail.current : emptyTail(key), history, live);
  tail.current = current;
  const liveTime = live?.time ?? null;
  const closed = useMemo(
    () => closedCandles(history, current.closed, liveTime),
    [history, current.closed, liveTime],
  );
  return { closed, live };
}
