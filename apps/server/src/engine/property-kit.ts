/**
 * Random trading sessions for the engine's property tests (test support only): a fast-check arbitrary of steps —
 * ticks on a random walk with gaps and pauses, opens, closes, updates and balance adjustments from several
 * accounts, valid or not — and a runner that feeds them to an engine and records what each step produced.
 */
import { buyPrice, type Direction, moneyFromCents, sellPrice } from '@openbroker/domain';
import fc from 'fast-check';
import { buildAccount } from './fixtures.js';
import type {
  AccountSnapshot,
  EngineCommand,
  EngineEvent,
  EngineQuote,
  EngineSnapshot,
  PositionId,
} from './types.js';

export const SYMBOLS = ['BTCUSD', 'EURUSD', 'GOLD'] as const;
const START_MIDS = [64_000, 1.08, 2_350];
const LEVERAGE_CHOICES = [1, 3, 5, 10, 15, 20, 30, 7];

export type Step =
  | { kind: 'tick'; symbol: number; move: number; spread: number; pause: boolean }
  | {
      kind: 'open';
      account: number;
      symbol: number;
      direction: Direction;
      /** A share of the account's free margin, or (above 1) a fixed amount that is invalid or too large. */
      amount: number;
      leverage: number;
      stopLoss: number | null;
      takeProfit: number | null;
      drift: number;
    }
  | { kind: 'close'; account: number; pick: number }
  | { kind: 'update'; account: number; pick: number; stopLoss: number | null; takeProfit: number | null }
  | { kind: 'adjust'; account: number; cents: number };

/** A uniform real in [min, max] (fc.double is uniform over representable doubles, i.e. mostly near 0). */
const uniform = (min: number, max: number) =>
  fc.integer({ min: 0, max: 1_000_000 }).map((n) => min + ((max - min) * n) / 1_000_000);

/** A level as a relative distance from the current valuation price: mostly near, sometimes far, unset or wrong. */
const distanceArb: fc.Arbitrary<number | null> = fc.oneof(
  { weight: 2, arbitrary: fc.constant(null) },
  { weight: 6, arbitrary: uniform(0.001, 0.05) },
  { weight: 2, arbitrary: uniform(0.05, 0.3) },
  { weight: 1, arbitrary: fc.constant(-0.01) },
);

/** A tick: a move of the symbol's mid (mostly small, sometimes a gap), a spread, and sometimes a 45 s pause first. */
const tickArbWith = (pauseOneIn: number) =>
  fc.record({
    kind: fc.constant('tick' as const),
    symbol: fc.integer({ min: 0, max: SYMBOLS.length - 1 }),
    move: fc.oneof(
      { weight: 8, arbitrary: uniform(-0.04, 0.04) },
      { weight: 1, arbitrary: uniform(-0.4, 0.4) },
    ),
    spread: uniform(0, 0.002),
    pause: fc.integer({ min: 1, max: pauseOneIn }).map((n) => n === 1),
  });

/** One step; `pauseOneIn`: one tick in that many comes after a pause that makes the other quotes stale. */
export const stepArbWith = (pauseOneIn: number): fc.Arbitrary<Step> =>
  fc.oneof(
    { weight: 6, arbitrary: tickArbWith(pauseOneIn) },
    {
      weight: 4,
      arbitrary: fc.record({
        kind: fc.constant('open' as const),
        account: fc.integer({ min: 1, max: 3 }),
        symbol: fc.integer({ min: 0, max: SYMBOLS.length - 1 }),
        direction: fc.constantFrom<Direction>('buy', 'sell'),
        amount: fc.oneof(
          { weight: 9, arbitrary: uniform(0.01, 0.6) },
          { weight: 1, arbitrary: fc.constantFrom(1.5, 1.005, 100_000) },
        ),
        leverage: fc.integer({ min: 0, max: LEVERAGE_CHOICES.length - 1 }),
        stopLoss: distanceArb,
        takeProfit: distanceArb,
        drift: fc.oneof(
          { weight: 9, arbitrary: uniform(-0.003, 0.003) },
          { weight: 1, arbitrary: fc.constantFrom(0.02, -0.5) },
        ),
      }),
    },
    {
      weight: 2,
      arbitrary: fc.record({
        kind: fc.constant('close' as const),
        account: fc.integer({ min: 1, max: 3 }),
        pick: fc.nat(),
      }),
    },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant('update' as const),
        account: fc.integer({ min: 1, max: 3 }),
        pick: fc.nat(),
        stopLoss: distanceArb,
        takeProfit: distanceArb,
      }),
    },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant('adjust' as const),
        account: fc.integer({ min: 1, max: 3 }),
        cents: fc.integer({ min: -60_000, max: 60_000 }).filter((c) => c !== 0),
      }),
    },
  );

