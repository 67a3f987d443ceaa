/**
 * Auto-trading for the clients who switch it on (architecture §6b): their settings, the on/off switch
 * (spec §7 POST /api/accounts/autoTrading), the live runner on closed candles, the loss-limit monitor, the brand's
 * kill switch, the backtest and the journal. Decisions are the domain's (`analyse`/`decide`, `lossLimitHit`); this
 * service connects them to the market, the trading engine and the database.
 */
import {
  type AutoStopReason,
  type AutoTradingOverview,
  type AutoTradingSettings,
  type BacktestDto,
  formatMessage,
  type JournalEntryDto,
  type JournalPage,
  type LossLimit,
  lossLimitCloses,
  lossLimitHit,
  lossLimitMessage,
  type Message,
  type NoticePayload,
  resolveOffers,
  STRATEGY_IDS,
  type ValidationResult,
  validateAutoTradingSettings,
} from '@openbroker/domain';
import { AppError, invalidFields, notFound } from '../../lib/errors.js';
import type { Clock, TimerHandle } from '../../market/clock.js';
import type { UserRow } from '../accounts/accounts.repo.js';
import type { Brand, BrandsService } from '../brands/brands.service.js';
import { escapeHtml } from '../mail/mail.templates.js';
import type { MarketService } from '../market/market.service.js';
import { autoTradingStoppedNotice } from '../trading/notices.js';
import type { TradingService } from '../trading/trading.service.js';
import { runBacktest } from './auto-trading.backtest.js';
import type { AutoTradingRepo, JournalLine, JournalRow } from './auto-trading.repo.js';
import { AutoTradingRunner, type RunnerOptions, refusalMessage } from './auto-trading.runner.js';

const MONITOR_MS = 1_000;
/** Accounts checked between two yields of the loss-limit monitor. */
const MONITOR_CHUNK = 1_000;
/** Journal page sizes. */
export const JOURNAL_PAGE_DEFAULT = 50;
export const JOURNAL_PAGE_MAX = 200;
/** The start balance of a backtest for an account without money (the client may send another). */
export const BACKTEST_DEFAULT_BALANCE = 10_000;

export const noSettings = () => new AppError(400, 'AUTO_TRADING_NO_SETTINGS', 'auto.error.noSettings');
export const notVerified = () => new AppError(403, 'AUTO_TRADING_NOT_VERIFIED', 'auto.error.notVerified');
export const brandStopped = () => new AppError(403, 'AUTO_TRADING_STOPPED', 'auto.error.brandStopped');
export const dailyLimitReached = () =>
  new AppError(409, 'AUTO_TRADING_DAILY_LIMIT', 'auto.error.dailyLimitReached');
export const backtestBusy = () => new AppError(429, 'BACKTEST_BUSY', 'auto.error.backtestBusy');
/** Backtests waiting or running at once (all clients); more are answered 429. */
export const BACKTEST_QUEUE_MAX = 4;
/** Backtest answers kept (same symbol, settings, range, balance and latest candle: the same answer). */
export const BACKTEST_CACHE_SIZE = 50;

export interface AutoTradingOptions {
  clock: Clock;
  log: { error(obj: object, msg: string): void };
  runner?: RunnerOptions;
  /** A cluster node: whether it owns the account's engine shard (strategies run where the book is). */
  owns?: (accountId: number) => boolean;
}

/** The notice the client gets when the server switched auto-trading off. */
/** Whom a client's auto-trading call is for: the client, and the trading account it acts on (theirs, checked). */
export interface AutoTarget {
  userId: number;
  accountId: number;
}

export type AutoNoticeListener = (accountId: number, notice: NoticePayload) => void;

