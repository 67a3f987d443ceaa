import { formatPrice } from '@openbroker/domain';
import {
  type CandlestickData,
  CandlestickSeries,
  ColorType,
  CrosshairMode,
  createChart,
  type IChartApi,
  type IPriceLine,
  type ISeriesApi,
  LineStyle,
  type LogicalRange,
  type UTCTimestamp,
} from 'lightweight-charts';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { Candle } from '../../../api/types.js';

/** A horizontal line on the chart: a position's entry, stop loss (or trailing stop), take profit or liquidation. */
export interface ChartLine {
  price: number;
  kind: 'entry' | 'stopLoss' | 'takeProfit' | 'liquidation';
  title: string;
}

export interface CandleChartProps {
  /** Changes when the symbol or resolution changes: the view is reset to the latest candles. */
  datasetKey: string;
  history: Candle[];
  live: Candle | null;
  lines: ChartLine[];
  /** Whether bars are shorter than a day (the time axis then shows hours). */
  intraday: boolean;
  /** Decimals the instrument quotes with (the smallest price step). */
  precision: number;
  locale: string;
  /** Called when the view nears the oldest loaded candle. */
  onNeedOlder: () => void;
  /** Called when the browser cannot draw the chart (no canvas). */
  onFailure: () => void;
}

/** Candles shown when a dataset first appears. */
const INITIAL_BARS = 120;
/** Load older candles when fewer than this many are left of the view. */
const OLDER_THRESHOLD_BARS = 30;

const toBar = (candle: Candle): CandlestickData<UTCTimestamp> => ({
  time: candle.time as UTCTimestamp,
  open: candle.open,
  high: candle.high,
  low: candle.low,
  close: candle.close,
});

/** The theme's colours, read from the CSS variables so the chart matches the page (dark or light). */
function themeColors(element: HTMLElement) {
  const style = getComputedStyle(element);
  const read = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  return {
    background: read('--ob-surface', '#ffffff'),
    text: read('--ob-text-muted', '#5b6675'),
    grid: read('--ob-chart-grid', 'rgba(128,128,128,0.12)'),
    border: read('--ob-border', '#e3e7ee'),
    up: read('--ob-up', '#0f9d58'),
    down: read('--ob-down', '#d93025'),
    entry: read('--ob-primary', '#0b5cab'),
  };
}

/**
 * The candlestick chart (lightweight-charts 5, canvas). It is created once per mount, resizes with its
 * container (autoSize uses a ResizeObserver), takes prices in the spec §9 decimals, and is removed on
 * unmount. Times are UTC (spec §9).
 */
export function CandleChart({
  datasetKey,
  history,
  live,
  lines,
  intraday,
  precision,
  locale,
  onNeedOlder,
  onFailure,
}: CandleChartProps) {
  const container = useRef<HTMLDivElement>(null);
  const [api, setApi] = useState<{ chart: IChartApi; series: ISeriesApi<'Candlestick'> } | null>(null);
  const colors = useRef<ReturnType<typeof themeColors> | null>(null);
  const needOlder = useRef(onNeedOlder);
  needOlder.current = onNeedOlder;
  const failed = useRef(onFailure);
  failed.current = onFailure;

  useLayoutEffect(() => {
    const element = container.current;
    if (!element) return;
    const c = themeColors(element);
    colors.current = c;
    let chart: IChartApi;
    try {
      // Without a 2D canvas (very old browsers, DOM emulations) the library fails later, in a frame callback.
      if (!document.createElement('canvas').getContext('2d')) throw new Error('no 2D canvas');
      chart = createChart(element, {
        autoSize: true,
        layout: {
          background: { type: ColorType.Solid, color: c.background },
          textColor: c.text,
          fontFamily: getComputedStyle(element).fontFamily,
          fontSize: 11,
          attributionLogo: true,
        },
        localization: { locale, priceFormatter: formatPrice },
        grid: { vertLines: { color: c.grid }, horzLines: { color: c.grid } },
        crosshair: { mode: CrosshairMode.Normal },
        rightPriceScale: { borderColor: c.border, scaleMargins: { top: 0.12, bottom: 0.08 } },
        timeScale: { borderColor: c.border, rightOffset: 6, secondsVisible: false },
      });
    } catch {
      failed.current();
      return;
    }
    const series = chart.addSeries(CandlestickSeries, {
      upColor: c.up,
      downColor: c.down,
      borderUpColor: c.up,
      borderDownColor: c.down,
      wickUpColor: c.up,
      wickDownColor: c.down,
      priceLineVisible: true,
    });
    const onRange = (range: LogicalRange | null) => {
      if (range && range.from < OLDER_THRESHOLD_BARS) needOlder.current();
    };
    chart.timeScale().subscribeVisibleLogicalRangeChange(onRange);
    setApi({ chart, series });
    return () => {
      chart.timeScale().unsubscribeVisibleLogicalRangeChange(onRange);
      chart.remove();
      setApi(null);
    };
  }, [locale]);

  useEffect(() => {
    if (!api) return;
    api.chart.applyOptions({ timeScale: { timeVisible: intraday } });
    api.series.applyOptions({
      priceFormat: {
        type: 'custom',
        formatter: formatPrice,
        minMove: 10 ** -Math.min(Math.max(precision, 0), 8),
      },
    });
  }, [api, intraday, precision]);

  // History: a new dataset shows its latest candles; older pages keep the view where it was.
  const shown = useRef<{ key: string; first: number; length: number } | null>(null);
  useEffect(() => {
    if (!api) return;
    const { chart, series } = api;
    const before = shown.current;
    const range = chart.timeScale().getVisibleLogicalRange();
    series.setData(history.map(toBar));
    const first = history[0]?.time ?? 0;
    shown.current = { key: datasetKey, first, length: history.length };
    if (history.length === 0) return;
    if (before?.key === datasetKey && before.length > 0 && range) {
      const added = first < before.first ? history.length - before.length : 0;
      if (added > 0)
        chart.timeScale().setVisibleLogicalRange({ from: range.from + added, to: range.to + added });
    } else {
      chart.timeScale().setVisibleLogicalRange({
        from: Math.max(0, history.length - INITIAL_BARS),
        to: history.length + 5,
      });
    }
  }, [api, history, datasetKey]);

  // The live candle: a cheap update of the last bar (never one older than the history's last).
  useEffect(() => {
    if (!api || !live) return;
    const last = history.at(-1);
    if (last && live.time < last.time) return;
    api.series.update(toBar(live));
  }, [api, live, history]);

  // Positions' entry, stop loss and take profit.
  const lineKey = JSON.stringify(lines);
  useEffect(() => {
    if (!api || !colors.current) return;
    const c = colors.current;
    const created: IPriceLine[] = (JSON.parse(lineKey) as ChartLine[]).map((line) =>
      api.series.createPriceLine({
        price: line.price,
        title: line.title,
        color: line.kind === 'entry' ? c.entry : line.kind === 'takeProfit' ? c.up : c.down,
        lineWidth: 1,
        lineStyle:
          line.kind === 'entry'
            ? LineStyle.Solid
            : line.kind === 'liquidation'
              ? LineStyle.SparseDotted
              : LineStyle.Dashed,
        axisLabelVisible: true,
      }),
    );
    return () => {
      for (const line of created) api.series.removePriceLine(line);
    };
  }, [api, lineKey]);

  return <div ref={container} className="ob-chart-canvas" data-testid="chart-canvas" />;
}
