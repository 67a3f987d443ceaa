/**
 * The live auto-trading runner (architecture §6b). On each closed candle of a strategy timeframe it
 * evaluates every account with auto-trading on that trades the symbol at that timeframe: the signal is read once
 * per distinct (symbol, parameters) from exactly the last `lookback(params)` closed candles (domain `analyse`), then
 * each account decides on its own state and limits (domain `decide`, the same code the backtest runs), and the
 * decisions go to the trading engine through `TradingService.open/close` — the path and checks of a client's own
 * command. Every executed decision and every refusal is journaled, and so is every signal a limit of the client held
 * back (a hold with the signal's reason, journaled 'skipped' with why); plain "nothing to do" holds are not.
 *
 * It never holds up ticks or manual trades: evaluation and submission yield to the event loop (`setImmediate`)
 * after every `sliceMs` of synchronous work, and the decisions are submitted with bounded concurrency (the engine's
 * per-account queue serialises each account's commands with the client's own).
 *
 * The class talks to its surroundings through `RunnerPorts` only, so a benchmark drives it directly with the real
 * trading service or a stand-in (docs/auto-trading-operations.md, "Benchmark").
 */
import {
  type AutoAccountState,
  type AutoDecision,
  type AutoTradingSettings,
  analyse,
  decide,
  lookback,
  type Message,
  type StrategyCandle,
  type StrategyParams,
  type StrategySignal,
  type StrategyTimeframe,
} from '@openbroker/domain';
import type { CommandOutcome } from '../../engine/index.js';
import type { CandleStore } from '../../market/candle-store.js';
import { CANDLE_DEPTH_MS, RESOLUTION_MS, type Resolution } from '../../market/candles.js';
import type { AutoPositionView, TradingTerms } from '../trading/trading.service.js';
import type { JournalLine } from './auto-trading.repo.js';

/** What the runner needs of the trading service (TradingService has it all; a benchmark may stand in). */
export interface RunnerTrading {
  /** Booked balance and free margin (spec §9), in constant time. */
  funds(accountId: number): { balance: number; freeMargin: number } | undefined;
  autoPositions(accountId: number): AutoPositionView[];
  tradingTerms(accountId: number, symbol: string): TradingTerms | undefined;
  open(command: {
    accountId: number;
    now: number;
    symbol: string;
    direction: 'buy' | 'sell';
    amount: number;
    leverage: number;
    price: number;
    stop_lost: number;
    take_profit: number;
    origin: 'auto';
  }): Promise<CommandOutcome>;
  close(command: {
    accountId: number;
    now: number;
    positionId: number;
    auto: { reason: string };
  }): Promise<CommandOutcome>;
}

export interface RunnerPorts {
  trading: RunnerTrading;
  candles: Pick<CandleStore, 'candlesBetween'>;
  /** Price decimals of a symbol (SL/TP are rounded to them); undefined: not traded. */
  precisionOf(symbol: string): number | undefined;
  /** The time commands and journal lines carry (the market clock). */
  now(): number;
  /** The strategy's realised results of the account: closed today (UTC) and since switching on, signed. */
  realised(accountId: number): { today: number; total: number };
  /** Whether the brand's kill switch is on (its accounts get no decision). */
  killed(brandId: number): boolean;
  /** Stores journal lines (a batch). */
  journal(lines: JournalLine[]): Promise<void>;
  /** Told when a journal write or a submission failed (the operator's log). */
  error?(err: unknown, what: string): void;
}

export interface RunnerOptions {
  /** Synchronous work (evaluating and submitting) between two yields to the event loop, ms; default 4. */
  sliceMs?: number;
  /** Accounts whose decisions are submitted at once; default 16. */
  concurrency?: number;
}

/** An account with auto-trading on, as the runner indexes it. */
export interface RunnerAccount {
  id: number;
  brandId: number;
  settings: AutoTradingSettings;
  /** When auto-trading was switched on (epoch ms). */
  enabledAt: number;
}

