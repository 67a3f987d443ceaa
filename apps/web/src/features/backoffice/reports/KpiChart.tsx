import {
  ColorType,
  createChart,
  HistogramSeries,
  type IChartApi,
  LineSeries,
  type Time,
} from 'lightweight-charts';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';

/** One series of a KPI chart: bars (histogram) or a line, coloured by a CSS variable of the theme. */
export interface KpiSeries {
  id: string;
  label: string;
  kind: 'histogram' | 'line';
  /** A CSS variable ('--bo-success') read from the page, so light and dark themes each get their colour. */
  color: string;
  fallback: string;
  /** One value per day, in the order of `days`. */
  values: readonly number[];
}

/** The page's theme ('light' | 'dark'), followed as it changes (the chart redraws in the new colours). */
const readTheme = () => document.documentElement.getAttribute('data-bs-theme') ?? 'light';

function useTheme(): string {
  const [theme, setTheme] = useState(readTheme);
  useEffect(() => {
    const observer = new MutationObserver(() => setTheme(readTheme()));
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-bs-theme'] });
    return () => observer.disconnect();
  }, []);
  return theme;
}

/**
 * A per-day chart of KPIs (lightweight-charts, the terminal's chart library): histograms and lines over UTC
 * days, in the theme's colours, resizing with its container. Without a canvas it shows nothing (the table
 * below has the same figures).
 */
export function KpiChart({
  days,
  series,
  locale,
  label,
  testId,
}: {
  days: readonly string[];
  series: readonly KpiSeries[];
  locale: string;
  /** What the chart shows, for screen readers. */
  label: string;
  testId?: string;
}) {
  const container = useRef<HTMLDivElement>(null);
  const theme = useTheme();
  const [failed, setFailed] = useState(false);

  useLayoutEffect(() => {
    const element = container.current;
    if (!element) return;
    const style = getComputedStyle(element);
    const read = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
    let chart: IChartApi;
    try {
      if (!document.createElement('canvas').getContext('2d')) throw new Error('no 2D canvas');
      chart = createChart(element, {
        autoSize: true,
        layout: {
          background: { type: ColorType.Solid, color: 'transparent' },
          textColor: read('--ob-text-muted', theme === 'dark' ? '#9aa4b2' : '#5b6675'),
          fontFamily: style.fontFamily,
          fontSize: 11,
          attributionLogo: false,
        },
        localization: { locale },
        grid: {
          vertLines: { visible: false },
          horzLines: { color: read('--ob-chart-grid', 'rgba(128,128,128,0.15)') },
        },
        rightPriceScale: { borderVisible: false },
        timeScale: { borderColor: read('--ob-border', '#e3e7ee'), fixLeftEdge: true, fixRightEdge: true },
        handleScroll: false,
        handleScale: false,
      });
    } catch {
      setFailed(true);
      return;
    }
    for (const s of series) {
      const color = read(s.color, s.fallback);
      const data = days.map((day, i) => ({ time: day as Time, value: s.values[i] ?? 0 }));
      const added =
        s.kind === 'histogram'
          ? chart.addSeries(HistogramSeries, {
              color,
              priceLineVisible: false,
              lastValueVisible: false,
            })
          : chart.addSeries(LineSeries, {
              color,
              lineWidth: 2,
              priceLineVisible: false,
              lastValueVisible: false,
            });
      added.setData(data);
    }
    chart.timeScale().fitContent();
    return () => chart.remove();
  }, [days, series, locale, theme]);

  if (failed) return null;
  return (
    <figure className="bo-kpi-chart" data-testid={testId}>
      <div ref={container} className="bo-kpi-chart-canvas" role="img" aria-label={label} />
      <figcaption className="bo-kpi-legend">
        {series.map((s) => (
          <span key={s.id} className="bo-kpi-legend-item">
            <span
              className={`bo-kpi-swatch bo-kpi-swatch-${s.kind}`}
              style={{ background: `var(${s.color}, ${s.fallback})` }}
            />
            {s.label}
          </span>
        ))}
      </figcaption>
    </figure>
  );
}
