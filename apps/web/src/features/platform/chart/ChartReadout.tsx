import {
  formatPrice,
  formatRsi,
  INDICATOR_LINES,
  INDICATOR_SCALE,
  type IndicatorPoint,
} from '@openbroker/domain';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import type { Candle } from '../../../api/types.js';
import { indicatorLabel } from './indicatorLabel.js';
import type { IndicatorRunOf, LiveIndicatorValues } from './useIndicatorSeries.js';
import type { SessionCandles } from './useSessionCandles.js';

const FIELDS = ['open', 'high', 'low', 'close'] as const;
/** Every indicator line's name (their titles are `chart.value.<name>`). */
type ChartValueName = 'value' | 'upper' | 'middle' | 'lower' | 'macd' | 'signal' | 'histogram' | 'k' | 'd';
const NONE = '—';

/** Index of the candle at `time` in the ascending list, or -1. */
function indexAt(candles: readonly Candle[], time: number): number {
  let low = 0;
  let high = candles.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const at = (candles[middle] as Candle).time;
    if (at === time) return middle;
    if (at < time) low = middle + 1;
    else high = middle - 1;
  }
  return -1;
}

/** The candle under the crosshair (the latest without one): its index among the finished ones, or the forming one. */
function pick({ closed, live }: SessionCandles, time: number | null) {
  if (live && (time === null || time === live.time)) return { candle: live, index: -1 };
  const index = time === null ? closed.length - 1 : indexAt(closed, time);
  const candle = closed[index];
  return candle ? { candle, index } : null;
}

/** Colour of an indicator's line: its own for the first, muted for a second line, up or down for the histogram. */
function lineStyle(
  line: string,
  slot: number,
  value: number | null,
): { className?: string; style?: CSSProperties } {
  if (line === 'histogram') return { className: value !== null && value < 0 ? 'ob-down' : 'ob-up' };
  if (line === 'signal' || line === 'd') return { className: 'text-body-secondary' };
  return { style: { color: `var(--ob-chart-ind-${slot})` } };
}

/**
 * Open, high, low and close of the candle under the crosshair, or of the latest one, and each indicator's values
 * there: prices in the spec §9 decimals like the chart's scale, oscillators with two.
 */
export function ChartReadout({
  session,
  runs,
  live,
  time,
}: {
  session: SessionCandles;
  runs: IndicatorRunOf[];
  live: LiveIndicatorValues | null;
  time: number | null;
}) {
  const { t } = useTranslation();
  const at = pick(session, time);
  if (!at) return null;
  return (
    <div className="ob-chart-readout small" data-testid="chart-readout" data-time={at.candle.time}>
      <div className="ob-chart-readout-row">
        {FIELDS.map((field) => (
          <span key={field} className="ob-chart-readout-item">
            <span className="ob-chart-readout-label">{t(`chart.readout.${field}`)}</span>
            <span className="ob-num" data-testid={`chart-readout-${field}`}>
              {formatPrice(at.candle[field])}
            </span>
          </span>
        ))}
      </div>
      {runs.map((entry, position) => {
        const { indicator } = entry;
        const format = INDICATOR_SCALE[indicator.kind] === 'percent' ? formatRsi : formatPrice;
        const series = entry.run.series as Record<string, IndicatorPoint[]>;
        const liveValues = live?.values[position] as Record<string, number | null> | undefined;
        return (
          <div
            key={indicator.id}
            className="ob-chart-readout-row"
            data-testid={`chart-readout-indicator-${indicator.id}`}
          >
            <span className="ob-chart-readout-label">{indicatorLabel(indicator)}</span>
            {(INDICATOR_LINES[indicator.kind] as readonly string[]).map((line) => {
              const value =
                at.index < 0 ? (liveValues?.[line] ?? null) : (series[line]?.[at.index]?.value ?? null);
              const look = lineStyle(line, indicator.color, value);
              return (
                <span
                  key={line}
                  title={t(`chart.value.${line as ChartValueName}`)}
                  className={look.className ? `ob-num ${look.className}` : 'ob-num'}
                  style={look.style}
                  data-line={line}
                >
                  {value === null ? NONE : format(value)}
                </span>
              );
            })}
          </div>
        );
      })}
    </div>
  );
}