interface Indexed extends RunnerAccount {
  paramsKey: string;
  timeframe: StrategyTimeframe;
}

/** One account's decisions on one candle, waiting to be submitted. */
export interface PendingDecisions {
  accountId: number;
  symbol: string;
  decisions: AutoDecision[];
  /** The feed quote the decisions were made on and the account's dealing prices of it. */
  feed: { buy: number; sell: number };
  dealing: { buy: number; sell: number };
}

/** What one candle close did. */
export interface EvaluationReport {
  symbol: string;
  timeframe: StrategyTimeframe;
  candleTime: number;
  /** Accounts subscribed, accounts that got to `decide`, distinct parameter sets analysed. */
  accounts: number;
  decided: number;
  analysed: number;
  /** Accounts with an open or close to submit. */
  pending: PendingDecisions[];
  /**
   * Journal lines ('skipped') of accounts whose signal a limit held back and that have nothing to submit; `work` and
   * `run` store them. Those with a close to submit keep their hold in `pending`, journaled after the close.
   */
  held: JournalLine[];
  /** Accounts left for later (`EvaluateOptions.defer`). */
  deferred: number[];
  /** Synchronous evaluation time (ms, the yields excluded) and wall time including them (ms). */
  busyMs: number;
  wallMs: number;
}

export interface SubmitReport {
  opened: number;
  closed: number;
  refused: number;
  skipped: number;
}

/** A candle close waiting to be evaluated; `only`: just these accounts (deferred from an earlier batch). */
interface Queued {
  symbol: string;
  timeframe: StrategyTimeframe;
  candleTime: number;
  only?: ReadonlySet<number>;
}

/** Which accounts an evaluation considers. */
export interface EvaluateOptions {
  /** Only these accounts (default all subscribed). */
  only?: ReadonlySet<number>;
  /** Accounts not decided now but listed in `deferred` (they have decisions waiting to be submitted). */
  defer?: ReadonlySet<number>;
}

const yieldToLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/** A canonical key of a strategy's parameters (key order of stored JSON does not matter). */
export function paramsKey(params: StrategyParams): string {
  const record = params as unknown as Record<string, unknown>;
  return Object.keys(record)
    .sort()
    .map((k) => `${k}=${String(record[k])}`)
    .join('&');
}

/** What the client reads of a refusal: its first field message (e.g. the leverage), else the form message. */
export function refusalMessage(outcome: Extract<CommandOutcome, { ok: false }>): Message {
  const { key, params } = outcome.rejection.errors[0] ?? outcome.rejection.message;
  return params === undefined ? { key } : { key, params };
}

/** The refusal's identity for the "journal once until it changes" rule: its message and first field message. */
function refusalKey(outcome: Extract<CommandOutcome, { ok: false }>): string {
  const { message, errors } = outcome.rejection;
  return JSON.stringify([message, errors[0] ?? null]);
}

/** A hold that held back a signal (a limit, the amount, the stops…), as opposed to a plain "nothing to do". */
type BlockedHold = Extract<AutoDecision, { kind: 'hold' }> & {
  direction: 'buy' | 'sell';
  signalReason: Message;
};

/** Whether a decision is a signal the client's limits held back: it is journaled ('skipped') with why. */
export function isBlockedSignal(decision: AutoDecision): decision is BlockedHold {
  return decision.kind === 'hold' && decision.direction !== undefined && decision.signalReason !== undefined;
}

/**
 * The journal line of a held-back signal: the signal's reason (what the strategy wanted), and as its outcome why it
 * was not opened, with the indicator values and the quote of the decision.
 */
export function skippedLine(
  accountId: number,
  at: number,
  hold: BlockedHold,
  quote: { buy: number; sell: number },
): JournalLine {
  return {
    // the owner is filled in by the service (the runner knows accounts only)
    userId: accountId,
    accountId,
    at: new Date(at),
    action: 'skipped',
    symbol: hold.symbol,
    direction: hold.direction,
    reason: hold.signalReason,
    indicators: hold.indicators,
    quote,
    candleTime: new Date(hold.candleTime),
    outcome: hold.reason,
  };
}

