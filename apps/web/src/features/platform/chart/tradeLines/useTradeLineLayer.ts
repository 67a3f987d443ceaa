import { roundLevel } from '@openbroker/domain';
import { type IPriceLine, LineStyle } from 'lightweight-charts';
import { type RefObject, useEffect, useRef } from 'react';
import type { ChartColors } from '../chartTheme.js';
import type { MainSeries } from '../mainSeries.js';
import { type DragTarget, hitTest, hitTolerance, type TradeLine, type TradeLineKind } from './tradeLines.js';

/** What the chart reports to the terminal: a line dropped at a price, a price asked for an order (menu). */
export interface TradeLineHandlers {
  /** A draggable line was dropped at `price` (on the instrument's step): the terminal confirms or refuses it. */
  onLineDrop?: (target: DragTarget, price: number) => void;
  /** A right-click, or a long press on touch, at `price`; `at` is where (viewport px) the menu goes. */
  onPriceMenu?: (price: number, at: { x: number; y: number }) => void;
}

/** The price series while it is usable (`alive` turns false once it, or the chart, is removed). */
interface SeriesHandle {
  series: MainSeries;
  alive: boolean;
}

/** A press this long without moving (touch) asks for the order menu. */
const LONG_PRESS_MS = 500;
/** A finger moving more than this (px) pans the chart instead. */
const LONG_PRESS_SLOP = 8;
/** A drag shorter than this (px) is a click: nothing changes. */
const DRAG_MIN_PX = 3;

function lineLook(kind: TradeLineKind, c: ChartColors) {
  switch (kind) {
    case 'entry':
      return { color: c.entry, lineStyle: LineStyle.Solid, lineWidth: 1 as const };
    case 'takeProfit':
      return { color: c.up, lineStyle: LineStyle.Dashed, lineWidth: 1 as const };
    case 'stopLoss':
      return { color: c.down, lineStyle: LineStyle.Dashed, lineWidth: 1 as const };
    case 'trailing':
      return { color: c.down, lineStyle: LineStyle.Dotted, lineWidth: 1 as const };
    case 'liquidation':
      return { color: c.down, lineStyle: LineStyle.SparseDotted, lineWidth: 2 as const };
    case 'order':
      return { color: c.line, lineStyle: LineStyle.LargeDashed, lineWidth: 1 as const };
    case 'orderTakeProfit':
      return { color: c.up, lineStyle: LineStyle.Dotted, lineWidth: 1 as const };
    case 'orderStopLoss':
      return { color: c.down, lineStyle: LineStyle.Dotted, lineWidth: 1 as const };
  }
}

interface Drawn {
  spec: TradeLine;
  line: IPriceLine;
}

interface Drag {
  drawn: Drawn;
  /** The line that follows the pointer: the dragged one, or a new one pulled out of an entry. */
  line: IPriceLine;
  /** Whether `line` is a new one, removed on release. */
  pulled: boolean;
  pointerId: number;
  startY: number;
  price: number;
}

/**
 * The positions' and pending orders' lines on the price series (lightweight-charts price lines), moved in place
 * when a level or a label changes, and the chart's trading gestures on its container: a press within a few px of a
 * draggable line takes it (cursor ns-resize on hover) and the chart does not pan; on release the line goes back
 * to where it was (a line pulled out of an entry goes away) and `onLineDrop` says where it was dropped (the terminal's dialog confirms or refuses it, and
 * the line follows the saved level). Anywhere else the chart pans as usual. A right-click, or a long press on
 * touch, asks for the order menu at that price. The container says where each draggable line is
 * (`data-trade-lines`: key and y in px) for tests and assistive tools.
 */