/** Realised results of an enabled account's auto trades (the loss limits' realised part), kept from the events. */
interface Realised {
  /** UTC day start (epoch ms) `today` belongs to. */
  day: number;
  today: number;
  total: number;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const DAY_MS = 86_400_000;
/** Start of the UTC day of an instant (epoch ms): "today" of the daily loss limit. */
const utcDayStart = (ms: number) => Math.floor(ms / DAY_MS) * DAY_MS;

/** A journal row as the client reads it. */
function journalEntry(row: JournalRow): JournalEntryDto {
  return {
    id: row.id,
    at: row.at.toISOString(),
    action: row.action as JournalEntryDto['action'],
    symbol: row.symbol,
    direction: row.direction,
    reason: row.reason as unknown as JournalEntryDto['reason'],
    indicators: row.indicators ?? {},
    quote: row.quote ?? null,
    candle_time: iso(row.candleTime),
    position_id: row.positionId,
    outcome: (row.outcome as unknown as JournalEntryDto['outcome']) ?? null,
  };
}

/** Field messages of the saved settings are reported at their place in the request body (`settings.…`). */
function settingsErrors(result: Extract<ValidationResult<unknown>, { ok: false }>) {
  return invalidFields(
    result.errors.map((e) => ({ ...e, path: e.path ? `settings.${e.path}` : 'settings' })),
  );
}

export class AutoTradingService {
  readonly runner: AutoTradingRunner;
  /** Keyed by trading account (the engine's id): each account has its own auto-trading. */
  private readonly realisedOf = new Map<number, Realised>();
  /** Trading account → its client, for the accounts the runner knows (journal, switches and popups are the client's). */
  private readonly owners = new Map<number, number>();
  private readonly killedBrands = new Set<number>();
  /** Each account's last queued switch, save, limit or kill step (`exclusive`). */
  private readonly locks = new Map<number, Promise<void>>();
  /** Backtests run one after another (`backtest`); how many wait or run; recent answers. */
  private backtestChain: Promise<void> = Promise.resolve();
  private backtestsWaiting = 0;
  private readonly backtests = new Map<string, BacktestDto>();
  /** Accounts whose realised result changed since the monitor's last round. */
  private readonly dirty = new Set<number>();
  private readonly noticeListeners = new Set<AutoNoticeListener>();
  private readonly detach: (() => void)[] = [];
  private timer: TimerHandle | undefined;
  /** The loss-limit round under way, and the one queued behind it (at most one). */
  private monitorRound: Promise<void> | undefined;
  private nextMonitorRound: Promise<void> | undefined;
  private stopped = false;

  constructor(
    private readonly repo: AutoTradingRepo,
    private readonly trading: TradingService,
    private readonly market: MarketService,
    private readonly brands: BrandsService,
    private readonly options: AutoTradingOptions,
  ) {
    this.runner = new AutoTradingRunner(
      {
        trading,
        candles: market.candles,
        precisionOf: (symbol) => market.catalogue.get(symbol)?.precision,
        now: () => options.clock.now(),
        realised: (accountId) => this.realised(accountId),
        killed: (brandId) => this.killedBrands.has(brandId),
        // the runner speaks of trading accounts; each journal line also names the account's owner
        journal: (lines) => repo.addJournal(lines.map((l) => ({ ...l, userId: this.userOf(l.accountId) }))),
        error: (err, what) => options.log.error({ err }, what),
      },
      options.runner,
    );
  }

  // --------------------------------------------------------------------------------------------- lifecycle

  /**
   * Rebuilds the runner's index from the database (accounts with auto-trading on), their realised results and their
   * brands' kill switches, then listens to closed candles, the engine's closes and brand changes, and starts the
   * loss-limit monitor. Call after the trading engine started.
   */
  async start(): Promise<void> {
    // a cluster node runs the strategies of the shards it owns only, each from `adopt`
    await this.load(this.options.owns ? () => false : () => true);
    this.listen();
  }

  /** A cluster node took over an engine shard; its accounts with auto-trading on run here from now on. */
  adopt(shard: number, shards: number): Promise<void> {
    return this.load((id) => id % shards === shard);
  }

  private async load(include: (accountId: number) => boolean): Promise<void> {
    const enabled = (await this.repo.enabledAccounts()).filter(
      (a) => Number.isSafeInteger(a.accountId) && a.accountId > 0 && include(a.accountId),
    );
    const now = this.options.clock.now();
    const day = utcDayStart(now);
    const realised = await this.repo.realisedFor(
      enabled.map((a) => a.accountId),
      new Date(day),
    );
    for (const brandId of new Set(enabled.map((a) => a.brandId))) await this.refreshBrand(brandId);
    for (const a of enabled) {
      this.owners.set(a.accountId, a.userId);
      this.runner.add({
        id: a.accountId,
        brandId: a.brandId,
        settings: a.settings,
        enabledAt: a.enabledAt.getTime(),
      });
      const r = realised.get(a.accountId);
      this.realisedOf.set(a.accountId, { day, today: r?.today ?? 0, total: r?.total ?? 0 });
    }
  }

