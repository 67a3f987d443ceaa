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
import { useAuth } from '../../auth/useAuth.js';
import { useLogout } from '../../auth/useLogout.js';
import { type OpenPositionCommand, type TradeAck, type TradingState, TradingStore } from './tradingStore.js';

const TradingContext = createContext<TradingStore | null>(null);

/**
 * Opens the client's trading socket for the screens below it (one connection per session token) and
 * fills it with getBalance first, so the balance and positions show before the socket is up (spec §7).
 * A refused handshake or a 401 ends the session like anywhere else.
 */
export function TradingProvider({ children }: { children: ReactNode }) {
  const token = useAuth()?.access_token ?? '';
  const factory = useSocketFactory();
  const logout = useLogout();
  // The socket must not reconnect when the logout function's identity changes.
  const logoutRef = useRef(logout);
  logoutRef.current = logout;
  const [store, setStore] = useState<TradingStore | null>(null);

  useEffect(() => {
    if (!token) return;
    const next = new TradingStore(factory, token, () => logoutRef.current('expired'));
    setStore(next);
    next.start();
    return () => next.stop();
  }, [factory, token]);

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

const OFFLINE: TradingState = { connection: 'connecting', positions: null, summary: null };
const noop = () => () => undefined;
const offlineState = () => OFFLINE;

export interface Trading extends TradingState {
  openPosition: (command: OpenPositionCommand) => Promise<TradeAck>;
  closePosition: (id: number, price: number) => Promise<TradeAck>;
  updatePosition: (id: number, stopLoss: number | null, takeProfit: number | null) => Promise<TradeAck>;
}

const notReady = (): Promise<TradeAck> =>
  Promise.resolve({ status: false, code: 'OFFLINE', key: 'trade.offline', message: 'offline' });

/** Positions, balance summary and the trading commands (each resolves with its acknowledgement). */
export function useTrading(): Trading {
  const store = useContext(TradingContext);
  const state = useSyncExternalStore(
    store?.subscribe ?? noop,
    store?.get ?? offlineState,
    store?.get ?? offlineState,
  );
  return {
    ...state,
    openPosition: (command) => store?.openPosition(command) ?? notReady(),
    closePosition: (id, price) => store?.closePosition(id, price) ?? notReady(),
    updatePosition: (id, stopLoss, takeProfit) =>
      store?.updatePosition(id, stopLoss, takeProfit) ?? notReady(),
  };
}
