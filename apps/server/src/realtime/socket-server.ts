import type { Server as HttpServer } from 'node:http';
import {
  type CommandAck,
  type HaltsPayload,
  type NoticePayload,
  type OrderCommandAck,
  type PriceSubscribeAck,
  PriceSubscribeInput,
  type PricesClientEvents,
  type PricesServerEvents,
  SOCKET_EVENTS,
  SOCKET_NAMESPACES,
  TIMING,
  type TradingClientEvents,
  type TradingServerEvents,
  validateInput,
  wantsTradingDeltas,
} from '@openbroker/domain';
import { createAdapter } from '@socket.io/redis-adapter';
import { Server, type Socket } from 'socket.io';
import type { z } from 'zod';
import { ShardUnavailableError } from '../cluster/rpc.js';
import type { AppContext } from '../context.js';
import type { EngineEvent } from '../engine/index.js';
import { AppError } from '../lib/errors.js';
import { tradingProfileOf } from '../modules/brands/brand-trading.js';
import { SessionRevocationSync } from '../modules/sessions/session-revocation-sync.js';
import { MarginCallRepo } from '../modules/trading/margin-call.repo.js';
import { noticesOf } from '../modules/trading/notices.js';
import { failure, TRADE_COMMANDS, type TradeCommandName } from '../modules/trading/trade-commands.js';
import { TradingJobs } from '../modules/trading/trading.jobs.js';
import { tradingAccountNotFound } from '../modules/trading-accounts/current-account.js';
import { attachBackofficeSocket } from './backoffice-socket.js';
import { BrandPricer } from './brand-prices.js';
import { compactPrices, PriceStream, PriceSubscriptions } from './price-stream.js';

export interface Realtime {
  io: Server;
  /** The trading jobs on the market clock (margin calls, order expiry, swap rollover); tests run `tick(now)`. */
  jobs: TradingJobs;
  close(): Promise<void>;
}

export interface RealtimeOptions {
  /** How often positions and balance are pushed and sessions re-checked (default spec §7: 5 s). */
  refreshMs?: number;
  /** Where failures of the periodic round go (the app's logger in main.ts). */
  log?: { error(obj: object, msg: string): void };
  /** The clock sessions' remembered ends are compared with (epoch ms; tests move it). */
  now?: () => number;
  /** How often `/backoffice` re-reads its sessions, roles and scopes (default 30 s). */
  backofficeRecheckMs?: number;
  /** Run the trading jobs on their own timer (default true; tests that drive `jobs.tick` turn it off). */
  tradingJobs?: boolean;
}

interface TradingSocketData {
  /** The client. */
  userId: number;
  /**
   * The trading account the socket shows and trades on (docs/accounts.md): the session's current account at connect
   * (or the handshake's own `auth.accountId`, one of the client's), moved when the session switches account.
   */
  accountId: number;
  sessionId: number;
  token: string;
  host: string | undefined;
  /** When the session was last confirmed live (epoch ms). */
  checkedAt: number;
  /**
   * When the session ends unless the client is active again (epoch ms), as last read (handshake,
   * command re-check, periodic round). Compared before every event-driven push, with no read.
   */
  liveUntil: number;
  /** A read of the session is under way because `liveUntil` passed (at most one per socket). */
  rechecking?: boolean;
  /** The client opted in (`auth.deltas`): after connect it gets only what changed (decision 0021). */
  deltas: boolean;
}

/**
 * Every command checks its session from the sessions' short cache (`authenticateCached`, dropped at once
 * on logout, revocation and password change, on every node); the account and brand are re-read when their last
 * check is older than this. Logout and revocation also disconnect the session's sockets at once (sessions.onRevoked).
 */
const SESSION_RECHECK_MS = 5_000;

type Ack = (answer: CommandAck | OrderCommandAck) => void;

/** Emits one `/trading` push with the payload its event carries (domain `TradingServerEvents`). */
type TradingEmit = <E extends keyof TradingServerEvents>(
  event: E,
  ...payload: Parameters<TradingServerEvents[E]>
) => unknown;

