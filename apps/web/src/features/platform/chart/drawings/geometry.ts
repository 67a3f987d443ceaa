import { type ChartDrawing, FIBONACCI_LEVELS } from '@openbroker/domain';

/**
 * The drawings' maths, free of the chart library: the Fibonacci retracement's levels, the way between a drawing's
 * times and the chart's bar positions (a drawing keeps times, the chart places bars by index), and which drawing a
 * pointer touches.
 */

/** A price rounded to the instrument's decimals (float noise away: 200 − 100 × 0.236 is 176.4, not 176.39999…). */
export function roundPrice(price: number, precision: number): number {
  const factor = 10 ** Math.max(0, Math.min(10, precision));
  return Math.round(price * factor) / factor;
}

/**
 * The retracement levels of a move from `from` (the first point) to `to` (the second): level 0 at `to`, level 1
 * back at `from`, the others between, at `to − (to − from) × ratio`. Rounded to the instrument's decimals.
 */
export function fibonacciLevels(
  from: number,
  to: number,
  precision: number,
): { ratio: number; price: number }[] {
  return FIBONACCI_LEVELS.map((ratio) => ({ ratio, price: roundPrice(to - (to - from) * ratio, precision) }));
}

/** A ratio as the level's label: 0.236 → "23.6%". */
export const levelLabel = (ratio: number): string => `${Number((ratio * 100).toFixed(1))}%`;

/**
 * The bar position (logical index, fractional between bars) of `time` among the ascending bar `times`; before the
 * first or after the last bar it goes on at the spacing of the two nearest bars. Null without bars.
 */
export function timeToLogical(times: readonly number[], time: number): number | null {
  const n = times.length;
  const first = times[0];
  const last = times[n - 1];
  if (first === undefined || last === undefined) return null;
  if (n === 1) return 0;
  if (time <= first) return (time - first) / ((times[1] ?? first + 1) - first || 1);
  if (time >= last) return n - 1 + (time - last) / (last - (times[n - 2] ?? last - 1) || 1);
  let lo = 0;
  let hi = n - 1;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if ((times[mid] ?? 0) <= time) lo = mid;
    else hi = mid;
  }
  const start = times[lo] ?? 0;
  const end = times[hi] ?? start + 1;
  return lo + (time - start) / (end - start || 1);
}

/**
 * The time at bar position `logical`, snapped to the nearest bar (beyond the bars: the spacing of the two nearest
 * goes on), in whole seconds. Null without bars.
 */
export function logicalToTime(times: readonly number[], logical: number): number | null {
  const n = times.length;
  const first = times[0];
  const last = times[n - 1];
  if (first === undefined || last === undefined) return null;
  const index = Math.round(logical);
  if (index >= 0 && index < n) return times[index] ?? null;
  if (n === 1) return first;
  if (index < 0) return Math.round(first + index * ((times[1] ?? first) - first));
  return Math.round(last + (index - (n - 1)) * (last - (times[n - 2] ?? last)));
}

export interface Pixel {
  x: number;
  y: number;
}

/** Distance of `p` to the segment a–b (a ray when `ray`: from a through b without end). */
export function distanceToSegment(p: Pixel, a: Pixel, b: Pixel, ray = false): number {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const length2 = dx * dx + dy * dy;
  if (length2 === 0) return Math.hypot(p.x - a.x, p.y - a.y);
  let t = ((p.x - a.x) * dx + (p.y - a.y) * dy) / length2;
  t = ray ? Math.max(0, t) : Math.max(0, Math.min(1, t));
  return Math.hypot(p.x - (a.x + t * dx), p.y - (a.y + t * dy));
}

/** Where a ray from a through b leaves a pane `width` wide (the far point to draw to). */
export function rayEnd(a: Pixel, b: Pixel, width: number): Pixel {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  if (dx === 0 && dy === 0) return b;
  if (dx === 0) return { x: a.x, y: dy > 0 ? a.y + 1e5 : a.y - 1e5 };
  const edge = dx > 0 ? width : 0;
  const t = Math.max(1, (edge - a.x) / dx);
  return { x: a.x + dx * t, y: a.y + dy * t };
}

/** A drawing on screen: its points in pixels (from `place`), or null when it cannot be placed (no bars). */
export interface Placer {
  point: (time: number, price: number) => Pixel | null;
  y: (price: number) => number | null;
  width: number;
}

/** Pixels of a pointer away from a line that still touch it (a finger needs more than a mouse). */
export const HIT_TOLERANCE = 6;

/** Whether the pointer at `p` touches `drawing` (within `tolerance` px of a line, inside a rectangle or retracement). */
export function hits(drawing: ChartDrawing, p: Pixel, place: Placer, tolerance = HIT_TOLERANCE): boolean {
  if (drawing.kind === 'horizontal') {
    const y = place.y(drawing.price);
    return y !== null && Math.abs(p.y - y) <= tolerance;
  }
  const a = place.point(drawing.a.time, drawing.a.price);
  if (!a) return false;
  if (drawing.kind === 'text') {
    // the label's box: from its point to the right, about a line high above it
    const width = Math.min(240, 7 * drawing.text.length + 8);
    return p.x >= a.x - tolerance && p.x <= a.x + width && p.y >= a.y - 18 && p.y <= a.y + tolerance;
  }
  const b = place.point(drawing.b.time, drawing.b.price);
  if (!b) return false;
  switch (drawing.kind) {
    case 'trend':
      return distanceToSegment(p, a, b) <= tolerance;
    case 'ray':
      return distanceToSegment(p, a, b, true) <= tolerance;
    case 'rectangle':
    case 'fibonacci': {
      const left = Math.min(a.x, b.x) - tolerance;
      const right = Math.max(a.x, b.x) + tolerance;
      const top = Math.min(a.y, b.y) - tolerance;
      const bottom = Math.max(a.y, b.y) + tolerance;
      return p.x >= left && p.x <= right && p.y >= top && p.y <= bottom;
    }
  }
}

/** The topmost (last drawn) drawing under the pointer, or null. */
export function drawingAt(
  drawings: readonly ChartDrawing[],
  p: Pixel,
  place: Placer,
  tolerance = HIT_TOLERANCE,
): ChartDrawing | null {
  for (let i = drawings.length - 1; i >= 0; i -= 1) {
    const drawing = drawings[i];
    if (drawing && hits(drawing, p, place, tolerance)) return drawing;
  }
  return null;
}
