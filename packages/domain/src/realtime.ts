/**
 * The socket contract (spec §7), in one place for the server and the web app, like the REST
 * schemas: namespaces, event names and the payloads they carry (their zod schemas live with the
 * REST answers in `contracts/trading.ts`).
 *
 * - `/prices` (public): on connect and then conflated (≤ 1 message per client per 250 ms),
 *   `prices` carries a map per symbol `{buy, sell}` (buy = ask, sell = bid, before the 0.025 %
 *   slippage the terminal applies, spec §5). `{buy: null, sell: null}` means the instrument has
 *   just become unavailable ('Will be back soon', spec §8).
 * - `/trading` (authenticated with the session token in `auth.token`): the server pushes
 *   `positions` and `balance` on connect, on every change and every 5 s (spec §7, §9); the client
 *   emits `openPosition`, `closePosition` and `updatePosition` with an acknowledgement callback
 *   that receives a `CommandAck`.
 * - Pending orders add (nothing above changes): the commands `placeOrder`, `updateOrder`, `cancelOrder`
 *   (acknowledged with an `OrderCommandAck`), an optional `amount` on `closePosition` (a partial
 *   close) and `trailing_stop` on `updatePosition`; the pushes `orders` (on connect and on change)
 *   and `notice` (an automatic close, a margin call, an order filled, rejected or expired).
 * - Deltas add to `/prices` (opt-in; a socket that never subscribes keeps the `prices` map of every
 *   changed symbol): the client emits `subscribe` {symbols, compact?} (≤ 200 known symbols, acknowledged
 *   with a `PriceSubscribeAck`; a refused request changes nothing). A subscribed socket gets at once the
 *   current state of its symbols, then only those of its symbols that changed, conflated as before: as the
 *   `prices` map, or with `compact: true` as `pricesCompact`, a flat array of triples
 *   `[symbol, buy, sell, symbol, buy, sell, …]` (null buy and sell: unavailable, announced once). A new
 *   `subscribe` replaces the set.
 * - Deltas add to `/trading` (opt-in with `auth.deltas: 1` in the handshake; a socket without it keeps spec §7
 *   exactly): the full `positions`, `balance` and `orders` once on connect, then on each change only what changed —
 *   `positionsChanged` {open, closed} with the touched positions (closed ones with their close data), `ordersChanged`
 *   {open, closed} likewise, and `balance` — and every 5 s only `balance` (the client values open positions from
 *   the prices). The client merges by id and keeps at most TRADING_HISTORY_LIMIT closed positions (decision 0021).
 */
import { z } from 'zod';
import { AMOUNT_MIN } from './constants.js';
import {
  BalancePayload,
  CommandAck,
  NoticePayload,
  type OrderCommandAck,
  OrdersDeltaPayload,
  OrdersPayload,
  PositionsDeltaPayload,
  PositionsPayload,
  PriceMap,
} from './contracts/trading.js';
import { ORDER_TYPES, type OrderExpiry, parseOrderExpiry } from './orders.js';
import { DIRECTIONS } from './pricing.js';
import {
  amountField,
  choiceField,
  commandIdField,
  formObject,
  idField,
  leverageField,
  optionalPositiveNumber,
  priceField,
} from './schemas/fields.js';
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
  // /prices opt-in subscription and its compact form
  subscribe: 'subscribe',
  pricesCompact: 'pricesCompact',
  // /trading opt-in deltas (handshake auth.deltas)
  positionsChanged: 'positionsChanged',
  ordersChanged: 'ordersChanged',
  // /prices: the symbols a dealer halted for the socket's brand, on connecting and at every change
  halts: 'halts',
} as const;

/** The `halts` message of `/prices`: every symbol halted for the brand now (an empty list: none). */
export const HaltsPayload = z.object({ symbols: z.array(z.string()) });
export type HaltsPayload = z.infer<typeof HaltsPayload>;

/** The closed positions the `positions` push lists (the newest); an opted-in client trims its history to it. */
export const TRADING_HISTORY_LIMIT = 200;

/** Whether a `/trading` handshake opted in to deltas (`auth.deltas` 1, '1' or true; decision 0021). */
export const wantsTradingDeltas = (auth: unknown): boolean => {
  const flag = (auth as { deltas?: unknown } | null | undefined)?.deltas;
  return flag === 1 || flag === '1' || flag === true;
};

// ------------------------------------------------------------ /prices subscription

/** At most this many symbols in one `subscribe`. */
export const PRICE_SUBSCRIPTION_MAX = 200;

/**
 * `subscribe` {symbols, compact?} on `/prices`: the symbols the client shows (the server also checks each is a
 * known instrument) and whether it wants the compact array form (`pricesCompact`) instead of the `prices` map.
 */