/** The accounts of one symbol and timeframe that share parameters: analysed once, decided per account. */
interface Group {
  params: StrategyParams;
  accounts: Set<Indexed>;
}

export class AutoTradingRunner {
  private readonly accounts = new Map<number, Indexed>();
  /**
   * symbol → timeframe → parameters → accounts: a candle close finds its accounts without a scan, and a parameter
   * set whose signal is 'none' (most of them at most closes) is passed over without visiting its accounts.
   */
  private readonly index = new Map<string, Map<StrategyTimeframe, Map<string, Group>>>();
  /** Per account and symbol, the last refusal journaled (cleared by a success). */
  private readonly refused = new Map<number, Map<string, string>>();
  /** Accounts whose decisions are being submitted: the next candle skips them rather than decide twice. */
  private readonly inFlight = new Set<number>();
  /** The latest signal per symbol and parameters (the overview can show what the strategy read last). */
  readonly latestSignals = new Map<string, StrategySignal>();
  private readonly queue: Queued[] = [];
  private working: Promise<void> | undefined;
  private readonly sliceMs: number;
  private readonly concurrency: number;
  /** When the current stretch of synchronous work began (the pacing is shared by evaluations and submissions). */
  private sliceStart = 0;
  /** The pending yield every worker waits on once the slice is spent (`pace`). */
  private yielding: Promise<void> | undefined;
  private lastReport: EvaluationReport | undefined;

  constructor(
    private readonly ports: RunnerPorts,
    options: RunnerOptions = {},
  ) {
    this.sliceMs = Math.max(0.5, options.sliceMs ?? 4);
    this.concurrency = Math.max(1, options.concurrency ?? 16);
  }

  // ------------------------------------------------------------------------------------------- the index

  /** Adds an account (auto-trading switched on, settings saved while on) or replaces its entry. */
  add(account: RunnerAccount): void {
    this.remove(account.id);
    const entry: Indexed = {
      ...account,
      paramsKey: paramsKey(account.settings.params),
      timeframe: account.settings.params.timeframe,
    };
    this.accounts.set(account.id, entry);
    for (const symbol of new Set(account.settings.limits.symbols)) {
      let byTimeframe = this.index.get(symbol);
      if (!byTimeframe) {
        byTimeframe = new Map();
        this.index.set(symbol, byTimeframe);
      }
      let byParams = byTimeframe.get(entry.timeframe);
      if (!byParams) {
        byParams = new Map();
        byTimeframe.set(entry.timeframe, byParams);
      }
      let group = byParams.get(entry.paramsKey);
      if (!group) {
        group = { params: account.settings.params, accounts: new Set() };
        byParams.set(entry.paramsKey, group);
      }
      group.accounts.add(entry);
    }
  }

  /** Takes an account out at once: no new decision for it from now on (switched off, limit, kill switch). */
  remove(accountId: number): boolean {
    const entry = this.accounts.get(accountId);
    if (!entry) return false;
    this.accounts.delete(accountId);
    this.refused.delete(accountId);
    for (const symbol of new Set(entry.settings.limits.symbols)) {
      const byTimeframe = this.index.get(symbol);
      const byParams = byTimeframe?.get(entry.timeframe);
      const group = byParams?.get(entry.paramsKey);
      group?.accounts.delete(entry);
      if (group?.accounts.size === 0) byParams?.delete(entry.paramsKey);
      if (byParams?.size === 0) byTimeframe?.delete(entry.timeframe);
      if (byTimeframe?.size === 0) this.index.delete(symbol);
    }
    return true;
  }

  has(accountId: number): boolean {
    return this.accounts.has(accountId);
  }

  account(accountId: number): RunnerAccount | undefined {
    return this.accounts.get(accountId);
  }