  private listen(): void {
    this.detach.push(
      this.market.onCandleClosed((symbol, resolution, candle) =>
        this.runner.onCandleClosed(symbol, resolution, candle),
      ),
      this.trading.onAccountEvents((accountId, events) => {
        if (!this.runner.has(accountId)) return;
        for (const event of events) {
          if (event.type === 'position.closed' && event.position.origin === 'auto')
            this.book(accountId, event.position.profit, event.position.closedAt);
          else if (event.type === 'position.reduced' && event.closedPart.origin === 'auto')
            this.book(accountId, event.closedPart.profit, event.closedPart.closedAt);
        }
      }),
      // every node, not only the one the staff member used: the kill switch and the resume reach each
      // node's runner over the brand broadcast (BrandCacheSync); one node without Redis hears its own change
      this.brands.onChangedOnAnyNode((brandId) => {
        this.brandChanged(brandId).catch((err: unknown) =>
          this.options.log.error({ err, brandId }, 'auto-trading: brand settings could not be read'),
        );
      }),
    );
    this.stopped = false;
    const loop = () => {
      if (this.stopped) return;
      void this.checkLimits(this.options.clock.now()).finally(() => {
        if (!this.stopped) this.timer = this.options.clock.setTimer(loop, MONITOR_MS);
      });
    };
    this.timer = this.options.clock.setTimer(loop, MONITOR_MS);
  }

  /** Stops listening and the monitor; resolves once the decisions under way are submitted and journaled. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) this.options.clock.clearTimer(this.timer);
    for (const off of this.detach.splice(0)) off();
    await this.runner.whenIdle();
  }

  /** Calls `listener(accountId, notice)` when the server switched an account's auto-trading off; returns the unsubscribe. */
  onNotice(listener: AutoNoticeListener): () => void {
    this.noticeListeners.add(listener);
    return () => {
      this.noticeListeners.delete(listener);
    };
  }

  /**
   * A brand changed on this node or another: its kill switch is read again. Stopped, its accounts leave this node's
   * runner at once, so a resume later switches nobody on here either (the node where staff stopped it switches them
   * off in the database, journals and tells them: `stopBrand`). Resumed, its clients may switch on again.
   */
  private async brandChanged(brandId: number): Promise<void> {
    const brand = await this.refreshBrand(brandId);
    if (!brand?.settings.autoTrading?.killed) return;
    for (const account of [...this.runner.all()])
      if (account.brandId === brandId) {
        this.runner.remove(account.id);
        this.realisedOf.delete(account.id);
      }
  }

  /** Whether this node holds the brand's kill switch as on (its accounts get no decision here). */
  brandKilled(brandId: number): boolean {
    return this.killedBrands.has(brandId);
  }

  private async refreshBrand(brandId: number): Promise<Brand | undefined> {
    const brand = await this.brands.findById(brandId);
    if (brand?.settings.autoTrading?.killed) this.killedBrands.add(brandId);
    else this.killedBrands.delete(brandId);
    return brand;
  }

  // ----------------------------------------------------------------------------------------- the results

  /** The account's realised results today (UTC) and since switching on; today restarts at midnight UTC. */
  realised(accountId: number): { today: number; total: number } {
    const r = this.realisedOf.get(accountId);
    if (!r) return { today: 0, total: 0 };
    const day = utcDayStart(this.options.clock.now());
    if (r.day !== day) {
      r.day = day;
      r.today = 0;
    }
    return r;
  }

  private book(accountId: number, profit: number, closedAt: number): void {
    const r = this.realisedOf.get(accountId);
    if (!r) return;
    this.realised(accountId);
    const cents = (v: number) => Math.round(v * 100);
    r.total = (cents(r.total) + cents(profit)) / 100;
    if (utcDayStart(closedAt) === r.day) r.today = (cents(r.today) + cents(profit)) / 100;
    this.dirty.add(accountId);
  }

  // ------------------------------------------------------------------------------------ the client's calls

  /** The client who owns a trading account the runner knows (the account id itself when unknown). */
  private userOf(accountId: number): number {
    return this.owners.get(accountId) ?? accountId;
  }

