/**
 * lightweight-charts draws on a canvas happy-dom does not have: a recording stand-in for the chart tests
 * (`vi.mock('lightweight-charts', () => import('./testKit.js').then((kit) => kit.lightweightCharts))`). It refuses
 * what the library refuses: a bar older than a series' newest ('Cannot update oldest data'), and any call once the
 * chart was removed ('Object is disposed'); it also refuses calls on a removed series. Refusals are counted as well
 * as thrown.
 */

/** A bar or point as a series takes it: its time and its prices or value. */
export type Bar = { time: number; value?: number; close?: number } & Record<string, unknown>;

export interface FakeSeries {
  type: string;
  pane: number;
  options: Record<string, unknown>;
  data: Bar[];
  /** Price lines drawn on the series (a price series' position lines, an oscillator's guides). */
  lines: Set<Record<string, unknown>>;
  /** Primitives attached to the series (the drawings). */
  primitives: unknown[];
  removed: boolean;
}

export const chart = {
  calls: {
    /** What the price series (the one with its price line visible) was given. */
    setData: [] as Bar[][],
    update: [] as Bar[],
    /** The price series' position lines. */
    lines: new Set<Record<string, unknown>>(),
    removed: 0,
    refused: [] as string[],
  },
  /** Every series added since the last reset, in order. */
  series: [] as FakeSeries[],
  /** The stretch factor last given to the price pane. */
  priceStretch: 1,
  /** The price pane's scale: the price at y = 0 and the price of one pixel (priceToCoordinate and back). */
  scale: { top: 110_000, perPx: 50 },
  /** Moves the crosshair to a bar's time (null: off the bars), as the library reports it. */
  hover: (_time: number | null): void => undefined,
  reset() {
    chart.calls.setData.length = 0;
    chart.calls.update.length = 0;
    chart.calls.lines.clear();
    chart.calls.removed = 0;
    chart.calls.refused.length = 0;
    chart.series.length = 0;
    chart.priceStretch = 1;
    chart.scale = { top: 110_000, perPx: 50 };
  },
};

/** The series on the chart now. */
export const liveSeries = () => chart.series.filter((series) => !series.removed);
/** The price series now. */
export const priceSeries = () => liveSeries().find((series) => series.options.priceLineVisible === true);

const state = { disposed: false };
const refuse = (message: string): never => {
  chart.calls.refused.push(message);
  throw new Error(message);
};
const alive = () => {
  if (state.disposed) refuse('Object is disposed');
};

function seriesApi(record: FakeSeries) {
  const usable = () => {
    alive();
    if (record.removed) refuse(`Series of type ${record.type} was removed`);
  };
  const isPrice = () => record.options.priceLineVisible === true;
  return {
    record,
    setData: (data: Bar[]) => {
      usable();
      record.data = [...data];
      if (isPrice()) chart.calls.setData.push(data);
    },
    update: (bar: Bar) => {
      usable();
      const last = record.data.at(-1);
      if (last && bar.time < last.time)
        refuse(`Cannot update oldest data, last time=${last.time}, new time=${bar.time}`);
      if (last && last.time === bar.time) record.data[record.data.length - 1] = bar;
      else record.data.push(bar);
      if (isPrice()) chart.calls.update.push(bar);
    },
    applyOptions: (options: Record<string, unknown>) => {
      usable();
      Object.assign(record.options, options);
    },
    createPriceLine: (options: Record<string, unknown>) => {
      usable();
      const line = { ...options };
      record.lines.add(line);
      if (isPrice()) chart.calls.lines.add(line);
      return {
        line,
        options: () => line,
        applyOptions: (changes: Record<string, unknown>) => {
          usable();
          Object.assign(line, changes);
        },
      };
    },
    removePriceLine: ({ line }: { line: Record<string, unknown> }) => {
      usable();
      record.lines.delete(line);
      chart.calls.lines.delete(line);
    },
    priceToCoordinate: (price: number) => (chart.scale.top - price) / chart.scale.perPx,
    coordinateToPrice: (y: number) => chart.scale.top - y * chart.scale.perPx,
    attachPrimitive: (primitive: unknown) => {
      usable();
      record.primitives.push(primitive);
    },
    detachPrimitive: (primitive: unknown) => {
      usable();
      record.primitives = record.primitives.filter((known) => known !== primitive);
    },
    data: () => record.data,
  };
}

type SeriesApi = ReturnType<typeof seriesApi>;

function createChart() {
  state.disposed = false;
  const element = document.createElement('div');
  const timeScale = {
    subscribeVisibleLogicalRangeChange: () => alive(),
    unsubscribeVisibleLogicalRangeChange: () => alive(),
    getVisibleLogicalRange: () => {
      alive();
      return null;
    },
    setVisibleLogicalRange: () => alive(),
  };
  let crosshair: ((event: { time?: number }) => void) | null = null;
  chart.hover = (time) => {
    crosshair?.(time === null ? {} : { time });
  };
  const pane = (index: number) => ({
    setPreserveEmptyPane: () => alive(),
    setStretchFactor: (factor: number) => {
      alive();
      if (index === 0) chart.priceStretch = factor;
    },
  });
  return {
    addSeries: (definition: { type: string }, options: Record<string, unknown> = {}, paneIndex = 0) => {
      alive();
      const record: FakeSeries = {
        type: definition.type,
        pane: paneIndex,
        options: { ...options },
        data: [],
        lines: new Set(),
        primitives: [],
        removed: false,
      };
      chart.series.push(record);
      return seriesApi(record);
    },
    removeSeries: (series: SeriesApi) => {
      alive();
      if (series.record.removed) refuse('Series already removed');
      series.record.removed = true;
    },
    panes: () => {
      alive();
      const count = 1 + Math.max(0, ...liveSeries().map((series) => series.pane));
      return Array.from({ length: count }, (_, index) => pane(index));
    },
    applyOptions: () => alive(),
    timeScale: () => {
      alive();
      return timeScale;
    },
    subscribeCrosshairMove: (handler: (event: { time?: number }) => void) => {
      alive();
      crosshair = handler;
    },
    unsubscribeCrosshairMove: () => {
      alive();
      crosshair = null;
    },
    chartElement: () => {
      alive();
      return element;
    },
    subscribeClick: () => alive(),
    unsubscribeClick: () => alive(),
    setCrosshairPosition: () => alive(),
    clearCrosshairPosition: () => alive(),
    remove: () => {
      alive();
      chart.calls.removed += 1;
      state.disposed = true;
    },
  };
}

/** The module as the tests mock it. */
export const lightweightCharts = {
  createChart,
  CandlestickSeries: { type: 'Candlestick' },
  BarSeries: { type: 'Bar' },
  LineSeries: { type: 'Line' },
  AreaSeries: { type: 'Area' },
  HistogramSeries: { type: 'Histogram' },
  ColorType: { Solid: 'solid' },
  CrosshairMode: { Normal: 0 },
  LineStyle: { Solid: 0, Dotted: 1, Dashed: 2, LargeDashed: 3, SparseDotted: 4 },
};