const UNAUTHORIZED = 'UNAUTHORIZED';

/**
 * The two sockets of spec §7 on the app's HTTP server. `/prices` is public (the home widgets use
 * it too); `/trading` needs a live client session, checked on connect and again on every command,
 * so logout and idle expiry end trading at once. One server per database for now (decision 0010):
 * with Redis configured the Socket.IO Redis adapter is attached, wired for the later clustering
 * issue, but no second node serves the same clients yet.
 */
export async function attachRealtime(
  server: HttpServer,
  ctx: AppContext,
  options: RealtimeOptions = {},
): Promise<Realtime> {
  // Typed by the domain's socket contract: every emit's payload is checked against its schema's type.
  const io = new Server<TradingClientEvents & PricesClientEvents, PricesServerEvents & TradingServerEvents>(
    server,
    {
      serveClient: false,
      transports: ['websocket', 'polling'],
    },
  );
  let pub: AppContext['redis'];
  let sub: AppContext['redis'];
  if (ctx.redis) {
    pub = ctx.redis.duplicate();
    sub = ctx.redis.duplicate();
    pub.on('error', () => {});
    sub.on('error', () => {});
    await Promise.all([pub.connect(), sub.connect()]);
    io.adapter(createAdapter(pub, sub, { key: `${ctx.config.redisPrefix}sio` }));
  }

  // ---------------------------------------------------------------------------------- /prices
  const prices = io.of(SOCKET_NAMESPACES.prices);
  // decision 0020: sockets that never subscribe sit in their brand's map room and get the spec map of
  // every changed symbol; a `subscribe` moves a socket into the room of its subscription group instead.
  // decision 0023: every value is the brand's quote (the host's brand), computed once per flush per brand.
  const mapRoom = (brand: number) => `prices:map:${brand}`;
  const pricer = new BrandPricer((symbol) => ctx.market.catalogue.get(symbol));
  const brandOfSocket = new Map<string, number>();
  const socketsPerBrand = new Map<number, number>();
  const unwatchBrands = ctx.brands.onChangedOnAnyNode((brandId) => {
    if (!pricer.hasProfile(brandId)) return;
    ctx.brands
      .findById(brandId)
      .then((brand) => {
        if (brand) pricer.setProfile(brandId, tradingProfileOf(brand.settings));
      })
      .catch((err: unknown) => options.log?.error({ err, brandId }, 'brand pricing refresh failed'));
  });
  const priceBytes = (form: string, payload: unknown, sockets: number) => {
    ctx.metrics.priceFlushBytes.observe({ form }, Buffer.byteLength(JSON.stringify(payload)) * sockets);
    ctx.metrics.priceMessages.inc({ form }, sockets);
  };
  const subscriptions = new PriceSubscriptions((delivery) => {
    const event = delivery.form === 'compact' ? SOCKET_EVENTS.pricesCompact : SOCKET_EVENTS.prices;
    const target = prices.local.to(delivery.rooms) as unknown as {
      emit(event: string, payload: unknown): boolean;
    };
    target.emit(event, delivery.payload);
    priceBytes(delivery.form === 'compact' ? 'compact' : 'subscribed', delivery.payload, delivery.sockets);
  });
  const stream = new PriceStream(ctx.market.book, {
    conflationMs: ctx.config.priceConflationMs,
    clock: ctx.market.clock,
    broadcast: (feed) => {
      for (const brand of socketsPerBrand.keys()) {
        const sockets = prices.adapter.rooms.get(mapRoom(brand))?.size ?? 0;
        if (sockets === 0) continue;
        const map = pricer.price(brand, feed);
        prices.local.to(mapRoom(brand)).emit(SOCKET_EVENTS.prices, map);
        priceBytes('map', map, sockets);
      }
    },
    deliver: (feed) => {
      for (const brand of subscriptions.brands()) subscriptions.deliver(pricer.price(brand, feed), brand);
    },
    observeFlush: (seconds) => ctx.metrics.priceFlushSeconds.observe(seconds),
  });
  const detachStream = ctx.market.onQuote((quote) => stream.onQuote(quote));
  prices.use((socket, next) => {
    ctx.brands
      .resolve(socket.handshake.headers.host)
      .then((brand) => {
        if (!pricer.hasProfile(brand.id)) pricer.setProfile(brand.id, tradingProfileOf(brand.settings));
        brandOfSocket.set(socket.id, brand.id);
        next();
      })
      .catch(() => next(new Error('UNAVAILABLE')));
  });
  // Halts (dealing desk): every /prices socket of a brand is in its halts room and hears the brand's halted symbols
  // on connecting and at every change, so an open trade ticket greys its buttons before the client submits.
  const haltsRoom = (brand: number) => `prices:halts:${brand}`;
  const sendHalts = (brand: number, target: { emit(event: 'halts', payload: HaltsPayload): unknown }) =>
    ctx.trading
      .haltedSymbols(brand)
      .then((symbols) => target.emit(SOCKET_EVENTS.halts, { symbols: [...symbols].sort() }))
      .catch((error: unknown) => options.log?.error({ err: error }, 'reading halted symbols failed'));
  // a change on this node or on another (heard over Redis): each node tells its own sockets
  const unwatchHalts = ctx.brands.onChangedOnAnyNode((brand) => {
    if (!prices.adapter.rooms.has(haltsRoom(brand))) return;
    ctx.trading.forgetHalts(brand);
    void sendHalts(
      brand,
      prices.local.to(haltsRoom(brand)) as unknown as { emit(e: 'halts', p: HaltsPayload): unknown },
    );
  });
  prices.on('connection', (socket) => {
    const brand = brandOfSocket.get(socket.id) ?? 0;
    socketsPerBrand.set(brand, (socketsPerBrand.get(brand) ?? 0) + 1);
    void socket.join([mapRoom(brand), haltsRoom(brand)]);
    socket.emit(SOCKET_EVENTS.prices, pricer.price(brand, stream.snapshot()));
    void sendHalts(brand, socket);
    // {symbols, compact?} replaces the socket's set; a refusal changes nothing
    socket.on(SOCKET_EVENTS.subscribe, (payload: unknown, ack?: (answer: PriceSubscribeAck) => void) => {
      const answer = (result: PriceSubscribeAck | CommandAck) => {
        if (typeof ack === 'function') ack(result as PriceSubscribeAck);
      };
      const parsed = validateInput(PriceSubscribeInput, payload);
      if (!parsed.ok) return answer(failure('VALIDATION_FAILED', { key: 'error.validation' }, parsed.errors));
      const unknown = parsed.value.symbols.flatMap((symbol, index) =>
        ctx.market.catalogue.get(symbol)
          ? []
          : [{ path: `symbols.${index}`, key: 'field.invalid' as const, params: { title: 'Symbol' } }],
      );
      if (unknown.length) return answer(failure('VALIDATION_FAILED', { key: 'error.validation' }, unknown));
      const form = parsed.value.compact ? 'compact' : 'map';
      const { join, leave } = subscriptions.subscribe(socket.id, parsed.value.symbols, form, brand);
      void socket.leave(leave ?? mapRoom(brand));
      void socket.join(join);
      const symbols = [...(subscriptions.of(socket.id)?.symbols ?? [])];
      answer({ status: true, data: { symbols, compact: form === 'compact' } });
      // the current state of its symbols, in its form: it did not follow the new ones until now
      if (symbols.length === 0) return;
      const current = pricer.price(brand, stream.current(symbols));
      if (form === 'compact') socket.emit(SOCKET_EVENTS.pricesCompact, compactPrices(current));
      else socket.emit(SOCKET_EVENTS.prices, current);
    });
    socket.on('disconnect', () => {
      subscriptions.remove(socket.id);
      brandOfSocket.delete(socket.id);
      const left = (socketsPerBrand.get(brand) ?? 1) - 1;
      if (left > 0) socketsPerBrand.set(brand, left);
      else socketsPerBrand.delete(brand);
    });
  });
  const unwatchSubscriptions = ctx.metrics.watchSubscriptions({
    name: prices.name,
    sockets: prices.sockets,
    get subscribed() {
      return subscriptions.sockets;
    },
  });
  stream.start();

  // --------------------------------------------------------------------------------- /trading
  const trading = io.of(SOCKET_NAMESPACES.trading);
  // GET /metrics reads both namespaces' connection counts at every scrape.
  const unwatchSockets = [prices, trading].map((namespace) => ctx.metrics.watchSockets(namespace));
  const authenticate = async (token: unknown, host: string | undefined, cached = false) => {
    if (typeof token !== 'string' || token === '') return undefined;
    const session = cached
      ? await ctx.sessions.authenticateCached(token, 'client')
      : await ctx.sessions.authenticate(token, 'client');
    if (!session) return undefined;
    const brand = await ctx.brands.resolve(host);
    const user = await ctx.accounts.clientFor(brand, session.subjectId);
    return user && { user, session };
  };
  /** The trading account a command names (`accountId`, one of the client's, else refused) or the socket's own. */
  const accountOfCommand = async (data: TradingSocketData, payload: unknown) => {
    const requested = (payload as { accountId?: unknown } | null | undefined)?.accountId;
    // absent, null or '' names no account: the socket's own (never the client's default, which may be another)
    if (requested === undefined || requested === null || requested === '') return data.accountId;
    const account = await ctx.accounts.currentAccount({ subjectId: data.userId, accountId: null }, requested);
    if (!(await ctx.gateway.ensure(account.id))) throw tradingAccountNotFound();
    return account.id;
  };

  trading.use((socket, next) => {
    const token = socket.handshake.auth?.token ?? socket.handshake.query.token;
    const host = socket.handshake.headers.host;
    authenticate(token, host)
      .then(async (found) => {
        if (!found) return next(new Error(UNAUTHORIZED));
        const account = await ctx.accounts.currentAccount(found.session, socket.handshake.auth?.accountId);
        if (!(await ctx.gateway.ensure(account.id))) return next(new Error(UNAUTHORIZED));
        socket.data = {
          userId: found.user.id,
          accountId: account.id,
          sessionId: found.session.id,
          token: String(token),
          host,
          checkedAt: Date.now(),
          liveUntil: ctx.sessions.endOf(found.session),
          deltas: wantsTradingDeltas(socket.handshake.auth),
        } satisfies TradingSocketData;
        next();
      })
      .catch(() => next(new Error(UNAUTHORIZED)));
  });

  /** The lists and the balance, read from the account's book (on another node in a cluster). */
  const push = async (target: { emit: TradingEmit }, userId: number, withOrders = true) => {
    const view = await ctx.gateway.view(userId, withOrders);
    if (!view) return;
    target.emit(SOCKET_EVENTS.positions, view.positions);
    target.emit(SOCKET_EVENTS.balance, view.balance);
    if (withOrders && view.orders) target.emit(SOCKET_EVENTS.orders, view.orders);
  };
  /** The same from this node's engine, for its own events (their book is here: this node owns the account). */
  const pushLocal = (target: { emit: TradingEmit }, userId: number, withOrders: boolean) => {
    target.emit(SOCKET_EVENTS.positions, ctx.trading.positions(userId));
    target.emit(SOCKET_EVENTS.balance, ctx.trading.balance(userId));
    if (withOrders) target.emit(SOCKET_EVENTS.orders, ctx.trading.orders(userId));
  };
  const pushLogged = (target: { emit: TradingEmit }, userId: number, withOrders = true) => {
    push(target, userId, withOrders).catch((err: unknown) =>
      options.log?.error({ err, userId }, 'trading socket push failed'),
    );
  };
  /** What an opted-in socket gets on a change — the touched positions and orders, and the balance. */
  const pushChanges = (target: { emit: TradingEmit }, userId: number, events: readonly EngineEvent[]) => {
    const changes = ctx.trading.changes(userId, events);
    if (changes.positions) target.emit(SOCKET_EVENTS.positionsChanged, changes.positions);
    target.emit(SOCKET_EVENTS.balance, ctx.trading.balance(userId));
    if (changes.orders) target.emit(SOCKET_EVENTS.ordersChanged, changes.orders);
  };
  const ordersChanged = (events: readonly EngineEvent[]) => events.some((e) => e.type.startsWith('order.'));
  // every socket of a trading account is in `room` (notices); spec §7 sockets also in `listRoom`, opted-in ones in
  // `deltaRoom`; every socket of a client, whichever account it shows, in `clientRoom` (the client's price alerts)
  const room = (accountId: number) => `account:${accountId}`;
  const listRoom = (accountId: number) => `account:${accountId}:lists`;
  const deltaRoom = (accountId: number) => `account:${accountId}:deltas`;
  const clientRoom = (userId: number) => `client:${userId}`;
  const accountRooms = (data: TradingSocketData) => [
    room(data.accountId),
    data.deltas ? deltaRoom(data.accountId) : listRoom(data.accountId),
  ];
  const sessionRoom = (sessionId: number) => `session:${sessionId}`;
  // Logout, password change and resets end the session's trading sockets at once, on every node.
  const detachRevoked = ctx.sessions.onRevoked((ids) => {
    for (const id of ids) trading.in(sessionRoom(id)).disconnectSockets(true);
  });
  // the other nodes drop this node's revoked sessions from their session caches at once (Redis)
  const revocations = new SessionRevocationSync(ctx.sessions, ctx.redis, ctx.config.redisPrefix, options.log);
  await revocations.start();

  const clock = options.now ?? (() => Date.now());

  /**
   * A socket whose remembered session end has passed gets no push (an idled-out session
   * kept receiving balance and positions until the next round). Its session is read once: ended, the
   * socket is hung up on as at logout; still live (the client was active over HTTP meanwhile), the
   * new end is remembered and the push delivered. Live sockets cost no read.
   */
  const recheck = (socket: Socket) => {
    const data = socket.data as TradingSocketData;
    if (data.rechecking) return;
    data.rechecking = true;
    ctx.sessions
      .liveUntil([data.sessionId])
      .then((live) => {
        const until = live.get(data.sessionId);
        if (until === undefined) socket.disconnect(true);
        else {
          data.liveUntil = until;
          if (socket.connected) pushLogged(socket, data.accountId);
        }
      })
      .catch((err: unknown) => options.log?.error({ err }, 'trading socket session check failed'))
      .finally(() => {
        data.rechecking = false;
      });
  };

  const detachTrading = ctx.trading.onAccountEvents((accountId, events) => {
    if (!events.some((e) => e.type !== 'command.rejected')) return;
    const now = clock();
    const expired: string[] = [];
    for (const id of trading.adapter.rooms.get(room(accountId)) ?? []) {
      const socket = trading.sockets.get(id);
      if (socket && now >= (socket.data as TradingSocketData).liveUntil) {
        expired.push(id);
        recheck(socket);
      }
    }
    const to = (name: string) => (expired.length ? trading.to(name).except(expired) : trading.to(name));
    // a list or delta is built only for an account with such sockets here (with Redis, other nodes may hold some)
    const here = (name: string) => ctx.redis !== undefined || trading.adapter.rooms.has(name);
    if (here(listRoom(accountId))) pushLocal(to(listRoom(accountId)), accountId, ordersChanged(events));
    if (here(deltaRoom(accountId))) pushChanges(to(deltaRoom(accountId)), accountId, events);
    // automatic closes and order outcomes are told at once, with what they happened at
    const target = to(room(accountId));
    for (const notice of noticesOf(events, ctx.trading)) target.emit(SOCKET_EVENTS.notice, notice);
  });
  // a price alert this node fired (the client's sockets may be on any node: the Redis adapter carries it)
  const detachAlerts = ctx.priceAlerts.onFired((userId, notice) =>
    trading.to(clientRoom(userId)).emit(SOCKET_EVENTS.notice, notice),
  );
  // a session switched its current account: its sockets on this node leave the old account's rooms, join the new
  // one's and get its balance, positions and orders at once (another node's sockets follow at their reconnect)
  const detachSwitched = ctx.sessions.onAccountSwitched((sessionId, accountId) => {
    for (const id of trading.adapter.rooms.get(sessionRoom(sessionId)) ?? []) {
      const socket = trading.sockets.get(id);
      if (!socket) continue;
      const data = socket.data as TradingSocketData;
      if (data.accountId === accountId) continue;
      ctx.gateway
        .ensure(accountId)
        .then(async (known) => {
          if (!known || !socket.connected) return;
          for (const name of accountRooms(data)) socket.leave(name);
          data.accountId = accountId;
          await socket.join(accountRooms(data));
          pushLogged(socket, accountId);
        })
        .catch((err: unknown) => options.log?.error({ err }, 'trading socket account switch failed'));
    }
  });
  // the server switched a client's auto-trading off (a loss limit, the broker's kill switch)
  const detachAuto = ctx.autoTrading.onNotice((accountId, notice) =>
    trading.to(room(accountId)).emit(SOCKET_EVENTS.notice, notice),
  );

  // ------------------------------------------------------------------------ trading jobs
  // every brand's trading profile (costs, stop-out, margin-call level), and any change staff make later
  // (a brand whose settings cannot be read keeps the default profile; the operator hears why)
  await ctx.brands
    .tradingProfiles()
    .then((profiles) => {
      for (const [key, profile] of profiles) ctx.trading.setProfile(key, profile);
    })
    .catch((err: unknown) => options.log?.error({ err }, 'trading profiles could not be loaded'));
  const detachProfiles = ctx.brands.onTradingChanged((key, profile) => ctx.trading.setProfile(key, profile));
  const jobs = new TradingJobs(ctx, {
    repo: new MarginCallRepo(ctx.database.db),
    clock: ctx.market.clock,
    notify: (accountId: number, notice: NoticePayload) =>
      trading.to(room(accountId)).emit(SOCKET_EVENTS.notice, notice),
    ...(options.log ? { log: options.log } : {}),
  });
  if (options.tradingJobs !== false) jobs.start();

  trading.on('connection', (socket: Socket) => {
    const data = socket.data as TradingSocketData;
    void socket.join([...accountRooms(data), clientRoom(data.userId), sessionRoom(data.sessionId)]);
    pushLogged(socket, data.accountId);

    /**
     * Runs one command: the session must still be live, the payload valid; answers through the ack with the
     * position (position commands) or the order (order commands) it concerns.
     */
    /**
     * Runs one command: the session must still be live, the payload valid; the command then runs on the engine
     * holding the account's book (this node's, or its shard owner's over Redis) and is answered through
     * the ack with the position (position commands) or the order (order commands) it concerns.
     */
    const command = (name: TradeCommandName) => {
      const { schema } = TRADE_COMMANDS[name];
      return async (payload: unknown, ack?: Ack) => {
        const received = performance.now();
        const answer = (result: CommandAck | OrderCommandAck) => {
          ctx.metrics.tradeCommandSeconds.observe(
            { command: name, answer: result.status ? 'ok' : result.code },
            (performance.now() - received) / 1_000,
          );
          if (typeof ack === 'function') ack(result);
        };
        try {
          // the session from the sessions' short cache on every command (a revoked one is never in it);
          // the account and brand as well when last checked over SESSION_RECHECK_MS ago
          const recheckAll = Date.now() - data.checkedAt > SESSION_RECHECK_MS;
          const session = recheckAll
            ? (await authenticate(data.token, data.host, true))?.session
            : await ctx.sessions.authenticateCached(data.token, 'client');
          if (!session || session.id !== data.sessionId || !socket.connected) {
            answer(failure(UNAUTHORIZED, { key: 'error.unauthorized' }));
            socket.disconnect(true);
            return;
          }
          if (recheckAll) data.checkedAt = Date.now();
          data.liveUntil = ctx.sessions.endOf(session);
          // the optional accountId: another of the client's own accounts (never trusted: checked, else refused)
          let accountId: number;
          try {
            accountId = await accountOfCommand(data, payload);
          } catch (err) {
            if (!(err instanceof AppError)) throw err;
            answer(failure(err.code, { key: err.key }));
            return;
          }
          const { accountId: _named, ...rest } = (
            payload !== null && typeof payload === 'object' ? payload : {}
          ) as Record<string, unknown>;
          const parsed = validateInput(
            schema as z.ZodType,
            payload !== null && typeof payload === 'object' && !Array.isArray(payload) ? rest : payload,
          );
          if (!parsed.ok) {
            answer(failure('VALIDATION_FAILED', { key: 'error.validation' }, parsed.errors));
            return;
          }
          answer(await ctx.gateway.command(name, accountId, parsed.value));
        } catch (err) {
          if (err instanceof ShardUnavailableError) {
            // a cluster failover under way: nothing was done, or the re-sent command id is answered later
            answer(failure('UNAVAILABLE', { key: 'error.tradingUnavailable' }));
            return;
          }
          // An INTERNAL answer is a bug or an outage the operator must see: logged at error
          // level, without the payload (the error serialiser keeps query values out, decision 0013).
          options.log?.error({ err, userId: data.userId }, 'trading command failed');
          answer(failure('INTERNAL', { key: 'error.internal' }));
        }
      };
    };

    for (const name of Object.keys(TRADE_COMMANDS) as TradeCommandName[]) socket.on(name, command(name));
  });

  // -------------------------------------------------------------------------------- /backoffice
  const detachBackoffice = attachBackofficeSocket(io as unknown as Server, ctx, {
    ...(options.log ? { log: options.log } : {}),
    ...(options.backofficeRecheckMs ? { recheckMs: options.backofficeRecheckMs } : {}),
  });

  // spec §7/§9: positions and balance are pushed every 5 s as well as on every change. Each round
  // first re-reads the sessions of this node's sockets, without counting as activity: a socket whose
  // session idled out or was revoked is hung up on instead of pushed to, exactly as at logout (the
  // web app then retries the handshake, which is refused UNAUTHORIZED, and logs out).
  let refreshing = false;
  const refreshRound = async () => {
    const sockets = [...trading.sockets.values()];
    const live = await ctx.sessions.liveUntil([
      ...new Set(sockets.map((socket) => (socket.data as TradingSocketData).sessionId)),
    ]);
    for (const socket of sockets) {
      const data = socket.data as TradingSocketData;
      const until = live.get(data.sessionId);
      if (until === undefined) socket.disconnect(true);
      else {
        data.liveUntil = until;
        // an opted-in socket values its open positions from the prices; it gets the balance only
        if (!socket.connected) continue;
        if (data.deltas) {
          const view = await ctx.gateway.view(data.accountId);
          if (view && socket.connected) socket.emit(SOCKET_EVENTS.balance, view.balance);
        } else await push(socket, data.accountId, false);
      }
    }
  };
  const refresh = setInterval(() => {
    // A slow database must not pile rounds up; the next tick tries again.
    if (refreshing || trading.sockets.size === 0) return;
    refreshing = true;
    refreshRound()
      .catch((err: unknown) => options.log?.error({ err }, 'trading socket refresh failed'))
      .finally(() => {
        refreshing = false;
      });
  }, options.refreshMs ?? TIMING.positionsRefreshMs);
  refresh.unref();

  return {
    io,
    jobs,
    async close() {
      clearInterval(refresh);
      jobs.stop();
      detachProfiles();
      stream.stop();
      detachStream();
      unwatchHalts();
      unwatchBrands();
      unwatchSubscriptions();
      detachTrading();
      detachAuto();
      detachAlerts();
      detachSwitched();
      detachRevoked();
      await revocations.stop();
      detachBackoffice();
      for (const unwatch of unwatchSockets) unwatch();
      io.disconnectSockets(true);
      await new Promise<void>((resolve) => io.close(() => resolve()));
      // quit, not disconnect: the adapter's last unsubscribe commands finish before the connection closes.
      await Promise.all([
        pub?.quit().catch(() => pub?.disconnect()),
        sub?.quit().catch(() => sub?.disconnect()),
      ]);
    },
  };
}
