/**
 * The engine's in-memory books: instruments with their last quote, accounts with balance and open positions.
 * `Book.apply` is the only code that changes them, and it changes them only from committed events, so the
 * indexed engine, the naive reference and a restore all reach the same state from the same events.
 */
import {
  accountSummary,
  addMoneyFast,
  approxBrandQuote,
  type BalanceSummary,
  type BrandQuote,
  brandQuote,
  CLEAR_COMPLIANCE,
  type ClosingReason,
  type ComplianceStatus,
  DEFAULT_MARKUP,
  DEFAULT_TRADING_PROFILE,
  type Direction,
  groupCosts,
  type HeapNode,
  INSTRUMENT_GROUPS,
  type InstrumentGroup,
  isQuoteAvailable,
  lossTerminationPrice,
  type Markup,
  MinHeap,
  type Money,
  type PositionTerms,
  type Price,
  pipSize,
  positionProfitFast,
  type Quote,
  type QuoteTerms,
  roundMoney,
  STOP_OUT_LEVEL_DEFAULT,
  subMoneyFast,
  type TradeAsset,
  type TradeUser,
  type TradingProfile,
} from '@openbroker/domain';
import type {
  AccountId,
  AccountSettings,
  AccountSnapshot,
  BookEvent,
  ClosedPositionRecord,
  EngineInstrument,
  EngineQuote,
  EngineSnapshot,
  Millis,
  OrderRecord,
  OrderView,
  PositionId,
  PositionIdAllocator,
  PositionOrigin,
  PositionRecord,
  PositionView,
} from './types.js';

/** Rule settings shared by the engine and its reference (see `EngineOptions`). */
export interface BookSettings {
  requoteTolerance: number;
  stopOutLevel: number;
  staleAfterMs: number;
  historyLimit: number;
}

export const DEFAULT_SETTINGS: Readonly<BookSettings> = Object.freeze({
  requoteTolerance: 0.005,
  stopOutLevel: STOP_OUT_LEVEL_DEFAULT,
  staleAfterMs: 30_000,
  historyLimit: 200,
});

/**
 * A symbol's trigger indexes in the indexed engine: one min-heap per kind of level, read as "the top fires when
 * top.key ≤ bound" (trigger-index.ts arms and disarms the entries). It lives with the states it holds, which
 * point back at their heap nodes.
 */
export class SymbolIndex {
  /** buy stop losses, fire when sell ≤ SL (key −SL) */
  readonly buyStop = new MinHeap<PositionState>();
  /** buy loss termination prices, fire when sell ≤ T (key −T) */
  readonly buyTermination = new MinHeap<PositionState>();
  /** buy take profits, fire when sell ≥ TP (key TP) */
  readonly buyTake = new MinHeap<PositionState>();
  /** sell stop losses, fire when buy ≥ SL (key SL) */
  readonly sellStop = new MinHeap<PositionState>();
  /** sell loss termination prices, fire when buy ≥ T (key T) */
  readonly sellTermination = new MinHeap<PositionState>();
  /** sell take profits, fire when buy ≤ TP (key −TP) */
  readonly sellTake = new MinHeap<PositionState>();
  /** accounts' danger prices for their buys of this symbol, fire when sell ≤ level (key −level) */
  readonly buyGuard = new MinHeap<AccountState>();
  /** accounts' danger prices for their sells of this symbol, fire when buy ≥ level (key level) */
  readonly sellGuard = new MinHeap<AccountState>();

  /** buy limit orders, fire when buy ≤ price (key −price) */
  readonly buyLimit = new MinHeap<OrderState>();
  /** buy stop orders, fire when buy ≥ price (key price) */
  readonly buyStopOrder = new MinHeap<OrderState>();
  /** sell limit orders, fire when sell ≥ price (key price) */
  readonly sellLimit = new MinHeap<OrderState>();
  /** sell stop orders, fire when sell ≤ price (key −price) */
  readonly sellStopOrder = new MinHeap<OrderState>();
  /** buy trailing stops' next-move thresholds, move when sell ≥ SL + distance (key SL + distance) */
  readonly buyTrail = new MinHeap<PositionState>();
  /** sell trailing stops' next-move thresholds, move when buy ≤ SL − distance (key −(SL − distance)) */
  readonly sellTrail = new MinHeap<PositionState>();

  get size(): number {
    return this.buyTermination.size + this.sellTermination.size;
  }
}

