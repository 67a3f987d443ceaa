import type {
  Direction,
  NoticePayload,
  OrderDto,
  OrderExpiry,
  OrdersPayload,
  OrderType,
  PositionDto,
  PositionsPayload,
  TrailingUnit,
} from '@openbroker/domain';

/**
 * The pending-order additions to the `/trading` socket as this screen uses them (contract: domain `realtime.ts` and
 * `contracts/trading.ts`): pending orders, notices and the commands' inputs.
 */

/** A position with the issue-14 fields (trailing stop, commission, swap, close context, part_of). */
export type PositionView = PositionDto;
export type PositionsView = PositionsPayload;
export type OrderView = OrderDto;
export type OrdersView = OrdersPayload;
export type CloseContextView = NonNullable<PositionDto['close_context']>;
export type OrderExpiryValue = OrderExpiry;
export type PendingOrderType = OrderType;

/** A notice as the screen keeps it: read once the client has dismissed it. */
export type TradingNotice = NoticePayload & { read: boolean };

/** The trailing stop as the client sets it: a distance in pips or in price; null removes it. */
export interface TrailingStopInput {
  distance: number;
  unit: TrailingUnit;
}

export interface PlaceOrderCommand {
  symbol: string;
  direction: Direction;
  type: PendingOrderType;
  price: number;
  amount: number;
  leverage: number;
  stop_lost?: number | null;
  take_profit?: number | null;
  trailing_stop?: TrailingStopInput | null;
  expiry: OrderExpiryValue;
}

export interface UpdateOrderCommand {
  id: number;
  price?: number;
  stop_lost?: number | null;
  take_profit?: number | null;
  expiry?: OrderExpiryValue;
}
