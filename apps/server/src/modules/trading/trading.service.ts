import {
  type BalancePayload,
  type BrandQuote,
  DEFAULT_TRADING_PROFILE,
  type Numeric,
  type OrderDto,
  type OrdersDeltaPayload,
  type OrdersPayload,
  type PositionDto,
  type PositionsDeltaPayload,
  type PositionsPayload,
  pipSize,
  positionProfitFast,
  type TradingProfile,
  type TransferPair,
  tickSizeOf,
  transferPairOf,
} from '@openbroker/domain';
import {
  type AccountId,
  type AccountSettings,
  type AccountSnapshot,
  type CancelOrderCommand,
  type CommandOutcome,
  type CommandType,
  type DeskPosition,
  Engine,
  type EngineEvent,
  type EngineInstrument,
  type EngineSnapshot,
  type Millis,
  type OrderRecord,
  type OrderView,
  type PlaceOrderCommand,
  type PositionId,
  type PositionRecord,
  type PositionView,
  type TransferCommand,
  type TransferOutcome,
  type UpdateOrderCommand,
} from '../../engine/index.js';
import { openMsBetween } from '../../market/market-hours.js';
import type { MarketService } from '../market/market.service.js';
import { type Metrics, timeEngineCommand } from '../metrics/metrics.js';
import type { TradingRepo } from './trading.repo.js';

/** Closed positions per account in the history list: read from the database on first use, then kept up to date. */
const HISTORY_LIMIT = 200;
const DAY_MS = 86_400_000;
/**
 * How long a brand's halted symbols are trusted before they are read again: a halt staff set on another
 * node reaches this one within this time; on this node `forgetHalts` makes it immediate.
 */
const HALTS_TTL_MS = 2_000;

/** The brand id of an engine profile key (`brand:<id>`, brandProfileKey); undefined for another key. */
export function brandOfProfile(key: string | undefined): number | undefined {
  const match = key === undefined ? null : /^brand:(\d+)$/.exec(key);
  return match ? Number(match[1]) : undefined;
}

export interface TradingOptions {
  requoteTolerance: number;
  stopOutLevel: number;
  /** Start-up progress at info; engine failures at error (the app's pino logger, so LOG_LEVEL=warn keeps them). */
  log: { info: (msg: string) => void; error: (obj: object, msg: string) => void };
  /** Command latency by kind (GET /metrics). */
  metrics?: Pick<Metrics, 'engineCommandSeconds'>;
  /**
   * A cluster node: whether this node owns the account's engine shard. The engine then starts empty and
   * takes accounts only through `adopt` and, for owned shards, `ensureAccount`; an account of another node's shard
   * is never loaded here (two engines on one account would both trade it).
   */
  owns?: (accountId: AccountId) => boolean;
}

/** An account of another node's engine shard reached this node's engine (a path that was not routed: a bug). */
export class NotShardOwnerError extends Error {
  override name = 'NotShardOwnerError';
}

type Listener = (accountId: AccountId, events: readonly EngineEvent[]) => void;
type Without<T, K extends keyof T> = Omit<T, K>;

/** An account's margin figures for the margin-call monitor. */
export interface MarginFigures {
  balance: number;
  equity: number;
  usedMargin: number;
  /** Equity ÷ used margin in percent; null without margin in use. */
  marginLevel: number | null;
}

/** An open position the auto-trading strategy opened, with its live profit (null before a quote). */
export interface AutoPositionView {
  id: PositionId;
  symbol: string;
  direction: 'buy' | 'sell';
  amount: number;
  leverage: number;
  openRate: number;
  profit: number | null;
}

/**
 * What an open of this account on this symbol is checked against: the latest feed quote (buy = ask,
 * sell = bid; the SL/TP rule's reference), the account's dealing prices of it (its brand's markup; what it would
 * open at), both null before a quote, and the leverages it may use there (the category's list, its custom_leverage,
 * the brand's cap), ascending.
 */
export interface TradingTerms {
  feed: { buy: number; sell: number } | null;
  dealing: { buy: number; sell: number } | null;
  leverages: number[];
}

/**
 * Connects the engine (pure, architecture §5) to the world: rebuilt from the database on start,
 * fed by the market's quotes, persisting through the trading repo, and telling subscribers (the
 * trading socket) which accounts changed.
 */
