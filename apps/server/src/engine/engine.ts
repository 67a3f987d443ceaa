/**
 * The trading engine (architecture §5): a plain class with no I/O of its own. Quotes and commands go in, events
 * come out through `onEvents`, and every change is committed through the `EnginePersistence` port before it is
 * applied to the books and acknowledged. See docs/decisions/0006-engine-triggers.md.
 *
 * How a tick stays O(log n + fired):
 * - SL, TP and loss termination (low-margin rule a) sit in per-symbol heaps (trigger-index.ts); a tick reads the
 *   tops of its symbol's heaps with a float estimate of the dealing price and only computes the exact (decimal)
 *   price when a top is within the estimate's error bound; then it pops exactly the entries that fired.
 * - Account stop-out (rule b) uses "danger prices": whenever an account is evaluated, its headroom
 *   H = equity − level × margin (a float lower bound, see `stopOutSlack`) is shared out over its (symbol,
 *   direction) groups in proportion to their exposure value. Profit is linear in price (Σ amount × leverage ÷
 *   open_rate × price − const per group), so a group's share turns into one price per group — the guard — that
 *   the price must cross before the account can possibly be at the stop-out level. Guards sit in two more heaps per
 *   symbol. A tick re-evaluates only the accounts whose guard it crossed (plus those it closed a position of);
 *   a re-evaluation is O(positions of the account) and sets fresh guards.
 *
 * Commands and a tick's closes for one account run one at a time, in arrival order: while an account has a batch
 * being committed it is "busy", and whatever concerns it waits in its queue — a trigger that fires meanwhile is
 * queued with the price of the tick that crossed, and closes at that price right after.
 */

import type { MinHeap } from '@openbroker/domain';
import {
  addMoneyFast,
  approxProfit,
  approxProfitError,
  type BalanceSummary,
  type BrandQuote,
  closingTriggerAt,
  type FieldMessage,
  FORM_PATH,
  fieldMessage,
  groupCosts,
  MinHeap as Heap,
  HeapNode,
  isLeverageAllowed,
  leverageOptionsFor,
  type Money,
  money,
  orderTriggered,
  type Price,
  swapCharge,
  swapNights,
  type TradingProfile,
  transferAmounts,
  transferCreditError,
  transferLimitError,
  withdrawableAmount,
} from '@openbroker/domain';
import {
  type AccountState,
  Book,
  type OrderState,
  type PositionState,
  type QueuedJob,
  SymbolIndex,
  type SymbolState,
} from './book.js';
import {
  bookClose,
  cancelled,
  capOf,
  type Decision,
  Draft,
  decideCommand,
  decideFill,
  decideStopOut,
  decideTick,
  type Fired,
  fillQuoteOf,
  trailMove,
} from './decisions.js';
import { arm, armOrder, disarm, disarmOrder, trailKey, verifyIndex } from './trigger-index.js';
import type {
  AccountId,
  AccountSettings,
  AccountSnapshot,
  AdjustBalanceCommand,
  BookEvent,
  CancelOrderCommand,
  CloseCommand,
  ClosedPositionRecord,
  CommandOutcome,
  CommitBatch,
  DeskPosition,
  EngineCommand,
  EngineEvent,
  EngineInstrument,
  EngineOptions,
  EnginePersistence,
  EngineQuote,
  EngineSnapshot,
  FillQuote,
  Millis,
  OpenCommand,
  OrderView,
  PlaceOrderCommand,
  PositionView,
  TransferCommand,
  TransferOutcome,
  UpdateCommand,
  UpdateOrderCommand,
} from './types.js';

/** Relative tolerance for comparing a float price estimate with a level (10⁶ × the estimate's proven error). */
const ESTIMATE_TOLERANCE = 1e-6;

/** Why a command was not acknowledged although the rules accepted it: its commit failed; nothing changed. */
export class EngineCommitError extends Error {
  constructor(readonly reason: unknown) {
    super('The engine could not commit the command; nothing was changed.');
    this.name = 'EngineCommitError';
  }
}

/** Omit that keeps a union's pairs (AdjustBalanceCommand pairs each kind with its cause). */
type Without<T, K extends keyof T> = T extends unknown ? Omit<T, K> : never;

export class Engine {
  private readonly book: Book;
  private readonly persistence: EnginePersistence;
  private readonly onEvents: EngineOptions['onEvents'];
  private readonly onCommitError: EngineOptions['onCommitError'];
  private seq = 0;
  /** Latest time seen on any input; the "now" of work the engine does later on its own (queued triggers). */
  private clock: Millis = Number.NEGATIVE_INFINITY;
  private stamp = 0;
  private inFlight = 0;
  private idleWaiters: (() => void)[] = [];
  /** Open orders with an expiry, by expiresAt. */
  private readonly expiries = new Heap<OrderState>();
  /** Positions whose trailing stop moved in memory and is not yet committed (see `flushTrails`). */
  private readonly trailed = new Set<PositionState>();