  /** Accounts with auto-trading on, in the order they were added. */
  all(): IterableIterator<RunnerAccount> {
    return this.accounts.values();
  }

  get size(): number {
    return this.accounts.size;
  }

  /** The accounts that trade `symbol` on `timeframe`. */
  subscribed(symbol: string, timeframe: StrategyTimeframe): number {
    let n = 0;
    for (const group of this.index.get(symbol)?.get(timeframe)?.values() ?? []) n += group.accounts.size;
    return n;
  }

  /** The last candle close evaluated (for the benchmark and the log). */
  get last(): EvaluationReport | undefined {
    return this.lastReport;
  }

  // ------------------------------------------------------------------------------------------ candle closes

  /**
   * The market's candle-closed listener: queues the evaluation (candles of a timeframe nobody trades on cost a map
   * lookup) and starts the work on the next turn of the event loop, so it stays out of the tick that closed the
   * candle and the closes of one burst (every instrument at the top of the hour) form one batch.
   */
  onCandleClosed(symbol: string, resolution: Resolution, candle: { time: number }): void {
    const timeframe = resolution as StrategyTimeframe;
    if (!this.index.get(symbol)?.has(timeframe)) return;
    this.queue.push({ symbol, timeframe, candleTime: candle.time });
    if (!this.working) this.working = yieldToLoop().then(() => this.work());
  }

  /** Resolves once every queued candle close is evaluated and its decisions are submitted and journaled. */
  async whenIdle(): Promise<void> {
    while (this.working) await this.working;
  }

  /**
   * Yields to the event loop once the current stretch of synchronous work reached `sliceMs`: ticks and clients'
   * own commands wait at most about that long for the runner. Answers the time spent away (ms).
   */
  private async pace(): Promise<number> {
    const now = performance.now();
    if (now - this.sliceStart < this.sliceMs) return 0;
    // one yield shared by every worker: when it resolves the slice starts once, so the submission workers together
    // (not each of them) work about `sliceMs` before the loop gets its next turn
    if (!this.yielding)
      this.yielding = yieldToLoop().then(() => {
        this.sliceStart = performance.now();
        this.yielding = undefined;
      });
    await this.yielding;
    return performance.now() - now;
  }

  /**
   * Drains the queue a batch at a time: every candle close queued (at the top of an hour all instruments close within
   * a few ticks) is evaluated first, then the batch's decisions are submitted together, so the last instrument's
   * accounts are decided without waiting for the first one's orders. An account that got a decision on one
   * instrument of the batch is evaluated on the others only after it is submitted (its positions and free margin
   * have changed by then): those evaluations go back to the queue.
   */
  private async work(): Promise<void> {
    this.sliceStart = performance.now();
    try {
      while (this.queue.length > 0) {
        const batch = this.queue.splice(0);
        const pending: PendingDecisions[] = [];
        const held: JournalLine[] = [];
        const decided = new Set<number>();
        const again: Queued[] = [];
        for (const close of batch) {
          try {
            const report = await this.evaluate(close.symbol, close.timeframe, close.candleTime, {
              ...(close.only ? { only: close.only } : {}),
              defer: decided,
            });
            for (const p of report.pending) {
              decided.add(p.accountId);
              pending.push(p);
            }
            held.push(...report.held);
            if (report.deferred.length > 0) again.push({ ...close, only: new Set(report.deferred) });
          } catch (err) {
            this.ports.error?.(err, `auto-trading: evaluating ${close.symbol} ${close.timeframe}`);
          }
        }
        await this.journalHeld(held);
        try {
          await this.submit(pending);
        } catch (err) {
          this.ports.error?.(err, 'auto-trading: submitting');
        }
        this.queue.unshift(...again);
      }
    } finally {
      this.working = undefined;
    }
  }

  /** Evaluates one candle close and submits its decisions. */
  async run(symbol: string, timeframe: StrategyTimeframe, candleTime: number): Promise<SubmitReport> {
    const report = await this.evaluate(symbol, timeframe, candleTime);
    await this.journalHeld(report.held);
    return this.submit(report.pending);
  }