  /**
   * The client, their brand and the trading account of the call (one of the client's own, live or demo — a demo
   * account trades virtual money), loaded into the engine; 404 for an account that is not the client's.
   */
  private async clientOf(
    who: AutoTarget,
  ): Promise<{ user: UserRow; brand: Brand; accountId: number; demo: boolean }> {
    const user = await this.repo.user(who.userId);
    const brand = user && (await this.brands.findById(user.brandId));
    const account = await this.repo.account(who.accountId);
    if (!user || !brand || !account || account.userId !== user.id) throw notFound();
    this.owners.set(account.id, user.id);
    await this.trading.ensureAccount(account.id);
    return { user, brand, accountId: account.id, demo: account.kind === 'demo' };
  }

  private check(brand: Brand, accountId: number, input: unknown): ValidationResult<AutoTradingSettings> {
    const own = brand.settings.autoTrading;
    return validateAutoTradingSettings(input, {
      offers: resolveOffers(own),
      maxLeverage: own?.maxLeverage ?? null,
      symbols: this.trading.permittedInstruments(accountId).map((i) => i.symbol),
    });
  }

  /** What the client's auto-trading page shows, for the account of the call. */
  async overview(who: AutoTarget): Promise<AutoTradingOverview> {
    const { brand, accountId } = await this.clientOf(who);
    const saved = await this.repo.settingsOf(accountId);
    const on = saved?.enabled === true;
    const own = brand.settings.autoTrading;
    const offers = resolveOffers(own);
    const now = this.options.clock.now();
    const [today, total] = await Promise.all([
      this.repo.realisedSince(accountId, new Date(utcDayStart(now))),
      saved?.enabledAt ? this.repo.realisedSince(accountId, saved.enabledAt) : { trades: 0, profit: 0 },
    ]);
    const open = this.trading.autoPositions(accountId);
    const cents = open.reduce((sum, p) => sum + Math.round((p.profit ?? 0) * 100), 0);
    return {
      auto_trading: on ? 1 : 0,
      settings: saved?.settings ?? null,
      offers: STRATEGY_IDS.filter((id) => offers[id].offered).map((id) => ({
        id,
        timeframes: offers[id].timeframes,
        ranges: offers[id].ranges,
      })),
      killed: own?.killed === true,
      maxLeverage: own?.maxLeverage ?? null,
      instruments: this.trading.permittedInstruments(accountId),
      enabled_at: iso(saved?.enabledAt ?? null),
      stopped:
        !on && saved?.stoppedReason && saved.stoppedAt
          ? { reason: saved.stoppedReason, at: saved.stoppedAt.toISOString() }
          : null,
      results: {
        today: { trades: today.trades, profit: Math.round(today.profit * 100) / 100 },
        total: { trades: total.trades, profit: Math.round(total.profit * 100) / 100 },
        open: { positions: open.length, profit: cents / 100 },
      },
    };
  }

  /**
   * Saves the client's strategy and limits after checking them against the brand's offer and cap and the account's
   * instruments (nothing changes on a refusal); while auto-trading is on, they apply from the next closed candle.
   */
  /**
   * Runs `task` after every earlier switch, save, limit or kill step of the same account (a
   * double-click on the switch must not leave the runner trading while the database says off).
   */
  private exclusive<T>(accountId: number, task: () => Promise<T>): Promise<T> {
    const before = this.locks.get(accountId) ?? Promise.resolve();
    const run = before.then(task, task);
    const settled = run.then(
      () => undefined,
      () => undefined,
    );
    this.locks.set(accountId, settled);
    void settled.then(() => {
      if (this.locks.get(accountId) === settled) this.locks.delete(accountId);
    });
    return run;
  }

  saveSettings(who: AutoTarget, input: unknown): Promise<AutoTradingOverview> {
    return this.exclusive(who.accountId, () => this.saveSettingsNow(who, input));
  }

  private async saveSettingsNow(who: AutoTarget, input: unknown): Promise<AutoTradingOverview> {
    const { user, brand, accountId } = await this.clientOf(who);
    const checked = this.check(brand, accountId, input);
    if (!checked.ok) throw settingsErrors(checked);
    const settings = checked.value;
    const at = new Date(this.options.clock.now());
    await this.repo.saveSettings(accountId, settings, {
      userId: user.id,
      accountId,
      at,
      action: 'settings',
      reason: {
        key: 'auto.journal.settings',
        params: {
          strategy: settings.params.strategy,
          timeframe: settings.params.timeframe,
          symbols: settings.limits.symbols.join(', '),
        },
      },
    });
    const running = this.runner.account(accountId);
    if (running) this.runner.add({ ...running, settings });
    return this.overview(who);
  }

