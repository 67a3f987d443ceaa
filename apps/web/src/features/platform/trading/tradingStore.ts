import {
  accountSummary,
  BalancePayload,
  type CommandAck,
  type Direction,
  NoticePayload,
  type OrderCommandAck,
  OrderDto,
  OrdersDeltaPayload,
  OrdersPayload,
  type PositionDto,
  PositionsDeltaPayload,
  PositionsPayload,
  SOCKET_EVENTS,
  SOCKET_NAMESPACES,
  TRADING_HISTORY_LIMIT,
} from '@openbroker/domain';
import type { RealtimeSocket, SocketFactory } from '../../../api/sockets.js';
import type { BalanceData } from '../../../api/trading.js';
import type { PlatformKey } from '../i18n.js';
import type {
  PlaceOrderCommand,
  TradingNotice,
  TrailingStopInput,
  UpdateOrderCommand,
} from './tradingContract.js';

/** The trading socket's state for the screen. */
export interface TradingState {
  /** `connecting` until the first connect, `offline` after a loss of connection. */
  connection: 'connecting' | 'online' | 'offline';
  /** null until getBalance or the socket has answered. */
  positions: PositionsPayload | null;
  summary: BalancePayload | null;
  /** Pending orders: null until the server has pushed them. */
  orders: OrdersPayload | null;
  /** Notices of this session, newest first (automatic closes, margin calls, orders' ends). */
  notices: TradingNotice[];
}

/** How many notices the screen keeps (read ones are dropped first). */
const NOTICES_KEPT = 50;

/** A command's answer: the server's acknowledgement, or the client's own reason it got none. */
export type TradeAck =
  | CommandAck
  | { status: false; code: 'NO_ANSWER' | 'OFFLINE'; key: PlatformKey; message: string };

/** An order command's answer (placeOrder, updateOrder, cancelOrder). */
export type OrderAck = OrderCommandAck | Extract<TradeAck, { status: false }>;

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
/** How long a command whose answer was lost waits for the socket to be back before it is sent again. */
const RESEND_WAIT_MS = 10_000;

/** A command id (1-64 of [A-Za-z0-9_-]): the server runs a command id at most once per account. */
function newCommandId(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}
/** Retry delay after a refusal that is not about the session (socket.io does not retry those). */
const REFUSED_RETRY_MS = 3_000;

type Listener = () => void;

const byNewest = (a: PositionDto, b: PositionDto) =>
  (b.close_date ?? '').localeCompare(a.close_date ?? '') || b.id - a.id;

/**
 * Merges a `positionsChanged` delta into the lists by id — an open row replaces (or adds, newest first) the
 * open position, a closed row leaves the open list and joins the history (newest first, at most
 * TRADING_HISTORY_LIMIT, as the server's full list).
 */
export function mergePositions(lists: PositionsPayload, delta: PositionsDeltaPayload): PositionsPayload {
  const closedIds = new Set(delta.closed.map((p) => p.id));
  const changed = new Map(delta.open.map((p) => [p.id, p]));
  let open = lists.open.filter((p) => !closedIds.has(p.id)).map((p) => changed.get(p.id) ?? p);
  const added = delta.open.filter((p) => !closedIds.has(p.id) && !lists.open.some((o) => o.id === p.id));
  if (added.length > 0) open = [...added.sort((a, b) => b.id - a.id), ...open];
  const history =
    delta.closed.length === 0
      ? lists.history
      : [...delta.closed, ...lists.history.filter((p) => !closedIds.has(p.id))]
          .sort(byNewest)
          .slice(0, TRADING_HISTORY_LIMIT);
  return { open, history };
}

/** Merges an `ordersChanged` delta by id, as `mergePositions` (open orders oldest first, as pushed). */
export function mergeOrders(lists: OrdersPayload, delta: OrdersDeltaPayload): OrdersPayload {
  const ids = new Set([...delta.open, ...delta.closed].map((o) => o.id));
  const changed = new Map(delta.open.map((o) => [o.id, o]));
  const open = [
    ...lists.open.filter((o) => !ids.has(o.id) || changed.has(o.id)).map((o) => changed.get(o.id) ?? o),
    ...delta.open.filter((o) => !lists.open.some((l) => l.id === o.id)),
  ];
  const history =
    delta.closed.length === 0
      ? lists.history
      : [...delta.closed, ...lists.history.filter((o) => !ids.has(o.id))].slice(0, TRADING_HISTORY_LIMIT);
  return { open, history };
}

