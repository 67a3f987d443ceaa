import {
  BaselineSeries,
  ColorType,
  CrosshairMode,
  createChart,
  type IChartApi,
  LineStyle,
  type UTCTimestamp,
} from 'lightweight-charts';
import { useLayoutEffect, useRef, useState } from 'react';

export interface EquityPoint {
  /** ISO instant. */
  time: string;
  equity: number;
}

/** Points in ascending, strictly increasing seconds (the chart refuses two points at one time; the last one wins). */
export function chartPoints(points: readonly EquityPoint[]): { time: UTCTimestamp; value: number }[] {
  const out: { time: UTCTimestamp; value: number }[] = [];
  for (const point of points) {
    const time = Math.floor(Date.parse(point.time) / 1000) as UTCTimestamp;
    if (!Number.isFinite(time) || !Number.isFinite(point.equity)) continue;
    const last = out.at(-1);
    if (last && time <= last.time) {
      if (time === last.time) last.value = point.equity;
      continue;
    }
    out.push({ time, value: point.equity });
  }
  return out;
}

function colors(element: HTMLElement) {
  const style = getComputedStyle(element);
  const read = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  return {
    background: read('--ob-surface', '#ffffff'),
    text: read('--ob-text-muted', '#5b6675'),
    grid: read('--ob-chart-grid', 'rgba(128,128,128,0.12)'),
    border: read('--ob-border', '#e3e7ee'),
    up: read('--ob-up', '#0a8a4f'),
    down: read('--ob-down', '#d0302f'),
    upBg: read('--ob-up-bg', 'rgba(10,138,79,0.14)'),
    downBg: read('--ob-down-bg', 'rgba(208,48,47,0.13)'),
  };
}

/** A plain line of the same curve where the browser has no canvas (the figures beside it tell the rest). */
function FallbackCurve({ points, base }: { points: { value: number }[]; base: number }) {
  if (points.length < 2) return null;
  const values = points.map((p) => p.value);
  const min = Math.min(base, ...values);
  const max = Math.max(base, ...values);
  const span = max - min || 1;
  const x = (i: number) => (i / (points.length - 1)) * 600;
  const y = (v: number) => 190 - ((v - min) / span) * 180;
  return (
    <svg
      viewBox="0 0 600 200"
      preserveAspectRatio="none"
      className="ob-at-equity-fallback"
      aria-hidden="true"
    >
      <line x1="0" x2="600" y1={y(base)} y2={y(base)} className="ob-at-equity-base" />
      <polyline
        points={points.map((p, i) => `${x(i)},${y(p.value)}`).join(' ')}
        className="ob-at-equity-line"
      />
    </svg>
  );
}

/**
 * The backtest's equity curve (lightweight-charts 5, like the terminal's chart): green above the starting balance,
 * red below it, resized with its container and removed on unmount. Colours come from the theme's variables.
 */
export function EquityChart({
  points,
  startBalance,
  locale,
  money,
  label,
}: {
  points: readonly EquityPoint[];
  startBalance: number;
  locale: string;
  money: (value: number) => string;
  label: string;
}) {
  const container = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  const data = chartPoints(points);
  const dataKey = JSON.stringify(data);
  const format = useRef(money);
  format.current = money;

  // biome-ignore lint/correctness/useExhaustiveDependencies: dataKey stands for data (a new array every render)
  useLayoutEffect(() => {
    const element = container.current;
    if (!element) return;
    let chart: IChartApi;
    const c = colors(element);
    try {
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
        localization: { locale, priceFormatter: (value: number) => format.current(value) },
        grid: { vertLines: { visible: false }, horzLines: { color: c.grid } },
        crosshair: { mode: CrosshairMode.Magnet },
        rightPriceScale: { borderColor: c.border, scaleMargins: { top: 0.1, bottom: 0.1 } },
        timeScale: { borderColor: c.border, timeVisible: false, fixLeftEdge: true, fixRightEdge: true },
        handleScroll: false,
        handleScale: false,
      });
    } catch {
      setFailed(true);
      return;
    }
    const series = chart.addSeries(BaselineSeries, {
      baseValue: { type: 'price', price: startBalance },
      topLineColor: c.up,
      topFillColor1: c.upBg,
      topFillColor2: 'transparent',
      bottomLineColor: c.down,
      bottomFillColor1: 'transparent',
      bottomFillColor2: c.downBg,
      lineWidth: 2,
      priceLineVisible: false,
      lastValueVisible: true,
    });
    series.createPriceLine({
      price: startBalance,
      color: c.text,
      lineWidth: 1,
      lineStyle: LineStyle.Dashed,
      axisLabelVisible: false,
      title: '',
    });
    series.setData(data);
    chart.timeScale().fitContent();
    return () => chart.remove();
  }, [dataKey, startBalance, locale]);

  return (
    <figure className="ob-at-equity mb-0" aria-label={label} data-testid="backtest-equity">
      <div ref={container} className="ob-at-equity-canvas" hidden={failed} />
      {failed && <FallbackCurve points={data} base={startBalance} />}
    </figure>
  );
}
