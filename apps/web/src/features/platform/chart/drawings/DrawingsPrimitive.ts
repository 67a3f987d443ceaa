import type { ChartDrawing } from '@openbroker/domain';
import type {
  IChartApi,
  IPrimitivePaneRenderer,
  IPrimitivePaneView,
  ISeriesApi,
  ISeriesPrimitive,
  Logical,
  PrimitiveHoveredItem,
  SeriesAttachedParameter,
  SeriesType,
  Time,
} from 'lightweight-charts';
import {
  drawingAt,
  fibonacciLevels,
  levelLabel,
  logicalToTime,
  type Pixel,
  type Placer,
  rayEnd,
  timeToLogical,
} from './geometry.js';

/** The canvas target the chart gives a renderer. */
type Target = Parameters<IPrimitivePaneRenderer['draw']>[0];

/** The colours the drawings take from the chart's theme. */
export interface DrawingColors {
  line: string;
  text: string;
  background: string;
}

/** What the primitive draws: the saved drawings, the one being placed, which is selected. */
export interface DrawingScene {
  drawings: readonly ChartDrawing[];
  /** The drawing being placed (follows the pointer), drawn dashed. */
  preview: ChartDrawing | null;
  selectedId: string | null;
  precision: number;
}

const FONT = '11px system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';

/**
 * The client's drawings on the price series (a lightweight-charts series primitive): each point is a time and a
 * price, placed on every frame through the time scale and the series' price scale, so the drawings stay with the
 * prices when the chart pans, zooms or rescales. Times between or beyond the bars are placed proportionally
 * (geometry.ts). It also tells the chart which drawing the pointer is over (a pointer cursor), and turns a pointer
 * position back into a time and a price for the layer that places drawings.
 */
export class DrawingsPrimitive implements ISeriesPrimitive<Time> {
  private chart: IChartApi | null = null;
  private series: ISeriesApi<SeriesType> | null = null;
  private requestUpdate: (() => void) | null = null;
  private scene: DrawingScene = { drawings: [], preview: null, selectedId: null, precision: 2 };
  private timesCache: { length: number; first: unknown; last: unknown; times: number[] } | null = null;
  private readonly views: readonly IPrimitivePaneView[];

  constructor(private colors: DrawingColors) {
    const renderer: IPrimitivePaneRenderer = { draw: (target) => this.draw(target) };
    this.views = [{ zOrder: () => 'top', renderer: () => renderer }];
  }

  attached(param: SeriesAttachedParameter<Time>): void {
    this.chart = param.chart as IChartApi;
    this.series = param.series as ISeriesApi<SeriesType>;
    this.requestUpdate = param.requestUpdate;
  }

  detached(): void {
    this.chart = null;
    this.series = null;
    this.requestUpdate = null;
  }

  paneViews(): readonly IPrimitivePaneView[] {
    return this.views;
  }

  /** New drawings, selection or preview: drawn on the next frame. */
  setScene(scene: DrawingScene, colors?: DrawingColors): void {
    this.scene = scene;
    if (colors) this.colors = colors;
    this.requestUpdate?.();
  }

  hitTest(x: number, y: number): PrimitiveHoveredItem | null {
    const place = this.placer();
    if (!place) return null;
    const hit = drawingAt(this.scene.drawings, { x, y }, place);
    // the selected drawing can be dragged: a move cursor over it
    const cursorStyle = hit?.id === this.scene.selectedId ? 'move' : 'pointer';
    return hit ? { externalId: hit.id, zOrder: 'top', cursorStyle } : null;
  }

  /** The bar times of the series, ascending (cached while the series holds the same bars). */
  private times(): number[] {
    const data = this.series?.data() ?? [];
    const first = data[0]?.time;
    const last = data.at(-1)?.time;
    const cache = this.timesCache;
    if (cache && cache.length === data.length && cache.first === first && cache.last === last)
      return cache.times;
    const times = data.map((bar) => Number(bar.time));
    this.timesCache = { length: data.length, first, last, times };
    return times;
  }