/**
 * The `/trading` socket (spec §7): positions and the balance summary pushed by the server and the commands with
 * their acknowledgements. The server is the authority; a successful acknowledgement is applied at once so the
 * screen does not wait for the push. The store opts in to deltas (`auth.deltas`): the full lists come on
 * connect, then only the changed positions and orders (`positionsChanged`, `ordersChanged`), merged by id; open
 * positions are valued from the live prices (liveFigures), the balance every 5 s.
 */
export class TradingStore {
  private state: TradingState = {
    connection: 'connecting',
    positions: null,
    summary: null,
    orders: null,
    notices: [],
  };
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
    const socket = this.factory(SOCKET_NAMESPACES.trading, { auth: { token: this.token, deltas: '1' } });
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
    socket.on(SOCKET_EVENTS.orders, (payload: unknown) => {
      const parsed = OrdersPayload.safeParse(payload);
      if (parsed.success) this.set({ orders: parsed.data });
    });
    // only what changed, merged into the lists the connect (or a resync) pushed
    socket.on(SOCKET_EVENTS.positionsChanged, (payload: unknown) => {
      const parsed = PositionsDeltaPayload.safeParse(payload);
      if (!parsed.success) return;
      this.set({ positions: mergePositions(this.state.positions ?? { open: [], history: [] }, parsed.data) });
    });
    socket.on(SOCKET_EVENTS.ordersChanged, (payload: unknown) => {
      const parsed = OrdersDeltaPayload.safeParse(payload);
      if (!parsed.success) return;
      this.set({ orders: mergeOrders(this.state.orders ?? { open: [], history: [] }, parsed.data) });
    });
    socket.on(SOCKET_EVENTS.notice, (payload: unknown) => {
      const parsed = NoticePayload.safeParse(payload);
      if (parsed.success) this.addNotice(parsed.data);
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

  /**
   * Closes a position; `price` is the current opposite dealing price (spec §4). With `amount` only that much
   * of it (partial close): the position stays open with the rest, and the server pushes the closed part.
   */
  closePosition(id: number, price: number, amount?: number): Promise<TradeAck> {
    const payload: Record<string, unknown> = { dataUser: this.dataUser(), id, price };
    if (amount !== undefined) payload.amount = amount;
    return this.send(SOCKET_EVENTS.closePosition, payload).then((ack) => {
      if (ack.status) this.upsertOpen(ack.data);
      return ack;
    });
  }

  /**
   * Sets or removes (null) a position's stop loss and take profit; `trailingStop` sets (or with null removes)
   * its trailing stop, and is left as it is when undefined.
   */
  updatePosition(
    id: number,
    stopLoss: number | null,
    takeProfit: number | null,
    trailingStop?: TrailingStopInput | null,
  ): Promise<TradeAck> {
    const payload: Record<string, unknown> = {
      dataUser: this.dataUser(),
      id,
      stop_lost: stopLoss,
      take_profit: takeProfit,
    };
    if (trailingStop !== undefined) payload.trailing_stop = trailingStop;
    return this.send(SOCKET_EVENTS.updatePosition, payload).then((ack) => {
      if (ack.status) this.upsertOpen(ack.data);
      return ack;
    });
  }

  /** Places a pending order (limit or stop) at `price`; the server pushes `orders` with it. */
  placeOrder(command: PlaceOrderCommand): Promise<OrderAck> {
    const payload: Record<string, unknown> = { dataUser: this.dataUser(), ...command };
    for (const key of ['stop_lost', 'take_profit', 'trailing_stop'] as const)
      if (payload[key] == null) delete payload[key];
    return this.sendOrder(SOCKET_EVENTS.placeOrder, payload);
  }

  /** Moves a pending order's level, SL/TP or expiry (only the fields given). */
  updateOrder(command: UpdateOrderCommand): Promise<OrderAck> {
    return this.sendOrder(SOCKET_EVENTS.updateOrder, { dataUser: this.dataUser(), ...command });
  }

  cancelOrder(id: number): Promise<OrderAck> {
    return this.sendOrder(SOCKET_EVENTS.cancelOrder, { dataUser: this.dataUser(), id });
  }

  private sendOrder(event: string, payload: Record<string, unknown>): Promise<OrderAck> {
    return (this.send(event, payload) as Promise<TradeAck | OrderCommandAck>).then((ack) => {
      if (!ack.status) return ack;
      const order = OrderDto.safeParse(ack.data);
      // an answer of another shape waits for the `orders` push
      if (!order.success) return { status: true, data: ack.data as unknown as OrderDto };
      this.upsertOrder(order.data);
      return { status: true, data: order.data };
    });
  }

  /** Marks notices read (all of them without ids): they leave the notice list but stay in history. */
  markRead(ids?: readonly string[]): void {
    const marked = new Set(ids ?? this.state.notices.map((n) => n.id));
    if (!this.state.notices.some((n) => marked.has(n.id) && !n.read)) return;
    this.set({ notices: this.state.notices.map((n) => (marked.has(n.id) ? { ...n, read: true } : n)) });
  }

  /** The server identifies the account by the authenticated socket; dataUser is kept for the contract. */
  private dataUser() {
    return { token: this.token };
  }

  /**
   * Sends a command with a command id of its own. When its answer is lost — the connection dropped
   * while it was under way, or the server's cluster was moving the account to another node (UNAVAILABLE) — the
   * same command with the same id is sent once more as soon as the socket is back: the server answers it from
   * what the first one did if it was done, and never does it twice.
   */
  private async send(event: string, payload: Record<string, unknown>): Promise<TradeAck> {
    const command = { ...payload, commandId: newCommandId() };
    const first = await this.sendOnce(event, command);
    if (first.status || (first.code !== 'NO_ANSWER' && first.code !== 'UNAVAILABLE')) return first;
    if (!(await this.whenConnected(RESEND_WAIT_MS))) return first;
    return this.sendOnce(event, command);
  }

  /** Resolves true once the socket is connected (at once if it is), false after `ms`. */
  private whenConnected(ms: number): Promise<boolean> {
    const deadline = Date.now() + ms;
    return new Promise((resolve) => {
      const look = () => {
        if (this.socket?.connected) resolve(true);
        else if (!this.socket || Date.now() >= deadline) resolve(false);
        else setTimeout(look, 250);
      };
      // a moment for a failover (UNAVAILABLE) or a reconnect to settle before the same command goes again
      setTimeout(look, 1_000);
    });
  }

  private sendOnce(event: string, payload: Record<string, unknown>): Promise<TradeAck> {
    const socket = this.socket;
    // socket.io would buffer the command until it reconnects and send it at a price long gone: refuse now.
    if (!socket?.connected)
      return Promise.resolve({ status: false, code: 'OFFLINE', key: 'trade.offline', message: 'offline' });
    return new Promise((resolve) => {
      const noAnswer = () => {
        clearTimeout(timer);
        socket.off('disconnect', noAnswer);
        resolve({ status: false, code: 'NO_ANSWER', key: 'trade.noAnswer', message: 'no answer' });
      };
      const timer = setTimeout(noAnswer, ACK_TIMEOUT_MS);
      // the connection dropped with the command under way: its answer will not come on this connection
      socket.on('disconnect', noAnswer);
      socket.emit(event, payload, (ack: CommandAck) => {
        clearTimeout(timer);
        socket.off('disconnect', noAnswer);
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

  private addNotice(notice: NoticePayload): void {
    if (this.state.notices.some((n) => n.id === notice.id)) return;
    const all = [{ ...notice, read: false }, ...this.state.notices];
    const unread = all.filter((n) => !n.read);
    const notices =
      all.length <= NOTICES_KEPT
        ? all
        : [...unread, ...all.filter((n) => n.read)].slice(0, Math.max(NOTICES_KEPT, unread.length));
    this.set({ notices });
    // A close notice carries the closed position: history shows it before the next positions push.
    if (notice.kind === 'closed' && notice.position.close_date) this.moveToHistory(notice.position);
  }

  private upsertOrder(order: OrderDto): void {
    const orders = this.state.orders ?? { open: [], history: [] };
    const open = orders.open.filter((o) => o.id !== order.id);
    const history = orders.history.filter((o) => o.id !== order.id);
    this.set({
      orders:
        order.status === 'open'
          ? { open: [order, ...open], history }
          : { open, history: [order, ...history] },
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
