import {
  ColorType,
  CrosshairMode,
  createChart,
  type LogicalRange,
  type MouseEventParams,
} from 'lightweight-charts';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { themeColors } from './chartTheme.js';
import type { ChartType } from './chartView.js';
import { DrawingLayer } from './drawings/DrawingLayer.js';
import type { DrawingTools } from './drawings/useDrawingTools.js';
import { addMainSeries, type MainSeries, type OhlcBar, priceFormat, toMainBar } from './mainSeries.js';
import type { TradeLine } from './tradeLines/tradeLines.js';
import { type TradeLineHandlers, useTradeLineLayer } from './tradeLines/useTradeLineLayer.js';
import {
  type ChartHandle,
  type IndicatorRunOf,
  type LiveIndicatorValues,
  useIndicatorSeries,
} from './useIndicatorSeries.js';

export interface CandleChartProps extends TradeLineHandlers {
  /** Changes when the symbol or resolution changes: the view is reset to the latest candles. */
  datasetKey: string;
  type: ChartType;
  /** The finished bars, ascending (Heikin-Ashi ones for that type). */
  history: OhlcBar[];
  /** The forming bar, after all of `history`. */
  live: OhlcBar | null;
  /** The positions' and orders' lines (trading from the chart, tradeLines/). */
  lines: TradeLine[];
  indicators: IndicatorRunOf[];
  indicatorsLive: LiveIndicatorValues | null;
  /** Whether bars are shorter than a day (the time axis then shows hours). */
  intraday: boolean;
  /** Decimals the instrument quotes with (the smallest price step). */
  precision: number;
  locale: string;
  /** Called when the view nears the oldest loaded candle. */
  onNeedOlder: () => void;
  /** Called when the browser cannot draw the chart (no canvas). */
  onFailure: () => void;
  /** The time (unix s) of the bar under the crosshair; null when the pointer leaves the bars. */
  onHover: (time: number | null) => void;
  /** The client's drawings and the drawing tools (drawings/): drawn on the price series. */
  drawing?: DrawingTools;
}

/** Candles shown when a dataset first appears. */
const INITIAL_BARS = 120;
/** Load older candles when fewer than this many are left of the view. */
const OLDER_THRESHOLD_BARS = 30;

/** The price series while it is usable: `alive` turns false when it (or the chart) is removed. */
interface MainHandle {
  series: MainSeries;
  type: ChartType;
  alive: boolean;
}

/** What the price series holds: the dataset drawn and the time of its newest bar (null: no bar). */
interface Drawn {
  key: string;
  first: number;
  length: number;
  last: number | null;
}

/**
 * The price chart (lightweight-charts 5, canvas): the prices in the chosen type, the indicators over them and in
 * panes below, the positions' lines. It is created once per mount, resizes with its container (autoSize uses a
 * ResizeObserver), takes prices in the spec §9 decimals, and is removed on unmount. Times are UTC (spec §9).
 *
 * the library throws on a bar older than the series' newest ('Cannot update oldest data') and on any
 * call once the chart is removed ('Object is disposed'); either took the whole terminal down. So the series
 * remembers the dataset it draws and its newest bar: a live candle of another dataset, or older than that bar,
 * is never sent, and nothing is called on a chart or series after its removal (React runs layout clean-ups, which
 * remove them, before the passive ones that take price lines off). The container says what it draws
 * (`data-dataset`, `data-bars`, `data-type`) for tests.
 */