  constructor(options: EngineOptions) {
    this.book = new Book(
      options.instruments,
      {
        requoteTolerance: options.requoteTolerance,
        stopOutLevel: options.stopOutLevel,
        staleAfterMs: options.staleAfterMs,
        historyLimit: options.historyLimit,
      } as Partial<Book['settings']>,
      options.profiles,
    );
    for (const sym of this.book.symbols.values()) sym.index = new SymbolIndex();
    this.book.onNewSymbol = (sym) => {
      sym.index = new SymbolIndex();
    };
    this.persistence = options.persistence;
    if (options.persistence.positionIds) this.book.positionIds = options.persistence.positionIds;
    this.onEvents = options.onEvents;
    this.onCommitError = options.onCommitError;
    this.book.observer = {
      opened: (position) => arm(position),
      closed: (position) => disarm(position),
      updated: (position) => {
        // a position whose trigger already fired (queued) keeps waiting for that; its job re-checks the levels
        if (!position.armed) return;
        disarm(position);
        arm(position);
      },
      orderOpened: (order) => {
        armOrder(order);
        if (order.record.expiresAt !== null) {
          order.expiryNode ??= new HeapNode(order);
          if (!order.expiryNode.heap) this.expiries.push(order.expiryNode, order.record.expiresAt);
        }
      },
      orderClosed: (order) => {
        disarmOrder(order);
        if (order.expiryNode?.heap) order.expiryNode.heap.remove(order.expiryNode);
      },
    };
  }

  /** Rebuilds the books from a snapshot of the database (no events, nothing committed). Call `sweep` next. */
  static restore(snapshot: EngineSnapshot, options: EngineOptions): Engine {
    const engine = new Engine(options);
    engine.book.load(snapshot);
    for (const position of engine.book.positions.values()) arm(position);
    for (const order of engine.book.orders.values()) engine.book.observer?.orderOpened?.(order);
    for (const account of engine.book.accounts.values()) engine.resetGuards(account);
    for (const sym of engine.book.symbols.values()) if (sym.ts > engine.clock) engine.clock = sym.ts;
    return engine;
  }

  /**
   * Adds the accounts of an engine shard this node just took over (their open positions armed, their
   * pending orders indexed), as `restore` does for the whole book at start.
   */
  adopt(snapshot: EngineSnapshot): void {
    this.book.merge(snapshot);
    for (const record of snapshot.positions) {
      const position = this.book.positions.get(record.id);
      if (position) arm(position);
    }
    for (const record of snapshot.orders ?? []) {
      const order = this.book.orders.get(record.id);
      if (order) this.book.observer?.orderOpened?.(order);
    }
    for (const account of snapshot.accounts) {
      const state = this.book.accounts.get(account.id);
      if (state) this.resetGuards(state);
    }
  }

  // ------------------------------------------------------------------------------------ reference data

  /** Adds an instrument or replaces its catalogue data (e.g. staff edited the category's leverage list). */
  upsertInstrument(instrument: EngineInstrument): void {
    const sym = this.book.upsertInstrument(instrument);
    sym.index ??= new SymbolIndex();
  }

  /** A new account (after registration), with its booked balance. */
  addAccount(account: AccountSnapshot): void {
    this.book.addAccount(account);
  }

  /**
   * Registers or replaces a trading profile (a brand's costs, stop-out level, leverage caps); accounts with that
   * key use it from their next decision. Their guards are reset, as the stop-out level may have changed.
   */
  setProfile(key: string, profile: TradingProfile): void {
    this.book.setProfile(key, profile);
    for (const account of this.book.accounts.values())
      if (account.profile === key && !account.busy) this.resetGuards(account);
  }

  /** Verification, permissions or leverage changed (staff action); takes effect for the next command. */
  updateAccountSettings(settings: AccountSettings): void {
    this.book.updateAccountSettings(settings);
    const account = this.book.accounts.get(settings.id);
    if (account && !account.busy) this.resetGuards(account);
  }

  // ------------------------------------------------------------------------------------------- quotes

  /**
   * Feeds one quote. Ignored when the symbol is unknown, the quote invalid or older than the last one. Fires what
   * the quote crossed, then the stop-out of the accounts that may have reached it; resulting events are
   * committed and published (synchronously when the persistence port is synchronous).
   */
  onQuote(quote: EngineQuote): void {
    const base = this.book.symbols.get(quote.symbol);
    if (base === undefined || !base.acceptQuote(quote)) return;
    if (quote.ts > this.clock) this.clock = quote.ts;
    this.tick(base, quote.ts);
    // the same feed quote at each brand markup in use (decision 0017 §4)
    if (base.variants.size > 0) for (const variant of base.variants.values()) this.tick(variant, quote.ts);
  }

  private tick(sym: SymbolState, ts: Millis): void {
    const index = sym.index as SymbolIndex;
    const sell = sym.approxSell;
    const buy = sym.approxBuy;
    const sellBound = -sell + sell * ESTIMATE_TOLERANCE;
    const buyBound = buy + buy * ESTIMATE_TOLERANCE;
    // the tops only; float estimates within a tolerance far wider than their proven error (fast-valuation.ts)
    // trailing stops first: a move raises (buy) or lowers (sell) the stop loss the checks below then see
    if (
      index.buyTrail.minKey <= sell + sell * ESTIMATE_TOLERANCE ||
      index.sellTrail.minKey <= -buy + buy * ESTIMATE_TOLERANCE
    )
      this.trail(sym, index);
    const buySide =
      index.buyStop.minKey <= sellBound ||
      index.buyTermination.minKey <= sellBound ||
      index.buyTake.minKey <= sell + sell * ESTIMATE_TOLERANCE ||
      index.buyGuard.minKey <= sellBound;
    const sellSide =
      index.sellStop.minKey <= buyBound ||
      index.sellTermination.minKey <= buyBound ||
      index.sellTake.minKey <= -buy + buy * ESTIMATE_TOLERANCE ||
      index.sellGuard.minKey <= buyBound;
    if (buySide || sellSide) this.collect(sym, index, buySide, sellSide, ts);
    if (
      index.buyLimit.minKey <= -buy + buy * ESTIMATE_TOLERANCE ||
      index.buyStopOrder.minKey <= buyBound ||
      index.sellLimit.minKey <= sell + sell * ESTIMATE_TOLERANCE ||
      index.sellStopOrder.minKey <= sellBound
    )
      this.fillOrders(sym, index, ts);
  }

