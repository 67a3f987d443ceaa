import {
  defaultIndicatorConfig,
  type IndicatorConfig,
  type IndicatorKind,
  indicatorConfigSchema,
} from '@openbroker/domain';
import { z } from 'zod';
import { readJson, removeItem, writeJson } from '../../../lib/storage.js';

/** How the prices are drawn. */
export const CHART_TYPES = ['candles', 'bars', 'line', 'area', 'heikinAshi'] as const;
export type ChartType = (typeof CHART_TYPES)[number];

/** Most indicators on one chart at once. */
export const MAX_INDICATORS = 8;
/** Colours of the indicator palette (chart.css: --ob-chart-ind-0 … -5). */
export const INDICATOR_COLORS = 6;

/** An indicator on the chart: its kind and parameters, an id, and the palette colour it keeps. */
export type ChartIndicator = IndicatorConfig & { id: number; color: number };

/** What a client chose for one symbol's chart. */
export interface ChartView {
  type: ChartType;
  indicators: ChartIndicator[];
}

export const DEFAULT_VIEW: ChartView = Object.freeze({ type: 'candles', indicators: [] });

/**
 * Per symbol in the browser for now (saving the choice with the account comes later). Read through the schemas
 * below: an unknown chart type reads as candles, and a broken or unknown indicator is left out; the rest stays.
 */
export const chartViewStorageKey = (symbol: string): string => `ob.chart.view.${symbol}`;

const storedView = z.object({
  type: z.enum(CHART_TYPES).catch(DEFAULT_VIEW.type),
  indicators: z.array(z.unknown()).catch([]),
});
const storedIndicator = z
  .object({
    id: z.number().int().nonnegative(),
    color: z
      .number()
      .int()
      .min(0)
      .max(INDICATOR_COLORS - 1),
  })
  .and(indicatorConfigSchema);

export function readChartView(symbol: string): ChartView {
  const parsed = storedView.safeParse(readJson(chartViewStorageKey(symbol)));
  if (!parsed.success) return DEFAULT_VIEW;
  const indicators: ChartIndicator[] = [];
  for (const item of parsed.data.indicators) {
    const indicator = storedIndicator.safeParse(item);
    if (!indicator.success || indicators.some((known) => known.id === indicator.data.id)) continue;
    if (indicators.length < MAX_INDICATORS) indicators.push(indicator.data);
  }
  return { type: parsed.data.type, indicators };
}

export function writeChartView(symbol: string, view: ChartView): void {
  if (view.type === DEFAULT_VIEW.type && view.indicators.length === 0)
    removeItem(chartViewStorageKey(symbol));
  else writeJson(chartViewStorageKey(symbol), view);
}

/** The view with one more indicator of `kind` at its default parameters, in the first colour no other one uses. */
export function withIndicator(view: ChartView, kind: IndicatorKind): ChartView {
  if (view.indicators.length >= MAX_INDICATORS) return view;
  const id = Math.max(0, ...view.indicators.map((indicator) => indicator.id)) + 1;
  const used = new Set(view.indicators.map((indicator) => indicator.color));
  const free = Array.from({ length: INDICATOR_COLORS }, (_, slot) => slot).find((slot) => !used.has(slot));
  const color = free ?? view.indicators.length % INDICATOR_COLORS;
  return { ...view, indicators: [...view.indicators, { ...defaultIndicatorConfig(kind), id, color }] };
}

/** The view with indicator `id` given new (checked) parameters. */
export function withParams(view: ChartView, id: number, params: IndicatorConfig['params']): ChartView {
  return {
    ...view,
    indicators: view.indicators.map((indicator) =>
      indicator.id === id ? ({ ...indicator, params } as ChartIndicator) : indicator,
    ),
  };
}

export const withoutIndicator = (view: ChartView, id: number): ChartView => ({
  ...view,
  indicators: view.indicators.filter((indicator) => indicator.id !== id),
});