/** An instrument and its last quote, with the dealing prices derived from it. */
export class SymbolState {
  readonly symbol: string;
  name: string;
  asset: TradeAsset;
  staleAfterMs: number;
  bid = Number.NaN;
  ask = Number.NaN;
  ts = Number.NEGATIVE_INFINITY;
  /** Float estimates of the brand quote of the last feed quote (`approxBrandQuote`); NaN before one. */
  approxSell = Number.NaN;
  approxBuy = Number.NaN;
  private exactCache: BrandQuote | null = null;
  private termsCache: QuoteTerms | null = null;
  private readonly approx = { buy: Number.NaN, sell: Number.NaN };
  /** The indexed engine's trigger indexes of this symbol (null in the naive reference). */
  index: SymbolIndex | null = null;
  /** Cost group (markup, commission, swap) and pip size. */
  group: InstrumentGroup;
  pipSize: number;
  /** Smallest price step: brand quotes and levels are on it; null: not rounded. */
  tick: number | null;
  /**
   * The brand markup these dealing prices use; null: the spec's (SLIPPAGE per side, the fast helpers). The book
   * keeps one SymbolState per (symbol, markup): the base (null) and a variant per other markup in use.
   */
  markup: Markup | null = null;
  /** The base state of this symbol (itself for the base). */
  base: SymbolState = this;
  /** The base's variants by markup key (only on the base). */
  readonly variants = new Map<string, SymbolState>();
  /** Scratch fields for per-account grouping (see `Engine.resetGuards`). */
  stamp = 0;
  groupBuyValue = 0;
  groupSellValue = 0;

  constructor(instrument: EngineInstrument, defaultStaleAfterMs: number) {
    this.symbol = instrument.symbol;
    this.name = instrument.name;
    this.asset = SymbolState.assetOf(instrument);
    this.staleAfterMs = instrument.staleAfterMs ?? defaultStaleAfterMs;
    this.group = groupOf(instrument);
    this.pipSize = instrument.pipSize ?? pipSize(instrument.symbol, this.group, 5);
    this.tick = instrument.tick ?? null;
  }

  /** Replaces the catalogue data (name, category, leverage list, staleness); the quote stays. */
  setInstrument(instrument: EngineInstrument, defaultStaleAfterMs: number): void {
    this.name = instrument.name;
    this.asset = SymbolState.assetOf(instrument);
    this.staleAfterMs = instrument.staleAfterMs ?? defaultStaleAfterMs;
    this.group = groupOf(instrument);
    this.pipSize = instrument.pipSize ?? pipSize(instrument.symbol, this.group, 5);
    this.tick = instrument.tick ?? null;
    this.termsCache = null;
    for (const variant of this.variants.values()) variant.setInstrument(instrument, defaultStaleAfterMs);
  }

  /** The variant of this (base) symbol for a markup: the base itself for the spec's markup. */
  variantFor(markup: Markup, instrument: EngineInstrument, created: (sym: SymbolState) => void): SymbolState {
    if (markup.unit === 'percent' && markup.value === DEFAULT_MARKUP.value) return this;
    const key = `${markup.unit}:${markup.value}`;
    let variant = this.variants.get(key);
    if (!variant) {
      variant = new SymbolState(instrument, this.staleAfterMs);
      variant.markup = { ...markup };
      variant.base = this;
      variant.name = this.name;
      variant.asset = this.asset;
      variant.staleAfterMs = this.staleAfterMs;
      variant.group = this.group;
      variant.pipSize = this.pipSize;
      variant.tick = this.tick;
      variant.termsCache = null;
      if (this.quoted)
        variant.acceptQuote({ symbol: this.symbol, bid: this.bid, ask: this.ask, ts: this.ts });
      this.variants.set(key, variant);
      created(variant);
    }
    return variant;
  }

  private static assetOf(instrument: EngineInstrument): TradeAsset {
    return {
      asset_category_id: instrument.categoryId,
      position_assets_category: { name: instrument.categoryName, leverage: instrument.leverage },
    };
  }

  get quoted(): boolean {
    return this.ts !== Number.NEGATIVE_INFINITY;
  }

  /** Takes a quote if it is valid and not older than the current one; false when ignored. */
  acceptQuote(quote: EngineQuote): boolean {
    const { bid, ask, ts } = quote;
    if (!(ts >= this.ts) || !Number.isFinite(ts)) return false;
    if (!isQuoteAvailable({ buy: ask, sell: bid })) return false;
    this.bid = bid;
    this.ask = ask;
    this.ts = ts;
    const approx = approxBrandQuote({ buy: ask, sell: bid }, this.terms(), this.approx);
    this.approxSell = approx.sell;
    this.approxBuy = approx.buy;
    this.exactCache = null;
    for (const variant of this.variants.values()) variant.acceptQuote(quote);
    return true;
  }