  /**
   * Moves the trailing stops whose next-move threshold the tick crossed (float estimate, confirmed exactly with
   * `trailedStop`), in memory at once; the moves are committed by `flushTrails` (decision 0017).
   */
  private trail(sym: SymbolState, index: SymbolIndex): void {
    const popped: PositionState[] = [];
    const sellBound = sym.approxSell + sym.approxSell * ESTIMATE_TOLERANCE;
    const buyBound = -sym.approxBuy + sym.approxBuy * ESTIMATE_TOLERANCE;
    while (index.buyTrail.minKey <= sellBound)
      popped.push((index.buyTrail.pop() as HeapNode<PositionState>).item);
    while (index.sellTrail.minKey <= buyBound)
      popped.push((index.sellTrail.pop() as HeapNode<PositionState>).item);
    for (const position of popped) {
      const next = trailMove(position, sym.exactValuation(position.direction));
      if (next !== null) {
        position.stopLoss = next;
        position.trailPending = true;
        this.trailed.add(position);
      }
      // re-key its stop loss (a queued trigger keeps the position disarmed) and push back its next threshold
      const buy = position.direction === 'buy';
      if (next !== null && position.armed) {
        const stopKey = buy ? -next : next;
        position.stopNode ??= new HeapNode(position);
        const stopNode = position.stopNode;
        if (stopNode.heap) stopNode.heap.update(stopNode, stopKey);
        else (buy ? index.buyStop : index.sellStop).push(stopNode, stopKey);
      }
      (buy ? index.buyTrail : index.sellTrail).push(
        position.trailNode as HeapNode<PositionState>,
        trailKey(position),
      );
    }
  }

  /**
   * Commits the trailing stops moved since the last call: one batch per account of `position.trailed` events
   * with the latest level of each position (decision 0017: the adapter calls this once a second). Accounts busy
   * committing something else are flushed on a later call.
   */
  flushTrails(now: Millis): void {
    if (now > this.clock) this.clock = now;
    const byAccount = new Map<AccountState, PositionState[]>();
    for (const entry of this.trailed) {
      // a partial close replaces the position object: follow the id
      const position = this.book.positions.get(entry.id);
      if (position !== entry) this.trailed.delete(entry);
      if (!position?.trailPending) continue;
      if (position !== entry) this.trailed.add(position);
      if (position.account.busy) continue;
      let list = byAccount.get(position.account);
      if (!list) {
        list = [];
        byAccount.set(position.account, list);
      }
      list.push(position);
    }
    for (const [account, positions] of byAccount) {
      for (const position of positions) this.trailed.delete(position);
      const events: BookEvent[] = positions.map((position) => ({
        type: 'position.trailed',
        accountId: account.id,
        at: now,
        positionId: position.id,
        stopLoss: position.stopLoss as Price,
      }));
      this.commit(
        [account],
        events,
        () => {},
        (error, batch) => {
          for (const position of positions) this.trailed.add(position);
          this.onCommitError?.(error, batch);
        },
      );
    }
  }

  /**
   * Pops the orders the tick crossed (confirmed with the exact dealing prices) and fills or rejects each at this
   * tick's brand quote (the gap rule, `decideFill`: after a closed market's open, its first quote fills every order
   * it crossed at the open's price), or behind what their account is committing.
   */
  private fillOrders(sym: SymbolState, index: SymbolIndex, now: Millis): void {
    const popped: OrderState[] = [];
    const sell = sym.approxSell;
    const buy = sym.approxBuy;
    const pop = (heap: Heap<OrderState>, bound: number) => {
      while (heap.minKey <= bound) popped.push((heap.pop() as HeapNode<OrderState>).item);
    };
    pop(index.buyLimit, -buy + buy * ESTIMATE_TOLERANCE);
    pop(index.buyStopOrder, buy + buy * ESTIMATE_TOLERANCE);
    pop(index.sellLimit, sell + sell * ESTIMATE_TOLERANCE);
    pop(index.sellStopOrder, -sell + sell * ESTIMATE_TOLERANCE);
    const dealing = sym.brandQuote();
    const fired: OrderState[] = [];
    for (const order of popped) {
      order.armed = false;
      const { direction, orderType: type, price } = order.record;
      if (orderTriggered({ direction, type, price }, dealing)) fired.push(order);
      else armOrder(order); // within the estimate's tolerance only
    }
    fired.sort((a, b) => a.id - b.id);
    for (const order of fired) {
      if (order.account.busy) {
        // filled later at this quote: the fill audit records the feed quote of this moment, not a later one
        const fill = fillQuoteOf(sym, dealing);
        this.defer(order.account, () => this.runFill(order, now, dealing, fill));
      } else this.runFill(order, now, dealing);
    }
  }