export const PriceSubscribeInput = formObject({
  symbols: z
    .array(SymbolField, { error: 'field.invalid' })
    .max(PRICE_SUBSCRIPTION_MAX, { message: 'field.max' }),
  compact: z.boolean({ error: 'field.invalid' }).optional(),
});
export type PriceSubscribeInput = z.infer<typeof PriceSubscribeInput>;

/** The acknowledgement of `subscribe`: the set now in force, or the refusal (the previous set stays). */
export const PriceSubscribeAck = z.discriminatedUnion('status', [
  z.object({
    status: z.literal(true),
    data: z.object({ symbols: z.array(z.string()), compact: z.boolean() }),
  }),
  CommandAck.options[1],
]);
export type PriceSubscribeAck = z.infer<typeof PriceSubscribeAck>;

/**
 * `pricesCompact`: `[symbol, buy, sell, …]` triples of the subscribed symbols that changed (buy = ask, sell = bid);
 * `null, null` means the instrument just became unavailable, as `{buy: null, sell: null}` in the map.
 */
export const PricesCompactPayload = z
  .array(z.union([z.string(), z.number(), z.null()]))
  .refine((a) => a.length % 3 === 0, { message: 'field.invalid' });
export type PricesCompactPayload = z.infer<typeof PricesCompactPayload>;

/**
 * The payload schema of each event the server pushes (schemas in `contracts/trading.ts`), so a client
 * or a test can check a push by its event name.
 */
export const SOCKET_PAYLOADS = {
  [SOCKET_EVENTS.prices]: PriceMap,
  [SOCKET_EVENTS.positions]: PositionsPayload,
  [SOCKET_EVENTS.balance]: BalancePayload,
  [SOCKET_EVENTS.orders]: OrdersPayload,
  [SOCKET_EVENTS.notice]: NoticePayload,
  [SOCKET_EVENTS.pricesCompact]: PricesCompactPayload,
  [SOCKET_EVENTS.positionsChanged]: PositionsDeltaPayload,
  [SOCKET_EVENTS.ordersChanged]: OrdersDeltaPayload,
  [SOCKET_EVENTS.halts]: HaltsPayload,
} as const;

/** What the server emits on `/prices`. */
export interface PricesServerEvents {
  prices: (map: PriceMap) => void;
  pricesCompact: (payload: PricesCompactPayload) => void;
  halts: (payload: HaltsPayload) => void;
}

/** What a client emits on `/prices`. */
export interface PricesClientEvents {
  subscribe: (payload: unknown, ack?: (answer: PriceSubscribeAck) => void) => void;
}

/** What the server emits on `/trading`. */
export interface TradingServerEvents {
  positions: (payload: PositionsPayload) => void;
  balance: (payload: BalancePayload) => void;
  orders: (payload: OrdersPayload) => void;
  notice: (payload: NoticePayload) => void;
  positionsChanged: (payload: PositionsDeltaPayload) => void;
  ordersChanged: (payload: OrdersDeltaPayload) => void;
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

// ------------------------------------------------------------------- command inputs
// Every command input takes an optional `commandId` (1..64 of [A-Za-z0-9_-]): a command re-sent with an id
// its account already executed is answered with the position or order it concerned, not executed again.

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
  commandId: commandIdField(),
});
export type PlaceOrderInput = z.infer<typeof PlaceOrderInput>;

/** updateOrder {id, price?, stop_lost?, take_profit?, expiry?}: absent fields stay as they are. */
export const UpdateOrderInput = formObject({
  id: idField('id'),
  price: priceField('price').optional(),
  stop_lost: optionalPositiveNumber('stop_lost').optional(),
  take_profit: optionalPositiveNumber('take_profit').optional(),
  expiry: ExpiryField.optional(),
  commandId: commandIdField(),
});
export type UpdateOrderInput = z.infer<typeof UpdateOrderInput>;

/** cancelOrder {id}. */
export const CancelOrderInput = formObject({ id: idField('id'), commandId: commandIdField() });
export type CancelOrderInput = z.infer<typeof CancelOrderInput>;

/** closePosition {id, price, amount?}: with an amount (EUR of margin, step 0.01) only that part closes. */
export const ClosePositionPartInput = ClosePositionInput.extend({
  amount: amountField('amount', AMOUNT_MIN).optional(),
  commandId: commandIdField(),
});
export type ClosePositionPartInput = z.infer<typeof ClosePositionPartInput>;

/** updatePosition {id, stop_lost, take_profit, trailing_stop?}: trailing_stop null removes it, absent keeps it. */
export const UpdatePositionTrailingInput = UpdatePositionInput.extend({
  trailing_stop: TrailingField.optional(),
  commandId: commandIdField(),
});
export type UpdatePositionTrailingInput = z.infer<typeof UpdatePositionTrailingInput>;
