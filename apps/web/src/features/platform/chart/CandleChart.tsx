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

/** The chart and its one series while they are usable: `alive` turns false just before the chart is removed. */
interface ChartHandle {
  chart: IChartApi;
  series: ISeriesApi<'Candlestick'>;
  alive: boolean;
}

/** What the series holds: the dataset drawn and the time of its newest bar (null: no bar). */
interface Drawn {
  key: string;
  first: number;
  length: number;
  last: number | null;
}

/**
 * The candlestick chart (lightweight-charts 5, canvas). It is created once per mount, resizes with its
 * container (autoSize uses a ResizeObserver), takes prices in the spec §9 decimals, and is removed on
 * unmount. Times are UTC (spec §9).
 *
 * the library throws on a bar older than the series' newest ('Cannot update oldest data') and on any
 * call once the chart is removed ('Object is disposed'); either took the whole terminal down. So the series
 * remembers the dataset it draws and its newest bar: a live candle of another dataset, or older than that bar,
 * is never sent, and nothing is called on a chart after its removal (React runs layout clean-ups, which remove
 * it, before the passive ones that take price lines off). The container says what it draws
 * (`data-dataset`, `data-bars`) for tests.
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
  const [api, setApi] = useState<ChartHandle | null>(null);
  const colors = useRef<ReturnType<typeof themeColors> | null>(null);
  const needOlder = useRef(onNeedOlder);
  needOlder.current = onNeedOlder;
  const failed = useRef(onFailure);
  failed.current = onFailure;
  const drawn = useRef<Drawn | null>(null);

  useLayoutEffect(() => {
    const element = container.current;
    if (!element) return;
    const c = themeColors(element);
    colors.current = c;
    let chart: IChartApi;
    let series: ISeriesApi<'Candlestick'>;
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
      series = chart.addSeries(CandlestickSeries, {
        upColor: c.up,
        downColor: c.down,
        borderUpColor: c.up,
        borderDownColor: c.down,
        wickUpColor: c.up,
        wickDownColor: c.down,
        priceLineVisible: true,
      });
    } catch {
      failed.current();
      return;
    }
    const handle: ChartHandle = { chart, series, alive: true };
    const onRange = (range: LogicalRange | null) => {
      if (handle.alive && range && range.from < OLDER_THRESHOLD_BARS) needOlder.current();
    };
    chart.timeScale().subscribeVisibleLogicalRangeChange(onRange);
    drawn.current = null;
    setApi(handle);
    return () => {
      handle.alive = false;
      drawn.current = null;
      chart.timeScale().unsubscribeVisibleLogicalRangeChange(onRange);
      chart.remove();
      setApi(null);
    };
  }, [locale]);

  useEffect(() => {
    if (!api?.alive) return;
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
  useEffect(() => {
    if (!api?.alive) return;
    const { chart, series } = api;
    const before = drawn.current;
    const range = chart.timeScale().getVisibleLogicalRange();
    series.setData(history.map(toBar));
    const first = history[0]?.time ?? 0;
    drawn.current = { key: datasetKey, first, length: history.length, last: history.at(-1)?.time ?? null };
    const element = container.current;
    if (element) {
      element.dataset.dataset = datasetKey;
      element.dataset.bars = String(history.length);
    }
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

  // The live candle: a cheap update of the newest bar, only of the dataset drawn and never older than its
  // newest bar (runs after the history effect, so a new history is drawn first).
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new history replaces the series' bars: the live candle goes on top again
  useEffect(() => {
    if (!api?.alive || !live) return;
    const current = drawn.current;
    if (!current || current.key !== datasetKey) return;
    if (current.last !== null && live.time < current.last) return;
    api.series.update(toBar(live));
    current.last = live.time;
  }, [api, live, history, datasetKey]);

  // Positions' entry, stop loss and take profit.
  const lineKey = JSON.stringify(lines);
  useEffect(() => {
    if (!api?.alive || !colors.current) return;
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
      // a removed chart took its lines with it: the library throws on any call after removal
      if (!api.alive) return;
      for (const line of created) api.series.removePriceLine(line);
    };
  }, [api, lineKey]);

  return <div ref={container} className="ob-chart-canvas" data-testid="chart-canvas" />;
}
