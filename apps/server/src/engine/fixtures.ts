/**
 * Test factories for the engine (no database): instruments, accounts, engines with an in-memory or a
 * hand-driven persistence port, and event helpers. Used by the engine's *.test.ts files only.
 */
import { Engine } from './engine.js';
import { NaiveEngine } from './naive-engine.js';
import type {
  AccountSnapshot,
  BookEvent,
  CommitBatch,
  EngineEvent,
  EngineInstrument,
  EngineOptions,
  EnginePersistence,
  EngineQuote,
  EngineSnapshot,
  PositionClosedEvent,
} from './types.js';

export const LEVERAGES = '1,3,5,10,15,20,30';

/** Catalogue: category 1 crypto, 2 forex, 4 commodities. */
export const INSTRUMENTS: readonly EngineInstrument[] = [
  { symbol: 'BTCUSD', name: 'Bitcoin', categoryId: 1, categoryName: 'crypto', leverage: LEVERAGES },
  { symbol: 'ETHUSD', name: 'Ethereum', categoryId: 1, categoryName: 'crypto', leverage: LEVERAGES },
  { symbol: 'EURUSD', name: 'Euro / US Dollar', categoryId: 2, categoryName: 'forex', leverage: LEVERAGES },
  {
    symbol: 'GBPUSD',
    name: 'British Pound / US Dollar',
    categoryId: 2,
    categoryName: 'forex',
    leverage: LEVERAGES,
  },
  { symbol: 'GOLD', name: 'Gold', categoryId: 4, categoryName: 'commodities', leverage: LEVERAGES },
];

export function buildAccount(overrides: Partial<AccountSnapshot> = {}): AccountSnapshot {
  return {
    id: 1,
    verified: true,
    assetsGroupPermission: [1, 2, 4],
    customLeverage: {},
    balance: 1_000,
    ...overrides,
  };
}

export function quote(symbol: string, bid: number, ask: number, ts: number): EngineQuote {
  return { symbol, bid, ask, ts };
}

/** Persistence that stores every batch synchronously (commit = already durable). */
export class MemoryPersistence implements EnginePersistence {
  readonly batches: CommitBatch[] = [];
  failNext = false;

  commit(batch: CommitBatch): void {
    if (this.failNext) {
      this.failNext = false;
      throw new Error('disk full');
    }
    this.batches.push(batch);
  }

  get events(): BookEvent[] {
    return this.batches.flatMap((b) => b.events);
  }
}

/** Persistence whose commits stay pending until the test resolves or fails them, in any order. */
export class ManualPersistence implements EnginePersistence {
  readonly pending: { batch: CommitBatch; resolve: () => void; reject: (e: Error) => void }[] = [];
  readonly committed: CommitBatch[] = [];

  commit(batch: CommitBatch): Promise<void> {
    return new Promise((resolve, reject) => {
      this.pending.push({
        batch,
        resolve: () => {
          this.committed.push(batch);
          resolve();
        },
        reject,
      });
    });
  }

  /** Settles the oldest pending commit; returns once the engine has reacted to it. */
  settleNext(outcome: 'ok' | 'fail' = 'ok'): Promise<CommitBatch> {
    return this.settleAt(0, outcome);
  }

  /** Settles the pending commit at `index` (commits of different accounts may finish in any order). */
  async settleAt(index: number, outcome: 'ok' | 'fail' = 'ok'): Promise<CommitBatch> {
    const [next] = this.pending.splice(index, 1);
    if (!next) throw new Error('no pending commit');
    if (outcome === 'ok') next.resolve();
    else next.reject(new Error('database unavailable'));
    await flush();
    return next.batch;
  }
}

/** Lets promise callbacks run. */
export async function flush(): Promise<void> {
  for (let i = 0; i < 5; i++) await Promise.resolve();
}

export interface TestEngine {
  engine: Engine;
  persistence: MemoryPersistence;
  /** Every event the engine published, in order. */
  events: EngineEvent[];
  closes(): PositionClosedEvent[];
}

/** An engine over the test catalogue with the given accounts and a synchronous in-memory persistence. */
export function buildEngine(
  accounts: readonly AccountSnapshot[] = [buildAccount()],
  options: Partial<EngineOptions> = {},
  snapshot: Partial<EngineSnapshot> = {},
): TestEngine {
  const persistence = new MemoryPersistence();
  const events: EngineEvent[] = [];
  const engine = Engine.restore(
    { accounts, positions: [], ...snapshot },
    {
      instruments: INSTRUMENTS,
      persistence,
      onEvents: (e) => events.push(...e),
      ...options,
    },
  );
  return { engine, persistence, events, closes: () => events.filter(isClose) };
}

export function buildNaive(
  accounts: readonly AccountSnapshot[],
  snapshot: Partial<EngineSnapshot> = {},
  events: EngineEvent[] = [],
): NaiveEngine {
  return NaiveEngine.restore(
    { accounts, positions: [], ...snapshot },
    { instruments: INSTRUMENTS, onEvents: (e) => events.push(...e) },
  );
}

export const isClose = (e: EngineEvent): e is PositionClosedEvent => e.type === 'position.closed';
