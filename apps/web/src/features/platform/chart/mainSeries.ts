import { formatPrice, type OhlcCandle } from '@openbroker/domain';
import {
  AreaSeries,
  BarSeries,
  CandlestickSeries,
  type IChartApi,
  type ISeriesApi,
  LineSeries,
  type UTCTimestamp,
} from 'lightweight-charts';
import type { ChartColors } from './chartTheme.js';
import type { ChartType } from './chartView.js';

/** A bar the price series draws: a candle's prices, or its Heikin-Ashi ones. */
export type OhlcBar = OhlcCandle;

export type MainSeriesType = 'Candlestick' | 'Bar' | 'Line' | 'Area';
export type MainSeries = ISeriesApi<MainSeriesType>;

/** Prices in the spec §9 decimals, on the instrument's smallest step. */
export const priceFormat = (precision: number) => ({
  type: 'custom' as const,
  formatter: formatPrice,
  minMove: 10 ** -Math.min(Math.max(precision, 0), 8),
});

/** The price series of a chart type, in the price pane (pane 0). */
export function addMainSeries(chart: IChartApi, type: ChartType, c: ChartColors): MainSeries {
  const common = { priceLineVisible: true };
  switch (type) {
    case 'bars':
      return chart.addSeries(BarSeries, { ...common, upColor: c.up, downColor: c.down, thinBars: false }, 0);
    case 'line':
      return chart.addSeries(LineSeries, { ...common, color: c.line, lineWidth: 2 }, 0);
    case 'area':
      return chart.addSeries(
        AreaSeries,
        { ...common, lineColor: c.line, topColor: c.areaTop, bottomColor: c.areaBottom, lineWidth: 2 },
        0,
      );
    default:
      // candles, and Heikin-Ashi candles (ChartView hands over Heikin-Ashi prices)
      return chart.addSeries(
        CandlestickSeries,
        {
          ...common,
          upColor: c.up,
          downColor: c.down,
          borderUpColor: c.up,
          borderDownColor: c.down,
          wickUpColor: c.up,
          wickDownColor: c.down,
        },
        0,
      );
  }
}

/** A bar as the series of `type` takes it: open, high, low and close, or the close alone (line, area). */
export function toMainBar(type: ChartType, bar: OhlcBar) {
  const time = bar.time as UTCTimestamp;
  if (type === 'line' || type === 'area') return { time, value: bar.close };
  return { time, open: bar.open, high: bar.high, low: bar.low, close: bar.close };
}
