import { z } from 'zod';
import { INDICATOR_KINDS, indicatorConfigSchema } from './indicators/params.js';

/**
 * A client's chart layout for one symbol, kept on the server: the indicators (the same kinds and parameter rules
 * as the chart's indicator dialog) and the drawings (trend lines, horizontal lines, rays, rectangles, Fibonacci
 * retracements, texts), each anchored to a time and a price so they stay with the prices when the chart pans or
 * zooms. The chart type stays in the browser.
 */

/** Indicators on one chart at once (the chart's own limit). */
export const CHART_LAYOUT_MAX_INDICATORS = 8;
/** Colours of the chart's indicator palette. */
export const CHART_LAYOUT_INDICATOR_COLORS = 6;
/** Drawings kept on one symbol's chart. */
export const CHART_LAYOUT_MAX_DRAWINGS = 200;
/** Characters of a text drawing. */
export const CHART_TEXT_MAX = 120;
/** Bytes a saved layout may take (its JSON); the route refuses bigger bodies before reading them. */
export const CHART_LAYOUT_MAX_BYTES = 64 * 1024;

export const DRAWING_KINDS = ['trend', 'horizontal', 'ray', 'rectangle', 'fibonacci', 'text'] as const;
export type DrawingKind = (typeof DRAWING_KINDS)[number];

/** The Fibonacci retracement's levels, as fractions of the move from its first point to its second. */
export const FIBONACCI_LEVELS = [0, 0.236, 0.382, 0.5, 0.618, 0.786, 1] as const;

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this refuses
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2028-\u202e\u2066-\u2069\ufeff]/;

/** A time on the chart: unix seconds from 1970 to 2100 (a drawing may reach past the newest candle). */
const time = z.number().int().min(0).max(4_102_444_800);
/** A price: a finite number of sensible size (JSON has no NaN or infinities, a client could still send 1e308). */
const price = z.number().finite().min(-1e12).max(1e12);

/** A point a drawing is anchored at. */
export const chartPoint = z.strictObject({ time, price });
export type ChartPoint = z.infer<typeof chartPoint>;

/** A drawing's id: made by the browser, unique within the layout. */
const drawingId = z
  .string()
  .min(1)
  .max(40)
  .regex(/^[A-Za-z0-9_-]+$/);

const twoPoints = { id: drawingId, a: chartPoint, b: chartPoint };

/** What a text drawing says: 1 to 120 characters once trimmed, no control or direction-changing characters. */
export const drawingText = z
  .string()
  .refine((text) => !CONTROL.test(text))
  .trim()
  .min(1)
  .max(CHART_TEXT_MAX);

/** The drawing kinds with the schema of a text drawing's text (checked when sent, plain when answered). */
const drawingUnion = <T extends z.ZodType<string>>(text: T) =>
  z.discriminatedUnion('kind', [
    z.strictObject({ kind: z.literal('trend'), ...twoPoints }),
    z.strictObject({ kind: z.literal('ray'), ...twoPoints }),
    z.strictObject({ kind: z.literal('rectangle'), ...twoPoints }),
    z.strictObject({ kind: z.literal('fibonacci'), ...twoPoints }),
    z.strictObject({ kind: z.literal('horizontal'), id: drawingId, price }),
    z.strictObject({ kind: z.literal('text'), id: drawingId, a: chartPoint, text }),
  ]);

/** One drawing, by kind: two points (trend line, ray, rectangle, Fibonacci), a price, or a point with a text. */
export const chartDrawing = drawingUnion(drawingText);
/** A drawing as the server answers it (kept only after `chartDrawing` checked it; no transforms to run back). */
export const chartDrawingAnswer = drawingUnion(z.string().max(CHART_TEXT_MAX));
export type ChartDrawing = z.infer<typeof chartDrawing>;

const indicatorMeta = {
  id: z.number().int().min(1).max(1_000_000),
  color: z
    .number()
    .int()
    .min(0)
    .max(CHART_LAYOUT_INDICATOR_COLORS - 1),
};

/** An indicator on the chart: its kind and parameters (checked as the indicator dialog checks them), id and colour. */
export const chartLayoutIndicator = z.discriminatedUnion(
  'kind',
  indicatorConfigSchema.options.map((option) => option.extend(indicatorMeta).strict()) as unknown as [
    z.ZodObject,
    ...z.ZodObject[],
  ],
) as unknown as z.ZodType<z.output<typeof indicatorConfigSchema> & { id: number; color: number }>;
export type ChartLayoutIndicator = z.output<typeof indicatorConfigSchema> & { id: number; color: number };

/** An indicator as the server answers it (checked with `chartLayoutIndicator` before it was kept). */
export const chartLayoutIndicatorAnswer = z.strictObject({
  kind: z.enum(INDICATOR_KINDS),
  ...indicatorMeta,
  params: z.record(z.string(), z.number()),
});

const uniqueBy =
  <T>(key: (item: T) => unknown) =>
  (items: readonly T[]): boolean =>
    new Set(items.map(key)).size === items.length;

/** A layout as the terminal saves it (PUT /api/chart-layouts/:symbol): nothing else is accepted. */
export const ChartLayoutInput = z.strictObject({
  indicators: z
    .array(chartLayoutIndicator)
    .max(CHART_LAYOUT_MAX_INDICATORS)
    .refine(
      uniqueBy((indicator: { id: number }) => indicator.id),
      'ids must be unique',
    ),
  drawings: z
    .array(chartDrawing)
    .max(CHART_LAYOUT_MAX_DRAWINGS)
    .refine(
      uniqueBy((drawing: { id: string }) => drawing.id),
      'ids must be unique',
    ),
});
export type ChartLayoutInput = z.infer<typeof ChartLayoutInput>;

/** A symbol in a layout's address, as the catalogue spells it (the server checks the catalogue has it). */
export const chartLayoutSymbol = z
  .string()
  .min(1)
  .max(32)
  .regex(/^[A-Za-z0-9._-]+$/)
  .transform((symbol) => symbol.toUpperCase());