  /** The terms of this state's brand quote: its markup (the spec's for the base), pip and tick. */
  terms(): QuoteTerms {
    this.termsCache ??= { markup: this.markup ?? DEFAULT_MARKUP, pipSize: this.pipSize, tick: this.tick };
    return this.termsCache;
  }

  /** The feed quote in the domain's shape: buy is the ask, sell the bid. */
  quote(): Quote {
    return { buy: this.ask, sell: this.bid };
  }

  /** The brand quote of the last feed quote, computed once per quote: what clients see and trade at. */
  brandQuote(): BrandQuote {
    if (this.exactCache === null) this.exactCache = brandQuote(this.quote(), this.terms());
    return this.exactCache;
  }

  /** Exact dealing sell price of the brand quote. */
  exactSell(): Price {
    return this.brandQuote().sell;
  }

  /** Exact dealing buy price of the brand quote. */
  exactBuy(): Price {
    return this.brandQuote().buy;
  }

  /** Exact valuation (and closing) price of a position: a buy at the sell price, a sell at the buy price. */
  exactValuation(direction: Direction): Price {
    return direction === 'buy' ? this.exactSell() : this.exactBuy();
  }

  approxValuation(direction: Direction): number {
    return direction === 'buy' ? this.approxSell : this.approxBuy;
  }

  /** Whether the instrument can be traded at `now`: quoted, and the quote not older than the staleness limit. */
  available(now: Millis): boolean {
    return this.quoted && now - this.ts <= this.staleAfterMs;
  }
}

/** The instrument's cost group: as given, else from its category name (stock/share → stocks, indices → index). */
function groupOf(instrument: EngineInstrument): InstrumentGroup {
  if (instrument.group) return instrument.group;
  const name = instrument.categoryName.trim().toLowerCase();
  if ((INSTRUMENT_GROUPS as readonly string[]).includes(name)) return name as InstrumentGroup;
  if (name.startsWith('stock') || name.startsWith('share')) return 'stocks';
  if (name.startsWith('ind')) return 'index';
  if (name.startsWith('commod')) return 'commodities';
  if (name.startsWith('crypto')) return 'crypto';
  return 'forex';
}

/** An open position with what the hot path needs precomputed; it is its own `TriggerLevels`. */
export class PositionState {
  readonly id: PositionId;
  readonly account: AccountState;
  readonly sym: SymbolState;
  readonly direction: Direction;
  readonly amount: Money;
  readonly leverage: number;
  readonly openRate: Price;
  readonly openedAt: Millis;
  stopLoss: Price | null;
  takeProfit: Price | null;
  /** Trailing stop distance in price units; null: none. */
  trailingDistance: Price | null;
  readonly commission: Money;
  swap: Money;
  readonly orderId: number | null;
  /** Who opened it. */
  readonly origin: PositionOrigin;
  /** `lossTerminationPrice`: where the loss reaches the amount (low-margin rule a). */
  readonly terminationPrice: Price;
  readonly terms: PositionTerms;
  /** amount × leverage ÷ open_rate: profit is linear in price with this slope (float, for guards). */
  readonly units: number;
  // the indexed engine's trigger index entries; `armed` while they are in their heaps
  stopNode: HeapNode<PositionState> | null = null;
  takeNode: HeapNode<PositionState> | null = null;
  termNode: HeapNode<PositionState> | null = null;
  /** Next-move threshold of the trailing stop (indexed engine). */
  trailNode: HeapNode<PositionState> | null = null;
  armed = false;
  /** The trailing stop moved the stop loss in memory; not yet committed (see `Engine.flushTrails`). */
  trailPending = false;

  constructor(record: PositionRecord, account: AccountState, sym: SymbolState) {
    this.id = record.id;
    this.account = account;
    this.sym = sym;
    this.direction = record.direction;
    this.amount = record.amount;
    this.leverage = record.leverage;
    this.openRate = record.openRate;
    this.openedAt = record.openedAt;
    this.stopLoss = record.stopLoss;
    this.takeProfit = record.takeProfit;
    this.trailingDistance = record.trailingDistance ?? null;
    this.commission = record.commission ?? roundMoney(0);
    this.swap = record.swap ?? roundMoney(0);
    this.orderId = record.orderId ?? null;
    this.origin = record.origin ?? 'client';
    this.terms = {
      direction: record.direction,
      amount: record.amount,
      leverage: record.leverage,
      open_rate: record.openRate,
    };
    this.terminationPrice = lossTerminationPrice(this.terms);
    this.units = (record.amount * record.leverage) / record.openRate;
  }

