import {
  accountSummary,
  BalancePayload,
  type CommandAck,
  type Direction,
  type PositionDto,
  PositionsPayload,
  SOCKET_EVENTS,
  SOCKET_NAMESPACES,
} from '@openbroker/domain';
import type { RealtimeSocket, SocketFactory } from '../../../api/sockets.js';
import type { BalanceData } from '../../../api/trading.js';
import type { UiKey } from '../../../app/i18n/uiEn.js';

/** The trading socket's state for the screen. */
export interface TradingState {
  /** `connecting` until the first connect, `offline` after a loss of connection. */
  connection: 'connecting' | 'online' | 'offline';
  /** null until getBalance or the socket has answered. */
  positions: PositionsPayload | null;
  summary: BalancePayload | null;
}

/** A command's answer: the server's acknowledgement, or the client's own reason it got none. */
export type TradeAck =
  | CommandAck
  | { status: false; code: 'NO_ANSWER' | 'OFFLINE'; key: UiKey; message: string };

export interface OpenPositionCommand {
  direction: Direction;
  amount: number;
  leverage: number;
  /** The dealing price the client saw (spec §5 'Price sent'). */
  price: number;
  symbol: string;
  stop_lost?: number | null;
  take_profit?: number | null;
}

/** How long a command waits for its acknowledgement before the screen says there was no answer. */
export const ACK_TIMEOUT_MS = 10_000;
/** Retry delay after a refusal that is not about the session (socket.io does not retry those). */
const REFUSED_RETRY_MS = 3_000;

type Listener = () => void;

const byNewest = (a: PositionDto, b: PositionDto) =>
  (b.close_date ?? '').localeCompare(a.close_date ?? '') || b.id - a.id;

/**
 * The `/trading` socket (spec §7): positions and the balance summary pushed by the server (on connect, on
 * every change and every 5 s) and the three commands with their acknowledgements. The server is the
 * authority; a successful acknowledgement is applied at once so the screen does not wait for the push.
 */