  /** Places times and prices on the pane; null while the chart has no bars or is gone. */
  placer(): Placer | null {
    const { chart, series } = this;
    if (!chart || !series) return null;
    const times = this.times();
    if (times.length === 0) return null;
    const scale = chart.timeScale();
    const y = (price: number) => series.priceToCoordinate(price);
    return {
      y,
      width: scale.width(),
      point: (time, price) => {
        const logical = timeToLogical(times, time);
        const px = logical === null ? null : scale.logicalToCoordinate(logical as Logical);
        const py = y(price);
        return px === null || py === null ? null : { x: px, y: py };
      },
    };
  }

  /** The time (snapped to a bar, or beyond the bars at their spacing) and price at a pane position. */
  pointAt(x: number, y: number): { time: number; price: number } | null {
    const { chart, series } = this;
    if (!chart || !series) return null;
    const times = this.times();
    const logical = chart.timeScale().coordinateToLogical(x);
    const price = series.coordinateToPrice(y);
    if (logical === null || price === null || !Number.isFinite(price)) return null;
    const time = logicalToTime(times, logical);
    if (time === null) return null;
    return { time: Math.max(0, Math.round(time)), price };
  }

  private format(price: number): string {
    const series = this.series;
    if (series) return series.priceFormatter().format(price);
    return price.toFixed(this.scene.precision);
  }

  private draw(target: Target): void {
    const place = this.placer();
    if (!place) return;
    const { drawings, preview, selectedId } = this.scene;
    // biome-ignore lint/correctness/useHookAtTopLevel: the canvas target's method, not a React hook
    target.useMediaCoordinateSpace(({ context, mediaSize }) => {
      const ctx = context;
      ctx.save();
      ctx.font = FONT;
      ctx.lineCap = 'round';
      for (const drawing of drawings)
        this.drawOne(ctx, drawing, place, mediaSize.width, drawing.id === selectedId, false);
      if (preview) this.drawOne(ctx, preview, place, mediaSize.width, false, true);
      ctx.restore();
    });
  }

  private drawOne(
    ctx: CanvasRenderingContext2D,
    drawing: ChartDrawing,
    place: Placer,
    width: number,
    selected: boolean,
    preview: boolean,
  ): void {
    const { line } = this.colors;
    ctx.strokeStyle = line;
    ctx.fillStyle = line;
    ctx.lineWidth = selected ? 2.5 : 1.5;
    ctx.setLineDash(preview ? [5, 4] : []);
    const handles: Pixel[] = [];

    if (drawing.kind === 'horizontal') {
      const y = place.y(drawing.price);
      if (y === null) return;
      stroke(ctx, { x: 0, y }, { x: width, y });
      this.label(ctx, this.format(drawing.price), width - 6, y - 4, 'right');
      if (selected) handles.push({ x: width / 2, y });
    } else if (drawing.kind === 'text') {
      const a = place.point(drawing.a.time, drawing.a.price);
      if (!a) return;
      this.note(ctx, drawing.text, a, selected);
      if (selected) handles.push(a);
    } else {
      const a = place.point(drawing.a.time, drawing.a.price);
      const b = place.point(drawing.b.time, drawing.b.price);
      if (!a || !b) return;
      handles.push(a, b);
      switch (drawing.kind) {
        case 'trend':
          stroke(ctx, a, b);
          break;
        case 'ray':
          stroke(ctx, a, rayEnd(a, b, width));
          break;
        case 'rectangle': {
          const x = Math.min(a.x, b.x);
          const y = Math.min(a.y, b.y);
          const w = Math.abs(a.x - b.x);
          const h = Math.abs(a.y - b.y);
          ctx.globalAlpha = selected ? 0.16 : 0.1;
          ctx.fillRect(x, y, w, h);
          ctx.globalAlpha = 1;
          ctx.strokeRect(x, y, w, h);
          break;
        }
        case 'fibonacci':
          this.fibonacci(ctx, drawing, a, b, place, selected);
          break;
      }
    }
    if (selected && !preview) for (const handle of handles) this.handle(ctx, handle);
  }