  record(): PositionRecord {
    return {
      id: this.id,
      accountId: this.account.id,
      symbol: this.sym.symbol,
      direction: this.direction,
      amount: this.amount,
      leverage: this.leverage,
      openRate: this.openRate,
      openedAt: this.openedAt,
      stopLoss: this.stopLoss,
      takeProfit: this.takeProfit,
      trailingDistance: this.trailingDistance,
      commission: this.commission,
      swap: this.swap,
      orderId: this.orderId,
      partOf: null,
      ...(this.origin === 'auto' ? { origin: 'auto' as const } : {}),
    };
  }
}

/** An open pending order with its trigger-index entries (indexed engine). */
export class OrderState {
  record: OrderRecord;
  readonly account: AccountState;
  readonly sym: SymbolState;
  node: HeapNode<OrderState> | null = null;
  expiryNode: HeapNode<OrderState> | null = null;
  armed = false;

  constructor(record: OrderRecord, account: AccountState, sym: SymbolState) {
    this.record = record;
    this.account = account;
    this.sym = sym;
  }

  get id(): number {
    return this.record.id;
  }
}

/** Work waiting in an account's queue (the engine's; see engine.ts). */
export interface QueuedJob {
  run(): void;
}

export class AccountState {
  readonly id: AccountId;
  user: TradeUser;
  /** False: staff stopped new trades; closes, updates and triggers go on. */
  tradingEnabled: boolean;
  /** Demo (virtual money) or live: what the client's compliance standing stops differs (domain complianceBlock). */
  kind: 'live' | 'demo';
  /** The client's compliance standing; new trades and order fills check it (closes go on). */
  compliance: ComplianceStatus;
  balance: Money;
  /** Σ open amounts (margin in use), whole cents. */
  margin: Money;
  /** Open positions by id, inserted in id order. */
  readonly open = new Map<PositionId, PositionState>();
  /** Open pending orders by id. */
  readonly orders = new Map<number, OrderState>();
  /** Orders that left the open state (filled, cancelled, expired, rejected), oldest first, at most `historyLimit`. */
  readonly orderHistory: OrderRecord[] = [];
  /** Key of the trading profile (AccountSettings.profile); undefined: the default. */
  profile: string | undefined;
  /** The profile's stop-out level (fraction of used margin), kept in step by the book. */
  stopOutLevel: number = STOP_OUT_LEVEL_DEFAULT;
  /** Closed positions, oldest first, at most `historyLimit`: those closed since start, plus what `loadHistory` added. */
  readonly history: ClosedPositionRecord[] = [];
  /** Whether the earlier history (from before the start) was loaded; start-up loads open positions only. */
  historyLoaded = false;
  // the indexed engine's per-account state
  busy = false;
  readonly queue: QueuedJob[] = [];
  checkQueued = false;
  readonly guards: HeapNode<AccountState>[] = [];

  constructor(snapshot: AccountSnapshot) {
    this.id = snapshot.id;
    this.user = toTradeUser(snapshot);
    this.tradingEnabled = snapshot.tradingEnabled !== false;
    this.kind = snapshot.kind ?? 'live';
    this.compliance = snapshot.compliance ?? CLEAR_COMPLIANCE;
    this.profile = snapshot.profile;
    this.balance = roundMoney(snapshot.balance);
    this.margin = roundMoney(0);
  }
}

function toTradeUser(settings: AccountSettings): TradeUser {
  return {
    verified_account: settings.verified,
    assets_group_permission: [...settings.assetsGroupPermission],
    custom_leverage:
      typeof settings.customLeverage === 'string' || settings.customLeverage === null
        ? settings.customLeverage
        : { ...settings.customLeverage },
  };
}

const isoDate = (ms: Millis): string => new Date(ms).toISOString();

/** Hooks the indexed engine uses to keep its trigger indexes in step with applied events. */
export interface BookObserver {
  opened(position: PositionState): void;
  closed(position: PositionState): void;
  updated(position: PositionState): void;
  orderOpened?(order: OrderState): void;
  orderClosed?(order: OrderState): void;
}

export class Book {
  readonly settings: BookSettings;
  readonly symbols = new Map<string, SymbolState>();
  readonly accounts = new Map<AccountId, AccountState>();
  /** Every open position by id. */
  readonly positions = new Map<PositionId, PositionState>();
  /** Every open pending order by id. */
  readonly orders = new Map<number, OrderState>();
  /** Trading profiles by key (AccountSettings.profile). */
  readonly profiles = new Map<string, TradingProfile>();
  /** The profile of accounts without a registered one: DEFAULT_TRADING_PROFILE with the engine's stop-out level. */
  readonly defaultProfile: TradingProfile;
  /** Next id of the built-in counter (and, informally, one more than the highest id seen). */
  nextPositionId: PositionId = 1;
  /** Where an accepted open takes its id: the persistence port's allocator, or the built-in counter. */
  positionIds: PositionIdAllocator = { next: () => this.nextPositionId++ };
  observer: BookObserver | null = null;