export class TradingService {
  private engine: Engine | undefined;
  private readonly listeners = new Set<Listener>();
  private detachMarket: (() => void) | undefined;
  private loading = new Map<AccountId, Promise<boolean>>();
  /** Accounts that hold open positions (the margin-call monitor's round), kept from the events. */
  private readonly withPositions = new Set<AccountId>();
  /** Registered trading profiles by key, and each account's key (the margin-call monitor reads them). */
  private readonly profiles = new Map<string, TradingProfile>();
  private readonly profileKeys = new Map<AccountId, string>();
  /** Each brand's halted symbols as last read, and until when. */
  private readonly halts = new Map<number, { symbols: ReadonlySet<string>; until: number }>();
  /**
   * The strategy's read model of the engine's committed books, kept from the snapshot and the published
   * events (as `withPositions` is), so a candle close reads an account in constant time, without building views:
   * each account's booked balance, margin in use and open positions (cents), and the open positions the strategy
   * opened. The engine stays the one that decides; these only feed the strategy's decisions.
   */
  private readonly books = new Map<AccountId, { balance: number; margin: number; open: number }>();
  private readonly autoOpen = new Map<AccountId, Map<PositionId, AutoRecord>>();
  /** The settings each known account was given to the engine with (its leverages for the strategy). */
  private readonly accountSettings = new Map<AccountId, AccountSettings>();
  /** The engine's instruments by symbol (the instruments an account may give the strategy). */
  private readonly instruments = new Map<string, EngineInstrument>();
  /** Leverages per account and symbol (cleared when the account's settings or a profile change). */
  private readonly leverageCache = new Map<AccountId, Map<string, number[]>>();
  /** Dealing quotes per profile key and symbol, for the feed quote they were read at (one per brand, not per account). */
  private readonly dealing = new Map<string, Map<string, DealingEntry>>();

  constructor(
    private readonly repo: TradingRepo,
    private readonly market: MarketService,
    private readonly options: TradingOptions,
  ) {}

  async start(): Promise<void> {
    const categories = await this.repo.categories();
    const instruments: EngineInstrument[] = this.market.catalogue.instruments.map((i) => {
      const category = categories.get(i.categoryId);
      return {
        symbol: i.symbol,
        name: i.displayName,
        categoryId: i.categoryId,
        categoryName: category?.name ?? i.category,
        leverage: category?.leverage ?? '1',
        staleAfterMs: i.stalenessMs,
        // the pip and tick the price socket and the backtest price with (one quote per brand)
        pipSize: pipSize(i.symbol, i.category, i.precision),
        tick: tickSizeOf(i.precision),
      };
    });
    for (const instrument of instruments) this.instruments.set(instrument.symbol, instrument);
    // The first block of position ids, before any open can ask for one.
    await this.repo.positionIds.refill();
    // a cluster node starts with no account and adopts its shards as it wins them (cluster/shards.ts)
    const snapshot = this.options.owns
      ? { accounts: [], positions: [], orders: [] }
      : await this.repo.loadSnapshot();
    this.engine = Engine.restore(snapshot, {
      instruments,
      persistence: this.repo,
      requoteTolerance: this.options.requoteTolerance,
      stopOutLevel: this.options.stopOutLevel,
      historyLimit: HISTORY_LIMIT,
      // the brands' profiles registered before start (runtime.ts), so the first sweep prices and stops out right
      profiles: Object.fromEntries(this.profiles),
      onEvents: (events) => this.publish(events),
      onCommitError: (error, batch) =>
        this.options.log.error(
          { err: error, seq: batch.seq },
          'trading: a triggered close could not be stored',
        ),
    });
    this.register(snapshot);
    const engine = this.engine;
    this.detachMarket = this.market.onQuote((quote) => engine.onQuote(quote));
    engine.sweep(this.market.clock.now());
    this.options.log.info(
      `trading engine restored: ${snapshot.accounts.length} accounts, ${snapshot.positions.length} open positions`,
    );
  }

  private register(snapshot: EngineSnapshot): void {
    for (const a of snapshot.accounts) {
      if (a.profile) this.profileKeys.set(a.id, a.profile);
      this.known(a);
    }
    for (const p of snapshot.positions) {
      this.withPositions.add(p.accountId);
      this.opened(p);
    }
  }

