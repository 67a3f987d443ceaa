/**
 * The engine's in-memory books: instruments with their last quote, accounts with balance and open positions.
 * `Book.apply` is the only code that changes them, and it changes them only from committed events, so the
 * indexed engine, the naive reference and a restore all reach the same state from the same events.
 */
import {
  accountSummary,
  addMoneyFast,
  approxBuyPrice,
  approxSellPrice,
  type BalanceSummary,
  buyPrice,
  type ClosingReason,
  type Direction,
  isQuoteAvailable,
  lossTerminationPrice,
  type Money,
  type PositionTerms,
  type Price,
  positionProfitFast,
  type Quote,
  roundMoney,
  STOP_OUT_LEVEL_DEFAULT,
  sellPrice,
  subMoneyFast,
  type TradeAsset,
  type TradeUser,
} from '@openbroker/domain';
import type { HeapNode } from './heap.js';
import type { SymbolIndex } from './trigger-index.js';
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
  PositionId,
  PositionIdAllocator,
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

/** An instrument and its last quote, with the dealing prices derived from it. */
export class SymbolState {
  readonly symbol: string;
  name: string;
  asset: TradeAsset;
  staleAfterMs: number;
  bid = Number.NaN;
  ask = Number.NaN;
  ts = Number.NEGATIVE_INFINITY;
  /** Float dealing prices of the last quote (`approxSellPrice(bid)`, `approxBuyPrice(ask)`); NaN before one. */
  approxSell = Number.NaN;
  approxBuy = Number.NaN;
  private exactSellCache: Price | null = null;
  private exactBuyCache: Price | null = null;
  /** The indexed engine's trigger indexes of this symbol (null in the naive reference). */
  index: SymbolIndex | null = null;
  /** Scratch fields for per-account grouping (see `Engine.resetGuards`). */
  stamp = 0;
  groupBuyValue = 0;
  groupSellValue = 0;

  constructor(instrument: EngineInstrument, defaultStaleAfterMs: number) {
    this.symbol = instrument.symbol;
    this.name = instrument.name;
    this.asset = SymbolState.assetOf(instrument);
    this.staleAfterMs = instrument.staleAfterMs ?? defaultStaleAfterMs;
  }

  /** Replaces the catalogue data (name, category, leverage list, staleness); the quote stays. */
  setInstrument(instrument: EngineInstrument, defaultStaleAfterMs: number): void {
    this.name = instrument.name;
    this.asset = SymbolState.assetOf(instrument);
    this.staleAfterMs = instrument.staleAfterMs ?? defaultStaleAfterMs;
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
    this.approxSell = approxSellPrice(bid);
    this.approxBuy = approxBuyPrice(ask);
    this.exactSellCache = null;
    this.exactBuyCache = null;
    return true;
  }

  /** The feed quote in the domain's shape: buy is the ask, sell the bid. */
  quote(): Quote {
    return { buy: this.ask, sell: this.bid };
  }

  /** Exact dealing sell price `sellPrice(bid)`, computed once per quote. */
  exactSell(): Price {
    if (this.exactSellCache === null) this.exactSellCache = sellPrice(this.bid);
    return this.exactSellCache;
  }

  /** Exact dealing buy price `buyPrice(ask)`, computed once per quote. */
  exactBuy(): Price {
    if (this.exactBuyCache === null) this.exactBuyCache = buyPrice(this.ask);
    return this.exactBuyCache;
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
  /** `lossTerminationPrice`: where the loss reaches the amount (low-margin rule a). */
  readonly terminationPrice: Price;
  readonly terms: PositionTerms;
  /** amount × leverage ÷ open_rate: profit is linear in price with this slope (float, for guards). */
  readonly units: number;
  // the indexed engine's trigger index entries; `armed` while they are in their heaps
  stopNode: HeapNode<PositionState> | null = null;
  takeNode: HeapNode<PositionState> | null = null;
  termNode: HeapNode<PositionState> | null = null;
  armed = false;

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
    };
  }
}

/** Work waiting in an account's queue (the engine's; see engine.ts). */
export interface QueuedJob {
  run(): void;
}

export class AccountState {
  readonly id: AccountId;
  user: TradeUser;
  /** False: staff stopped new trades (issue 13); closes, updates and triggers go on. */
  tradingEnabled: boolean;
  balance: Money;
  /** Σ open amounts (margin in use), whole cents. */
  margin: Money;
  /** Open positions by id, inserted in id order. */
  readonly open = new Map<PositionId, PositionState>();
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
}

export class Book {
  readonly settings: BookSettings;
  readonly symbols = new Map<string, SymbolState>();
  readonly accounts = new Map<AccountId, AccountState>();
  /** Every open position by id. */
  readonly positions = new Map<PositionId, PositionState>();
  /** Next id of the built-in counter (and, informally, one more than the highest id seen). */
  nextPositionId: PositionId = 1;
  /** Where an accepted open takes its id: the persistence port's allocator, or the built-in counter. */
  positionIds: PositionIdAllocator = { next: () => this.nextPositionId++ };
  observer: BookObserver | null = null;

  constructor(instruments: readonly EngineInstrument[], settings: Partial<BookSettings> = {}) {
    this.settings = { ...DEFAULT_SETTINGS, ...definedOnly(settings) };
    for (const instrument of instruments) this.upsertInstrument(instrument);
  }

  /** Adds an instrument, or replaces its catalogue data (leverage list, category) keeping its quote. */
  upsertInstrument(instrument: EngineInstrument): SymbolState {
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
    return account;
  }

  /** Replaces an account's trading settings (verification, permissions, leverage); the balance is untouched. */
  updateAccountSettings(settings: AccountSettings): void {
    const account = this.accounts.get(settings.id);
    if (!account) throw new Error(`account ${settings.id} does not exist`);
    account.user = toTradeUser(settings);
    account.tradingEnabled = settings.tradingEnabled !== false;
  }

  /** Loads a snapshot into an empty book (no events, no checks: the database is the truth). */
  load(snapshot: EngineSnapshot): void {
    if (this.accounts.size > 0) throw new Error('load needs an empty book');
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
    for (const closed of snapshot.history ?? []) {
      this.remember(this.accountOf(closed.accountId), closed);
      maxId = Math.max(maxId, closed.id);
    }
    // a snapshot with a history list is complete (tests, a restore from `snapshot()`); the server's has none
    if (snapshot.history !== undefined)
      for (const account of this.accounts.values()) account.historyLoaded = true;
    this.nextPositionId = Math.max(snapshot.nextPositionId ?? 1, maxId + 1);
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
    return new PositionState(record, account, this.symbolOf(record.symbol));
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
          this.observer?.updated(position);
          break;
        }
        case 'balance.changed':
          this.accountOf(event.accountId).balance = event.balance;
          break;
      }
    }
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
      balance: a.balance,
    }));
    const quotes = [...this.symbols.values()]
      .filter((s) => s.quoted)
      .map((s) => ({ symbol: s.symbol, bid: s.bid, ask: s.ask, ts: s.ts }));
    return {
      accounts,
      positions: [...this.positions.values()].map((p) => p.record()),
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
  };
}

function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