  constructor(
    instruments: readonly EngineInstrument[],
    settings: Partial<BookSettings> = {},
    profiles: Readonly<Record<string, TradingProfile>> = {},
  ) {
    this.settings = { ...DEFAULT_SETTINGS, ...definedOnly(settings) };
    this.defaultProfile = { ...DEFAULT_TRADING_PROFILE, stopOutLevel: this.settings.stopOutLevel };
    for (const [key, profile] of Object.entries(profiles)) this.profiles.set(key, profile);
    for (const instrument of instruments) this.upsertInstrument(instrument);
  }

  /** Called for each new (symbol, markup) variant (the indexed engine gives it its trigger indexes). */
  onNewSymbol: ((sym: SymbolState) => void) | null = null;
  private readonly instruments = new Map<string, EngineInstrument>();

  /** The symbol state an account trades at: the variant for its profile's markup of the instrument's group. */
  symbolFor(account: AccountState, symbol: string): SymbolState {
    const base = this.symbolOf(symbol);
    const markup = groupCosts(this.profileOf(account), base.group).markup;
    return base.variantFor(markup, this.instruments.get(symbol) as EngineInstrument, (v) =>
      this.onNewSymbol?.(v),
    );
  }

  /** Every symbol state: the bases and their variants. */
  *allSymbols(): IterableIterator<SymbolState> {
    for (const base of this.symbols.values()) {
      yield base;
      yield* base.variants.values();
    }
  }

  /** The account's trading profile (the default one when its key is absent or not registered). */
  profileOf(account: AccountState): TradingProfile {
    return (
      (account.profile === undefined ? undefined : this.profiles.get(account.profile)) ?? this.defaultProfile
    );
  }

  /** Registers or replaces a profile; accounts with that key use it from their next decision. */
  setProfile(key: string, profile: TradingProfile): void {
    this.profiles.set(key, profile);
    for (const account of this.accounts.values()) if (account.profile === key) this.refreshAccount(account);
  }

  private refreshAccount(account: AccountState): void {
    account.stopOutLevel = this.profileOf(account).stopOutLevel;
  }

  /** Adds an instrument, or replaces its catalogue data (leverage list, category) keeping its quote. */
  upsertInstrument(instrument: EngineInstrument): SymbolState {
    this.instruments.set(instrument.symbol, instrument);
    const previous = this.symbols.get(instrument.symbol);
    if (previous) {
      // keep the object (positions and indexes point at it); only its catalogue fields change
      previous.setInstrument(instrument, this.settings.staleAfterMs);
      return previous;
    }
    const next = new SymbolState(instrument, this.settings.staleAfterMs);
    this.symbols.set(instrument.symbol, next);
    return next;
  }

  addAccount(snapshot: AccountSnapshot): AccountState {
    if (this.accounts.has(snapshot.id)) throw new Error(`account ${snapshot.id} already exists`);
    const account = new AccountState(snapshot);
    this.accounts.set(account.id, account);
    this.refreshAccount(account);
    return account;
  }

  /** Replaces an account's trading settings (verification, permissions, leverage); the balance is untouched. */
  updateAccountSettings(settings: AccountSettings): void {
    const account = this.accounts.get(settings.id);
    if (!account) throw new Error(`account ${settings.id} does not exist`);
    account.user = toTradeUser(settings);
    account.tradingEnabled = settings.tradingEnabled !== false;
    account.kind = settings.kind ?? 'live';
    account.compliance = settings.compliance ?? CLEAR_COMPLIANCE;
    account.profile = settings.profile;
    this.refreshAccount(account);
  }

  /** Loads a snapshot into an empty book (no events, no checks: the database is the truth). */
  load(snapshot: EngineSnapshot): void {
    if (this.accounts.size > 0) throw new Error('load needs an empty book');
    this.merge(snapshot);
  }

