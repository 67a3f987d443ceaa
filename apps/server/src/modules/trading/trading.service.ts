import type { BalancePayload, PositionDto, PositionsPayload } from '@openbroker/domain';
import {
  type AccountId,
  type CommandOutcome,
  Engine,
  type EngineEvent,
  type EngineInstrument,
  type PositionView,
} from '../../engine/index.js';
import type { MarketService } from '../market/market.service.js';
import { type Metrics, timeEngineCommand } from '../metrics/metrics.js';
import type { TradingRepo } from './trading.repo.js';

/** Closed positions per account in the history list: read from the database on first use, then kept up to date. */
const HISTORY_LIMIT = 200;

export interface TradingOptions {
  requoteTolerance: number;
  stopOutLevel: number;
  /** Start-up progress at info; engine failures at error (the app's pino logger, so LOG_LEVEL=warn keeps them). */
  log: { info: (msg: string) => void; error: (obj: object, msg: string) => void };
  /** Command latency by kind (GET /metrics). */
  metrics?: Pick<Metrics, 'engineCommandSeconds'>;
}

type Listener = (accountId: AccountId, events: readonly EngineEvent[]) => void;

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
      };
    });
    // The first block of position ids, before any open can ask for one.
    await this.repo.positionIds.refill();
    const snapshot = await this.repo.loadSnapshot();
    this.engine = Engine.restore(snapshot, {
      instruments,
      persistence: this.repo,
      requoteTolerance: this.options.requoteTolerance,
      stopOutLevel: this.options.stopOutLevel,
      historyLimit: HISTORY_LIMIT,
      onEvents: (events) => this.publish(events),
      onCommitError: (error, batch) =>
        this.options.log.error(
          { err: error, seq: batch.seq },
          'trading: a triggered close could not be stored',
        ),
    });
    const engine = this.engine;
    this.detachMarket = this.market.onQuote((quote) => engine.onQuote(quote));
    engine.sweep(this.market.clock.now());
    this.options.log.info(
      `trading engine restored: ${snapshot.accounts.length} accounts, ${snapshot.positions.length} open positions`,
    );
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
    const live = this.live;
    if (live.hasAccount(accountId) && live.hasHistory(accountId)) return true;
    let pending = this.loading.get(accountId);
    if (!pending) {
      pending = (async () => {
        if (!live.hasAccount(accountId)) {
          const account = await this.repo.loadAccount(accountId);
          if (!account) return false;
          if (!live.hasAccount(accountId)) live.addAccount(account);
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
    const account = await this.repo.loadAccount(accountId);
    if (!account) return;
    if (this.live.hasAccount(accountId)) this.live.updateAccountSettings(account);
    else this.live.addAccount(account);
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
      const list = byAccount.get(event.accountId) ?? [];
      list.push(event);
      byAccount.set(event.accountId, list);
    }
    for (const [accountId, list] of byAccount)
      for (const listener of this.listeners) listener(accountId, list);
  }

  async open(...args: Parameters<Engine['open']>): Promise<CommandOutcome> {
    // A burst that used up the reserved ids waits for the refill already under way instead of being refused.
    if (this.repo.positionIds.available === 0) await this.repo.positionIds.refill().catch(() => {});
    return timeEngineCommand(this.options.metrics, 'open', () => this.live.open(...args));
  }

  close(...args: Parameters<Engine['close']>): Promise<CommandOutcome> {
    return timeEngineCommand(this.options.metrics, 'close', () => this.live.close(...args));
  }

  update(...args: Parameters<Engine['update']>): Promise<CommandOutcome> {
    return timeEngineCommand(this.options.metrics, 'update', () => this.live.update(...args));
  }

  adjustBalance(...args: Parameters<Engine['adjustBalance']>): Promise<CommandOutcome> {
    return timeEngineCommand(this.options.metrics, 'adjust_balance', () => this.live.adjustBalance(...args));
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

  stats() {
    return this.live.stats();
  }
}

const toDto = (view: PositionView): PositionDto => ({ ...view });
