import { heikinAshi, runIndicator } from '@openbroker/domain';
import { memo, useMemo, useState } from 'react';
import type { Candle } from '../../../api/types.js';
import { CandleChart, type CandleChartProps } from './CandleChart.js';
import { ChartReadout } from './ChartReadout.js';
import type { ChartIndicator } from './chartView.js';
import type { OhlcBar } from './mainSeries.js';
import type { IndicatorRunOf, LiveIndicatorValues } from './useIndicatorSeries.js';
import { type SessionCandles, useSessionCandles } from './useSessionCandles.js';

export type ChartViewProps = Omit<
  CandleChartProps,
  'history' | 'live' | 'indicators' | 'indicatorsLive' | 'onHover'
> & {
  history: Candle[];
  live: Candle | null;
  indicators: ChartIndicator[];
};

const Chart = memo(CandleChart);

/** The bars of the chosen type: the candles, or their Heikin-Ashi candles (the live one continues the finished). */
function usePriceBars(type: ChartViewProps['type'], { closed, live }: SessionCandles) {
  const ha = type === 'heikinAshi';
  const history: OhlcBar[] = useMemo(() => (ha ? heikinAshi(closed) : closed), [ha, closed]);
  const liveBar = useMemo(
    () => (live && ha ? (heikinAshi([live], history.at(-1) ?? null)[0] ?? null) : live),
    [ha, live, history],
  );
  return { history, live: liveBar };
}

/**
 * The chart with what it is computed from, loaded with the chart library (the indicators' library comes with it,
 * not with the terminal): the session's candles, the bars of the chosen type, the indicators over the finished
 * candles and at the forming one, and the readout of the candle under the crosshair.
 */
export function ChartView({ history, live, indicators, type, ...chart }: ChartViewProps) {
  const session = useSessionCandles(chart.datasetKey, history, live);
  const bars = usePriceBars(type, session);
  const runs: IndicatorRunOf[] = useMemo(
    () => indicators.map((indicator) => ({ indicator, run: runIndicator(indicator, session.closed) })),
    [indicators, session.closed],
  );
  const forming = session.live;
  const indicatorsLive: LiveIndicatorValues | null = useMemo(
    () => (forming ? { time: forming.time, values: runs.map((entry) => entry.run.next(forming)) } : null),
    [runs, forming],
  );
  const [hover, setHover] = useState<number | null>(null);

  return (
    <>
      <Chart
        {...chart}
        type={type}
        history={bars.history}
        live={bars.live}
        indicators={runs}
        indicatorsLive={indicatorsLive}
        onHover={setHover}
      />
      <ChartReadout session={session} runs={runs} live={indicatorsLive} time={hover} />
    </>
  );
}
