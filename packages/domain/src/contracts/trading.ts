import { z } from 'zod';
import { CLOSING_REASON } from '../closing.js';
import { isMessageKey, type MessageKey } from '../messages.js';
import { DIRECTIONS } from '../pricing.js';
import { WireFlag as Flag, WireInstant as Instant } from './common.js';
import { PriceAlertDto } from './price-alerts.js';

/**
 * Client-area contracts of trading: positions, pending orders, the balance and the trading socket's pushes and
 * acknowledgements (event names in realtime.ts), and the costs list (see common.ts).
 */

/** spec §3 Position as the client sees it; dates are ISO 8601 UTC. */
export const PositionDto = z.object({
  id: z.number().int(),
  symbol: z.string(),
  /** The exchange-prefixed name, e.g. 'BINANCE:BTCUSDT'. */
  symbolName: z.string(),
  direction: z.enum(DIRECTIONS),
  amount: z.number(),
  leverage: z.number(),
  open_rate: z.number(),
  open_date: Instant,
  closed_rate: z.number().nullable(),
  close_date: Instant.nullable(),
  take_profit: z.number().nullable(),
  stop_lost: z.number().nullable(),
  /** Live profit of an open position (null while its price is unavailable); realised for a closed one. */
  profit: z.number().nullable(),
  protected: Flag,
  /** spec §3: 0 Manually, 1 Stop Loss, 2 Take Profit, 3 Low Margin, 4 AI Trade; null while open. */
  closingReason: z.literal(Object.values(CLOSING_REASON)).nullable(),
  // pending orders and explained closes, optional so every spec §7 client keeps working:
  /** Trailing stop distance in price units; null: none. */
  trailing_stop: z.number().nullable().optional(),
  /** Commission charged for it (≥ 0). */
  commission: z.number().optional(),
  /** Swaps booked for it so far, signed (negative: the client paid). */
  swap: z.number().optional(),
  /** What closed it, finer than closingReason: manual, stop_loss, take_profit, loss_termination, stop_out, broker. */
  closingCause: z.string().nullable().optional(),
  /** What the close saw: dealing quote, the level hit, and equity / used margin / margin level at a stop-out. */
  close_context: z
    .object({
      quote: z.object({ buy: z.number(), sell: z.number() }),
      level: z.number().optional(),
      equity: z.number().optional(),
      usedMargin: z.number().optional(),
      marginLevel: z.number().optional(),
      /** A broker's close: by staff, with the reason the client is shown. */
      by: z.enum(['staff', 'strategy']).optional(),
      reason: z.string().max(500).optional(),
    })
    .nullable()
    .optional(),
  /** For the closed part of a partially closed position: the position it was cut from. */
  part_of: z.number().int().nullable().optional(),
  /** Who opened it: 'auto' for the client's auto-trading strategy (the platform's AI badge), else 'client'. */
  origin: z.enum(['client', 'auto']).optional(),
});
export type PositionDto = z.infer<typeof PositionDto>;

/** spec §3 position lists: the `positions` socket push and getBalance's `positions`. */
export const PositionsPayload = z.object({ open: z.array(PositionDto), history: z.array(PositionDto) });
export type PositionsPayload = z.infer<typeof PositionsPayload>;

/**
 * `positionsChanged` (a `/trading` client that opted in with `auth.deltas`): only the positions a change
 * touched. `open` rows replace (or add) the open position of the same id; `closed` rows leave the open list and go
 * to the top of the history (a partial close: the reduced original in `open`, its closed part in `closed`).
 */
export const PositionsDeltaPayload = z.object({ open: z.array(PositionDto), closed: z.array(PositionDto) });
export type PositionsDeltaPayload = z.infer<typeof PositionsDeltaPayload>;

/** spec §3 Balance summary (spec §9 formulas): the `balance` socket push. */
export const BalancePayload = z.object({
  balance: z.number(),
  equity: z.number(),
  freeMargin: z.number(),
  profit: z.number(),
});
export type BalancePayload = z.infer<typeof BalancePayload>;

/**
 * `data` of POST /api/accounts/getBalance: spec §7 promises {balance, positions {open, history}};
 * `summary` is ours (our server always sends it; a client works it out when it is missing).
 */
export const BalanceData = z.object({
  balance: z.number(),
  positions: PositionsPayload,
  summary: BalancePayload.optional(),
  /**
   * Ours (docs/accounts.md): the trading account these figures are of, and the currency every amount above is in
   * (the account's, not necessarily the brand's).
   */
  account: z
    .object({
      id: z.number().int(),
      number: z.string(),
      kind: z.enum(['live', 'demo']),
      currency: z.string(),
    })
    .optional(),
});
export type BalanceData = z.infer<typeof BalanceData>;

/** A quote of the price socket per symbol; `{buy: null, sell: null}`: the instrument just became unavailable. */
export const PriceMap = z.record(
  z.string(),
  z.union([z.object({ buy: z.number(), sell: z.number() }), z.object({ buy: z.null(), sell: z.null() })]),
);
export type PriceMap = z.infer<typeof PriceMap>;

const MessageKeySchema = z.custom<MessageKey>((value) => typeof value === 'string' && isMessageKey(value));
const MessageParamsSchema = z.record(z.string(), z.union([z.string(), z.number()]));

/** The answer to a trading command's acknowledgement callback: the position after it, or the refusal. */
export const CommandAck = z.discriminatedUnion('status', [
  z.object({ status: z.literal(true), data: PositionDto }),
  z.object({
    status: z.literal(false),
    code: z.string(),
    key: MessageKeySchema,
    params: MessageParamsSchema.optional(),
    /** The key's English text, for logs and other clients. */
    message: z.string(),
    errors: z
      .array(
        z.object({
          path: z.string(),
          key: MessageKeySchema,
          params: MessageParamsSchema.optional(),
          message: z.string(),
        }),
      )
      .optional(),
  }),
]);
export type CommandAck = z.infer<typeof CommandAck>;

