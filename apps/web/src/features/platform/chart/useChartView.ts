import type { IndicatorConfig, IndicatorKind } from '@openbroker/domain';
import { useState } from 'react';
import {
  type ChartType,
  type ChartView,
  readChartView,
  withIndicator,
  withoutIndicator,
  withParams,
  writeChartView,
} from './chartView.js';

export interface ChartViewActions {
  view: ChartView;
  setType: (type: ChartType) => void;
  add: (kind: IndicatorKind) => void;
  update: (id: number, params: IndicatorConfig['params']) => void;
  remove: (id: number) => void;
}

/** The chart type and indicators chosen for `symbol`, kept in the browser per symbol (chartView.ts). */
export function useChartView(symbol: string): ChartViewActions {
  const [state, setState] = useState(() => ({ symbol, view: readChartView(symbol) }));
  // another symbol: its own choice, read in the same render (no frame of the previous symbol's indicators)
  const current = state.symbol === symbol ? state : { symbol, view: readChartView(symbol) };
  if (current !== state) setState(current);
  const change = (next: ChartView) => {
    writeChartView(symbol, next);
    setState({ symbol, view: next });
  };
  const { view } = current;
  return {
    view,
    setType: (type) => change({ ...view, type }),
    add: (kind) => change(withIndicator(view, kind)),
    update: (id, params) => change(withParams(view, id, params)),
    remove: (id) => change(withoutIndicator(view, id)),
  };
}