  /**
   * Fills or rejects a fired order at the quote that crossed it (unless it left the open state meanwhile), as one
   * batch of its account. A fill queued behind a commit that moved the order's level fills only if that quote still
   * crosses the new level; otherwise the order waits, armed, for a quote that does.
   */
  private runFill(order: OrderState, at: Millis, crossing: BrandQuote, fill?: FillQuote): void {
    if (this.book.orders.get(order.id) !== order) return;
    const { direction, orderType: type, price } = order.record;
    if (!orderTriggered({ direction, type, price }, crossing)) {
      armOrder(order);
      return;
    }
    const account = order.account;
    const events = decideFill(this.book, order, at, crossing, fill);
    this.commit(
      [account],
      events,
      () => {
        if (needsFreshGuards(events)) this.resetGuards(account);
      },
      (error, batch) => {
        if (this.book.orders.get(order.id) === order) armOrder(order);
        this.onCommitError?.(error, batch);
      },
    );
  }

  /**
   * Cancels the open orders whose expiry is at or before `now` (order.cancelled, reason expired), one batch per
   * account; the adapter calls it every second with the market clock.
   */
  expireOrders(now: Millis): void {
    if (now > this.clock) this.clock = now;
    const byAccount = new Map<AccountState, OrderState[]>();
    while (this.expiries.minKey <= now) {
      const order = (this.expiries.pop() as HeapNode<OrderState>).item;
      let list = byAccount.get(order.account);
      if (!list) {
        list = [];
        byAccount.set(order.account, list);
      }
      list.push(order);
    }
    for (const [account, orders] of byAccount) {
      const run = () => {
        const open = orders.filter((o) => this.book.orders.get(o.id) === o);
        if (open.length === 0) return;
        const events = open.map((o) => cancelled(o, 'expired', now));
        this.commit(
          [account],
          events,
          () => {},
          (error, batch) => {
            for (const o of open)
              if (this.book.orders.get(o.id) === o && o.expiryNode && !o.expiryNode.heap)
                this.expiries.push(o.expiryNode, o.record.expiresAt as number);
            this.onCommitError?.(error, batch);
          },
        );
      };
      this.defer(account, run);
    }
  }

  /**
   * The daily rollover (22:00 UTC): charges each open position its swap under its account's profile
   * (domain `swapCharge` × `swapNights`; `calendarOpen` tells whether the instrument's market counts that night),
   * as balance.changed (cause swap) events, then the stop-out check — one batch per account.
   */
  rollover(now: Millis, calendarOpen?: (symbol: string, day: string, at: Millis) => boolean): void {
    if (now > this.clock) this.clock = now;
    for (const account of this.book.accounts.values()) {
      if (account.open.size === 0) continue;
      this.defer(account, () => {
        const profile = this.book.profileOf(account);
        const draft = new Draft(account);
        const events: BookEvent[] = [];
        for (const position of account.open.values()) {
          const swap = groupCosts(profile, position.sym.group).swap;
          const nights = swapNights(
            swap,
            now,
            calendarOpen ? (day, at) => calendarOpen(position.sym.symbol, day, at) : undefined,
          );
          if (nights === 0) continue;
          const change = swapCharge({
            direction: position.direction,
            amount: position.amount,
            leverage: position.leverage,
            swap,
            nights,
          });
          if (change === 0) continue;
          draft.balance = addMoneyFast(draft.balance, change);
          events.push({
            type: 'balance.changed',
            accountId: account.id,
            at: now,
            balance: draft.balance,
            change,
            cause: { kind: 'swap', positionId: position.id, nights },
          });
        }
        if (events.length === 0) return;
        events.push(...decideStopOut(draft, now, now));
        this.commit(
          [account],
          events,
          () => this.resetGuards(account),
          (error, batch) => this.onCommitError?.(error, batch),
        );
      });
    }
  }

  private collect(
    sym: SymbolState,
    index: SymbolIndex,
    buySide: boolean,
    sellSide: boolean,
    now: Millis,
  ): void {
    const fired: Fired[] = [];
    const guarded: AccountState[] = [];
    if (buySide) {
      const sell = sym.exactSell();
      popFired(index.buyStop, -sell, sell, fired);
      popFired(index.buyTermination, -sell, sell, fired);
      popFired(index.buyTake, sell, sell, fired);
      popGuards(index.buyGuard, -sym.approxSell + sym.approxSell * ESTIMATE_TOLERANCE, guarded);
    }
    if (sellSide) {
      const buy = sym.exactBuy();
      popFired(index.sellStop, buy, buy, fired);
      popFired(index.sellTermination, buy, buy, fired);
      popFired(index.sellTake, -buy, buy, fired);
      popGuards(index.sellGuard, sym.approxBuy + sym.approxBuy * ESTIMATE_TOLERANCE, guarded);
    }
    if (fired.length > 0 || guarded.length > 0) this.settle(fired, guarded, now);
  }

