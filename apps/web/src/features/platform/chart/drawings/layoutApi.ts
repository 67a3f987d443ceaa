import {
  CHART_LAYOUT_MAX_DRAWINGS,
  type ChartDrawing,
  ChartLayout,
  ChartLayoutInput,
  chartDrawing,
} from '@openbroker/domain';
import { z } from 'zod';
import { apiRequest } from '../../../../api/client.js';
import { readItem, readJson, removeItem, writeItem, writeJson } from '../../../../lib/storage.js';
import type { ChartIndicator } from '../chartView.js';

/** The client's chart layouts (GET and PUT /api/chart-layouts/:symbol; contract: domain contracts/chartLayouts.ts). */
export const chartLayoutsApi = {
  get: (token: string, symbol: string, signal?: AbortSignal) =>
    apiRequest(`/api/chart-layouts/${encodeURIComponent(symbol)}`, {
      method: 'GET',
      token,
      schema: ChartLayout,
      ...(signal ? { signal } : {}),
    }),
  save: (token: string, symbol: string, layout: { indicators: ChartIndicator[]; drawings: ChartDrawing[] }) =>
    apiRequest(`/api/chart-layouts/${encodeURIComponent(symbol)}`, {
      method: 'PUT',
      token,
      body: layout,
      schema: ChartLayout,
    }),
};

/**
 * A layout the server answered, checked with the rules it was saved under (the indicator dialog's parameters
 * among them); null when it does not pass, and the terminal then keeps what it has.
 */
export function checkedLayout(
  answer: ChartLayout,
): { indicators: ChartIndicator[]; drawings: ChartDrawing[] } | null {
  const parsed = ChartLayoutInput.safeParse({ indicators: answer.indicators, drawings: answer.drawings });
  return parsed.success ? (parsed.data as { indicators: ChartIndicator[]; drawings: ChartDrawing[] }) : null;
}

/** The browser's copy of a symbol's drawings: shown at once, and kept while the server cannot be reached. */
export const drawingsStorageKey = (symbol: string): string => `ob.chart.drawings.${symbol}`;
/** Set while a symbol's chart has changes the server has not confirmed: they win over the server's copy. */
export const unsavedStorageKey = (symbol: string): string => `ob.chart.unsaved.${symbol}`;

/** The drawings kept in the browser; a broken one is left out, the rest stays. */
export function readDrawings(symbol: string): ChartDrawing[] {
  const stored = z.array(z.unknown()).safeParse(readJson(drawingsStorageKey(symbol)));
  if (!stored.success) return [];
  const drawings: ChartDrawing[] = [];
  for (const item of stored.data) {
    const drawing = chartDrawing.safeParse(item);
    if (!drawing.success || drawings.some((known) => known.id === drawing.data.id)) continue;
    if (drawings.length < CHART_LAYOUT_MAX_DRAWINGS) drawings.push(drawing.data);
  }
  return drawings;
}

export function writeDrawings(symbol: string, drawings: readonly ChartDrawing[]): void {
  if (drawings.length === 0) removeItem(drawingsStorageKey(symbol));
  else writeJson(drawingsStorageKey(symbol), drawings);
}

export const hasUnsaved = (symbol: string): boolean => readItem(unsavedStorageKey(symbol)) === '1';
export const markUnsaved = (symbol: string, unsaved: boolean): void =>
  unsaved ? writeItem(unsavedStorageKey(symbol), '1') : removeItem(unsavedStorageKey(symbol));
