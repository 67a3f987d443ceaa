import { INDICATOR_PLACEMENT, type IndicatorRun, type IndicatorValues } from '@openbroker/domain';
import type { IChartApi } from 'lightweight-charts';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { ChartColors } from './chartTheme.js';
import type { ChartIndicator } from './chartView.js';
import { addIndicatorSeries, type DrawnIndicator, toLinePoint } from './indicatorLines.js';

/** An indicator of the chart computed over its finished candles (`run.next` gives the forming candle's values). */
export interface IndicatorRunOf {
  indicator: ChartIndicator;
  run: IndicatorRun;
}

/** The indicators' values at the forming candle, in the order of the runs. */
export interface LiveIndicatorValues {
  time: number;
  values: IndicatorValues[];
}

/** The chart while it is usable: `alive` turns false just before it is removed. */
export interface ChartHandle {
  chart: IChartApi;
  colors: ChartColors;
  alive: boolean;
}

interface Drawn {
  items: DrawnIndicator[];
  alive: boolean;
}

/** Price pane height against one oscillator pane's. */
const PRICE_PANE_STRETCH = 3;

/**
 * Draws the indicators on the chart: overlays over the prices, each oscillator in a pane of its own below them.
 * The series are made again when the indicators or their parameters change; the finished candles' values are set
 * when they change, and the forming candle's value is updated tick by tick (never older than the newest drawn).
 */
export function useIndicatorSeries(
  api: ChartHandle | null,
  runs: IndicatorRunOf[],
  live: LiveIndicatorValues | null,
  datasetKey: string,
  precision: number,
) {
  const structure = JSON.stringify(runs.map((entry) => entry.indicator));
  const [drawn, setDrawn] = useState<Drawn | null>(null);
  const newest = useRef<{ drawn: Drawn; key: string; time: number | null } | null>(null);

  useLayoutEffect(() => {
    if (!api?.alive) return;
    const indicators = JSON.parse(structure) as ChartIndicator[];
    let panes = 0;
    const items = indicators.map((indicator) =>
      addIndicatorSeries(
        api.chart,
        indicator,
        INDICATOR_PLACEMENT[indicator.kind] === 'price' ? 0 : ++panes,
        api.colors,
        precision,
      ),
    );
    api.chart.panes()[0]?.setStretchFactor(panes > 0 ? PRICE_PANE_STRETCH : 1);
    const handle: Drawn = { items, alive: true };
    setDrawn(handle);
    return () => {
      handle.alive = false;
      // a removed chart took its series with it: the library throws on any call after removal
      if (api.alive)
        for (const item of items) for (const line of item.lines) api.chart.removeSeries(line.series);
      setDrawn(null);
    };
  }, [api, structure, precision]);

  useEffect(() => {
    if (!drawn?.alive) return;
    let time: number | null = null;
    for (const item of drawn.items) {
      const entry = runs.find((candidate) => candidate.indicator.id === item.id);
      if (!entry) continue;
      const series = entry.run.series as Record<string, { time: number; value: number | null }[]>;
      for (const line of item.lines) {
        const points = series[line.name] ?? [];
        line.series.setData(points.map((point) => toLinePoint(line, point)));
        time = points.at(-1)?.time ?? time;
      }
    }
    newest.current = { drawn, key: datasetKey, time };
  }, [drawn, runs, datasetKey]);

  useEffect(() => {
    const mark = newest.current;
    if (!drawn?.alive || !live || !mark || mark.drawn !== drawn || mark.key !== datasetKey) return;
    if (mark.time !== null && live.time < mark.time) return;
    for (const item of drawn.items) {
      const index = runs.findIndex((candidate) => candidate.indicator.id === item.id);
      const values = live.values[index] as Record<string, number | null> | undefined;
      for (const line of item.lines)
        line.series.update(toLinePoint(line, { time: live.time, value: values?.[line.name] ?? null }));
    }
    mark.time = live.time;
  }, [drawn, runs, live, datasetKey]);
}
