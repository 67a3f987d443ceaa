import {
  formatRsi,
  INDICATOR_LINES,
  INDICATOR_PLACEMENT,
  INDICATOR_SCALE,
  type IndicatorPoint,
} from '@openbroker/domain';
import {
  HistogramSeries,
  type IChartApi,
  type ISeriesApi,
  LineSeries,
  LineStyle,
  type UTCTimestamp,
} from 'lightweight-charts';
import { type ChartColors, indicatorColor } from './chartTheme.js';
import type { ChartIndicator } from './chartView.js';
import { priceFormat } from './mainSeries.js';

/** One drawn line of an indicator: a line series, or the MACD histogram (its bars coloured by sign). */
export interface DrawnLine {
  name: string;
  series: ISeriesApi<'Line'> | ISeriesApi<'Histogram'>;
  /** Colours of a histogram's bars above and below zero; null for a line. */
  bars: { up: string; down: string } | null;
}

export interface DrawnIndicator {
  id: number;
  lines: DrawnLine[];
}

/** The usual overbought and oversold levels, drawn as guides in the oscillator's pane. */
const GUIDES: Partial<Record<ChartIndicator['kind'], number[]>> = { rsi: [30, 70], stochastic: [20, 80] };

/** Figures of a 0–100 oscillator: two decimals, like the auto-trader's RSI. */
const percentFormat = { type: 'custom' as const, formatter: formatRsi, minMove: 0.01 };

/**
 * The series of one indicator: over the prices (pane 0) or in pane `paneIndex` of its own. Its main line takes the
 * indicator's colour; a second line (MACD signal, %D) the muted one; the Bollinger middle band is dashed.
 */
export function addIndicatorSeries(
  chart: IChartApi,
  indicator: ChartIndicator,
  paneIndex: number,
  c: ChartColors,
  precision: number,
): DrawnIndicator {
  const own = indicatorColor(c, indicator.color);
  const inPane = INDICATOR_PLACEMENT[indicator.kind] === 'pane';
  const common = {
    priceFormat: INDICATOR_SCALE[indicator.kind] === 'percent' ? percentFormat : priceFormat(precision),
    priceLineVisible: false,
    lastValueVisible: inPane,
  };
  const lines: DrawnLine[] = (INDICATOR_LINES[indicator.kind] as readonly string[]).map((name) => {
    if (name === 'histogram')
      return {
        name,
        series: chart.addSeries(HistogramSeries, { ...common, lastValueVisible: false }, paneIndex),
        bars: { up: c.up, down: c.down },
      };
    const second = name === 'signal' || name === 'd';
    const band = name === 'upper' || name === 'lower';
    const series = chart.addSeries(
      LineSeries,
      {
        ...common,
        color: second ? c.muted : own,
        lineWidth: band ? 1 : 2,
        lineStyle: name === 'middle' ? LineStyle.Dashed : LineStyle.Solid,
        crosshairMarkerVisible: !band,
      },
      paneIndex,
    );
    return { name, series, bars: null };
  });
  const first = lines[0]?.series;
  for (const level of GUIDES[indicator.kind] ?? [])
    first?.createPriceLine({
      price: level,
      color: c.muted,
      lineWidth: 1,
      lineStyle: LineStyle.Dotted,
      axisLabelVisible: false,
      title: '',
    });
  return { id: indicator.id, lines };
}

/** A point as the line's series takes it; no value yet is a gap (whitespace), so the panes keep the candles' times. */
export function toLinePoint(line: DrawnLine, point: IndicatorPoint) {
  const time = point.time as UTCTimestamp;
  if (point.value === null) return { time };
  if (line.bars) return { time, value: point.value, color: point.value >= 0 ? line.bars.up : line.bars.down };
  return { time, value: point.value };
}