  /**
   * spec §7 POST /api/accounts/autoTrading. On: needs saved settings that still fit the brand's offer, a verified
   * account and the brand not stopped; starts the drawdown count now. Off: no new decision from this moment; open
   * auto positions stay with their stop loss and take profit. Switching to the state it is in changes nothing.
   */
  setEnabled(who: AutoTarget, on: boolean): Promise<UserRow> {
    return this.exclusive(who.accountId, () => this.setEnabledNow(who, on));
  }

  /** The client as the spec's answer shows them: `autoTrading` is the switch of the account of the call. */
  private async answer(user: UserRow, accountId: number): Promise<UserRow> {
    const fresh = (await this.repo.user(user.id)) ?? user;
    return { ...fresh, autoTrading: (await this.repo.settingsOf(accountId))?.enabled === true };
  }

  private async setEnabledNow(who: AutoTarget, on: boolean): Promise<UserRow> {
    const { user, brand, accountId, demo } = await this.clientOf(who);
    const userId = user.id;
    const at = new Date(this.options.clock.now());
    if (on) {
      const saved = await this.repo.settingsOf(accountId);
      // already on and running: nothing changes (the drawdown count is not restarted)
      if (saved?.enabled && this.runner.has(accountId)) return this.answer(user, accountId);
      if (!saved) throw noSettings();
      // a demo account trades virtual money without verification, as its manual trading does
      if (!demo && !user.verifiedAccount) throw notVerified();
      if ((await this.refreshBrand(brand.id))?.settings.autoTrading?.killed) throw brandStopped();
      const checked = this.check(brand, accountId, saved.settings);
      if (!checked.ok) throw settingsErrors(checked);
      const day = utcDayStart(at.getTime());
      const today = await this.repo.realisedSince(accountId, new Date(day));
      // today's auto trades already reached the daily loss limit: it would only hold until midnight UTC, silently
      if (today.profit <= -checked.value.limits.dailyLossLimit) throw dailyLimitReached();
      // also when the spec's flag was on without a strategy (stored before strategies existed): now it runs one
      await this.repo.switchOn(accountId, at, {
        userId,
        accountId,
        at,
        action: 'switchedOn',
        reason: { key: 'auto.journal.switchedOn' },
      });
      this.realisedOf.set(accountId, { day, today: today.profit, total: 0 });
      this.runner.add({
        id: accountId,
        brandId: user.brandId,
        settings: checked.value,
        enabledAt: at.getTime(),
      });
    } else {
      // at once, before the database: a candle closing meanwhile already skips the account
      this.runner.remove(accountId);
      this.realisedOf.delete(accountId);
      await this.repo.switchOff(accountId, at, null, {
        userId,
        accountId,
        at,
        action: 'switchedOff',
        reason: { key: 'auto.journal.switchedOff' },
      });
    }
    return this.answer(user, accountId);
  }

  /**
   * A backtest runs synchronously (the domain's pure function), so it is queued: one at a time across all clients, a
   * short queue (more answer 429 'busy'), and the same request on the same candles is answered from a small cache.
   * Ticks and commands wait at most one backtest (~0.1–1 s for a year of hourly candles).
   */
  backtest(
    who: AutoTarget,
    input: { settings: unknown; symbol: string; from?: number; to?: number; balance?: number },
  ): Promise<BacktestDto> {
    if (this.backtestsWaiting >= BACKTEST_QUEUE_MAX) return Promise.reject(backtestBusy());
    this.backtestsWaiting += 1;
    const run = this.backtestChain.then(async () => {
      // let the ticks queued meanwhile go first
      await new Promise<void>((resolve) => setImmediate(resolve));
      return this.backtestNow(who, input);
    });
    this.backtestChain = run.then(
      () => undefined,
      () => undefined,
    );
    return run.finally(() => {
      this.backtestsWaiting -= 1;
    });
  }