  /**
   * Loads the accounts of an engine shard this node has just locked (their open positions and pending
   * orders, armed against the next quote). The shard's commands reach this node only after this resolves.
   */
  async adopt(shard: number, shards: number): Promise<number> {
    const snapshot = await this.repo.loadSnapshot({ shard, shards });
    // accounts already lazily loaded cannot exist here: ensureAccount refuses unowned accounts
    this.live.adopt(snapshot);
    this.register(snapshot);
    this.live.sweep(this.market.clock.now());
    return snapshot.accounts.length;
  }

  private assertOwned(accountId: AccountId): void {
    if (this.options.owns && !this.options.owns(accountId))
      throw new NotShardOwnerError(`account ${accountId} belongs to another node's engine shard`);
  }

  async stop(): Promise<void> {
    this.detachMarket?.();
    await this.engine?.whenIdle();
  }

  private get live(): Engine {
    if (!this.engine) throw new Error('trading engine not started');
    return this.engine;
  }

  /**
   * Makes an account ready to be shown and traded: loads it if the engine does not know it yet (registered
   * after start) and, the first time, its latest closed positions — start-up loads open positions only, so
   * the history list is read from the database on demand. Call before `positions`/`position` (the socket's
   * connect, getBalance and the payments do). False for an unknown account.
   */
  async ensureAccount(accountId: AccountId): Promise<boolean> {
    this.assertOwned(accountId);
    const live = this.live;
    if (live.hasAccount(accountId) && live.hasHistory(accountId)) return true;
    let pending = this.loading.get(accountId);
    if (!pending) {
      pending = (async () => {
        if (!live.hasAccount(accountId)) {
          const account = await this.repo.loadAccount(accountId);
          if (!account) return false;
          if (account.profile) this.profileKeys.set(account.id, account.profile);
          if (!live.hasAccount(accountId)) {
            live.addAccount(account);
            this.known(account);
          }
        }
        // closes committed meanwhile are in the engine too; loadHistory merges them by id
        if (!live.hasHistory(accountId))
          live.loadHistory(accountId, await this.repo.history(accountId, HISTORY_LIMIT));
        return true;
      })();
      this.loading.set(accountId, pending);
      pending.finally(() => this.loading.delete(accountId)).catch(() => {});
    }
    return pending;
  }

  /** Settings changed in the database (profile, staff): reload them into the engine. */
  async refreshAccount(accountId: AccountId): Promise<void> {
    this.assertOwned(accountId);
    const account = await this.repo.loadAccount(accountId);
    if (!account) return;
    if (account.profile) this.profileKeys.set(account.id, account.profile);
    if (this.live.hasAccount(accountId)) {
      this.live.updateAccountSettings(account);
      this.accountSettings.set(account.id, account);
      this.leverageCache.delete(account.id);
    } else {
      this.live.addAccount(account);
      this.known(account);
    }
  }