export function CandleChart({
  datasetKey,
  type,
  history,
  live,
  lines,
  indicators,
  indicatorsLive,
  intraday,
  precision,
  locale,
  onNeedOlder,
  onFailure,
  onHover,
  onLineDrop,
  onPriceMenu,
  drawing,
}: CandleChartProps) {
  const container = useRef<HTMLDivElement>(null);
  const [api, setApi] = useState<ChartHandle | null>(null);
  const [main, setMain] = useState<MainHandle | null>(null);
  const needOlder = useRef(onNeedOlder);
  needOlder.current = onNeedOlder;
  const failed = useRef(onFailure);
  failed.current = onFailure;
  const hover = useRef(onHover);
  hover.current = onHover;
  const drawn = useRef<Drawn | null>(null);

  useLayoutEffect(() => {
    const element = container.current;
    if (!element) return;
    const c = themeColors(element);
    let handle: ChartHandle;
    try {
      // Without a 2D canvas (very old browsers, DOM emulations) the library fails later, in a frame callback.
      if (!document.createElement('canvas').getContext('2d')) throw new Error('no 2D canvas');
      const chart = createChart(element, {
        autoSize: true,
        layout: {
          background: { type: ColorType.Solid, color: c.background },
          textColor: c.text,
          fontFamily: getComputedStyle(element).fontFamily,
          fontSize: 11,
          attributionLogo: true,
          panes: { separatorColor: c.border },
        },
        // each series formats its own scale: prices in the spec §9 decimals, oscillators with two
        localization: { locale },
        grid: { vertLines: { color: c.grid }, horzLines: { color: c.grid } },
        crosshair: { mode: CrosshairMode.Normal },
        rightPriceScale: { borderColor: c.border, scaleMargins: { top: 0.12, bottom: 0.08 } },
        timeScale: { borderColor: c.border, rightOffset: 6, secondsVisible: false },
      });
      // the price pane stays while its series is swapped for another chart type
      chart.panes()[0]?.setPreserveEmptyPane(true);
      handle = { chart, colors: c, alive: true };
    } catch {
      failed.current();
      return;
    }
    const { chart } = handle;
    const onRange = (range: LogicalRange | null) => {
      if (handle.alive && range && range.from < OLDER_THRESHOLD_BARS) needOlder.current();
    };
    const onMove = (event: MouseEventParams) => {
      if (handle.alive) hover.current(typeof event.time === 'number' ? event.time : null);
    };
    chart.timeScale().subscribeVisibleLogicalRangeChange(onRange);
    chart.subscribeCrosshairMove(onMove);
    drawn.current = null;
    setApi(handle);
    return () => {
      handle.alive = false;
      drawn.current = null;
      chart.timeScale().unsubscribeVisibleLogicalRangeChange(onRange);
      chart.unsubscribeCrosshairMove(onMove);
      chart.remove();
      setApi(null);
    };
  }, [locale]);

  // The price series of the chosen type; another type replaces it (the view and the dataset stay).
  useLayoutEffect(() => {
    if (!api?.alive) return;
    const handle: MainHandle = { series: addMainSeries(api.chart, type, api.colors), type, alive: true };
    setMain(handle);
    const element = container.current;
    if (element) element.dataset.type = type;
    return () => {
      handle.alive = false;
      if (api.alive) api.chart.removeSeries(handle.series);
      setMain(null);
    };
  }, [api, type]);

  useEffect(() => {
    if (!api?.alive || !main?.alive) return;
    api.chart.applyOptions({ timeScale: { timeVisible: intraday } });
    main.series.applyOptions({ priceFormat: priceFormat(precision) });
  }, [api, main, intraday, precision]);

  // History: a new dataset shows its latest candles; older pages keep the view where it was.
  useEffect(() => {
    if (!api?.alive || !main?.alive) return;
    const { chart } = api;
    const before = drawn.current;
    const range = chart.timeScale().getVisibleLogicalRange();
    main.series.setData(history.map((bar) => toMainBar(main.type, bar)));
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
  }, [api, main, history, datasetKey]);

  // The live candle: a cheap update of the newest bar, only of the dataset drawn and never older than its
  // newest bar (runs after the history effect, so a new history is drawn first).
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new history replaces the series' bars: the live candle goes on top again
  useEffect(() => {
    if (!main?.alive || !live) return;
    const current = drawn.current;
    if (!current || current.key !== datasetKey) return;
    if (current.last !== null && live.time < current.last) return;
    main.series.update(toMainBar(main.type, live));
    current.last = live.time;
  }, [main, live, history, datasetKey]);

  // Positions' and orders' lines, dragging them and the order menu at a price: trading from the chart.
  useTradeLineLayer(main, api?.colors ?? null, container, lines, precision, { onLineDrop, onPriceMenu });

  useIndicatorSeries(api, indicators, indicatorsLive, datasetKey, precision);

  return (
    <>
      <div ref={container} className="ob-chart-canvas" data-testid="chart-canvas" />
      {/* drawings: their own layer, taking the pointer only while a drawing tool is in hand */}
      {drawing && api?.alive && <DrawingLayer api={api} main={main?.alive ? main : null} tools={drawing} />}
    </>
  );
}
