import {
  type Direction,
  formatPriceOnTick,
  type OrderType,
  orderLevelError,
  roundLevel,
} from '@openbroker/domain';

/**
 * Which saved level a line stands for, when dragging it changes something: the dialog it opens and its field.
 * `entry`: dragging out of a position's entry line sets its stop loss or take profit, by the side it is dropped on.
 */
export type DragTarget =
  | { owner: 'position'; id: number; field: 'stop_lost' | 'take_profit' | 'entry' }
  | { owner: 'order'; id: number; field: 'price' | 'stop_lost' | 'take_profit' };

export type TradeLineKind =
  | 'entry'
  | 'stopLoss'
  | 'takeProfit'
  | 'trailing'
  | 'liquidation'
  | 'order'
  | 'orderStopLoss'
  | 'orderTakeProfit';

/** A horizontal line on the chart: a position's or pending order's level, and what dragging it changes. */
export interface TradeLine {
  /** Stable across renders (`position-3-stop_lost`), so a line is moved in place rather than redrawn. */
  key: string;
  kind: TradeLineKind;
  price: number;
  title: string;
  /** null: the line only shows (an entry, a trailing stop the server moves, a liquidation price). */
  drag: DragTarget | null;
}

export const dragKey = (target: DragTarget): string => `${target.owner}-${target.id}-${target.field}`;

export const sameTarget = (a: DragTarget | null, b: DragTarget | null): boolean =>
  a !== null && b !== null && dragKey(a) === dragKey(b);

/** How far from a line (in CSS px) a press still takes it: a finger needs more room than a mouse. */
export const hitTolerance = (pointerType: string): number => (pointerType === 'mouse' ? 6 : 14);

/**
 * The draggable line under a pointer at `y`: the nearest within `tolerance` px, null when none (the chart then
 * pans as usual). `coordinate` is a line's y on screen, null when it is off the scale or not draggable.
 */
export function hitTest<T>(
  lines: readonly T[],
  coordinate: (line: T) => number | null,
  y: number,
  tolerance: number,
): T | null {
  let best: T | null = null;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const line of lines) {
    const at = coordinate(line);
    if (at === null || !Number.isFinite(at)) continue;
    const distance = Math.abs(at - y);
    if (distance <= tolerance && distance < bestDistance) {
      best = line;
      bestDistance = distance;
    }
  }
  return best;
}

/** A pending order the chart offers at a price. */
export interface PendingChoice {
  direction: Direction;
  type: OrderType;
  price: number;
}

/**
 * The pending orders a client can place at `price` now (domain `orderLevelError`, the rule the ticket and the
 * server apply): a buy limit below the buy price, a buy stop above it, a sell limit above the sell price, a sell
 * stop below it. The price is put on the instrument's tick first; without a quote nothing is offered.
 */
export function pendingChoices(
  price: number,
  dealing: { buy: number; sell: number } | null,
  tick: number | null,
): PendingChoice[] {
  if (!dealing || !Number.isFinite(price) || price <= 0) return [];
  const level = roundLevel(price, tick);
  if (level === null || Number.isNaN(level) || level <= 0) return [];
  const choices: PendingChoice[] = [];
  for (const direction of ['buy', 'sell'] as const)
    for (const type of ['limit', 'stop'] as const)
      if (!orderLevelError({ direction, type, price: level }, dealing, tick))
        choices.push({ direction, type, price: level });
  return choices;
}

/**
 * What a drop out of a position's entry line sets: the stop loss on the losing side of the price it closes at now
 * (below it for a buy, above it for a sell), the take profit on the other.
 */
export function entryDropField(
  direction: Direction,
  price: number,
  closePrice: number,
): 'stop_lost' | 'take_profit' {
  const below = price < closePrice;
  return (direction === 'buy') === below ? 'stop_lost' : 'take_profit';
}

/** A dragged price as the dialog's field takes it: on the tick, with its decimals (1.08120, 100250.50). */
export const priceText = (price: number, tick: number | null): string => {
  const level = roundLevel(price, tick);
  return formatPriceOnTick(level === null || Number.isNaN(level) ? price : level, tick);
};

/** Keeps a line at a dragged price (shown while its dialog is open) instead of the saved one. */
export function withOverride(
  lines: readonly TradeLine[],
  override: { target: DragTarget; price: number } | null,
): TradeLine[] {
  if (!override) return [...lines];
  return lines.map((line) =>
    sameTarget(line.drag, override.target) ? { ...line, price: override.price } : line,
  );
}