export function useTradeLineLayer(
  main: SeriesHandle | null,
  colors: ChartColors | null,
  container: RefObject<HTMLDivElement | null>,
  lines: readonly TradeLine[],
  precision: number,
  handlers: TradeLineHandlers,
): void {
  const drawn = useRef(new Map<string, Drawn>());
  const handlersRef = useRef(handlers);
  handlersRef.current = handlers;
  const dragging = useRef<Drag | null>(null);
  const colorsRef = useRef(colors);
  colorsRef.current = colors;
  const step = 10 ** -Math.min(Math.max(precision, 0), 8);
  const stepRef = useRef(step);
  stepRef.current = step;

  // A new series (another chart type) starts without lines; a removed one took its lines with it.
  useEffect(() => {
    if (!main?.alive) return;
    const map = drawn.current;
    return () => {
      if (main.alive) for (const entry of map.values()) main.series.removePriceLine(entry.line);
      map.clear();
      dragging.current = null;
    };
  }, [main]);

  const lineKey = JSON.stringify(lines);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the lines are compared by value (lineKey)
  useEffect(() => {
    if (!main?.alive || !colors) return;
    const map = drawn.current;
    const wanted = new Set<string>();
    for (const spec of lines) {
      wanted.add(spec.key);
      const entry = map.get(spec.key);
      if (entry && entry.spec.kind === spec.kind) {
        // a line being dragged stays under the pointer
        const held = dragging.current?.drawn === entry;
        if (!held && entry.spec.price !== spec.price) entry.line.applyOptions({ price: spec.price });
        if (entry.spec.title !== spec.title) entry.line.applyOptions({ title: spec.title });
        entry.spec = spec;
        continue;
      }
      if (entry) main.series.removePriceLine(entry.line);
      const line = main.series.createPriceLine({
        price: spec.price,
        title: spec.title,
        axisLabelVisible: true,
        ...lineLook(spec.kind, colors),
      });
      map.set(spec.key, { spec, line });
    }
    for (const [key, entry] of map) {
      if (wanted.has(key)) continue;
      const drag = dragging.current;
      if (drag?.drawn === entry) {
        if (drag.pulled) main.series.removePriceLine(drag.line);
        dragging.current = null;
      }
      main.series.removePriceLine(entry.line);
      map.delete(key);
    }
    publish();
  }, [main, colors, lineKey]);

  /** Tells the container where the draggable lines are now. */
  const publish = () => {
    const element = container.current;
    if (!element || !main?.alive) return;
    const at = [...drawn.current.values()]
      .filter((entry) => entry.spec.drag)
      .map((entry) => ({
        key: entry.spec.key,
        y: main.series.priceToCoordinate(entry.line.options().price),
      }));
    element.dataset.tradeLines = JSON.stringify(at);
  };
  const publishRef = useRef(publish);
  publishRef.current = publish;

  useEffect(() => {
    const element = container.current;
    if (!element || !main?.alive) return;
    const { series } = main;
    let longPress: { timer: ReturnType<typeof setTimeout>; x: number; y: number; pointerId: number } | null =
      null;
    // after a drag the browser may still send the mouse/touch events of that press: the chart must not see them
    let swallow = false;

    const yOf = (event: { clientY: number }) => event.clientY - element.getBoundingClientRect().top;
    // the price pane only: the indicators' panes below it have scales of their own
    const inPricePane = (y: number) => {
      const height =
        typeof series.getPane === 'function' ? series.getPane().getHeight() : Number.POSITIVE_INFINITY;
      return y >= 0 && y <= height;
    };
    const priceAt = (y: number): number | null => {
      if (!main.alive || !inPricePane(y)) return null;
      const raw = series.coordinateToPrice(y);
      if (raw === null || !Number.isFinite(raw) || raw <= 0) return null;
      const level = roundLevel(raw, stepRef.current);
      return level === null || Number.isNaN(level) || level <= 0 ? null : level;
    };
    const hit = (y: number, pointerType: string) =>
      main.alive
        ? hitTest(
            [...drawn.current.values()],
            (entry) => (entry.spec.drag ? series.priceToCoordinate(entry.line.options().price) : null),
            y,
            hitTolerance(pointerType),
          )
        : null;
    const cancelLongPress = () => {
      if (longPress) clearTimeout(longPress.timer);
      longPress = null;
    };
    const setHover = (on: boolean) => {
      if (on) element.dataset.lineHover = 'true';
      else delete element.dataset.lineHover;
    };
    const stop = (event: Event) => {
      event.stopPropagation();
      if (event.cancelable) event.preventDefault();
    };

    const onDown = (event: PointerEvent) => {
      swallow = false;
      cancelLongPress();
      if (event.pointerType === 'mouse' && event.button !== 0) return;
      const y = yOf(event);
      const entry = inPricePane(y) ? hit(y, event.pointerType) : null;
      if (entry) {
        stop(event);
        const pulled = entry.spec.drag?.field === 'entry';
        const c = colorsRef.current;
        // out of an entry a new line is pulled (the entry stays); any other line moves itself
        const line =
          pulled && c
            ? series.createPriceLine({
                price: entry.spec.price,
                title: '',
                axisLabelVisible: true,
                color: c.muted,
                lineStyle: LineStyle.Dashed,
                lineWidth: 1,
              })
            : entry.line;
        dragging.current = {
          drawn: entry,
          line,
          pulled: line !== entry.line,
          pointerId: event.pointerId,
          startY: y,
          price: entry.spec.price,
        };
        element.setPointerCapture?.(event.pointerId);
        setHover(true);
        return;
      }
      if (event.pointerType !== 'mouse') {
        const { clientX: x, clientY } = event;
        longPress = {
          x,
          y: clientY,
          pointerId: event.pointerId,
          timer: setTimeout(() => {
            longPress = null;
            const price = priceAt(y);
            if (price !== null) handlersRef.current.onPriceMenu?.(price, { x, y: clientY });
          }, LONG_PRESS_MS),
        };
      }
    };
    const onMove = (event: PointerEvent) => {
      const drag = dragging.current;
      if (drag && drag.pointerId === event.pointerId) {
        stop(event);
        const price = priceAt(yOf(event));
        if (price !== null) {
          drag.price = price;
          drag.line.applyOptions({ price });
        }
        return;
      }
      if (longPress && longPress.pointerId === event.pointerId) {
        if (Math.hypot(event.clientX - longPress.x, event.clientY - longPress.y) > LONG_PRESS_SLOP)
          cancelLongPress();
      }
      if (event.pointerType === 'mouse' && event.buttons === 0) {
        const y = yOf(event);
        setHover(inPricePane(y) && hit(y, 'mouse') !== null);
      }
      publishRef.current();
    };
    const finish = (event: PointerEvent | null, dropped: boolean) => {
      cancelLongPress();
      const drag = dragging.current;
      if (!drag || (event && drag.pointerId !== event.pointerId)) return;
      if (event) stop(event);
      dragging.current = null;
      swallow = true;
      if (element.hasPointerCapture?.(drag.pointerId)) element.releasePointerCapture(drag.pointerId);
      // back to the saved level: the terminal moves it once the change is confirmed and saved
      if (main.alive) {
        if (drag.pulled) series.removePriceLine(drag.line);
        else drag.line.applyOptions({ price: drag.drawn.spec.price });
      }
      const target = drag.drawn.spec.drag;
      const moved =
        event !== null &&
        Math.abs(yOf(event) - drag.startY) >= DRAG_MIN_PX &&
        drag.price !== drag.drawn.spec.price;
      if (dropped && moved && target) handlersRef.current.onLineDrop?.(target, drag.price);
      publishRef.current();
    };
    const onUp = (event: PointerEvent) => finish(event, true);
    const onCancel = (event: PointerEvent) => finish(event, false);
    // Escape while a line is held puts it back
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && dragging.current) finish(null, false);
    };
    const onLeave = () => {
      if (!dragging.current) setHover(false);
    };
    const onContextMenu = (event: MouseEvent) => {
      cancelLongPress();
      const price = priceAt(yOf(event));
      if (price === null || !handlersRef.current.onPriceMenu) return;
      event.preventDefault();
      handlersRef.current.onPriceMenu(price, { x: event.clientX, y: event.clientY });
    };
    // the chart listens to mouse and touch events: while a line is held they are the line's, not the chart's
    const guard = (event: Event) => {
      if (dragging.current) {
        event.stopPropagation();
        return;
      }
      if (swallow && (event.type === 'mouseup' || event.type === 'touchend' || event.type === 'click')) {
        swallow = false;
        event.stopPropagation();
      }
    };
    const guarded = ['mousedown', 'mousemove', 'mouseup', 'touchstart', 'touchmove', 'touchend', 'click'];

    element.addEventListener('pointerdown', onDown, true);
    element.addEventListener('pointermove', onMove, true);
    element.addEventListener('pointerup', onUp, true);
    element.addEventListener('pointercancel', onCancel, true);
    element.addEventListener('pointerleave', onLeave);
    element.addEventListener('contextmenu', onContextMenu);
    document.addEventListener('keydown', onKey);
    for (const type of guarded) element.addEventListener(type, guard, true);
    return () => {
      cancelLongPress();
      setHover(false);
      element.removeEventListener('pointerdown', onDown, true);
      element.removeEventListener('pointermove', onMove, true);
      element.removeEventListener('pointerup', onUp, true);
      element.removeEventListener('pointercancel', onCancel, true);
      element.removeEventListener('pointerleave', onLeave);
      element.removeEventListener('contextmenu', onContextMenu);
      document.removeEventListener('keydown', onKey);
      for (const type of guarded) element.removeEventListener(type, guard, true);
    };
  }, [main, container]);
}