export const stepArb = stepArbWith(16);
export const stepsArb = fc.array(stepArb, { minLength: 10, maxLength: 80, size: 'max' });
/** Sessions where quotes often go stale: positions that cannot be closed for a while. */
export const staleStepsArb = fc.array(stepArbWith(3), { minLength: 10, maxLength: 80, size: 'max' });

/** Three accounts: a full one, one limited by custom_leverage and permissions, and a thin one. */
export const accountsArb: fc.Arbitrary<AccountSnapshot[]> = fc
  .tuple(
    fc.integer({ min: 5_000, max: 300_000 }),
    fc.integer({ min: 5_000, max: 300_000 }),
    fc.integer({ min: 100, max: 40_000 }),
    fc.boolean(),
  )
  .map(([a, b, c, thirdVerified]) => [
    buildAccount({ id: 1, balance: a / 100 }),
    buildAccount({
      id: 2,
      balance: b / 100,
      assetsGroupPermission: [1, 2],
      customLeverage: { crypto: [0, 1, 2, 3] },
    }),
    buildAccount({ id: 3, balance: c / 100, verified: thirdVerified }),
  ]);

/** The starting snapshot: BTCUSD and EURUSD quoted at ts 0, GOLD not quoted until its first tick. */
export function startSnapshot(accounts: readonly AccountSnapshot[]): EngineSnapshot {
  return {
    accounts,
    positions: [],
    quotes: [0, 1].map((i) => quoteFor(i, START_MIDS[i] as number, 0.0004, 0)),
  };
}

function quoteFor(symbol: number, mid: number, spread: number, ts: number): EngineQuote {
  return { symbol: SYMBOLS[symbol] as string, bid: mid * (1 - spread / 2), ask: mid * (1 + spread / 2), ts };
}

/** What the runner needs of an engine: the indexed one (awaited or not) and the naive one alike. */
export interface Driven {
  onQuote(quote: EngineQuote): void;
  submit(command: EngineCommand): unknown;
}

export interface StepRecord {
  step: Step;
  /** The tick fed, or the command submitted (null when the step could not be formed). */
  input: EngineQuote | EngineCommand | null;
  now: number;
  events: EngineEvent[];
  /** `summarize()` right after the step, when the runner was given one. */
  summaries: unknown;
}

/** Turns steps into inputs against a market the runner keeps itself (prices, time, known position ids). */
export class SessionDriver {
  readonly mids = [...START_MIDS];
  readonly last: (EngineQuote | null)[] = [
    quoteFor(0, START_MIDS[0] as number, 0.0004, 0),
    quoteFor(1, START_MIDS[1] as number, 0.0004, 0),
    null,
  ];
  now = 0;
  readonly knownIds: PositionId[] = [];
  /** Free margin per account, followed from the events (to size opens). */
  private readonly balances = new Map<number, number>();
  private readonly margins = new Map<number, number>();

  constructor(accounts: readonly AccountSnapshot[] = []) {
    for (const a of accounts) {
      this.balances.set(a.id, Number(a.balance));
      this.margins.set(a.id, 0);
    }
  }

  /** An independent copy, to drive a second engine through the same continuation. */
  clone(): SessionDriver {
    const copy = new SessionDriver();
    copy.mids.splice(0, copy.mids.length, ...this.mids);
    copy.last.splice(0, copy.last.length, ...this.last);
    copy.now = this.now;
    copy.knownIds.push(...this.knownIds);
    for (const [k, v] of this.balances) copy.balances.set(k, v);
    for (const [k, v] of this.margins) copy.margins.set(k, v);
    return copy;
  }

