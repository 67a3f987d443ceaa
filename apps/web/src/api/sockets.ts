import { createContext, useContext } from 'react';
import { io } from 'socket.io-client';

/**
 * The part of a socket.io client socket the app uses. Screens get their sockets from a `SocketFactory`
 * taken from context, so component tests inject a fake and never open a connection.
 */
export interface RealtimeSocket {
  readonly connected: boolean;
  /** False after a refusal by the server's middleware: socket.io will not reconnect by itself then. */
  readonly active: boolean;
  // biome-ignore lint/suspicious/noExplicitAny: socket.io listeners take the event's own arguments
  on(event: string, listener: (...args: any[]) => void): unknown;
  // biome-ignore lint/suspicious/noExplicitAny: as above
  off(event: string, listener?: (...args: any[]) => void): unknown;
  emit(event: string, ...args: unknown[]): unknown;
  connect(): unknown;
  disconnect(): unknown;
}

export interface SocketOptions {
  /** Sent with the handshake (`auth.token` for the trading namespace). */
  auth?: Record<string, string>;
}

/** Opens (but does not connect) a socket on a namespace of our own origin ('/prices', '/trading'). */
export type SocketFactory = (namespace: string, options?: SocketOptions) => RealtimeSocket;

/**
 * The browser's sockets: WebSocket first (no long-polling requests hanging around in the page), falling
 * back to polling where a proxy refuses WebSockets. Connection is left to the caller.
 */
export const browserSocketFactory: SocketFactory = (namespace, options = {}) =>
  io(namespace, {
    autoConnect: false,
    transports: ['websocket', 'polling'],
    tryAllTransports: true,
    ...(options.auth ? { auth: options.auth } : {}),
  });

export const SocketFactoryContext = createContext<SocketFactory>(browserSocketFactory);

/** The socket factory of this app (a fake one in component tests). */
export const useSocketFactory = (): SocketFactory => useContext(SocketFactoryContext);
