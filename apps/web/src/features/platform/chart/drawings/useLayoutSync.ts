import type { ChartDrawing } from '@openbroker/domain';
import { useCallback, useEffect, useRef } from 'react';
import type { ChartIndicator } from '../chartView.js';
import { chartLayoutsApi, checkedLayout, hasUnsaved, markUnsaved } from './layoutApi.js';

/** What is kept on the server per symbol: the indicators and the drawings (the chart type stays in the browser). */
export interface SavedLayout {
  indicators: ChartIndicator[];
  drawings: ChartDrawing[];
}

/** Quiet time after the last change before it is sent. */
export const SAVE_DELAY_MS = 800;

/**
 * Keeps a symbol's indicators and drawings on the server. The browser's copy is drawn first; when the symbol opens
 * the server's copy replaces it, unless the browser holds changes the server has not confirmed (made offline, or
 * while the answer was on its way): those are sent instead. A symbol the server has nothing for gets the browser's
 * copy, once (how layouts made before they were saved on the server move there). Changes are sent after a quiet
 * moment, and at once when the symbol changes or the chart closes; a failed save stays marked and is sent later.
 */
export function useLayoutSync(
  symbol: string,
  token: string,
  local: () => SavedLayout,
  onServer: (symbol: string, layout: SavedLayout) => void,
): (layout: SavedLayout) => void {
  const pending = useRef<{
    symbol: string;
    layout: SavedLayout;
    timer: ReturnType<typeof setTimeout>;
  } | null>(null);
  const touched = useRef(false);
  const localRef = useRef(local);
  localRef.current = local;
  const serverRef = useRef(onServer);
  serverRef.current = onServer;
  const tokenRef = useRef(token);
  tokenRef.current = token;

  const send = useCallback((to: string, layout: SavedLayout) => {
    const session = tokenRef.current;
    if (!session) return;
    chartLayoutsApi.save(session, to, layout).then(
      () => {
        if (pending.current?.symbol !== to) markUnsaved(to, false);
      },
      () => undefined, // kept as unsaved: sent again with the next change or the next visit
    );
  }, []);

  const flush = useCallback(() => {
    const waiting = pending.current;
    if (!waiting) return;
    clearTimeout(waiting.timer);
    pending.current = null;
    send(waiting.symbol, waiting.layout);
  }, [send]);

  useEffect(() => {
    touched.current = false;
    if (!token) return;
    const abort = new AbortController();
    chartLayoutsApi.get(token, symbol, abort.signal).then(
      (answer) => {
        if (abort.signal.aborted || touched.current) return;
        const mine = localRef.current();
        const empty = mine.indicators.length === 0 && mine.drawings.length === 0;
        if (hasUnsaved(symbol) || (!answer.saved && !empty)) {
          send(symbol, mine);
          return;
        }
        const layout = answer.saved ? checkedLayout(answer) : null;
        if (layout) serverRef.current(symbol, layout);
      },
      () => undefined, // offline or refused: the browser's copy stays
    );
    return () => {
      abort.abort();
      flush();
    };
  }, [symbol, token, send, flush]);

  return useCallback(
    (layout: SavedLayout) => {
      touched.current = true;
      markUnsaved(symbol, true);
      const waiting = pending.current;
      if (waiting) clearTimeout(waiting.timer);
      pending.current = { symbol, layout, timer: setTimeout(flush, SAVE_DELAY_MS) };
    },
    [symbol, flush],
  );
}