  /** Stores the lines of held-back signals (a failed write is the operator's log, never the submission's). */
  private async journalHeld(lines: JournalLine[]): Promise<void> {
    for (let i = 0; i < lines.length; i += 200)
      await this.ports
        .journal(lines.slice(i, i + 200))
        .catch((err: unknown) => this.ports.error?.(err, 'auto-trading: journal'));
  }

  /**
   * The evaluation of one candle close: analyse once per distinct parameters, decide per account of the parameter
   * sets with a signal, yielding to the event loop every `sliceMs` of work. Nothing is submitted here.
   */
  async evaluate(
    symbol: string,
    timeframe: StrategyTimeframe,
    candleTime: number,
    options: EvaluateOptions = {},
  ): Promise<EvaluationReport> {
    const began = performance.now();
    let away = 0;
    const groups = this.index.get(symbol)?.get(timeframe);
    const report: EvaluationReport = {
      symbol,
      timeframe,
      candleTime,
      accounts: 0,
      decided: 0,
      analysed: 0,
      pending: [],
      held: [],
      deferred: [],
      busyMs: 0,
      wallMs: 0,
    };
    const precision = this.ports.precisionOf(symbol);
    if (!groups || groups.size === 0 || precision === undefined) return report;
    const { only, defer } = options;
    // a snapshot: accounts switched on meanwhile wait for the next candle, those switched off are skipped below
    for (const [key, group] of [...groups]) {
      report.accounts += group.accounts.size;
      const candles = this.lastCandles(symbol, timeframe, lookback(group.params), candleTime);
      const signal = analyse(group.params, candles);
      this.latestSignals.set(`${symbol}|${key}`, signal);
      report.analysed += 1;
      // a 'none' signal is a hold for everyone (decide's first rule): nobody to decide for
      if (signal.action === 'none' || signal.candleTime !== candleTime) continue;
      for (const entry of [...group.accounts]) {
        if (only && !only.has(entry.id)) continue;
        if (defer?.has(entry.id)) report.deferred.push(entry.id);
        else {
          const pending = this.decideFor(entry, symbol, precision, signal, candles, report);
          if (pending) report.pending.push(pending);
        }
        away += await this.pace();
      }
      away += await this.pace();
    }
    report.wallMs = performance.now() - began;
    report.busyMs = report.wallMs - away;
    this.lastReport = report;
    return report;
  }

  /**
   * One account's decisions on a signal, or undefined (holds only, not on, killed, busy, no price). A held-back
   * signal with nothing to submit goes to `report.held`; with a close to submit it stays after the close.
   */
  private decideFor(
    entry: Indexed,
    symbol: string,
    precision: number,
    signal: StrategySignal,
    candles: readonly StrategyCandle[],
    report: { decided: number; held: JournalLine[] },
  ): PendingDecisions | undefined {
    if (!this.accounts.has(entry.id) || this.inFlight.has(entry.id) || this.ports.killed(entry.brandId))
      return undefined;
    const { trading } = this.ports;
    const terms = trading.tradingTerms(entry.id, symbol);
    const funds = trading.funds(entry.id);
    if (!terms?.feed || !terms.dealing || !funds) return undefined;
    const openAuto = trading.autoPositions(entry.id);
    let unrealised = 0;
    for (const p of openAuto) unrealised += p.profit ?? 0;
    const realised = this.ports.realised(entry.id);
    report.decided += 1;
    const account: AutoAccountState = {
      balance: funds.balance,
      // decide reads the free margin, not the equity: the client's own positions are not valued here (that would
      // cost a valuation of every open position of every account at each candle close), only the strategy's
      equity: funds.balance + unrealised,
      freeMargin: funds.freeMargin,
      openAuto,
      leverages: terms.leverages,
      dailyResult: realised.today + unrealised,
      totalResult: realised.total + unrealised,
    };
    const decisions = decide(signal, {
      symbol,
      precision,
      settings: entry.settings,
      candles,
      account,
      quote: terms.feed,
      // SL/TP from the prices the position opens at under the account's brand (its markup), as docs/auto-trading.md says
      dealing: terms.dealing,
    });
    // plain holds ("nothing to close", nothing wanted) are left out; a signal a limit held back is kept
    let acts = false;
    let blocked = false;
    for (const d of decisions) {
      if (d.kind !== 'hold') acts = true;
      else if (isBlockedSignal(d)) blocked = true;
    }
    if (!acts) {
      if (blocked)
        for (const d of decisions)
          if (isBlockedSignal(d)) report.held.push(skippedLine(entry.id, this.ports.now(), d, terms.dealing));
      return undefined;
    }
    return {
      accountId: entry.id,
      symbol,
      decisions: decisions.filter((d) => d.kind !== 'hold' || isBlockedSignal(d)),
      feed: terms.feed,
      dealing: terms.dealing,
    };
  }