  onAccountEvents(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  private publish(events: readonly EngineEvent[]): void {
    const byAccount = new Map<AccountId, EngineEvent[]>();
    for (const event of events) {
      switch (event.type) {
        case 'position.opened':
          this.withPositions.add(event.accountId);
          this.opened(event.position);
          break;
        case 'position.closed':
          // the read model counts the account's open positions: no need to build its views to know it has none
          if (this.closed(event.position) === 0) this.withPositions.delete(event.accountId);
          break;
        case 'position.reduced':
          this.reduced(event.accountId, event.positionId, event.amount, event.closedPart.amount);
          break;
        case 'balance.changed': {
          const funds = this.books.get(event.accountId);
          if (funds) funds.balance = toCents(event.balance);
          break;
        }
        default:
          break;
      }
      const list = byAccount.get(event.accountId) ?? [];
      list.push(event);
      byAccount.set(event.accountId, list);
    }
    for (const [accountId, list] of byAccount)
      for (const listener of this.listeners) listener(accountId, list);
  }

  /**
   * A burst that used up the reserved ids waits for the refill already under way instead of being refused. Every
   * command that takes an id waits so: an open, a pending order and a partial close (its closed part's id).
   */
  private async idsReady(): Promise<void> {
    if (this.repo.positionIds.available === 0) await this.repo.positionIds.refill().catch(() => {});
  }

  /** The account's brand (from its trading profile key); undefined for an account outside any brand. */
  brandOf(accountId: AccountId): number | undefined {
    return brandOfProfile(this.profileKeys.get(accountId));
  }

  /** The symbols halted for a brand (staff's `haltedSymbols`), read at most every HALTS_TTL_MS. */
  async haltedSymbols(brandId: number): Promise<ReadonlySet<string>> {
    const now = Date.now();
    const cached = this.halts.get(brandId);
    if (cached && cached.until > now) return cached.symbols;
    const symbols = new Set(await this.repo.haltedSymbols(brandId));
    this.halts.set(brandId, { symbols, until: now + HALTS_TTL_MS });
    return symbols;
  }

  /** Staff changed a brand's halted symbols: read them again at the next command. */
  forgetHalts(brandId?: number): void {
    if (brandId === undefined) this.halts.clear();
    else this.halts.delete(brandId);
  }

  /**
   * A symbol staff halted for the account's brand refuses new exposure — opens, pending orders and
   * their changes, SL/TP changes — with 'Temporarily unavailable'; closing and cancelling stay possible.
   */
  private async haltRefusal(
    command: { accountId: AccountId; now: Millis; requestId?: string },
    type: CommandType,
    symbol: string | undefined,
  ): Promise<CommandOutcome | undefined> {
    const brandId = this.brandOf(command.accountId);
    if (brandId === undefined || symbol === undefined) return undefined;
    const halted = await this.haltedSymbols(brandId);
    if (!halted.has(String(symbol).trim().toUpperCase())) return undefined;
    return {
      ok: false,
      rejection: {
        type: 'command.rejected',
        accountId: command.accountId,
        at: command.now,
        command: type,
        ...(command.requestId === undefined ? {} : { requestId: command.requestId }),
        message: { key: 'trade.temporarilyUnavailable' },
        errors: [],
      },
    };
  }

  /** Every open position with live profit and its account's figures (the dealing desk's one pass). */
  deskPositions(): DeskPosition[] {
    return this.live.deskPositions();
  }

  async open(...args: Parameters<Engine['open']>): Promise<CommandOutcome> {
    const refused = await this.haltRefusal(args[0], 'open', args[0].symbol);
    if (refused) return refused;
    await this.idsReady();
    return timeEngineCommand(this.options.metrics, 'open', () => this.live.open(...args));
  }

  async close(...args: Parameters<Engine['close']>): Promise<CommandOutcome> {
    const amount = args[0].amount;
    if (amount !== undefined && amount !== null && amount !== '') await this.idsReady();
    return timeEngineCommand(this.options.metrics, 'close', () => this.live.close(...args));
  }

  async update(...args: Parameters<Engine['update']>): Promise<CommandOutcome> {
    const [command] = args;
    const symbol = this.live.hasAccount(command.accountId)
      ? this.live.position(command.accountId, command.positionId)?.symbol
      : undefined;
    const refused = await this.haltRefusal(command, 'update', symbol);
    if (refused) return refused;
    return timeEngineCommand(this.options.metrics, 'update', () => this.live.update(...args));
  }

  /**
   * A transfer between two accounts this node holds (modules/trading-accounts): both accounts' queues wait while
   * it commits (Engine.transfer).
   */
  transfer(command: TransferCommand): Promise<TransferOutcome> {
    this.assertOwned(command.accountId);
    this.assertOwned(command.toAccountId);
    return timeEngineCommand(this.options.metrics, 'transfer', () => this.live.transfer(command));
  }

  adjustBalance(...args: Parameters<Engine['adjustBalance']>): Promise<CommandOutcome> {
    return timeEngineCommand(this.options.metrics, 'adjust_balance', () => this.live.adjustBalance(...args));
  }

  /** Places a pending order; the engine checks it against the current dealing price. */
  async placeOrder(command: Without<PlaceOrderCommand, 'type'>): Promise<CommandOutcome> {
    const refused = await this.haltRefusal(command, 'place_order', command.symbol);
    if (refused) return refused;
    await this.idsReady();
    return timeEngineCommand(this.options.metrics, 'place_order', () =>
      this.live.submit({ ...command, type: 'place_order' }),
    );
  }

  async updateOrder(command: Without<UpdateOrderCommand, 'type'>): Promise<CommandOutcome> {
    const symbol = this.live.hasAccount(command.accountId)
      ? this.live.orders(command.accountId).open.find((o) => o.id === command.orderId)?.symbol
      : undefined;
    const refused = await this.haltRefusal(command, 'update_order', symbol);
    if (refused) return refused;
    return timeEngineCommand(this.options.metrics, 'update_order', () =>
      this.live.submit({ ...command, type: 'update_order' }),
    );
  }

  cancelOrder(command: Without<CancelOrderCommand, 'type'>): Promise<CommandOutcome> {
    return timeEngineCommand(this.options.metrics, 'cancel_order', () =>
      this.live.submit({ ...command, type: 'cancel_order' }),
    );
  }

  /** The account's pending orders and their latest outcomes, newest first (the `orders` push). */
  orders(accountId: AccountId): OrdersPayload {
    const found = this.live.orders(accountId);
    return { open: found.open.map(toOrderDto), history: found.history.map(toOrderDto) };
  }

  /** One order as the client sees it (the ack of an order command); `record` when the engine has no view of it. */
  order(accountId: AccountId, orderId: number, record?: OrderRecord): OrderDto | undefined {
    const { open, history } = this.orders(accountId);
    const found = open.find((o) => o.id === orderId) ?? history.find((o) => o.id === orderId);
    return found ?? (record && this.orderDto(record));
  }

  /** An order record shaped as the client sees it (OrderView: snake_case, ISO dates). */
  orderDto(o: OrderRecord): OrderDto {
    const iso = (ms: number | null | undefined) => (ms == null ? null : new Date(ms).toISOString());
    return toOrderDto({
      id: o.id,
      symbol: o.symbol,
      symbolName:
        this.market.catalogue.instruments.find((i) => i.symbol === o.symbol)?.displayName ?? o.symbol,
      direction: o.direction,
      type: o.orderType,
      price: o.price,
      amount: o.amount,
      leverage: o.leverage,
      stop_lost: o.stopLoss,
      take_profit: o.takeProfit,
      trailing_stop: o.trailingDistance,
      expiry: o.expiry,
      expires_at: iso(o.expiresAt),
      created_at: new Date(o.createdAt).toISOString(),
      status: o.status,
      position_id: o.positionId ?? null,
      message: o.message ?? null,
      closed_at: iso(o.closedAt),
    });
  }

  /**
   * The daily swap rollover (22:00 UTC; one batch per account). A night counts for an instrument whose market
   * trades on that UTC day (its calendar); resolves once every batch is committed.
   */
  async rollover(now: Millis): Promise<void> {
    const hours = new Map(this.market.catalogue.instruments.map((i) => [i.symbol, i]));
    this.live.rollover(now, (symbol, day) => {
      const instrument = hours.get(symbol);
      const start = Date.parse(`${day}T00:00:00Z`);
      return !instrument || openMsBetween(instrument, start, start + DAY_MS) > 0;
    });
    await this.live.whenIdle();
  }

  /** Expires the orders whose time has come; resolves once stored. */
  async expireOrders(now: Millis): Promise<void> {
    this.live.expireOrders(now);
    await this.live.whenIdle();
  }

  /** Commits trailed stops the engine moved in memory (coalesced, decision 0017). */
  async flushTrailing(now: Millis): Promise<void> {
    this.live.flushTrails(now);
    await this.live.whenIdle();
  }

  /** Registers (or replaces) a trading profile the accounts name by key (brand settings). */
  setProfile(key: string, profile: TradingProfile): void {
    this.profiles.set(key, profile);
    this.leverageCache.clear();
    this.dealing.delete(key);
    // before start the profile goes into Engine.restore with the others
    this.engine?.setProfile(key, profile);
  }

  /** The account's trading profile (its brand's), or the default one with the configured stop-out level. */
  profileOf(accountId: AccountId): TradingProfile {
    return this.profileOfKey(this.profileKeys.get(accountId));
  }

  /** The trading profile registered under a key (`brand:<id>`); the default one for none or an unknown key. */
  profileOfKey(key: string | undefined): TradingProfile {
    const found = key === undefined ? undefined : this.profiles.get(key);
    return found ?? { ...DEFAULT_TRADING_PROFILE, stopOutLevel: this.options.stopOutLevel };
  }

  /** Accounts holding open positions right now. */
  accountsWithPositions(): AccountId[] {
    return [...this.withPositions];
  }

  /** An account's margin figures at the engine's latest prices. */
  margin(accountId: AccountId): MarginFigures {
    const s = this.live.summary(accountId);
    // spec §9: free margin = balance − used margin
    const usedMargin = Math.round((s.balance - s.freeMargin) * 100) / 100;
    const marginLevel = usedMargin > 0 ? Math.round((s.equity / usedMargin) * 10_000) / 100 : null;
    return { balance: s.balance, equity: s.equity, usedMargin, marginLevel };
  }

  /** An account's commission and swap entries with their position (the client's costs list). */
  charges(accountId: AccountId, limit = 200) {
    return this.repo.charges(accountId, limit);
  }

  /** spec §3 Balance summary with the spec §9 formulas, at the engine's latest prices. */
  balance(accountId: AccountId): BalancePayload {
    const s = this.live.summary(accountId);
    return { balance: s.balance, equity: s.equity, freeMargin: s.freeMargin, profit: s.profit };
  }

  positions(accountId: AccountId): PositionsPayload {
    const { open, history } = this.live.positions(accountId);
    // The newest first, as a trader reads a blotter (the engine gives open oldest first, history newest first).
    return { open: open.map(toDto).reverse(), history: history.map(toDto) };
  }

  /** The position as the client sees it right after a command. */
  position(accountId: AccountId, positionId: number): PositionDto | undefined {
    const found = this.live.position(accountId, positionId);
    return found && toDto(found);
  }

  /**
   * What a batch of events changed for the account, as the opted-in `/trading` clients get it
   * (`positionsChanged`, `ordersChanged`): only the positions and orders the events name, each as it is now (a closed
   * one with its close data), without building the lists. Undefined where nothing of that kind changed.
   */
  changes(
    accountId: AccountId,
    events: readonly EngineEvent[],
  ): { positions?: PositionsDeltaPayload; orders?: OrdersDeltaPayload } {
    const positionIds = new Set<PositionId>();
    const orderRecords = new Map<number, OrderRecord>();
    for (const event of events) {
      switch (event.type) {
        case 'position.opened':
        case 'position.closed':
          positionIds.add(event.position.id);
          break;
        case 'position.reduced':
          positionIds.add(event.positionId);
          positionIds.add(event.closedPart.id);
          break;
        case 'position.updated':
        case 'position.trailed':
          positionIds.add(event.positionId);
          break;
        case 'balance.changed':
          // a commission or a night's swap changes its position's figures
          if ('positionId' in event.cause && event.cause.kind !== 'position')
            positionIds.add(event.cause.positionId);
          break;
        case 'order.placed':
        case 'order.updated':
        case 'order.cancelled':
        case 'order.filled':
        case 'order.rejected':
          orderRecords.set(event.order.id, event.order);
          break;
        default:
          break;
      }
    }
    const out: { positions?: PositionsDeltaPayload; orders?: OrdersDeltaPayload } = {};
    if (positionIds.size > 0) {
      const delta: PositionsDeltaPayload = { open: [], closed: [] };
      for (const id of positionIds) {
        const view = this.live.position(accountId, id);
        if (!view) continue;
        const dto = toDto(view);
        (dto.close_date === null ? delta.open : delta.closed).push(dto);
      }
      out.positions = delta;
    }
    if (orderRecords.size > 0) {
      const { open, history } = this.live.orders(accountId);
      const byId = new Map<number, { view: OrderView; open: boolean }>();
      for (const view of open) byId.set(view.id, { view, open: true });
      for (const view of history) if (!byId.has(view.id)) byId.set(view.id, { view, open: false });
      const delta: OrdersDeltaPayload = { open: [], closed: [] };
      for (const [id, record] of orderRecords) {
        const found = byId.get(id);
        const dto = found ? toOrderDto(found.view) : this.orderDto(record);
        ((found ? found.open : dto.status === 'open') ? delta.open : delta.closed).push(dto);
      }
      out.orders = delta;
    }
    return out;
  }

  stats() {
    return this.live.stats();
  }

  // ------------------------------------------------------------------------------ auto-trading

  private known(account: AccountSnapshot): void {
    this.accountSettings.set(account.id, account);
    this.leverageCache.delete(account.id);
    if (!this.books.has(account.id))
      this.books.set(account.id, { balance: toCents(account.balance), margin: 0, open: 0 });
  }

  private opened(p: PositionRecord): void {
    const funds = this.books.get(p.accountId);
    if (funds) {
      funds.margin += toCents(p.amount);
      funds.open += 1;
    }
    if (p.origin !== 'auto') return;
    let records = this.autoOpen.get(p.accountId);
    if (!records) {
      records = new Map();
      this.autoOpen.set(p.accountId, records);
    }
    records.set(p.id, {
      id: p.id,
      symbol: p.symbol,
      direction: p.direction,
      amount: p.amount,
      leverage: p.leverage,
      openRate: p.openRate,
    });
  }

  /** Books a close in the read model; answers how many positions the account still holds open. */
  private closed(p: PositionRecord): number {
    const records = this.autoOpen.get(p.accountId);
    if (records?.delete(p.id) && records.size === 0) this.autoOpen.delete(p.accountId);
    const funds = this.books.get(p.accountId);
    if (!funds) return 0;
    funds.margin -= toCents(p.amount);
    funds.open = Math.max(0, funds.open - 1);
    return funds.open;
  }

  private reduced(
    accountId: AccountId,
    positionId: PositionId,
    remaining: number,
    closedAmount: number,
  ): void {
    const funds = this.books.get(accountId);
    if (funds) funds.margin -= toCents(closedAmount);
    const record = this.autoOpen.get(accountId)?.get(positionId);
    if (record) record.amount = remaining;
  }

  /** Whether the engine knows the account (it was restored or loaded). */
  hasAccount(accountId: AccountId): boolean {
    return this.live.hasAccount(accountId);
  }

  /**
   * The account's booked balance and free margin (spec §9: balance − the margin of its open positions), from the
   * read model: constant time (the strategy reads thousands of accounts at a candle close). `balance()` gives the
   * same figures with equity and profit, at the cost of valuing every open position.
   */
  funds(accountId: AccountId): { balance: number; freeMargin: number } | undefined {
    const funds = this.books.get(accountId);
    return funds && { balance: funds.balance / 100, freeMargin: (funds.balance - funds.margin) / 100 };
  }

  /** The account's open positions the strategy opened (every instrument), oldest first, with live profit. */
  autoPositions(accountId: AccountId): AutoPositionView[] {
    const records = this.autoOpen.get(accountId);
    if (!records) return [];
    const out: AutoPositionView[] = [];
    for (const r of records.values()) {
      const entry = this.quoteFor(accountId, r.symbol);
      // valued at the opposite dealing price, as the engine values it (a buy at the sell price)
      const profit = entry
        ? positionProfitFast(
            { direction: r.direction, amount: r.amount, leverage: r.leverage, open_rate: r.openRate },
            r.direction === 'buy' ? entry.dealing.sell : entry.dealing.buy,
          )
        : null;
      out.push({
        id: r.id,
        symbol: r.symbol,
        direction: r.direction,
        amount: r.amount,
        leverage: r.leverage,
        openRate: r.openRate,
        profit,
      });
    }
    return out;
  }

  /** Accounts holding open positions the strategy opened. */
  accountsWithAutoPositions(): AccountId[] {
    return [...this.autoOpen.keys()];
  }

  /**
   * The dealing quote and the allowed leverages of an account on a symbol, by the rules the engine's open checks
   * (domain `leverageOptionsFor`, `leverageCapFor`, `dealingQuoteWith`); undefined for an unknown account or symbol.
   * Cheap: the leverages are kept per account and symbol, the quotes per symbol and markup.
   */
  tradingTerms(accountId: AccountId, symbol: string): TradingTerms | undefined {
    if (!this.accountSettings.has(accountId) || !this.instruments.has(symbol)) return undefined;
    let bySymbol = this.leverageCache.get(accountId);
    if (!bySymbol) {
      bySymbol = new Map();
      this.leverageCache.set(accountId, bySymbol);
    }
    let leverages = bySymbol.get(symbol);
    if (!leverages) {
      leverages = this.live.tradingTerms(accountId, symbol, this.market.clock.now())?.leverages ?? [];
      bySymbol.set(symbol, leverages);
    }
    const entry = this.quoteFor(accountId, symbol);
    return { feed: entry?.feed ?? null, dealing: entry?.dealing ?? null, leverages };
  }

  /**
   * The pair between two currencies and the account's dealing quote of it, as a transfer from this account would
   * be decided (`Engine.runTransfer`: the brand quote, only while the pair's price is fresh — within the
   * instrument's staleness; a closed market's feed sends no prices, so its last one goes stale). `pair` as
   * `transferPairOf` answers it (null: the same currency, no rate needed; undefined: the feed quotes no such pair);
   * `quote` null: no rate now (no fresh price, no pair). Undefined for an account this node's engine does not hold.
   */
  conversionQuote(
    accountId: AccountId,
    from: string,
    to: string,
  ): { pair: TransferPair | null | undefined; quote: BrandQuote | null } | undefined {
    if (!this.accountSettings.has(accountId)) return undefined;
    const pair = transferPairOf(from, to, (symbol) => this.instruments.has(symbol));
    if (!pair) return { pair, quote: null };
    const terms = this.live.tradingTerms(accountId, pair.pair, this.market.clock.now());
    return { pair, quote: terms?.available && terms.quote ? terms.quote : null };
  }

  /** The leverages an account may use on each instrument of the categories it may trade (the strategy's choice list). */
  permittedInstruments(
    accountId: AccountId,
  ): { symbol: string; name: string; category: string; leverages: number[] }[] {
    const settings = this.accountSettings.get(accountId);
    if (!settings) return [];
    const permitted = new Set(settings.assetsGroupPermission);
    const out: { symbol: string; name: string; category: string; leverages: number[] }[] = [];
    for (const instrument of this.instruments.values()) {
      if (!permitted.has(instrument.categoryId)) continue;
      out.push({
        symbol: instrument.symbol,
        name: instrument.name,
        category: instrument.categoryName,
        leverages: this.tradingTerms(accountId, instrument.symbol)?.leverages ?? [],
      });
    }
    return out;
  }

  /**
   * The latest feed quote of a symbol and the account's dealing prices of it (the engine's, `Engine.tradingTerms`),
   * read from the engine once per quote and profile.
   */
  private quoteFor(accountId: AccountId, symbol: string): DealingEntry | undefined {
    const feed = this.market.book.last(symbol);
    if (!feed) return undefined;
    const key = this.profileKeys.get(accountId) ?? '';
    let bySymbol = this.dealing.get(key);
    if (!bySymbol) {
      bySymbol = new Map();
      this.dealing.set(key, bySymbol);
    }
    const cached = bySymbol.get(symbol);
    if (cached && cached.bid === feed.bid && cached.ask === feed.ask) return cached;
    const dealing = this.live.tradingTerms(accountId, symbol, this.market.clock.now())?.quote;
    if (!dealing) return undefined;
    const entry: DealingEntry = {
      bid: feed.bid,
      ask: feed.ask,
      feed: { buy: feed.ask, sell: feed.bid },
      dealing,
    };
    bySymbol.set(symbol, entry);
    return entry;
  }

  /**
   * The command an account executed under this client command id (stored with its effects, in the same
   * transaction), or undefined when it executed none: a re-sent command is answered from it, not executed again.
   */
  storedCommand(accountId: AccountId, commandId: string): ReturnType<TradingRepo['storedCommand']> {
    return this.repo.storedCommand(accountId, commandId);
  }
}

/** A feed quote and an account's dealing prices of it (shared by the accounts of one trading profile). */
interface DealingEntry {
  bid: number;
  ask: number;
  feed: { buy: number; sell: number };
  dealing: { buy: number; sell: number };
}

/** An open position of the strategy as the read model keeps it. */
interface AutoRecord {
  id: PositionId;
  symbol: string;
  direction: 'buy' | 'sell';
  amount: number;
  leverage: number;
  openRate: number;
}

/** Money to whole cents (the read model sums in integers, so no float drift builds up). */
const toCents = (value: Numeric): number => Math.round(Number(value) * 100);

/** The position as the client sees it: every issue-14 and issue-16 field present (null, 0 or 'client' when the view has none). */
const toDto = (view: PositionView): PositionDto =>
  ({
    ...view,
    trailing_stop: view.trailing_stop ?? null,
    commission: view.commission ?? 0,
    swap: view.swap ?? 0,
    closingCause: view.closingCause ?? null,
    close_context: view.close_context ?? null,
    part_of: view.part_of ?? null,
    origin: view.origin ?? 'client',
  }) as PositionDto;
const toOrderDto = (view: OrderView): OrderDto => ({ ...view }) as OrderDto;
