import { useQuery } from '@tanstack/react-query';
import {
  createContext,
  type ReactNode,
  useContext,
  useEffect,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { isApiError } from '../../../api/ApiError.js';
import { useSocketFactory } from '../../../api/sockets.js';
import { tradingApi } from '../../../api/trading.js';
import { useAuth } from '../../../shared/session/useAuth.js';
import { useLogout } from '../../../shared/session/useLogout.js';
import { useAccountChanges } from '../../../shared/trading-accounts/currentAccount.js';
import type {
  OrdersView,
  PlaceOrderCommand,
  TradingNotice,
  TrailingStopInput,
  UpdateOrderCommand,
} from './tradingContract.js';
import {
  type OpenPositionCommand,
  type OrderAck,
  type TradeAck,
  type TradingState,
  TradingStore,
} from './tradingStore.js';

const TradingContext = createContext<TradingStore | null>(null);

/**
 * Opens the client's trading socket for the screens below it (one connection per session token) and
 * fills it with getBalance first, so the balance and positions show before the socket is up (spec §7).
 * A refused handshake or a 401 ends the session like anywhere else. After the session's trading account changed (a
 * switch, a demo reset) the socket opens afresh, so the server sends that account's balance, positions and orders.
 */
export function TradingProvider({ children }: { children: ReactNode }) {
  const token = useAuth()?.access_token ?? '';
  const factory = useSocketFactory();
  const logout = useLogout();
  // The socket must not reconnect when the logout function's identity changes.
  const logoutRef = useRef(logout);
  logoutRef.current = logout;
  const [store, setStore] = useState<TradingStore | null>(null);
  const accountChanges = useAccountChanges();

  // biome-ignore lint/correctness/useExhaustiveDependencies: a change of account opens the socket afresh on purpose
  useEffect(() => {
    if (!token) return;
    const next = new TradingStore(factory, token, () => logoutRef.current('expired'));
    setStore(next);
    next.start();
    return () => next.stop();
  }, [factory, token, accountChanges]);

  const initial = useQuery({
    queryKey: ['getBalance', token],
    queryFn: ({ signal }) => tradingApi.getBalance(token, signal),
    enabled: !!token,
    staleTime: Number.POSITIVE_INFINITY,
    retry: 1,
  });

  useEffect(() => {
    if (store && initial.data) store.seed(initial.data);
  }, [store, initial.data]);

  useEffect(() => {
    if (isApiError(initial.error) && initial.error.isUnauthorized) logout('expired');
  }, [initial.error, logout]);

  return <TradingContext.Provider value={store}>{children}</TradingContext.Provider>;
}

const OFFLINE: TradingState = {
  connection: 'connecting',
  positions: null,
  summary: null,
  orders: null,
  notices: [],
};
const noop = () => () => undefined;
const offlineState = () => OFFLINE;

export interface Trading extends TradingState {
  openPosition: (command: OpenPositionCommand) => Promise<TradeAck>;
  /** Closes the position, or with `amount` that much of it (partial close). */
  closePosition: (id: number, price: number, amount?: number) => Promise<TradeAck>;
  /** `trailingStop`: a new trailing stop, null to remove it, undefined to leave it. */
  updatePosition: (
    id: number,
    stopLoss: number | null,
    takeProfit: number | null,
    trailingStop?: TrailingStopInput | null,
  ) => Promise<TradeAck>;
}

const notReady = (): Promise<TradeAck> =>
  Promise.resolve({ status: false, code: 'OFFLINE', key: 'trade.offline', message: 'offline' });

const notReadyOrder = (): Promise<OrderAck> =>
  Promise.resolve({ status: false, code: 'OFFLINE', key: 'trade.offline', message: 'offline' });

/** Positions, balance summary and the trading commands (each resolves with its acknowledgement). */
export function useTrading(): Trading {
  const { store, state } = useTradingState();
  return {
    ...state,
    openPosition: (command) => store?.openPosition(command) ?? notReady(),
    closePosition: (id, price, amount) => store?.closePosition(id, price, amount) ?? notReady(),
    updatePosition: (id, stopLoss, takeProfit, trailingStop) =>
      store?.updatePosition(id, stopLoss, takeProfit, trailingStop) ?? notReady(),
  };
}

function useTradingState(): { store: TradingStore | null; state: TradingState } {
  const store = useContext(TradingContext);
  const state = useSyncExternalStore(
    store?.subscribe ?? noop,
    store?.get ?? offlineState,
    store?.get ?? offlineState,
  );
  return { store, state };
}

export interface Orders {
  /** Open and past pending orders; null until the server has sent them. */
  orders: OrdersView | null;
  placeOrder: (command: PlaceOrderCommand) => Promise<OrderAck>;
  updateOrder: (command: UpdateOrderCommand) => Promise<OrderAck>;
  cancelOrder: (id: number) => Promise<OrderAck>;
}

/** Pending orders and their commands (each resolves with its acknowledgement). */
export function useOrders(): Orders {
  const { store, state } = useTradingState();
  return {
    orders: state.orders,
    placeOrder: (command) => store?.placeOrder(command) ?? notReadyOrder(),
    updateOrder: (command) => store?.updateOrder(command) ?? notReadyOrder(),
    cancelOrder: (id) => store?.cancelOrder(id) ?? notReadyOrder(),
  };
}

export interface Notices {
  /** Every notice of the session, newest first. */
  list: TradingNotice[];
  /** The same list, under the name the notice centre reads. */
  notices: TradingNotice[];
  unread: TradingNotice[];
  /** Marks a notice (or these notices) read; all of them without an argument. */
  markRead: (ids?: string | readonly string[]) => void;
}

/** The server's notices (automatic closes, margin calls, orders filled, rejected or expired). */
export function useNotices(): Notices {
  const { store, state } = useTradingState();
  const list = state.notices;
  return {
    list,
    notices: list,
    unread: list.filter((n) => !n.read),
    markRead: (ids) => store?.markRead(typeof ids === 'string' ? [ids] : ids),
  };
}
