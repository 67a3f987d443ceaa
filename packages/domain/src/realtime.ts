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
 */
import { BalancePayload, type CommandAck, PositionsPayload, PriceMap } from './schemas/responses.js';

export const SOCKET_NAMESPACES = { prices: '/prices', trading: '/trading' } as const;

export const SOCKET_EVENTS = {
  prices: 'prices',
  positions: 'positions',
  balance: 'balance',
  openPosition: 'openPosition',
  closePosition: 'closePosition',
  updatePosition: 'updatePosition',
} as const;

/**
 * The payload schema of each event the server pushes (schemas in `schemas/responses.ts`), so a client
 * or a test can check a push by its event name.
 */
export const SOCKET_PAYLOADS = {
  [SOCKET_EVENTS.prices]: PriceMap,
  [SOCKET_EVENTS.positions]: PositionsPayload,
  [SOCKET_EVENTS.balance]: BalancePayload,
} as const;

/** What the server emits on `/prices`. */
export interface PricesServerEvents {
  prices: (map: PriceMap) => void;
}

/** What the server emits on `/trading`. */
export interface TradingServerEvents {
  positions: (payload: PositionsPayload) => void;
  balance: (payload: BalancePayload) => void;
}

/**
 * What a client emits on `/trading`: the command's payload (validated by the server with the domain's
 * input schemas, hence `unknown` here) and the acknowledgement callback.
 */
export interface TradingClientEvents {
  openPosition: (payload: unknown, ack?: (answer: CommandAck) => void) => void;
  closePosition: (payload: unknown, ack?: (answer: CommandAck) => void) => void;
  updatePosition: (payload: unknown, ack?: (answer: CommandAck) => void) => void;
}
