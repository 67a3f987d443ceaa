import { CHART_TEXT_MAX, type ChartDrawing, type DrawingKind } from '@openbroker/domain';
import type { IChartApi, ISeriesApi, MouseEventParams, SeriesType, Time } from 'lightweight-charts';
import { type FormEvent, type PointerEvent, useEffect, useRef, useState } from 'react';
import { Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import type { ChartColors } from '../chartTheme.js';
import { DrawingsPrimitive } from './DrawingsPrimitive.js';
import { drawingAt, HIT_TOLERANCE, hits } from './geometry.js';
import type { DrawingTools } from './useDrawingTools.js';

/** Tools placed with one point; the others take two. */
const ONE_POINT: readonly DrawingKind[] = ['horizontal', 'text'];
/** Pixels a pointer must travel between press and release to count as a drag (a drawing in one stroke). */
const DRAG = 8;
/** A finger is less precise than a mouse: the distance a tap may be from a line to select it. */
const TOUCH_TOLERANCE = 12;

type Point = { time: number; price: number };

/**
 * The drawings on the chart and the placing of new ones. The drawings are a primitive on the price series (they
 * move with the prices). While a tool is in hand a transparent layer over the chart takes the pointer (mouse, pen
 * or finger): two points for a line, ray, rectangle or retracement (press and drag, or two clicks/taps), one for a
 * horizontal line or a text. Without a tool the chart pans and zooms as usual, and a click or tap on a drawing
 * selects it (through the chart's own click event, so nothing else is captured).
 */
export function DrawingLayer({
  api,
  main,
  tools,
}: {
  /** The chart while usable (`alive` turns false when it is removed). */
  api: { chart: IChartApi; colors: ChartColors; alive: boolean };
  /** The price series while usable. */
  main: { series: ISeriesApi<SeriesType>; alive: boolean } | null;
  tools: DrawingTools;
}) {
  const { chart, colors } = api;
  const series = main?.series ?? null;
  const { t } = useTranslation();
  const [primitive, setPrimitive] = useState<DrawingsPrimitive | null>(null);
  const [preview, setPreview] = useState<ChartDrawing | null>(null);
  const [text, setText] = useState<{ at: Point; x: number; y: number; value: string } | null>(null);
  const stroke = useRef<{ anchor: Point; x: number; y: number; pointer: number } | null>(null);
  const toolsRef = useRef(tools);
  toolsRef.current = tools;
  const touch = useRef(false);
  /** The selected drawing while it is dragged, where the pointer has taken it so far. */
  const [dragged, setDragged] = useState<ChartDrawing | null>(null);

  // the primitive rides on the price series; another chart type brings another series
  useEffect(() => {
    if (!series) return;
    const attached = new DrawingsPrimitive({
      line: colors.line,
      text: colors.line,
      background: colors.background,
    });
    series.attachPrimitive(attached);
    setPrimitive(attached);
    return () => {
      setPrimitive(null);
      // a removed series (or chart) took the primitive with it
      if (api.alive && main?.alive) series.detachPrimitive(attached);
    };
  }, [api, main, series, colors]);

  const { drawings, selectedId, precision, tool } = tools;
  useEffect(() => {
    const shown = dragged ? drawings.map((d) => (d.id === dragged.id ? dragged : d)) : drawings;
    primitive?.setScene({ drawings: shown, selectedId, preview, precision });
  }, [primitive, drawings, selectedId, preview, precision, dragged]);

  // the selected drawing is dragged with the pointer: only a press on it is taken from the chart, which pans and
  // zooms on any other press as usual
  useEffect(() => {
    if (!primitive || tool || !selectedId || !api.alive) return;
    const element = chart.chartElement();
    let drag: { origin: ChartDrawing; x: number; y: number; pointer: number; moved: ChartDrawing } | null =
      null;
    const local = (event: { clientX: number; clientY: number }) => {
      const rect = element.getBoundingClientRect();
      return { x: event.clientX - rect.left, y: event.clientY - rect.top };
    };
    const onMove = (event: globalThis.PointerEvent) => {
      if (!drag || event.pointerId !== drag.pointer) return;
      const p = local(event);
      const moved = shifted(primitive, drag.origin, p.x - drag.x, p.y - drag.y);
      if (moved) {
        drag.moved = moved;
        setDragged(moved);
      }
    };
    const onUp = (event: globalThis.PointerEvent) => {
      if (!drag || event.pointerId !== drag.pointer) return;
      const { moved, origin } = drag;
      drag = null;
      stop();
      setDragged(null);
      if (JSON.stringify(moved) !== JSON.stringify(origin)) toolsRef.current.replace(moved);
    };
    const stop = () => {
      window.removeEventListener('pointermove', onMove);
      window.removeEventListener('pointerup', onUp);
      window.removeEventListener('pointercancel', onUp);
    };
    const onDown = (event: globalThis.PointerEvent) => {
      const place = primitive.placer();
      const current = toolsRef.current;
      const selected = current.drawings.find((d) => d.id === current.selectedId);
      if (event.button !== 0 || !place || !selected) return;
      const p = local(event);
      const tolerance = event.pointerType === 'touch' ? TOUCH_TOLERANCE : HIT_TOLERANCE;
      if (!hits(selected, p, place, tolerance)) return;
      event.stopPropagation();
      event.preventDefault();
      drag = { origin: selected, x: p.x, y: p.y, pointer: event.pointerId, moved: selected };
      window.addEventListener('pointermove', onMove);
      window.addEventListener('pointerup', onUp);
      window.addEventListener('pointercancel', onUp);
    };
    // the chart's own mouse and touch handlers do not see the events of a drag
    const block = (event: Event) => {
      if (!drag) return;
      event.stopPropagation();
      if (event.cancelable) event.preventDefault();
    };
    const blocked = ['mousedown', 'mousemove', 'touchstart', 'touchmove'] as const;
    element.addEventListener('pointerdown', onDown, true);
    for (const type of blocked) element.addEventListener(type, block, { capture: true, passive: false });
    return () => {
      stop();
      element.removeEventListener('pointerdown', onDown, true);
      for (const type of blocked) element.removeEventListener(type, block, { capture: true });
      setDragged(null);
    };
  }, [api, chart, primitive, tool, selectedId]);

  // a new tool, or none: whatever was half placed is dropped
  // biome-ignore lint/correctness/useExhaustiveDependencies: resets when the tool changes
  useEffect(() => {
    stroke.current = null;
    setPreview(null);
    setText(null);
  }, [tool]);

  // without a tool: a click or tap on a drawing selects it, elsewhere drops the selection
  useEffect(() => {
    if (!primitive || tool) return;
    const onClick = (event: MouseEventParams<Time>) => {
      const place = primitive.placer();
      if (!event.point || !place) return;
      const current = toolsRef.current;
      const hit = drawingAt(
        current.drawings,
        event.point,
        place,
        touch.current ? TOUCH_TOLERANCE : HIT_TOLERANCE,
      );
      if (hit || current.selectedId) current.select(hit?.id ?? null);
    };
    chart.subscribeClick(onClick);
    return () => {
      if (api.alive) chart.unsubscribeClick(onClick);
    };
  }, [api, chart, primitive, tool]);

  // remembers whether the last press was a finger, for the tap's tolerance
  useEffect(() => {
    const onDown = (event: globalThis.PointerEvent) => {
      touch.current = event.pointerType === 'touch';
    };
    document.addEventListener('pointerdown', onDown, true);
    return () => document.removeEventListener('pointerdown', onDown, true);
  }, []);

  if (!tool) return null;

  const at = (event: PointerEvent<HTMLDivElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    const x = event.clientX - rect.left;
    const y = event.clientY - rect.top;
    return { x, y, point: primitive?.pointAt(x, y) ?? null };
  };
  const shape = (kind: DrawingKind, a: Point, b: Point): ChartDrawing | null =>
    kind === 'trend' || kind === 'ray' || kind === 'rectangle' || kind === 'fibonacci'
      ? { kind, id: 'preview', a, b }
      : null;
  const finish = (b: Point) => {
    const begun = stroke.current;
    stroke.current = null;
    setPreview(null);
    if (!begun) return;
    const drawn = shape(tool, begun.anchor, b);
    if (drawn && drawn.kind !== 'horizontal' && drawn.kind !== 'text') {
      const { id: _preview, ...rest } = drawn;
      tools.place(rest);
    }
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0 || text) return;
    event.preventDefault();
    const { x, y, point } = at(event);
    if (!point) return;
    if (tool === 'horizontal') {
      tools.place({ kind: 'horizontal', price: point.price });
      return;
    }
    if (tool === 'text') {
      setText({ at: point, x, y, value: '' });
      return;
    }
    if (stroke.current) {
      // the second click of a two-click placing
      finish(point);
      return;
    }
    stroke.current = { anchor: point, x, y, pointer: event.pointerId };
    event.currentTarget.setPointerCapture?.(event.pointerId);
    setPreview(shape(tool, point, point));
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const begun = stroke.current;
    if (!begun) return;
    const { point } = at(event);
    if (point) setPreview(shape(tool, begun.anchor, point));
  };
  // the crosshair follows the pointer while a tool is in hand (the layer takes the pointer from the chart)
  const onHover = (event: PointerEvent<HTMLDivElement>) => {
    const { point } = at(event);
    if (!point || !series || !api.alive) return;
    try {
      chart.setCrosshairPosition(point.price, point.time as Time, series);
    } catch {
      // a time past the bars has no crosshair
    }
  };
  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    const begun = stroke.current;
    if (!begun || begun.pointer !== event.pointerId) return;
    const { x, y, point } = at(event);
    // a drag places the drawing in one stroke; a click waits for the second point
    if (point && Math.hypot(x - begun.x, y - begun.y) >= DRAG) finish(point);
  };
  const submitText = (event: FormEvent) => {
    event.preventDefault();
    const value = text?.value.trim() ?? '';
    if (text && value) tools.place({ kind: 'text', a: text.at, text: value.slice(0, CHART_TEXT_MAX) });
    else setText(null);
  };

  const twoPoints = !ONE_POINT.includes(tool);
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: a pointer surface over the canvas while a tool is in hand; the toolbar's buttons and the Drawings menu are the keyboard's way
    <div
      className="ob-draw-capture"
      data-testid="chart-draw-capture"
      data-tool={tool}
      data-placing={twoPoints && preview ? 'true' : undefined}
      onPointerDown={onPointerDown}
      onPointerMove={(event) => {
        onHover(event);
        onPointerMove(event);
      }}
      onPointerLeave={() => api.alive && chart.clearCrosshairPosition()}
      onPointerUp={onPointerUp}
      onContextMenu={(event) => event.preventDefault()}
    >
      {text && (
        <form
          className="ob-draw-text"
          style={{ left: Math.max(4, Math.min(text.x, 1e4)), top: Math.max(4, text.y - 44) }}
          onSubmit={submitText}
          onPointerDown={(event) => event.stopPropagation()}
        >
          <input
            // biome-ignore lint/a11y/noAutofocus: the note is typed right where it was placed
            autoFocus
            className="form-control form-control-sm"
            aria-label={t('draw.text.label')}
            placeholder={t('draw.text.label')}
            maxLength={CHART_TEXT_MAX}
            value={text.value}
            onChange={(event) => setText({ ...text, value: event.target.value })}
            onKeyDown={(event) => {
              if (event.key === 'Escape') {
                event.preventDefault();
                event.stopPropagation();
                tools.choose(null);
              }
            }}
            data-testid="chart-draw-text"
          />
          <Button type="submit" size="sm" variant="primary" disabled={!text.value.trim()}>
            {t('draw.text.add')}
          </Button>
        </form>
      )}
    </div>
  );
}

/** `drawing` moved by (dx, dy) pixels: each point goes through the screen and back to a time and a price. */
function shifted(
  primitive: DrawingsPrimitive,
  drawing: ChartDrawing,
  dx: number,
  dy: number,
): ChartDrawing | null {
  const place = primitive.placer();
  if (!place) return null;
  const move = (point: Point): Point | null => {
    const at = place.point(point.time, point.price);
    return at ? primitive.pointAt(at.x + dx, at.y + dy) : null;
  };
  if (drawing.kind === 'horizontal') {
    const y = place.y(drawing.price);
    const moved = y === null ? null : primitive.pointAt(place.width / 2, y + dy);
    return moved ? { ...drawing, price: moved.price } : null;
  }
  const a = move(drawing.a);
  if (!a) return null;
  if (drawing.kind === 'text') return { ...drawing, a };
  const b = move(drawing.b);
  return b ? { ...drawing, a, b } : null;
}