  private fibonacci(
    ctx: CanvasRenderingContext2D,
    drawing: Extract<ChartDrawing, { kind: 'fibonacci' }>,
    a: Pixel,
    b: Pixel,
    place: Placer,
    selected: boolean,
  ): void {
    const left = Math.min(a.x, b.x);
    const right = Math.max(a.x, b.x, left + 40);
    const levels = fibonacciLevels(drawing.a.price, drawing.b.price, this.scene.precision);
    const ys = levels.map((level) => place.y(level.price));
    // a light band between 0 % and 100 %
    const top = ys[0];
    const bottom = ys.at(-1);
    if (top != null && bottom != null) {
      ctx.globalAlpha = selected ? 0.1 : 0.06;
      ctx.fillRect(left, Math.min(top, bottom), right - left, Math.abs(bottom - top));
      ctx.globalAlpha = 1;
    }
    // the trend of the move, dotted
    ctx.save();
    ctx.setLineDash([2, 3]);
    ctx.lineWidth = 1;
    stroke(ctx, a, b);
    ctx.restore();
    levels.forEach((level, i) => {
      const y = ys[i];
      if (y == null) return;
      ctx.lineWidth = level.ratio === 0 || level.ratio === 1 ? (selected ? 2 : 1.5) : 1;
      stroke(ctx, { x: left, y }, { x: right, y });
      this.label(ctx, `${levelLabel(level.ratio)}  ${this.format(level.price)}`, left + 9, y - 3, 'left');
    });
  }

  /** A small text on the pane's background colour, readable over candles. */
  private label(
    ctx: CanvasRenderingContext2D,
    text: string,
    x: number,
    y: number,
    align: 'left' | 'right',
  ): void {
    const width = ctx.measureText(text).width;
    const left = align === 'left' ? x : x - width;
    ctx.save();
    ctx.globalAlpha = 0.8;
    ctx.fillStyle = this.colors.background;
    ctx.fillRect(left - 2, y - 10, width + 4, 13);
    ctx.restore();
    ctx.textAlign = 'left';
    ctx.textBaseline = 'alphabetic';
    ctx.fillText(text, left, y);
  }

  /** A text drawing: the text in a framed note whose bottom left is at its point. */
  private note(ctx: CanvasRenderingContext2D, text: string, at: Pixel, selected: boolean): void {
    ctx.save();
    ctx.font = `600 12px system-ui, -apple-system, "Segoe UI", Roboto, sans-serif`;
    const width = Math.min(232, ctx.measureText(text).width);
    ctx.fillStyle = this.colors.background;
    ctx.globalAlpha = 0.92;
    ctx.fillRect(at.x, at.y - 18, width + 8, 18);
    ctx.globalAlpha = 1;
    ctx.lineWidth = selected ? 2 : 1;
    ctx.strokeRect(at.x, at.y - 18, width + 8, 18);
    ctx.fillStyle = this.colors.text;
    ctx.textBaseline = 'middle';
    ctx.fillText(text, at.x + 4, at.y - 9, width);
    ctx.restore();
  }

  private handle(ctx: CanvasRenderingContext2D, at: Pixel): void {
    ctx.save();
    ctx.setLineDash([]);
    ctx.fillStyle = this.colors.background;
    ctx.lineWidth = 2;
    ctx.beginPath();
    ctx.arc(at.x, at.y, 4.5, 0, Math.PI * 2);
    ctx.fill();
    ctx.stroke();
    ctx.restore();
  }
}

function stroke(ctx: CanvasRenderingContext2D, a: Pixel, b: Pixel): void {
  ctx.beginPath();
  ctx.moveTo(a.x, a.y);
  ctx.lineTo(b.x, b.y);
  ctx.stroke();
}
