/**
 * The socket contract (spec §7), in one place for the server and the web app, like the REST
 * schemas: namespaces, event names and the shapes they carry.
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
import type { ClosingReason } from './closing.js';
import type { MessageKey, MessageParams } from './messages.js';
import type { Direction } from './pricing.js';
import type { FieldMessage } from './validation.js';

export const SOCKET_NAMESPACES = { prices: '/prices', trading: '/trading' } as const;

export const SOCKET_EVENTS = {
  prices: 'prices',
  positions: 'positions',
  balance: 'balance',
  openPosition: 'openPosition',
  closePosition: 'closePosition',
  updatePosition: 'updatePosition',
} as const;

export type PriceMap = Record<string, { buy: number; sell: number } | { buy: null; sell: null }>;

/** A position as the client sees it (spec §3 Position). Dates are ISO 8601 UTC. */
export interface PositionDto {
  id: number;
  symbol: string;
  symbolName: string;
  direction: Direction;
  amount: number;
  leverage: number;
  open_rate: number;
  open_date: string;
  closed_rate: number | null;
  close_date: string | null;
  take_profit: number | null;
  stop_lost: number | null;
  /** Live profit for an open position (null while its price is unavailable); realised for a closed one. */
  profit: number | null;
  /** 1 when negative balance protection covered part of the loss. */
  protected: 0 | 1;
  closingReason: ClosingReason | null;
}

export interface PositionsPayload {
  open: PositionDto[];
  history: PositionDto[];
}

/** spec §3 Balance summary. */
export interface BalancePayload {
  balance: number;
  equity: number;
  freeMargin: number;
  profit: number;
}

/** The answer to a trading command's acknowledgement callback. */
export type CommandAck =
  | { status: true; data: PositionDto }
  | {
      status: false;
      code: string;
      key: MessageKey;
      params?: MessageParams;
      message: string;
      errors?: Array<FieldMessage & { message: string }>;
    };
