import type { ChartDrawing, IndicatorConfig, IndicatorKind } from '@openbroker/domain';
import { useState } from 'react';
import { useAuth } from '../../../shared/session/useAuth.js';
import {
  type ChartType,
  type ChartView,
  readChartView,
  withIndicator,
  withoutIndicator,
  withParams,
  writeChartView,
} from './chartView.js';
import { readDrawings, writeDrawings } from './drawings/layoutApi.js';
import { useLayoutSync } from './drawings/useLayoutSync.js';

export interface ChartViewActions {
  view: ChartView;
  /** The client's drawings on this symbol's chart. */
  drawings: ChartDrawing[];
  setType: (type: ChartType) => void;
  add: (kind: IndicatorKind) => void;
  update: (id: number, params: IndicatorConfig['params']) => void;
  remove: (id: number) => void;
  setDrawings: (drawings: ChartDrawing[]) => void;
}

interface State {
  symbol: string;
  view: ChartView;
  drawings: ChartDrawing[];
}

const readState = (symbol: string): State => ({
  symbol,
  view: readChartView(symbol),
  drawings: readDrawings(symbol),
});

/**
 * The chart type, indicators and drawings chosen for `symbol`. The indicators and drawings are kept on the server
 * per client (drawings/useLayoutSync.ts), with the browser's copy (chartView.ts, layoutApi.ts) for the first paint
 * and offline; the chart type stays in the browser.
 */
export function useChartView(symbol: string): ChartViewActions {
  const token = useAuth()?.access_token ?? '';
  const [state, setState] = useState(() => readState(symbol));
  // another symbol: its own choice, read in the same render (no frame of the previous symbol's indicators)
  const current = state.symbol === symbol ? state : readState(symbol);
  if (current !== state) setState(current);
  const saveLater = useLayoutSync(
    symbol,
    token,
    () => ({ indicators: current.view.indicators, drawings: current.drawings }),
    (from, layout) =>
      setState((was) => {
        if (was.symbol !== from) return was;
        const view = { ...was.view, indicators: layout.indicators };
        writeChartView(from, view);
        writeDrawings(from, layout.drawings);
        return { symbol: from, view, drawings: layout.drawings };
      }),
  );
  const change = (view: ChartView, drawings: ChartDrawing[] = current.drawings) => {
    writeChartView(symbol, view);
    writeDrawings(symbol, drawings);
    setState({ symbol, view, drawings });
    if (view.indicators !== current.view.indicators || drawings !== current.drawings)
      saveLater({ indicators: view.indicators, drawings });
  };
  const { view } = current;
  return {
    view,
    drawings: current.drawings,
    setType: (type) => change({ ...view, type }),
    add: (kind) => change(withIndicator(view, kind)),
    update: (id, params) => change(withParams(view, id, params)),
    remove: (id) => change(withoutIndicator(view, id)),
    setDrawings: (drawings) => change(view, drawings),
  };
}
