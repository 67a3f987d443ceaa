import { INDICATOR_COLORS } from './chartView.js';

/** The indicator palette when the stylesheet is missing (chart.css sets one per theme). */
const PALETTE_FALLBACK = ['#2962ff', '#e67700', '#8e44ad', '#00897b', '#c2185b', '#6d4c41'];

/** The theme's colours, read from the CSS variables so the chart matches the page (dark or light). */
export function themeColors(element: HTMLElement) {
  const style = getComputedStyle(element);
  const read = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  const primaryRgb = read('--ob-primary-rgb', '11, 92, 171');
  return {
    background: read('--ob-surface', '#ffffff'),
    text: read('--ob-text-muted', '#5b6675'),
    grid: read('--ob-chart-grid', 'rgba(128,128,128,0.12)'),
    border: read('--ob-border', '#e3e7ee'),
    up: read('--ob-up', '#0f9d58'),
    down: read('--ob-down', '#d93025'),
    entry: read('--ob-primary', '#0b5cab'),
    /** The line and area chart types: the brand colour as the theme writes text in it. */
    line: read('--ob-primary-text', '#0b5cab'),
    areaTop: `rgba(${primaryRgb}, 0.28)`,
    areaBottom: `rgba(${primaryRgb}, 0.02)`,
    /** Second lines of an indicator (MACD signal, stochastic %D) and the guides of the oscillators. */
    muted: read('--ob-text-muted', '#5b6675'),
    indicators: Array.from({ length: INDICATOR_COLORS }, (_, slot) =>
      read(`--ob-chart-ind-${slot}`, PALETTE_FALLBACK[slot] ?? '#2962ff'),
    ),
  };
}

export type ChartColors = ReturnType<typeof themeColors>;

/** An indicator's own colour. */
export const indicatorColor = (colors: ChartColors, slot: number): string =>
  colors.indicators[slot % INDICATOR_COLORS] ?? colors.line;