  /**
   * Decides and commits a tick's (or a sweep's) outcome for the accounts that are free; work for busy accounts is
   * queued behind what they are committing.
   */
  private settle(fired: Fired[], candidates: readonly AccountState[], now: Millis): void {
    const ready: Fired[] = [];
    for (const f of fired) {
      if (f.position.account.busy) {
        // closed later at this tick's price: the fill audit records this tick's feed quote
        const fill = fillQuoteOf(f.position.sym);
        this.defer(f.position.account, () => this.runFire(f, now, fill));
      } else ready.push(f);
    }
    const free: AccountState[] = [];
    for (const account of candidates) {
      if (account.busy) this.deferCheck(account);
      else free.push(account);
    }
    const { events } = decideTick(ready, free, now);
    // Guards stay valid through SL, TP and termination closes (a close never lowers equity − level × margin and
    // only shrinks its group's exposure), so only the accounts whose guard was crossed need fresh ones — after
    // their stop-out closes, if they had any.
    const affected = this.accountsOf(events);
    for (const account of free) if (!affected.has(account)) this.resetGuards(account);
    if (events.length === 0) return;
    const regard = free.filter((account) => affected.has(account));
    this.commit(
      [...affected],
      events,
      () => {
        for (const account of regard) this.resetGuards(account);
      },
      (error, batch) => {
        for (const { position } of ready) this.rearm(position);
        for (const account of regard) this.resetGuards(account);
        this.onCommitError?.(error, batch);
      },
    );
  }

  /**
   * Evaluates every account's stop-out at `now`; call once after `restore` (the feed's quotes may have moved
   * while the server was down) — afterwards ticks and commands keep every account evaluated.
   */
  sweep(now: Millis): void {
    if (now > this.clock) this.clock = now;
    this.settle([], [...this.book.accounts.values()], now);
  }

  // ------------------------------------------------------------------------------------------ commands

  /**
   * Runs a command in its account's queue. Resolves with the committed events once they are durable and applied,
   * or with the rejection (nothing committed). Rejects with `EngineCommitError` if the commit failed — then
   * nothing changed.
   */
  submit(command: EngineCommand): Promise<CommandOutcome> {
    return new Promise<CommandOutcome>((resolve, reject) => {
      const run = () => this.runCommand(command, resolve, reject);
      const account = this.book.accounts.get(command.accountId);
      if (account) this.defer(account, run);
      else run(); // decided as a rejection
    });
  }

  open(command: Without<OpenCommand, 'type'>): Promise<CommandOutcome> {
    return this.submit({ ...command, type: 'open' });
  }

  close(command: Without<CloseCommand, 'type'>): Promise<CommandOutcome> {
    return this.submit({ ...command, type: 'close' });
  }

  update(command: Without<UpdateCommand, 'type'>): Promise<CommandOutcome> {
    return this.submit({ ...command, type: 'update' });
  }

  adjustBalance(command: Without<AdjustBalanceCommand, 'type'>): Promise<CommandOutcome> {
    return this.submit({ ...command, type: 'adjust' });
  }

  /**
   * A transfer between two accounts: waits for both accounts' queues — the lower id held first, so two
   * transfers never wait on each other — then decides at the source account's brand quote of the pair and the free
   * margin of its committed state, and commits the debit and the credit as one batch, both accounts busy until it
   * settles: no open, order fill or stop-out of either account runs in between.
   */
  transfer(command: TransferCommand): Promise<TransferOutcome> {
    return new Promise<TransferOutcome>((resolve, reject) => {
      const from = this.book.accounts.get(command.accountId);
      const to = this.book.accounts.get(command.toAccountId);
      if (!from || !to || from === to) {
        resolve({ ok: false, error: fieldMessage(FORM_PATH, 'transfers.sameAccount') });
        return;
      }
      const [first, second] = from.id < to.id ? [from, to] : [to, from];
      this.defer(first, () => {
        first.busy = true; // held while waiting for the second account's queue
        this.defer(second, () => {
          first.busy = false;
          this.runTransfer(command, from, to, resolve, reject);
          this.drain(first);
        });
      });
    });
  }

  private runTransfer(
    command: TransferCommand,
    from: AccountState,
    to: AccountState,
    resolve: (outcome: TransferOutcome) => void,
    reject: (error: unknown) => void,
  ): void {
    if (command.now > this.clock) this.clock = command.now;
    let quote: BrandQuote | null = null;
    if (command.pair) {
      const base = this.book.symbols.get(command.pair.pair);
      const sym = base ? this.book.symbolFor(from, command.pair.pair) : undefined;
      if (!sym?.available(command.now)) {
        resolve({
          ok: false,
          error: fieldMessage(FORM_PATH, 'transfers.noRate', { pair: command.pair.pair }),
        });
        return;
      }
      quote = sym.brandQuote();
    }
    const figures = transferAmounts(
      command.amount,
      command.fromCurrency,
      command.toCurrency,
      command.pair,
      quote,
    );
    const refusal =
      figures === null
        ? fieldMessage(FORM_PATH, 'transfers.noRate', { pair: command.pair?.pair ?? '' })
        : (transferLimitError(
            command.amount,
            withdrawableAmount(
              this.book.summaryOf(from.id).freeMargin,
              command.heldBack ?? (0 as Money),
              false,
            ),
            command.fromCurrency,
          ) ??
          transferCreditError(figures) ??
          command.accept?.(figures) ??
          null);
    if (refusal || figures === null) {
      resolve({ ok: false, error: refusal as FieldMessage });
      return;
    }
    const debit = -command.amount as Money;
    const credit = money(figures.credit.amount);
    const cause = { kind: 'transfer' as const, cause: { transfer: command.transferId } };
    const events: BookEvent[] = [
      {
        type: 'balance.changed',
        accountId: from.id,
        at: command.now,
        balance: addMoneyFast(from.balance, debit),
        change: debit,
        cause: command.effect === undefined ? cause : { ...cause, effect: command.effect(figures) },
      },
      {
        type: 'balance.changed',
        accountId: to.id,
        at: command.now,
        balance: addMoneyFast(to.balance, credit),
        change: credit,
        cause,
      },
    ];
    this.commit(
      [from, to],
      events,
      () => {
        this.resetGuards(from);
        this.resetGuards(to);
        resolve({ ok: true, events, figures });
      },
      (error) => reject(new EngineCommitError(error)),
    );
  }