  /** A backtest of the given settings (checked like a save) on the instrument's candles; nothing is stored. */
  private async backtestNow(
    who: AutoTarget,
    input: { settings: unknown; symbol: string; from?: number; to?: number; balance?: number },
  ): Promise<BacktestDto> {
    const { brand, accountId } = await this.clientOf(who);
    const checked = this.check(brand, accountId, input.settings);
    if (!checked.ok) throw settingsErrors(checked);
    const terms = this.trading.tradingTerms(accountId, input.symbol);
    const instrument = this.market.catalogue.get(input.symbol);
    if (
      !terms ||
      !instrument ||
      !this.trading.permittedInstruments(accountId).some((i) => i.symbol === input.symbol)
    )
      throw invalidFields([{ path: 'symbol', key: 'field.invalid', params: { title: 'Instrument' } }]);
    const balance = this.trading.balance(accountId).balance;
    const startBalance = input.balance ?? (balance > 0 ? balance : BACKTEST_DEFAULT_BALANCE);
    const latest = this.market.candles.latest(input.symbol, checked.value.params.timeframe)?.time ?? 0;
    const cacheKey = JSON.stringify([
      input.symbol,
      checked.value,
      input.from ?? null,
      input.to ?? null,
      startBalance,
      terms.leverages,
      this.trading.profileOf(accountId),
      latest,
    ]);
    const cached = this.backtests.get(cacheKey);
    if (cached) return cached;
    const answer = runBacktest(
      {
        candles: this.market.candles,
        instrument,
        profile: this.trading.profileOf(accountId),
        leverages: terms.leverages,
        now: this.options.clock.now(),
      },
      {
        symbol: input.symbol,
        settings: checked.value,
        ...(input.from === undefined ? {} : { from: input.from }),
        ...(input.to === undefined ? {} : { to: input.to }),
        startBalance,
      },
    );
    if (!answer.ok) throw new AppError(422, 'NOT_ENOUGH_CANDLES', answer.error.key, answer.error.params);
    this.backtests.set(cacheKey, answer.dto);
    // a small cache: the oldest answer goes first
    if (this.backtests.size > BACKTEST_CACHE_SIZE) {
      const oldest = this.backtests.keys().next().value;
      if (oldest !== undefined) this.backtests.delete(oldest);
    }
    return answer.dto;
  }

  /** A page of the account's journal, newest first; `next` is the `before` of the following page (null: no more). */
  async journal(who: AutoTarget, before?: number, limit = JOURNAL_PAGE_DEFAULT): Promise<JournalPage> {
    const { accountId } = await this.clientOf(who);
    const size = Math.min(Math.max(1, Math.floor(limit)), JOURNAL_PAGE_MAX);
    const rows = await this.repo.journal(accountId, before, size + 1);
    const page = rows.slice(0, size);
    return {
      entries: page.map(journalEntry),
      next: rows.length > size ? (page.at(-1)?.id ?? null) : null,
    };
  }

  // --------------------------------------------------------------------------------- the server stops it

  /**
   * The brand's kill switch (the back office calls it after saving `killed: true`): every account of the brand with
   * auto-trading on is switched off at once (stopped_reason 'brand'), each with a journal line and a notice. Open
   * auto positions stay with their stop loss and take profit. Answers how many were switched off.
   */
  async stopBrand(brandId: number, at: Date): Promise<number> {
    this.killedBrands.add(brandId);
    // the accounts with auto-trading on in the database, and those this node's runner holds
    const accounts = new Map<number, number>();
    for (const a of await this.repo.enabledOfBrand(brandId)) accounts.set(a.accountId, a.userId);
    for (const account of [...this.runner.all()])
      if (account.brandId === brandId) accounts.set(account.id, this.userOf(account.id));
    const message: Message = { key: 'auto.journal.brandStopped' };
    let stopped = 0;
    for (const [id, userId] of accounts) {
      const off = await this.exclusive(id, async () => {
        this.runner.remove(id);
        this.realisedOf.delete(id);
        return this.repo.switchOff(id, at, 'brand', {
          userId,
          accountId: id,
          at,
          action: 'brandStopped',
          reason: message,
        });
      });
      if (off) {
        stopped += 1;
        await this.tellStopped(brandId, id, 'brand', message, at, userId);
      }
    }
    return stopped;
  }