  private amountFor(account: number, share: number): number {
    if (share > 1) return share === 1.5 ? 0.5 : share;
    const free = (this.balances.get(account) ?? 0) - (this.margins.get(account) ?? 0);
    return Math.max(1, Math.floor(free * share * 100) / 100);
  }

  /** The input a step makes now, advancing the clock and the walk. */
  input(step: Step): EngineQuote | EngineCommand | null {
    this.now += step.kind === 'tick' && step.pause ? 45_000 : 1_000;
    const now = this.now;
    switch (step.kind) {
      case 'tick': {
        this.mids[step.symbol] = (this.mids[step.symbol] as number) * Math.exp(step.move);
        const q = quoteFor(step.symbol, this.mids[step.symbol] as number, step.spread, now);
        this.last[step.symbol] = q;
        return q;
      }
      case 'open': {
        const q = this.last[step.symbol];
        const sign = step.direction === 'buy' ? 1 : -1;
        const valuation = q ? (step.direction === 'buy' ? sellPrice(q.bid) : buyPrice(q.ask)) : 1;
        const dealt = q ? (step.direction === 'buy' ? buyPrice(q.ask) : sellPrice(q.bid)) : 1;
        return {
          type: 'open',
          accountId: step.account,
          now,
          symbol: SYMBOLS[step.symbol] as string,
          direction: step.direction,
          amount: this.amountFor(step.account, step.amount),
          leverage: LEVERAGE_CHOICES[step.leverage] as number,
          price: dealt * (1 + step.drift),
          stop_lost: step.stopLoss === null ? null : round6(valuation * (1 - sign * step.stopLoss)),
          take_profit: step.takeProfit === null ? null : round6(valuation * (1 + sign * step.takeProfit)),
          requestId: `r${now}`,
        };
      }
      case 'close':
      case 'update': {
        if (this.knownIds.length === 0) return null;
        const positionId = this.knownIds[step.pick % this.knownIds.length] as PositionId;
        if (step.kind === 'close') return { type: 'close', accountId: step.account, now, positionId };
        // levels relative to the mid: either side, the engine decides
        const mid = this.mids[0] as number;
        const level = (d: number | null, s: number) => (d === null ? null : round6(mid * (1 + s * d)));
        return {
          type: 'update',
          accountId: step.account,
          now,
          positionId,
          stop_lost: level(step.stopLoss, -1),
          take_profit: level(step.takeProfit, 1),
        };
      }
      case 'adjust':
        return {
          type: 'adjust',
          accountId: step.account,
          now,
          amount: moneyFromCents(step.cents),
          kind: step.cents > 0 ? 'deposit' : 'withdrawal',
          cause: { transaction: `t${now}` },
        };
    }
  }

  /** Remembers position ids from events, so later closes and updates can name them. */
  observe(events: readonly EngineEvent[]): void {
    for (const e of events) {
      if (e.type === 'position.opened') {
        this.knownIds.push(e.position.id);
        this.margins.set(e.accountId, (this.margins.get(e.accountId) ?? 0) + e.position.amount);
      } else if (e.type === 'position.closed') {
        this.margins.set(e.accountId, (this.margins.get(e.accountId) ?? 0) - e.position.amount);
      } else if (e.type === 'balance.changed') {
        this.balances.set(e.accountId, e.balance);
      }
    }
  }
}

const round6 = (v: number) => Math.round(v * 1e6) / 1e6;

/**
 * Runs steps synchronously on an engine whose events arrive through `events` (a live array the engine's
 * onEvents appends to); returns one record per step. The indexed engine with a synchronous persistence port
 * publishes everything before `submit`/`onQuote` return, so no awaiting is needed.
 */
export function runSession(
  target: Driven,
  events: EngineEvent[],
  steps: readonly Step[],
  driver: SessionDriver,
  summarize: () => unknown = () => null,
): StepRecord[] {
  const records: StepRecord[] = [];
  for (const step of steps) {
    const input = driver.input(step);
    const before = events.length;
    if (input !== null) {
      if ('type' in input) target.submit(input);
      else target.onQuote(input);
    }
    const produced = events.slice(before);
    driver.observe(produced);
    records.push({ step, input, now: driver.now, events: produced, summaries: summarize() });
  }
  return records;
}