  placeOrder(command: Without<PlaceOrderCommand, 'type'>): Promise<CommandOutcome> {
    return this.submit({ ...command, type: 'place_order' });
  }

  updateOrder(command: Without<UpdateOrderCommand, 'type'>): Promise<CommandOutcome> {
    return this.submit({ ...command, type: 'update_order' });
  }

  cancelOrder(command: Without<CancelOrderCommand, 'type'>): Promise<CommandOutcome> {
    return this.submit({ ...command, type: 'cancel_order' });
  }

  private runCommand(
    command: EngineCommand,
    resolve: (outcome: CommandOutcome) => void,
    reject: (error: unknown) => void,
  ): void {
    if (command.now > this.clock) this.clock = command.now;
    let decision: Decision;
    try {
      decision = decideCommand(this.book, command);
    } catch (error) {
      reject(error);
      return;
    }
    if (!decision.ok) {
      this.publish([decision.rejection]);
      resolve({ ok: false, rejection: decision.rejection });
      return;
    }
    const events = decision.events;
    const account = this.book.accountOf(command.accountId);
    this.commit(
      [account],
      events,
      () => {
        if (needsFreshGuards(events)) this.resetGuards(account);
        resolve({ ok: true, events });
      },
      (error) => reject(new EngineCommitError(error)),
      // stored with the events, so a re-sent command id is refused by the commit (executed at most once)
      command.commandId === undefined
        ? undefined
        : { accountId: command.accountId, commandId: command.commandId, type: command.type },
    );
  }

  /** A trigger that crossed while its account was busy: closes at the crossing price if its levels still say so. */
  private runFire(fired: Fired, at: Millis, fill?: FillQuote): void {
    const { position, price } = fired;
    if (this.book.positions.get(position.id) !== position || position.armed) return; // closed or re-armed meanwhile
    const cause = closingTriggerAt(position, price);
    if (cause === null) {
      arm(position); // its levels were changed since
      return;
    }
    const account = position.account;
    const draft = new Draft(account);
    const events = bookClose(draft, position, price as Price, cause, at, undefined, undefined, fill);
    events.push(...decideStopOut(draft, this.clock, this.clock));
    this.commit(
      [account],
      events,
      () => {
        if (needsFreshGuards(events)) this.resetGuards(account);
      },
      (error, batch) => {
        this.rearm(position);
        this.onCommitError?.(error, batch);
      },
    );
  }

  private deferCheck(account: AccountState): void {
    if (account.checkQueued) return;
    account.checkQueued = true;
    this.defer(account, () => {
      account.checkQueued = false;
      const events = decideStopOut(new Draft(account), this.clock, this.clock);
      if (events.length === 0) {
        this.resetGuards(account);
        return;
      }
      this.commit(
        [account],
        events,
        () => this.resetGuards(account),
        (error, batch) => {
          this.resetGuards(account);
          this.onCommitError?.(error, batch);
        },
      );
    });
  }

  private defer(account: AccountState, run: () => void): void {
    const job: QueuedJob = { run };
    account.queue.push(job);
    this.drain(account);
  }

  private drain(account: AccountState): void {
    while (!account.busy && account.queue.length > 0) (account.queue.shift() as QueuedJob).run();
  }

  private rearm(position: PositionState): void {
    if (this.book.positions.get(position.id) === position) arm(position);
  }

  // -------------------------------------------------------------------------------------------- commit

  /**
   * Commits a batch, then applies and publishes it and calls `done`; on failure calls `failed` and changes
   * nothing. With an asynchronous port the accounts are busy until the commit settles. `command`: the client
   * command (with its id) the batch executes, stored by the port with it.
   */
  private commit(
    accounts: readonly AccountState[],
    events: readonly BookEvent[],
    done: () => void,
    failed: (error: unknown, batch: CommitBatch) => void,
    command?: CommitBatch['command'],
  ): void {
    const batch: CommitBatch = command ? { seq: ++this.seq, events, command } : { seq: ++this.seq, events };
    let pending: void | Promise<void>;
    try {
      pending = this.persistence.commit(batch);
    } catch (error) {
      failed(error, batch);
      return;
    }
    if (!isPromise(pending)) {
      this.apply(events);
      done();
      return;
    }
    for (const account of accounts) account.busy = true;
    this.inFlight += 1;
    const settleWith = (outcome: () => void) => {
      try {
        for (const account of accounts) account.busy = false;
        outcome();
        for (const account of accounts) this.drain(account);
      } finally {
        this.inFlight -= 1;
        if (this.inFlight === 0) for (const wake of this.idleWaiters.splice(0)) wake();
      }
    };
    pending.then(
      () =>
        settleWith(() => {
          this.apply(events);
          done();
        }),
      (error: unknown) => settleWith(() => failed(error, batch)),
    );
  }