  /**
   * Adds a snapshot of accounts this book does not hold yet (a cluster node taking over an engine shard
   * adds its accounts, open positions and orders to the running book).
   */
  merge(snapshot: EngineSnapshot): void {
    for (const account of snapshot.accounts)
      if (this.accounts.has(account.id)) throw new Error(`account ${account.id} is already in the book`);
    for (const account of snapshot.accounts) this.addAccount(account);
    for (const quote of snapshot.quotes ?? []) this.symbols.get(quote.symbol)?.acceptQuote(quote);
    let maxId = 0;
    const records = [...snapshot.positions].sort((a, b) => a.id - b.id);
    for (const record of records) {
      const account = this.accountOf(record.accountId);
      account.margin = addMoneyFast(account.margin, record.amount);
      this.insert(this.createPosition(normaliseRecord(record), account));
      maxId = Math.max(maxId, record.id);
    }
    for (const order of snapshot.orders ?? []) {
      if (order.status !== 'open') continue;
      this.insertOrder(this.createOrder(order));
      maxId = Math.max(maxId, order.id);
    }
    for (const closed of snapshot.history ?? []) {
      this.remember(this.accountOf(closed.accountId), closed);
      maxId = Math.max(maxId, closed.id);
    }
    // a snapshot with a history list is complete (tests, a restore from `snapshot()`); the server's has none
    if (snapshot.history !== undefined)
      for (const account of this.accounts.values()) account.historyLoaded = true;
    this.nextPositionId = Math.max(this.nextPositionId, snapshot.nextPositionId ?? 1, maxId + 1);
  }

  accountOf(id: AccountId): AccountState {
    const account = this.accounts.get(id);
    if (!account) throw new Error(`unknown account ${id}`);
    return account;
  }

  symbolOf(symbol: string): SymbolState {
    const sym = this.symbols.get(symbol);
    if (!sym) throw new Error(`unknown instrument ${symbol}`);
    return sym;
  }

  /** A position object for a record, not yet in the book (decisions value it before it exists). */
  createPosition(
    record: PositionRecord,
    account: AccountState = this.accountOf(record.accountId),
  ): PositionState {
    return new PositionState(record, account, this.symbolFor(account, record.symbol));
  }

  /** Applies committed events, in order. The only mutation path of the books. */
  apply(events: readonly BookEvent[]): void {
    for (const event of events) {
      switch (event.type) {
        case 'position.opened': {
          const account = this.accountOf(event.accountId);
          account.margin = addMoneyFast(account.margin, event.position.amount);
          const position = this.createPosition(event.position, account);
          this.insert(position);
          this.nextPositionId = Math.max(this.nextPositionId, position.id + 1);
          this.observer?.opened(position);
          break;
        }
        case 'position.closed': {
          const position = this.positions.get(event.position.id);
          if (!position) throw new Error(`position ${event.position.id} is not open`);
          const account = position.account;
          account.open.delete(position.id);
          this.positions.delete(position.id);
          account.margin = subMoneyFast(account.margin, position.amount);
          this.remember(account, event.position);
          this.observer?.closed(position);
          break;
        }
        case 'position.updated': {
          const position = this.positions.get(event.positionId);
          if (!position) throw new Error(`position ${event.positionId} is not open`);
          position.stopLoss = event.stopLoss;
          position.takeProfit = event.takeProfit;
          if (event.trailingDistance !== undefined) position.trailingDistance = event.trailingDistance;
          position.trailPending = false;
          this.observer?.updated(position);
          break;
        }
        case 'position.trailed': {
          // the move was applied in memory when the tick crossed (decision 0017); this makes it durable. A later
          // move may already be in memory: keep whichever is further in the client's favour.
          const position = this.positions.get(event.positionId);
          if (!position) break;
          const current = position.stopLoss;
          const favour =
            current === null ||
            (position.direction === 'buy' ? event.stopLoss > current : event.stopLoss < current);
          if (favour) {
            position.stopLoss = event.stopLoss;
            this.observer?.updated(position);
          }
          if (position.stopLoss === event.stopLoss) position.trailPending = false;
          break;
        }
        case 'position.reduced': {
          const position = this.positions.get(event.positionId);
          if (!position) throw new Error(`position ${event.positionId} is not open`);
          const account = position.account;
          account.margin = subMoneyFast(account.margin, subMoneyFast(position.amount, event.amount));
          const reduced = this.createPosition({ ...position.record(), amount: event.amount }, account);
          reduced.trailPending = position.trailPending;
          this.observer?.closed(position);
          this.insert(reduced);
          this.remember(account, event.closedPart);
          this.nextPositionId = Math.max(this.nextPositionId, event.closedPart.id + 1);
          this.observer?.opened(reduced);
          break;
        }
        case 'order.placed': {
          const order = this.createOrder(event.order);
          this.insertOrder(order);
          this.nextPositionId = Math.max(this.nextPositionId, order.id + 1);
          this.observer?.orderOpened?.(order);
          break;
        }
        case 'order.updated': {
          const order = this.orders.get(event.order.id);
          if (!order) throw new Error(`order ${event.order.id} is not open`);
          this.observer?.orderClosed?.(order);
          order.record = event.order;
          this.observer?.orderOpened?.(order);
          break;
        }
        case 'order.cancelled':
        case 'order.filled':
        case 'order.rejected': {
          const order = this.orders.get(event.order.id);
          if (!order) throw new Error(`order ${event.order.id} is not open`);
          this.orders.delete(order.id);
          order.account.orders.delete(order.id);
          order.account.orderHistory.push(event.order);
          if (order.account.orderHistory.length > this.settings.historyLimit)
            order.account.orderHistory.shift();
          this.observer?.orderClosed?.(order);
          break;
        }
        case 'balance.changed': {
          this.accountOf(event.accountId).balance = event.balance;
          if (event.cause.kind === 'swap') {
            const position = this.positions.get(event.cause.positionId);
            if (position) position.swap = addMoneyFast(position.swap, event.change);
          }
          break;
        }
      }
    }
  }