  /** Exactly the last `count` closed candles up to and including the one starting at `candleTime` (fewer early on). */
  lastCandles(
    symbol: string,
    timeframe: StrategyTimeframe,
    count: number,
    candleTime: number,
  ): StrategyCandle[] {
    const size = RESOLUTION_MS[timeframe];
    const depth = CANDLE_DEPTH_MS[timeframe];
    // markets close (weekends, nights): widen the window until it holds enough candles or reaches the kept depth
    for (let span = count * size; ; span *= 2) {
      const candles = this.ports.candles.candlesBetween(
        symbol,
        timeframe,
        candleTime - span + size,
        candleTime + 1,
      );
      if (candles.length >= count || span >= depth)
        return candles.length > count ? candles.slice(-count) : candles;
    }
  }

  // ------------------------------------------------------------------------------------------- submission

  /**
   * Submits pending decisions, `concurrency` accounts at a time, each account's in order (a close before the open
   * that replaces it). An account switched off meanwhile gets none. Journals each result.
   */
  async submit(pending: readonly PendingDecisions[]): Promise<SubmitReport> {
    const report: SubmitReport = { opened: 0, closed: 0, refused: 0, skipped: 0 };
    const lines: JournalLine[] = [];
    let next = 0;
    const flush = async (all: boolean) => {
      if (lines.length === 0 || (!all && lines.length < 200)) return;
      const batch = lines.splice(0);
      await this.ports
        .journal(batch)
        .catch((err: unknown) => this.ports.error?.(err, 'auto-trading: journal'));
    };
    const worker = async () => {
      for (let item = pending[next++]; item; item = pending[next++]) {
        this.inFlight.add(item.accountId);
        try {
          await this.submitOne(item, lines, report);
        } catch (err) {
          this.ports.error?.(err, `auto-trading: submitting for account ${item.accountId}`);
        } finally {
          this.inFlight.delete(item.accountId);
        }
        await flush(false);
        // a commit that answers at once (a fast database, the benchmark's stub) would chain the whole batch in
        // microtasks: yield every `sliceMs`, so ticks and clients' own commands get their turn between accounts
        await this.pace();
      }
    };
    await Promise.all(Array.from({ length: Math.min(this.concurrency, pending.length) }, worker));
    await flush(true);
    return report;
  }

