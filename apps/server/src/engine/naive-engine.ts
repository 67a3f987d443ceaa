/**
 * The naive full-scan reference of the engine: the same books and the same decisions (decisions.ts), but every
 * tick looks at every open position and every account, with the domain rules applied one by one. The property
 * tests require the indexed engine to fire exactly the same closes; the benchmark uses it as the baseline.
 * Synchronous and without a persistence port: a decision is applied at once.
 */
import {
  type BalanceSummary,
  closingTriggerAt,
  orderTriggered,
  type TradingProfile,
} from '@openbroker/domain';
import { Book, type BookSettings } from './book.js';
import { decideCommand, decideFill, decideTick, type Fired, trailMove } from './decisions.js';
import type {
  AccountId,
  AccountSnapshot,
  BookEvent,
  CommandOutcome,
  EngineCommand,
  EngineEvent,
  EngineInstrument,
  EngineQuote,
  EngineSnapshot,
  Millis,
  PositionView,
} from './types.js';

export interface NaiveEngineOptions extends Partial<BookSettings> {
  instruments: readonly EngineInstrument[];
  onEvents?: (events: readonly EngineEvent[]) => void;
  profiles?: Readonly<Record<string, TradingProfile>>;
}

export class NaiveEngine {
  readonly book: Book;
  private readonly onEvents: NaiveEngineOptions['onEvents'];

  constructor(options: NaiveEngineOptions) {
    const { instruments, onEvents, profiles, ...settings } = options;
    this.book = new Book(instruments, settings, profiles);
    this.onEvents = onEvents;
  }

  static restore(snapshot: EngineSnapshot, options: NaiveEngineOptions): NaiveEngine {
    const engine = new NaiveEngine(options);
    engine.book.load(snapshot);
    return engine;
  }

  addAccount(account: AccountSnapshot): void {
    this.book.addAccount(account);
  }

  submit(command: EngineCommand): CommandOutcome {
    const decision = decideCommand(this.book, command);
    if (!decision.ok) {
      this.onEvents?.([decision.rejection]);
      return { ok: false, rejection: decision.rejection };
    }
    this.apply(decision.events);
    return { ok: true, events: decision.events };
  }

  onQuote(quote: EngineQuote): void {
    const sym = this.book.symbols.get(quote.symbol);
    if (sym === undefined || !sym.acceptQuote(quote)) return;
    // the indexed engine's order within a tick: trailing moves (in memory), closes and stop-out, then order fills
    for (const position of this.book.positions.values()) {
      if (position.sym.base !== sym || position.trailingDistance === null) continue;
      const next = trailMove(position, position.sym.exactValuation(position.direction));
      if (next !== null) position.stopLoss = next;
    }
    const fired: Fired[] = [];
    for (const position of this.book.positions.values()) {
      if (position.sym.base !== sym) continue;
      const price = position.sym.exactValuation(position.direction);
      const cause = closingTriggerAt(position, price);
      if (cause !== null) fired.push({ position, cause, price });
    }
    // every open order of the symbol whose level this quote crossed fills at this quote (the gap rule, decideFill)
    const orders = [...this.book.orders.values()]
      .filter((o) => {
        const { direction, orderType: type, price } = o.record;
        return o.sym.base === sym && orderTriggered({ direction, type, price }, o.sym.brandQuote());
      })
      .sort((a, b) => a.id - b.id);
    const crossing = orders.map((o) => o.sym.brandQuote());
    this.apply(decideTick(fired, this.book.accounts.values(), quote.ts).events);
    orders.forEach((order, i) => {
      this.apply(decideFill(this.book, order, quote.ts, crossing[i]));
    });
  }

  /** Open and recent orders, like `Engine.orders`. */
  orders(accountId: AccountId) {
    return this.book.ordersOf(accountId);
  }

  sweep(now: Millis): void {
    this.apply(decideTick([], this.book.accounts.values(), now).events);
  }

  summary(accountId: AccountId): BalanceSummary {
    return this.book.summaryOf(accountId);
  }

  positions(accountId: AccountId): { open: PositionView[]; history: PositionView[] } {
    return this.book.positionsOf(accountId);
  }

  snapshot(): EngineSnapshot {
    return this.book.snapshot();
  }

  private apply(events: readonly BookEvent[]): void {
    if (events.length === 0) return;
    this.book.apply(events);
    this.onEvents?.(events);
  }
}