  private apply(events: readonly BookEvent[]): void {
    this.book.apply(events);
    this.publish(events);
  }

  private publish(events: readonly EngineEvent[]): void {
    this.onEvents?.(events);
  }

  private accountsOf(events: readonly BookEvent[]): Set<AccountState> {
    const accounts = new Set<AccountState>();
    let last: AccountId | null = null;
    for (const event of events) {
      if (event.accountId === last) continue;
      last = event.accountId;
      accounts.add(this.book.accountOf(event.accountId));
    }
    return accounts;
  }

  /** Resolves when no commit is in flight (every acknowledged command and queued trigger has settled). */
  whenIdle(): Promise<void> {
    if (this.inFlight === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  // -------------------------------------------------------------------------------------------- guards

  /**
   * Sets an account's danger prices from its current state: the float headroom (less every error bound: float
   * valuation, profit rounding now and later, the price estimate) is shared over its (symbol, direction) groups in
   * proportion to exposure value V_g = Σ amount × leverage ÷ open_rate × price. A group's loss is linear in price,
   * so it stays below its share d × V_g while its price stays above p₀ × (1 − d) for buys, below p₀ × (1 + d) for
   * sells, with d = slack ÷ Σ V_g. Until one of those prices is crossed the account is certainly above the level.
   * An unquoted group, or an account without slack, gets guards that fire on the next tick of the symbol.
   */
  private resetGuards(account: AccountState): void {
    for (const node of account.guards) node.heap?.remove(node);
    if (account.open.size === 0) {
      account.guards.length = 0;
      return;
    }
    const level = account.stopOutLevel;
    const stamp = ++this.stamp;
    const groups: SymbolState[] = [];
    let headroom = account.balance - level * account.margin;
    let error = 1e-6 + 1e-9 * (Math.abs(account.balance) + level * account.margin);
    let value = 0;
    for (const position of account.open.values()) {
      const sym = position.sym;
      if (sym.stamp !== stamp) {
        sym.stamp = stamp;
        sym.groupBuyValue = -1;
        sym.groupSellValue = -1;
        groups.push(sym);
      }
      const buy = position.direction === 'buy';
      if (buy && sym.groupBuyValue < 0) sym.groupBuyValue = 0;
      if (!buy && sym.groupSellValue < 0) sym.groupSellValue = 0;
      if (!sym.quoted) continue;
      const valuation = sym.approxValuation(position.direction);
      headroom += approxProfit(position.terms, valuation);
      // the float error now, plus the rounding of the profit at the price it will be evaluated at
      error += approxProfitError(position.terms, valuation) + 0.01;
      const positionValue = position.units * valuation;
      value += positionValue;
      if (buy) sym.groupBuyValue += positionValue;
      else sym.groupSellValue += positionValue;
    }
    // and the price estimates' error over the move (≪ 1e-9 of the exposure value)
    const slack = headroom - error - 1e-9 * value;
    const d = slack > 0 && value > 0 ? (slack / value) * (1 - 1e-9) : 0;
    let used = 0;
    const guard = (heap: MinHeap<AccountState>, key: number) => {
      let node = account.guards[used];
      if (node === undefined) {
        node = new HeapNode(account);
        account.guards.push(node);
      }
      used += 1;
      heap.push(node, key);
    };
    // Without slack the account is near (or at) the level — possibly at it with nothing it could close, because
    // its quotes are stale: then any next tick of a symbol it holds, up or down, must re-evaluate it.
    const anyTick = !(d > 0);
    for (const sym of groups) {
      const index = sym.index as SymbolIndex;
      const always = anyTick || !sym.quoted;
      if (sym.groupBuyValue >= 0)
        guard(index.buyGuard, always ? Number.NEGATIVE_INFINITY : -(sym.approxSell * (1 - d)));
      if (sym.groupSellValue >= 0)
        guard(index.sellGuard, always ? Number.NEGATIVE_INFINITY : sym.approxBuy * (1 + d));
    }
    account.guards.length = used;
  }

  // ------------------------------------------------------------------------------------------- queries

  /** Balance, equity, free margin and profit (spec §3 Balance summary, §9 formulas). */
  summary(accountId: AccountId): BalanceSummary {
    return this.book.summaryOf(accountId);
  }

  /**
   * What an open of this account on this symbol is checked against (read only): the account's dealing quote
   * (its profile's markup), whether the instrument can be traded now, and the leverages the account may use there
   * (the category's list ∩ custom_leverage ∩ the profile's cap), ascending. Undefined for an unknown account or symbol.
   */
  tradingTerms(
    accountId: AccountId,
    symbol: string,
    now: Millis,
  ): { quote: { buy: Price; sell: Price } | null; available: boolean; leverages: number[] } | undefined {
    const account = this.book.accounts.get(accountId);
    const base = this.book.symbols.get(symbol);
    if (!account || !base) return undefined;
    const sym = this.book.symbolFor(account, base.symbol);
    // the preset's cap, tightened by the appropriateness test's outcome: the same cap the decisions check
    const cap = capOf(this.book, account, sym);
    const leverages = leverageOptionsFor(sym.asset, account.user)
      .filter((o) => !o.disabled && isLeverageAllowed(o.value, cap))
      .map((o) => o.value)
      .sort((a, b) => a - b);
    return {
      quote: sym.quoted ? { buy: sym.exactBuy(), sell: sym.exactSell() } : null,
      available: sym.available(now),
      leverages,
    };
  }

  /** Open positions with live profit and recent history, spec §3 Position shaped (getBalance). */
  positions(accountId: AccountId): { open: PositionView[]; history: PositionView[] } {
    return this.book.positionsOf(accountId);
  }

  /** Open pending orders (oldest first) and recent orders that left the open state (newest first). */
  orders(accountId: AccountId): { open: OrderView[]; history: OrderView[] } {
    return this.book.ordersOf(accountId);
  }

  /** One position of the account (open or recent history), without building the whole lists. */
  position(accountId: AccountId, positionId: number): PositionView | undefined {
    return this.book.positionOf(accountId, positionId);
  }

  hasAccount(accountId: AccountId): boolean {
    return this.book.accounts.has(accountId);
  }

  /** Whether the account's earlier closed positions were loaded (`loadHistory`); a restore loads open ones only. */
  hasHistory(accountId: AccountId): boolean {
    return this.book.accounts.get(accountId)?.historyLoaded ?? false;
  }

  /**
   * Adds an account's latest closed positions, read from the database on demand, under those it closed since the
   * start (merged by id; the newest `historyLimit` kept). A read model only: nothing is committed or published.
   */
  loadHistory(accountId: AccountId, closed: readonly ClosedPositionRecord[]): void {
    this.book.loadHistory(accountId, closed);
  }

  /** Whether an instrument can be traded at `now` (a current quote); the UI says 'Will be back soon' otherwise. */
  isAvailable(symbol: string, now: Millis): boolean {
    return this.book.symbols.get(symbol)?.available(now) ?? false;
  }

  /** The committed books, in the shape `restore` takes. */
  snapshot(): EngineSnapshot {
    return this.book.snapshot();
  }

  /**
   * Every open position with its live profit and its account's balance and margin (the dealing desk):
   * one pass over the book's open positions, no views or dates built; the caller groups and sums.
   */
  deskPositions(): DeskPosition[] {
    const out: DeskPosition[] = new Array(this.book.positions.size);
    let i = 0;
    for (const position of this.book.positions.values()) {
      const account = position.account;
      out[i++] = {
        id: position.id,
        accountId: account.id,
        profile: account.profile,
        symbol: position.sym.symbol,
        group: position.sym.group,
        direction: position.direction,
        amount: position.amount,
        leverage: position.leverage,
        profit: this.book.liveProfit(position),
        balance: account.balance,
        margin: account.margin,
      };
    }
    out.length = i;
    return out;
  }

  /** Counts for health checks and the benchmark. */
  stats(): { accounts: number; openPositions: number; openOrders: number; commitsInFlight: number } {
    return {
      accounts: this.book.accounts.size,
      openPositions: this.book.positions.size,
      openOrders: this.book.orders.size,
      commitsInFlight: this.inFlight,
    };
  }

  /** Problems in the trigger indexes (should be none): for tests and operators. */
  verifyIndexes(): string[] {
    const problems: string[] = [];
    for (const sym of this.book.allSymbols())
      problems.push(...verifyIndex(sym.index as SymbolIndex, sym.symbol));
    for (const position of this.book.positions.values()) {
      if (!position.armed && !position.account.busy && position.account.queue.length === 0)
        problems.push(`position ${position.id} is open but not armed`);
    }
    for (const order of this.book.orders.values()) {
      if (!order.armed && !order.account.busy && order.account.queue.length === 0)
        problems.push(`order ${order.id} is open but not armed`);
      if (order.armed && order.node?.heap == null) problems.push(`order ${order.id} is armed but in no heap`);
    }
    return problems;
  }
}

/** Pops every position whose level `bound` crossed; `price` is the exact price they close at. */
function popFired(heap: MinHeap<PositionState>, bound: number, price: Price, out: Fired[]): void {
  while (heap.minKey <= bound) {
    const position = (heap.pop() as HeapNode<PositionState>).item;
    disarm(position);
    const cause = closingTriggerAt(position, price);
    if (cause === null)
      throw new Error(`internal: position ${position.id} popped at ${price} without a cause`);
    out.push({ position, cause, price });
  }
}

function popGuards(heap: MinHeap<AccountState>, bound: number, out: AccountState[]): void {
  while (heap.minKey <= bound) out.push((heap.pop() as HeapNode<AccountState>).item);
}

/**
 * Whether applied events can have lowered an account's headroom or added exposure, so its guards must be set
 * again: an open, a debit, or a stop-out. Closes by SL, TP or termination and level updates cannot.
 */
function needsFreshGuards(events: readonly BookEvent[]): boolean {
  return events.some(
    (e) =>
      e.type === 'position.opened' ||
      e.type === 'position.reduced' ||
      (e.type === 'balance.changed' && e.cause.kind !== 'position' && e.change < 0) ||
      (e.type === 'position.closed' && e.position.cause === 'stop_out'),
  );
}

function isPromise(value: unknown): value is Promise<void> {
  return typeof (value as Promise<void> | undefined)?.then === 'function';
}