  createOrder(record: OrderRecord): OrderState {
    const account = this.accountOf(record.accountId);
    return new OrderState(record, account, this.symbolFor(account, record.symbol));
  }

  private insertOrder(order: OrderState): void {
    order.account.orders.set(order.id, order);
    this.orders.set(order.id, order);
  }

  private insert(position: PositionState): void {
    position.account.open.set(position.id, position);
    this.positions.set(position.id, position);
  }

  /**
   * Adds an account's earlier closed positions (read from the database on demand) to those it closed since the
   * start: merged by id, oldest first by close time, the newest `historyLimit` kept.
   */
  loadHistory(accountId: AccountId, closed: readonly ClosedPositionRecord[]): void {
    const account = this.accountOf(accountId);
    const byId = new Map<PositionId, ClosedPositionRecord>();
    for (const record of closed) if (record.accountId === accountId) byId.set(record.id, record);
    for (const record of account.history) byId.set(record.id, record);
    const merged = [...byId.values()].sort((a, b) => a.closedAt - b.closedAt || a.id - b.id);
    account.history.length = 0;
    account.history.push(...merged.slice(-this.settings.historyLimit));
    account.historyLoaded = true;
  }

  private remember(account: AccountState, closed: ClosedPositionRecord): void {
    account.history.push(closed);
    if (account.history.length > this.settings.historyLimit) account.history.shift();
  }

  // --------------------------------------------------------------------------------------------- views

  /** Live profit of an open position at its instrument's last quote; null before the first quote. */
  liveProfit(position: PositionState): Money | null {
    return position.sym.quoted
      ? positionProfitFast(position.terms, position.sym.exactValuation(position.direction))
      : null;
  }

  openView(position: PositionState): PositionView {
    return {
      id: position.id,
      symbol: position.sym.symbol,
      symbolName: position.sym.name,
      direction: position.direction,
      amount: position.amount,
      leverage: position.leverage,
      open_rate: position.openRate,
      open_date: isoDate(position.openedAt),
      closed_rate: null,
      close_date: null,
      take_profit: position.takeProfit,
      stop_lost: position.stopLoss,
      profit: this.liveProfit(position),
      protected: position.stopLoss === null ? 0 : 1,
      closingReason: null,
      // the pending-order and close-explanation fields only where they say something, so spec §3 payloads stay as they were
      ...(position.trailingDistance === null ? {} : { trailing_stop: position.trailingDistance }),
      ...(position.origin === 'auto' ? { origin: 'auto' as const } : {}),
      ...(position.commission === 0 ? {} : { commission: position.commission }),
      ...(position.swap === 0 ? {} : { swap: position.swap }),
    };
  }

  orderView(order: OrderRecord): OrderView {
    return {
      id: order.id,
      symbol: order.symbol,
      symbolName: this.symbols.get(order.symbol)?.name ?? order.symbol,
      direction: order.direction,
      type: order.orderType,
      price: order.price,
      amount: order.amount,
      leverage: order.leverage,
      stop_lost: order.stopLoss,
      take_profit: order.takeProfit,
      trailing_stop: order.trailingDistance,
      expiry: order.expiry,
      expires_at: order.expiresAt === null ? null : isoDate(order.expiresAt),
      created_at: isoDate(order.createdAt),
      status: order.status,
      position_id: order.positionId ?? null,
      message: order.message ?? null,
      closed_at: order.closedAt === undefined ? null : isoDate(order.closedAt),
    };
  }

  /** Open orders (oldest first) and the recent ones that left the open state (newest first). */
  ordersOf(accountId: AccountId): { open: OrderView[]; history: OrderView[] } {
    const account = this.accountOf(accountId);
    return {
      open: [...account.orders.values()].sort((a, b) => a.id - b.id).map((o) => this.orderView(o.record)),
      history: [...account.orderHistory].reverse().map((o) => this.orderView(o)),
    };
  }