  /**
   * The loss-limit monitor's round (every second; tests call it with the time they want): each account with
   * auto-trading on that holds auto positions or closed one since the last round, against its limits.
   */
  async checkLimits(now: number): Promise<void> {
    // A call during a round waits for it and then runs one more, so a caller never returns before its own look
    // (the timer's round and a test's, or two timer rounds, used to skip each other silently).
    if (this.monitorRound) {
      this.nextMonitorRound ??= this.monitorRound.then(() => {
        this.nextMonitorRound = undefined;
        return this.checkLimits(now);
      });
      return this.nextMonitorRound;
    }
    this.monitorRound = this.limitRound(now).finally(() => {
      this.monitorRound = undefined;
    });
    return this.monitorRound;
  }

  private async limitRound(now: number): Promise<void> {
    const ids = new Set(this.dirty);
    this.dirty.clear();
    for (const id of this.trading.accountsWithAutoPositions()) if (this.runner.has(id)) ids.add(id);
    let n = 0;
    for (const id of ids) {
      const account = this.runner.account(id);
      if (!account) continue;
      const open = this.trading.autoPositions(id);
      let unrealised = 0;
      for (const p of open) unrealised += p.profit ?? 0;
      const realised = this.realised(id);
      const state = { dailyResult: realised.today + unrealised, totalResult: realised.total + unrealised };
      const hit = lossLimitHit(state, account.settings.limits);
      if (hit) {
        await this.exclusive(id, () => this.limitHit(id, hit, state, now)).catch((err: unknown) =>
          this.options.log.error({ err, accountId: id }, 'auto-trading: a loss limit could not be applied'),
        );
      }
      if (++n % MONITOR_CHUNK === 0) await new Promise<void>((resolve) => setImmediate(resolve));
    }
  }

  /** A loss limit reached: off at once, journaled and told; the open auto positions closed only if the client chose so. */
  private async limitHit(
    accountId: number,
    limit: LossLimit,
    state: { dailyResult: number; totalResult: number },
    now: number,
  ): Promise<void> {
    const account = this.runner.account(accountId);
    if (!account || !this.runner.remove(accountId)) return;
    const { limits } = account.settings;
    const at = new Date(now);
    const message = lossLimitMessage(limit, state, limits);
    try {
      await this.repo.switchOff(accountId, at, limit, {
        userId: this.userOf(accountId),
        accountId,
        at,
        action: 'limit',
        reason: message,
      });
    } catch (err) {
      // still on in the database: back in the runner, so the next round tries again
      this.runner.add(account);
      throw err;
    }
    this.realisedOf.delete(accountId);
    await this.tellStopped(account.brandId, accountId, limit, message, at, this.userOf(accountId));
    const closes = lossLimitCloses({ openAuto: this.trading.autoPositions(accountId) }, limits, now);
    const lines: JournalLine[] = [];
    for (const decision of closes) {
      if (decision.kind !== 'close') continue;
      const outcome = await this.trading.close({
        accountId,
        now: this.options.clock.now(),
        positionId: decision.positionId,
        // the close context keeps the reason as a Message in JSON: the web shows it in the reader's language
        auto: { reason: JSON.stringify(decision.reason) },
      });
      const closed = outcome.ok ? outcome.events.find((e) => e.type === 'position.closed') : undefined;
      lines.push({
        userId: this.userOf(accountId),
        accountId,
        at: new Date(this.options.clock.now()),
        action: outcome.ok ? 'close' : 'refused',
        symbol: decision.symbol,
        direction: decision.direction,
        reason: decision.reason,
        quote: closed?.type === 'position.closed' ? (closed.position.context?.quote ?? null) : null,
        positionId: decision.positionId,
        outcome: outcome.ok ? null : refusalMessage(outcome),
      });
    }
    await this.repo.addJournal(lines);
  }

  /** The client's popup (kept until read) and the live notice, saying why auto-trading was switched off. */
  private async tellStopped(
    brandId: number,
    accountId: number,
    reason: AutoStopReason,
    message: Message,
    at: Date,
    userId: number,
  ): Promise<void> {
    try {
      await this.repo.addPopup(
        brandId,
        userId,
        formatMessage({ key: 'auto.notice.title' }),
        `<p>${escapeHtml(formatMessage(message))}</p>`,
      );
    } catch (err) {
      this.options.log.error({ err, accountId }, 'auto-trading: the stop popup could not be stored');
    }
    const notice = autoTradingStoppedNotice(accountId, reason, message, at.getTime());
    if (notice) for (const listener of this.noticeListeners) listener(accountId, notice);
  }
}