// ------------------------------------------------------------------------ trading socket

const OrderExpirySchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('gtc') }),
  z.object({ kind: z.literal('eod') }),
  z.object({ kind: z.literal('date'), at: z.string() }),
]);

/** A domain message as sent to a client: key, params and the English text. */
const SentMessage = z.object({
  key: MessageKeySchema,
  params: MessageParamsSchema.optional(),
});

/** A pending order as the client sees it (snake_case like PositionDto); dates ISO 8601 UTC. */
export const OrderDto = z.object({
  id: z.number().int(),
  symbol: z.string(),
  symbolName: z.string(),
  direction: z.enum(DIRECTIONS),
  /** limit or stop. */
  type: z.enum(['limit', 'stop']),
  /** The level it fires at (dealing price of its direction). */
  price: z.number(),
  amount: z.number(),
  leverage: z.number(),
  stop_lost: z.number().nullable(),
  take_profit: z.number().nullable(),
  /** Trailing distance (price units) the position gets; null: none. */
  trailing_stop: z.number().nullable(),
  expiry: OrderExpirySchema,
  expires_at: Instant.nullable(),
  created_at: Instant,
  status: z.enum(['open', 'filled', 'cancelled', 'expired', 'rejected']),
  /** The position a fill opened. */
  position_id: z.number().int().nullable(),
  /** Why it was rejected. */
  message: SentMessage.nullable(),
  closed_at: Instant.nullable(),
});
export type OrderDto = z.infer<typeof OrderDto>;

/** The `orders` push: open orders and the latest done ones (filled, cancelled, expired, rejected), newest first. */
export const OrdersPayload = z.object({ open: z.array(OrderDto), history: z.array(OrderDto) });
export type OrdersPayload = z.infer<typeof OrdersPayload>;

/**
 * `ordersChanged` (opted-in `/trading` clients): only the orders a change touched. `open` rows replace (or
 * add) the open order of the same id; `closed` rows (filled, cancelled, rejected, expired) leave the open list and go
 * to the top of the history.
 */
export const OrdersDeltaPayload = z.object({ open: z.array(OrderDto), closed: z.array(OrderDto) });
export type OrdersDeltaPayload = z.infer<typeof OrdersDeltaPayload>;

const NoticeBase = { id: z.string(), at: Instant };

/**
 * The `notice` push: something the client must hear about at once. `closed`: a position closed by a
 * level, a low margin, an AI trade or the broker, with the quote and (stop-out) the account at that moment;
 * `marginCall`: the margin level fell below the brand's margin-call level; order*: a pending order filled,
 * was rejected when it fired, or expired.
 */
export const NoticePayload = z.discriminatedUnion('kind', [
  z.object({
    ...NoticeBase,
    kind: z.literal('closed'),
    position: PositionDto,
    /** stop_loss, take_profit, loss_termination, stop_out or manual (broker). */
    cause: z.string(),
    /** spec §3 closingReason. */
    reason: z.literal(Object.values(CLOSING_REASON)),
    closedRate: z.number(),
    quote: z.object({ buy: z.number(), sell: z.number() }).nullable(),
    level: z.number().optional(),
    equity: z.number().optional(),
    usedMargin: z.number().optional(),
    marginLevel: z.number().optional(),
  }),
  z.object({
    ...NoticeBase,
    kind: z.literal('marginCall'),
    /** Percent. */
    marginLevel: z.number(),
    equity: z.number(),
    usedMargin: z.number(),
    /** The brand's margin-call level, percent. */
    level: z.number(),
  }),
  z.object({
    ...NoticeBase,
    kind: z.enum(['orderFilled', 'orderRejected', 'orderExpired']),
    order: OrderDto,
    message: SentMessage.optional(),
  }),
  /** A price alert of the client fired: the alert as it is now (triggered), at the brand's price that fired it. */
  z.object({
    ...NoticeBase,
    kind: z.literal('priceAlert'),
    alert: PriceAlertDto,
  }),
  /** The server switched the client's auto-trading off (a loss limit, or the broker's kill switch). */
  z.object({
    ...NoticeBase,
    kind: z.literal('autoTradingStopped'),
    reason: z.enum(['daily', 'drawdown', 'brand']),
    /** The journal line's message (what was reached, or that the broker stopped it). */
    message: SentMessage,
  }),
]);
export type NoticePayload = z.infer<typeof NoticePayload>;

/** The acknowledgement of placeOrder, updateOrder and cancelOrder: the order after it, or the refusal. */
export const OrderCommandAck = z.discriminatedUnion('status', [
  z.object({ status: z.literal(true), data: OrderDto }),
  CommandAck.options[1],
]);
export type OrderCommandAck = z.infer<typeof OrderCommandAck>;

/** One trading charge of the client's costs list: a commission or a night's swap, with its position. */
export const ChargeDto = z.object({
  id: z.number().int(),
  kind: z.enum(['commission', 'swap']),
  amount: z.number(),
  balance_after: z.number(),
  position_id: z.number().int().nullable(),
  symbol: z.string().nullable(),
  created_at: Instant,
});
export type ChargeDto = z.infer<typeof ChargeDto>;

/** `data` of POST /api/accounts/charges: the client's trading charges, newest first. */
export const ChargeList = z.array(ChargeDto);
export type ChargeList = z.infer<typeof ChargeList>;