  closedView(closed: ClosedPositionRecord): PositionView {
    return {
      id: closed.id,
      symbol: closed.symbol,
      symbolName: this.symbols.get(closed.symbol)?.name ?? closed.symbol,
      direction: closed.direction,
      amount: closed.amount,
      leverage: closed.leverage,
      open_rate: closed.openRate,
      open_date: isoDate(closed.openedAt),
      closed_rate: closed.closedRate,
      close_date: isoDate(closed.closedAt),
      take_profit: closed.takeProfit,
      stop_lost: closed.stopLoss,
      profit: closed.profit,
      protected: closed.stopLoss === null ? 0 : 1,
      closingReason: closed.reason as ClosingReason,
      ...(closed.trailingDistance ? { trailing_stop: closed.trailingDistance } : {}),
      ...(closed.commission ? { commission: closed.commission } : {}),
      ...(closed.swap ? { swap: closed.swap } : {}),
      ...(closed.partOf ? { part_of: closed.partOf } : {}),
      ...(closed.origin === 'auto' ? { origin: 'auto' as const } : {}),
      closingCause: closed.cause,
      ...(closed.context ? { close_context: closed.context } : {}),
    };
  }

  /** One position of an account, open or in its recent history; undefined for another account's id. */
  positionOf(accountId: AccountId, positionId: PositionId): PositionView | undefined {
    const account = this.accountOf(accountId);
    const open = account.open.get(positionId);
    if (open) return this.openView(open);
    for (let i = account.history.length - 1; i >= 0; i--) {
      const closed = account.history[i];
      if (closed?.id === positionId) return this.closedView(closed);
    }
    return undefined;
  }

  /** Open positions (oldest first) and history (newest first), spec §3 shaped. */
  positionsOf(accountId: AccountId): { open: PositionView[]; history: PositionView[] } {
    const account = this.accountOf(accountId);
    return {
      open: [...account.open.values()].map((p) => this.openView(p)),
      history: [...account.history].reverse().map((c) => this.closedView(c)),
    };
  }

  /** Balance, equity, free margin and profit by spec §9 (`accountSummary`); an unquoted position counts 0. */
  summaryOf(accountId: AccountId): BalanceSummary {
    const account = this.accountOf(accountId);
    const open = [...account.open.values()].map((p) => ({
      amount: p.amount,
      profit: this.liveProfit(p) ?? 0,
    }));
    return accountSummary(account.balance, open);
  }

  /** The committed state, in the shape `load` takes. */
  snapshot(): EngineSnapshot {
    const accounts = [...this.accounts.values()].map((a) => ({
      id: a.id,
      verified: a.user.verified_account === true,
      assetsGroupPermission: [...(a.user.assets_group_permission as number[])],
      customLeverage: a.user.custom_leverage as AccountSnapshot['customLeverage'],
      ...(a.tradingEnabled ? {} : { tradingEnabled: false }),
      ...(a.kind === 'demo' ? { kind: 'demo' as const } : {}),
      ...(a.compliance === CLEAR_COMPLIANCE ? {} : { compliance: a.compliance }),
      ...(a.profile === undefined ? {} : { profile: a.profile }),
      balance: a.balance,
    }));
    const quotes = [...this.symbols.values()]
      .filter((s) => s.quoted)
      .map((s) => ({ symbol: s.symbol, bid: s.bid, ask: s.ask, ts: s.ts }));
    return {
      accounts,
      positions: [...this.positions.values()].map((p) => p.record()),
      orders: [...this.orders.values()].sort((a, b) => a.id - b.id).map((o) => o.record),
      history: [...this.accounts.values()].flatMap((a) => a.history),
      quotes,
      nextPositionId: this.nextPositionId,
    };
  }
}

/** A stored price as the domain's `price()` makes it (a finite number ≥ 0, never −0), without the decimal round trip. */
function storedPrice(value: number): Price {
  if (!(Number.isFinite(value) && value >= 0)) throw new RangeError(`Not a price: ${String(value)}`);
  return (value + 0) as Price;
}

function normaliseRecord(record: PositionRecord): PositionRecord {
  return {
    ...record,
    amount: roundMoney(record.amount),
    openRate: storedPrice(Number(record.openRate)),
    stopLoss: record.stopLoss === null ? null : storedPrice(Number(record.stopLoss)),
    takeProfit: record.takeProfit === null ? null : storedPrice(Number(record.takeProfit)),
    trailingDistance:
      record.trailingDistance === null || record.trailingDistance === undefined
        ? null
        : storedPrice(Number(record.trailingDistance)),
    commission: roundMoney(record.commission ?? 0),
    swap: roundMoney(record.swap ?? 0),
  };
}

function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
