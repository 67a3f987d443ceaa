import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { marketApi } from '../../../api/market.js';
import type { Candle, CandleResolution } from '../../../api/types.js';
import { useQuoteStore } from '../../../shared/market/useQuotes.js';
import {
  bucketStart,
  CANDLES_PER_PAGE,
  candleAfterTick,
  HISTORY_SECONDS,
  mergeCandles,
  midPrice,
  RESOLUTION_SECONDS,
  validCandles,
} from './candles.js';

interface CandlePage {
  from: number;
  to: number;
  candles: Candle[];
}

/** Empty pages in a row after which there is nothing older (fine resolutions are kept for less time). */
const EMPTY_PAGES_TO_STOP = 3;

export interface Candles {
  /**
   * The dataset (`symbol:resolution`) the history and the live candle below belong to. The chart keeps it with
   * what it draws, so nothing of one timeframe or symbol is ever drawn over another's.
   */
  key: string;
  /** History, ascending; the live candle is separate. */
  history: Candle[];
  /** The current bucket's candle, built from the price stream; null until the first tick. */
  live: Candle | null;
  isLoading: boolean;
  isError: boolean;
  retry: () => void;
  /** Loads the page before the oldest one, within the 12 months of spec §9. */
  loadOlder: () => void;
  hasOlder: boolean;
  isLoadingOlder: boolean;
}

const nowSeconds = () => Date.now() / 1000;

/** The name of one chart dataset: a symbol at a resolution. */
export const datasetKey = (symbol: string, resolution: CandleResolution): string => `${symbol}:${resolution}`;

/**
 * Candles of a symbol (GET /api/market/candles, UTC buckets): the latest page first, older pages on
 * demand back to 12 months (spec §9), and a live last candle from the price stream's mid, as the server
 * builds its own candles.
 */
export function useCandles(symbol: string, resolution: CandleResolution): Candles {
  const store = useQuoteStore();
  const size = RESOLUTION_SECONDS[resolution];
  const query = useInfiniteQuery({
    queryKey: ['candles', symbol, resolution],
    initialPageParam: 0,
    queryFn: async ({ pageParam, signal }): Promise<CandlePage> => {
      const to = pageParam || bucketStart(nowSeconds(), resolution) + size;
      const from = Math.max(to - size * CANDLES_PER_PAGE, nowSeconds() - HISTORY_SECONDS);
      const candles = validCandles(await marketApi.candles({ symbol, resolution, from, to }, signal));
      return { from, to, candles };
    },
    getNextPageParam: (last, pages) => {
      const first = pages[0];
      if (!first || last.from <= first.to - HISTORY_SECONDS + size) return undefined;
      const tail = pages.slice(-EMPTY_PAGES_TO_STOP);
      if (tail.length === EMPTY_PAGES_TO_STOP && tail.every((page) => page.candles.length === 0))
        return undefined;
      return last.from;
    },
    staleTime: 60_000,
  });

  const key = datasetKey(symbol, resolution);
  const pages = query.data?.pages;
  const history = useMemo(() => mergeCandles((pages ?? []).map((page) => page.candles)), [pages]);
  const lastHistory = history.at(-1) ?? null;
  // The newest history candle with its dataset: a tick of the previous timeframe that arrives in the render
  // where the key changed must not build on the new timeframe's history (nor the other way round).
  const lastHistoryRef = useRef<{ key: string; candle: Candle | null }>({ key, candle: lastHistory });
  lastHistoryRef.current = { key, candle: lastHistory };

  // The live candle, tagged with the dataset it was built for: a candle of another dataset is never shown.
  const [live, setLive] = useState<{ key: string; candle: Candle } | null>(null);
  useEffect(() => {
    const own = datasetKey(symbol, resolution);
    setLive(null);
    return store.subscribe(symbol, () => {
      const quote = store.get(symbol);
      if (quote.status !== 'live') return;
      const price = midPrice(quote.dealing);
      if (!Number.isFinite(price)) return;
      setLive((previous) => {
        const known = lastHistoryRef.current.key === own ? lastHistoryRef.current.candle : null;
        const mine = previous?.key === own ? previous.candle : null;
        const base = mine && (!known || mine.time >= known.time) ? mine : known;
        return { key: own, candle: candleAfterTick(base, price, nowSeconds(), resolution) };
      });
    });
  }, [store, symbol, resolution]);

  // History that arrives after the first ticks knows the bucket's real open, high and low.
  useEffect(() => {
    if (!lastHistory) return;
    setLive((previous) =>
      previous && previous.key === key && previous.candle.time === lastHistory.time
        ? {
            key,
            candle: {
              ...previous.candle,
              open: lastHistory.open,
              high: Math.max(previous.candle.high, lastHistory.high),
              low: Math.min(previous.candle.low, lastHistory.low),
            },
          }
        : previous,
    );
  }, [lastHistory, key]);

  // An empty latest page (a closed market, a weekend) is no chart: look further back by itself.
  const { hasNextPage, isFetching, fetchNextPage } = query;
  useEffect(() => {
    if (pages && history.length === 0 && hasNextPage && !isFetching) void fetchNextPage();
  }, [pages, history.length, hasNextPage, isFetching, fetchNextPage]);

  const liveCandle = live?.key === key ? live.candle : null;
  return {
    key,
    history,
    live: liveCandle && (!lastHistory || liveCandle.time >= lastHistory.time) ? liveCandle : null,
    isLoading: query.isPending,
    isError: query.isError && !query.data,
    retry: () => void query.refetch(),
    loadOlder: () => {
      if (query.hasNextPage && !query.isFetchingNextPage) void query.fetchNextPage();
    },
    hasOlder: !!query.hasNextPage,
    isLoadingOlder: query.isFetchingNextPage,
  };
}
