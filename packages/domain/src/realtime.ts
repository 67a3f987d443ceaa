/**
 * The socket contract (spec §7), in one place for the server and the web app, like the REST
 * schemas: namespaces, event names and the payloads they carry (their zod schemas live with the
 * REST answers in `schemas/responses.ts`).
 *
 * - `/prices` (public): on connect and then conflated (≤ 1 message per client per 250 ms),
 *   `prices` carries a map per symbol `{buy, sell}` (buy = ask, sell = bid, before the 0.025 %
 *   slippage the terminal applies, spec §5). `{buy: null, sell: null}` means the instrument has
 *   just become unavailable ('Will be back soon', spec §8).
 * - `/trading` (authenticated with the session token in `auth.token`): the server pushes
 *   `positions` and `balance` on connect, on every change and every 5 s (spec §7, §9); the client
 *   emits `openPosition`, `closePosition` and `updatePosition` with an acknowledgement callback
 *   that receives a `CommandAck`.
 * - Issue 14 adds (nothing above changes): the commands `placeOrder`, `updateOrder`, `cancelOrder`
 *   (acknowledged with an `OrderCommandAck`), an optional `amount` on `closePosition` (a partial
 *   close) and `trailing_stop` on `updatePosition`; the pushes `orders` (on connect and on change)
 *   and `notice` (an automatic close, a margin call, an order filled, rejected or expired).
 */
import { z } from 'zod';
import { AMOUNT_MIN } from './constants.js';
import { ORDER_TYPES, type OrderExpiry, parseOrderExpiry } from './orders.js';
import { DIRECTIONS } from './pricing.js';
import {
  amountField,
  choiceField,
  formObject,
  idField,
  leverageField,
  optionalPositiveNumber,
  priceField,
} from './schemas/fields.js';
import {
  BalancePayload,
  type CommandAck,
  NoticePayload,
  type OrderCommandAck,
  OrdersPayload,
  PositionsPayload,
  PriceMap,
} from './schemas/responses.js';
import { ClosePositionInput, SymbolField, UpdatePositionInput } from './schemas/trading.js';

export const SOCKET_NAMESPACES = { prices: '/prices', trading: '/trading' } as const;

export const SOCKET_EVENTS = {
  prices: 'prices',
  positions: 'positions',
  balance: 'balance',
  openPosition: 'openPosition',
  closePosition: 'closePosition',
  updatePosition: 'updatePosition',
  orders: 'orders',
  notice: 'notice',
  placeOrder: 'placeOrder',
  updateOrder: 'updateOrder',
  cancelOrder: 'cancelOrder',
} as const;

/**
 * The payload schema of each event the server pushes (schemas in `schemas/responses.ts`), so a client
 * or a test can check a push by its event name.
 */
export const SOCKET_PAYLOADS = {
  [SOCKET_EVENTS.prices]: PriceMap,
  [SOCKET_EVENTS.positions]: PositionsPayload,
  [SOCKET_EVENTS.balance]: BalancePayload,
  [SOCKET_EVENTS.orders]: OrdersPayload,
  [SOCKET_EVENTS.notice]: NoticePayload,
} as const;

/** What the server emits on `/prices`. */
export interface PricesServerEvents {
  prices: (map: PriceMap) => void;
}

/** What the server emits on `/trading`. */
export interface TradingServerEvents {
  positions: (payload: PositionsPayload) => void;
  balance: (payload: BalancePayload) => void;
  orders: (payload: OrdersPayload) => void;
  notice: (payload: NoticePayload) => void;
}

/**
 * What a client emits on `/trading`: the command's payload (validated by the server with the domain's
 * input schemas, hence `unknown` here) and the acknowledgement callback.
 */
export interface TradingClientEvents {
  openPosition: (payload: unknown, ack?: (answer: CommandAck) => void) => void;
  closePosition: (payload: unknown, ack?: (answer: CommandAck) => void) => void;
  updatePosition: (payload: unknown, ack?: (answer: CommandAck) => void) => void;
  placeOrder: (payload: unknown, ack?: (answer: OrderCommandAck) => void) => void;
  updateOrder: (payload: unknown, ack?: (answer: OrderCommandAck) => void) => void;
  cancelOrder: (payload: unknown, ack?: (answer: OrderCommandAck) => void) => void;
}

// ------------------------------------------------------------------- command inputs (issue 14)

/** An expiry as sent: absent/'' = good till cancelled, {kind:'gtc'|'eod'} or {kind:'date', at: ISO 8601}. */
const ExpiryField = z.unknown().transform((raw, ctx): OrderExpiry => {
  const parsed = parseOrderExpiry(raw);
  if (parsed) return parsed;
  ctx.addIssue({ code: 'custom', message: 'field.invalid', params: { title: 'Expiry' } });
  return z.NEVER;
});

/** A trailing stop as sent: {distance > 0, unit 'pips'|'price'}; null, '' or absent: none. */
const TrailingField = z
  .union([
    z.null(),
    z.literal(''),
    z.object(
      {
        distance: priceField('distance'),
        unit: choiceField('unit', ['pips', 'price'] as const),
      },
      { error: 'error.validation' },
    ),
  ])
  .transform((v) => (v === '' ? null : v));

/** placeOrder {symbol, direction, type, price, amount, leverage, stop_lost?, take_profit?, trailing_stop?, expiry}. */
export const PlaceOrderInput = formObject({
  symbol: SymbolField,
  direction: choiceField('direction', DIRECTIONS),
  type: choiceField('type', ORDER_TYPES),
  price: priceField('price'),
  amount: amountField('amount', AMOUNT_MIN),
  leverage: leverageField(),
  stop_lost: optionalPositiveNumber('stop_lost').optional(),
  take_profit: optionalPositiveNumber('take_profit').optional(),
  trailing_stop: TrailingField.optional(),
  expiry: ExpiryField,
});
export type PlaceOrderInput = z.infer<typeof PlaceOrderInput>;

/** updateOrder {id, price?, stop_lost?, take_profit?, expiry?}: absent fields stay as they are. */
export const UpdateOrderInput = formObject({
  id: idField('id'),
  price: priceField('price').optional(),
  stop_lost: optionalPositiveNumber('stop_lost').optional(),
  take_profit: optionalPositiveNumber('take_profit').optional(),
  expiry: ExpiryField.optional(),
});
export type UpdateOrderInput = z.infer<typeof UpdateOrderInput>;

/** cancelOrder {id}. */
export const CancelOrderInput = formObject({ id: idField('id') });
export type CancelOrderInput = z.infer<typeof CancelOrderInput>;

/** closePosition {id, price, amount?}: with an amount (EUR of margin, step 0.01) only that part closes. */
export const ClosePositionPartInput = ClosePositionInput.extend({
  amount: amountField('amount', AMOUNT_MIN).optional(),
});
export type ClosePositionPartInput = z.infer<typeof ClosePositionPartInput>;

/** updatePosition {id, stop_lost, take_profit, trailing_stop?}: trailing_stop null removes it, absent keeps it. */
export const UpdatePositionTrailingInput = UpdatePositionInput.extend({
  trailing_stop: TrailingField.optional(),
});
export type UpdatePositionTrailingInput = z.infer<typeof UpdatePositionTrailingInput>;