  private async submitOne(item: PendingDecisions, lines: JournalLine[], report: SubmitReport): Promise<void> {
    const { trading } = this.ports;
    let closeRefused = false;
    for (const decision of item.decisions) {
      // switched off, stopped by a limit or by the broker's kill switch meanwhile, or an open whose close before it
      // was refused (both sides would be open, one more than the client's maximum): not submitted
      const entry = this.accounts.get(item.accountId);
      if (decision.kind === 'hold') {
        // a signal a limit held back, after the close the same signal made: said in the journal, nothing submitted
        if (entry && !this.ports.killed(entry.brandId) && isBlockedSignal(decision))
          lines.push(skippedLine(item.accountId, this.ports.now(), decision, item.dealing));
        continue;
      }
      if (!entry || this.ports.killed(entry.brandId) || (closeRefused && decision.kind === 'open')) {
        report.skipped += 1;
        continue;
      }
      const now = this.ports.now();
      const base = {
        userId: item.accountId,
        accountId: item.accountId,
        at: new Date(now),
        symbol: decision.symbol,
        indicators: decision.indicators,
        candleTime: new Date(decision.candleTime),
      };
      if (decision.kind === 'close') {
        const outcome = await trading.close({
          accountId: item.accountId,
          now,
          positionId: decision.positionId,
          // the close context keeps the reason as a Message in JSON: the web shows it in the reader's language
          auto: { reason: JSON.stringify(decision.reason) },
        });
        if (outcome.ok) {
          report.closed += 1;
          this.clearRefusal(item.accountId, item.symbol);
          const closed = outcome.events.find((e) => e.type === 'position.closed');
          const context = closed?.type === 'position.closed' ? closed.position.context : undefined;
          lines.push({
            ...base,
            action: 'close',
            direction: decision.direction,
            reason: decision.reason,
            quote: context?.quote ?? item.dealing,
            positionId: decision.positionId,
          });
        } else {
          closeRefused = true;
          if (this.noteRefusal(item.accountId, item.symbol, outcome)) {
            report.refused += 1;
            lines.push({
              ...base,
              action: 'refused',
              direction: decision.direction,
              reason: decision.reason,
              quote: item.dealing,
              positionId: decision.positionId,
              outcome: refusalMessage(outcome),
            });
          }
        }
      } else if (decision.kind === 'open') {
        const outcome = await trading.open({
          accountId: item.accountId,
          now,
          symbol: decision.symbol,
          direction: decision.direction,
          amount: decision.amount,
          leverage: decision.leverage,
          // the account's own dealing price: the engine executes at its price and only compares this one (requote)
          price: decision.direction === 'buy' ? item.dealing.buy : item.dealing.sell,
          stop_lost: decision.stopLoss,
          take_profit: decision.takeProfit,
          origin: 'auto',
        });
        const levels = { stopLoss: decision.stopLoss, takeProfit: decision.takeProfit };
        if (outcome.ok) {
          report.opened += 1;
          this.clearRefusal(item.accountId, item.symbol);
          const opened = outcome.events.find((e) => e.type === 'position.opened');
          lines.push({
            ...base,
            indicators: { ...decision.indicators, ...levels },
            action: 'open',
            direction: decision.direction,
            reason: decision.reason,
            quote: item.dealing,
            positionId: opened?.type === 'position.opened' ? opened.position.id : null,
          });
        } else if (this.noteRefusal(item.accountId, item.symbol, outcome)) {
          report.refused += 1;
          lines.push({
            ...base,
            indicators: { ...decision.indicators, ...levels },
            action: 'refused',
            direction: decision.direction,
            reason: decision.reason,
            quote: item.dealing,
            outcome: refusalMessage(outcome),
          });
        }
      }
    }
  }

  /** Whether a refusal is new for this account and symbol (journal it), remembering it. */
  private noteRefusal(
    accountId: number,
    symbol: string,
    outcome: Extract<CommandOutcome, { ok: false }>,
  ): boolean {
    const key = refusalKey(outcome);
    let bySymbol = this.refused.get(accountId);
    if (bySymbol?.get(symbol) === key) return false;
    if (!bySymbol) {
      bySymbol = new Map();
      this.refused.set(accountId, bySymbol);
    }
    bySymbol.set(symbol, key);
    return true;
  }

  private clearRefusal(accountId: number, symbol: string): void {
    const bySymbol = this.refused.get(accountId);
    bySymbol?.delete(symbol);
    if (bySymbol?.size === 0) this.refused.delete(accountId);
  }
}