export class TradingStore {
  private state: TradingState = { connection: 'connecting', positions: null, summary: null };
  private readonly listeners = new Set<Listener>();
  private socket: RealtimeSocket | null = null;
  /** Set once the socket has pushed positions: the REST answer must not overwrite fresher data. */
  private pushed = { positions: false, summary: false };
  private retryTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly factory: SocketFactory,
    private readonly token: string,
    private readonly onSessionEnded: () => void,
  ) {}

  get = (): TradingState => this.state;

  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  start(): void {
    if (this.socket) return;
    const socket = this.factory(SOCKET_NAMESPACES.trading, { auth: { token: this.token } });
    this.socket = socket;
    socket.on('connect', () => this.set({ connection: 'online' }));
    socket.on('disconnect', (reason: unknown) => {
      this.set({ connection: 'offline' });
      // The server hung up (e.g. the session ended during a command): ask again; a refused handshake
      // then tells whether the session is over. Transport losses reconnect by themselves.
      if (reason === 'io server disconnect') this.retry(socket);
    });
    socket.on('connect_error', (error: unknown) => {
      // The server refuses a handshake without a valid session: the session has ended (like a 401).
      if ((error as { message?: unknown } | null)?.message === 'UNAUTHORIZED') {
        this.stop();
        this.onSessionEnded();
        return;
      }
      if (this.state.connection === 'online') this.set({ connection: 'offline' });
      if (!socket.active) this.retry(socket);
    });
    // Pushes are read through their contracts (domain schemas); one that does not match is ignored.
    socket.on(SOCKET_EVENTS.positions, (payload: unknown) => {
      const parsed = PositionsPayload.safeParse(payload);
      if (!parsed.success) return;
      this.pushed.positions = true;
      this.set({ positions: parsed.data });
    });
    socket.on(SOCKET_EVENTS.balance, (payload: unknown) => {
      const parsed = BalancePayload.safeParse(payload);
      if (!parsed.success) return;
      this.pushed.summary = true;
      this.set({ summary: parsed.data });
    });
    socket.connect();
  }

  private retry(socket: RealtimeSocket): void {
    clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => this.socket === socket && socket.connect(), REFUSED_RETRY_MS);
  }

  stop(): void {
    clearTimeout(this.retryTimer);
    const socket = this.socket;
    this.socket = null;
    socket?.disconnect();
  }

  /** The getBalance answer (spec §7; parsed with its contract by the API client), for whatever the socket has not pushed yet. */
  seed(data: BalanceData): void {
    const next: Partial<TradingState> = {};
    if (!this.pushed.positions) next.positions = data.positions;
    if (!this.pushed.summary)
      // spec §7 promises only {balance, positions}: without our summary, work it out with the spec §9 formulas
      next.summary =
        data.summary ??
        accountSummary(
          data.balance,
          data.positions.open.map((p) => ({ amount: p.amount, profit: p.profit ?? 0 })),
        );
    if (Object.keys(next).length > 0) this.set(next);
  }

  openPosition(command: OpenPositionCommand): Promise<TradeAck> {
    const payload: Record<string, unknown> = {
      dataUser: this.dataUser(),
      direction: command.direction,
      amount: command.amount,
      leverage: command.leverage,
      price: command.price,
      symbol: command.symbol,
    };
    if (command.stop_lost != null) payload.stop_lost = command.stop_lost;
    if (command.take_profit != null) payload.take_profit = command.take_profit;
    return this.send(SOCKET_EVENTS.openPosition, payload).then((ack) => {
      if (ack.status) this.upsertOpen(ack.data);
      return ack;
    });
  }

  /** Closes a position; `price` is the current opposite dealing price (spec §4). */
  closePosition(id: number, price: number): Promise<TradeAck> {
    return this.send(SOCKET_EVENTS.closePosition, { dataUser: this.dataUser(), id, price }).then((ack) => {
      if (ack.status) this.moveToHistory(ack.data);
      return ack;
    });
  }

  /** Sets or removes (null) a position's stop loss and take profit. */
  updatePosition(id: number, stopLoss: number | null, takeProfit: number | null): Promise<TradeAck> {
    return this.send(SOCKET_EVENTS.updatePosition, {
      dataUser: this.dataUser(),
      id,
      stop_lost: stopLoss,
      take_profit: takeProfit,
    }).then((ack) => {
      if (ack.status) this.upsertOpen(ack.data);
      return ack;
    });
  }

  /** The server identifies the account by the authenticated socket; dataUser is kept for the contract. */
  private dataUser() {
    return { token: this.token };
  }

  private send(event: string, payload: Record<string, unknown>): Promise<TradeAck> {
    const socket = this.socket;
    // socket.io would buffer the command until it reconnects and send it at a price long gone: refuse now.
    if (!socket?.connected)
      return Promise.resolve({ status: false, code: 'OFFLINE', key: 'trade.offline', message: 'offline' });
    return new Promise((resolve) => {
      const timer = setTimeout(
        () => resolve({ status: false, code: 'NO_ANSWER', key: 'trade.noAnswer', message: 'no answer' }),
        ACK_TIMEOUT_MS,
      );
      socket.emit(event, payload, (ack: CommandAck) => {
        clearTimeout(timer);
        // The session ended between the handshake and this command: like a 401.
        if (ack && ack.status === false && ack.code === 'UNAUTHORIZED') {
          this.stop();
          this.onSessionEnded();
        }
        resolve(
          ack && typeof ack === 'object' && 'status' in ack
            ? ack
            : { status: false, code: 'NO_ANSWER', key: 'trade.noAnswer', message: 'no answer' },
        );
      });
    });
  }

  private upsertOpen(position: PositionDto): void {
    const positions = this.state.positions ?? { open: [], history: [] };
    if (position.close_date) {
      this.moveToHistory(position);
      return;
    }
    const exists = positions.open.some((p) => p.id === position.id);
    const open = exists
      ? positions.open.map((p) => (p.id === position.id ? position : p))
      : [position, ...positions.open];
    this.set({ positions: { ...positions, open } });
  }

  private moveToHistory(position: PositionDto): void {
    const positions = this.state.positions ?? { open: [], history: [] };
    const open = positions.open.filter((p) => p.id !== position.id);
    const history = [position, ...positions.history.filter((p) => p.id !== position.id)].sort(byNewest);
    this.set({ positions: { open, history } });
  }

  private set(patch: Partial<TradingState>): void {
    this.state = { ...this.state, ...patch };
    for (const listener of [...this.listeners]) listener();
  }
}
