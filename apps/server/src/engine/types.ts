/**
 * Public contract of the trading engine (architecture §5): what goes in (quotes, commands, a snapshot), what
 * comes out (events), and the one port an adapter implements (persistence). No I/O here.
 */
import type {
  ClosingReason,
  Direction,
  FieldMessage,
  Message,
  Money,
  Numeric,
  Price,
  TriggerInput,
} from '@openbroker/domain';

/** A client account (users.id). */
export type AccountId = number;
/** A position (spec §3 Position id): from the persistence port's allocator (a database sequence), unique across processes. */
export type PositionId = number;
/** Milliseconds since the Unix epoch. The engine never reads a clock: every input carries its time. */
export type Millis = number;

/** A feed quote: bid is where the client sells, ask where they buy (architecture §5). */
export interface EngineQuote {
  symbol: string;
  bid: number;
  ask: number;
  ts: Millis;
}

/** An instrument of the catalogue with what trading needs of it (spec §3 Asset). */
export interface EngineInstrument {
  symbol: string;
  /** Display name, shown as the position's symbolName. */
  name: string;
  categoryId: number;
  categoryName: string;
  /** The category's leverage list as the spec shows it: '1,3,5,10,15,20,30'. */
  leverage: string;
  /** A quote older than this is stale and the instrument unavailable; defaults to `EngineOptions.staleAfterMs`. */
  staleAfterMs?: number;
}

/** The account fields trading depends on (spec §3 User, §6). */
export interface AccountSettings {
  id: AccountId;
  verified: boolean;
  /** Category ids the account may trade. */
  assetsGroupPermission: readonly number[];
  /** Category name → allowed 0-based leverage indexes; absent category: all allowed (decision 0003). */
  customLeverage: Readonly<Record<string, readonly number[]>> | string | null;
  /** Staff switched new trades off for this client (issue 13); open positions stay. Absent: enabled. */
  tradingEnabled?: boolean;
}

/** An account as the engine is started with: its settings and its booked balance. */
export interface AccountSnapshot extends AccountSettings {
  balance: Numeric;
}

/** An open position as stored. Levels are null when unset. */
export interface PositionRecord {
  id: PositionId;
  accountId: AccountId;
  symbol: string;
  direction: Direction;
  /** Margin put up, whole cents. */
  amount: Money;
  leverage: number;
  /** The dealing price it opened at (decision 0002). */
  openRate: Price;
  openedAt: Millis;
  stopLoss: Price | null;
  takeProfit: Price | null;
}

/**
 * How a position was closed: by its owner, by one of its levels, by the loss reaching its amount (the low-margin
 * rule a), or by the account stop-out (rule b). Several map to the same spec closingReason (3 Low Margin).
 */
export type CloseCause = 'manual' | 'stop_loss' | 'take_profit' | 'loss_termination' | 'stop_out';

/** A closed position as stored, with what its close booked. */
export interface ClosedPositionRecord extends PositionRecord {
  closedRate: Price;
  closedAt: Millis;
  reason: ClosingReason;
  cause: CloseCause;
  /** Realised profit or loss, booked to the balance (may exceed the balance: see shortfall). */
  profit: Money;
  /** The part of a loss the balance could not cover (negative balance protection), booked to the broker; ≥ 0. */
  shortfall: Money;
}

/** What the engine is rebuilt from on start (`Engine.restore`). */
export interface EngineSnapshot {
  accounts: readonly AccountSnapshot[];
  /** Open positions. */
  positions: readonly PositionRecord[];
  /** Recently closed positions, for the history list, oldest first in the order they were closed; optional. */
  history?: readonly ClosedPositionRecord[];
  /** Last known quotes, so equity and stop-out can be evaluated before the feed's first tick; optional. */
  quotes?: readonly EngineQuote[];
  /**
   * Next id the built-in counter allocates when the persistence port has no `positionIds` (tests, benchmark);
   * defaults to one more than the highest id in the snapshot.
   */
  nextPositionId?: PositionId;
}

// ---------------------------------------------------------------------------------------------- commands

interface CommandBase {
  accountId: AccountId;
  /** When the command was received; used for quote staleness and the position dates. */
  now: Millis;
  /** Echoed in the rejection event so an adapter can answer the right request. */
  requestId?: string;
}

/** openPosition {direction, amount, leverage, price, symbol} (spec §7), plus optional SL/TP (spec §5). */
export interface OpenCommand extends CommandBase {
  type: 'open';
  symbol: string;
  direction: Direction;
  amount: number | string;
  leverage: number | string;
  /** The price the client saw; only compared with the engine's own price (requote), never booked. */
  price: number;
  stop_lost?: TriggerInput;
  take_profit?: TriggerInput;
}

/** closePosition {id, price}: closes at the engine's current opposite price; `price` is informational. */
export interface CloseCommand extends CommandBase {
  type: 'close';
  positionId: PositionId;
  price?: number;
}

/** updatePosition {id, stop_lost, take_profit}: empty (null, '' or 0) removes a level. */
export interface UpdateCommand extends CommandBase {
  type: 'update';
  positionId: PositionId;
  stop_lost: TriggerInput;
  take_profit: TriggerInput;
}

/**
 * A ledger movement outside trading, with what causes it (architecture §6: no entry without a cause): a payment
 * transaction by its public reference ('TX-…'), or a staff action. `withdrawal` reserves a requested withdrawal;
 * `withdrawal_reversal` gives a rejected one back; `adjustment` is a staff correction.
 */
export type BalanceAdjustment =
  | { kind: 'deposit' | 'withdrawal' | 'withdrawal_reversal'; cause: { transaction: string } }
  | { kind: 'bonus' | 'credit'; cause: { transaction: string } | { staffAction: string } }
  | { kind: 'adjustment'; cause: { staffAction: string } };

export type BalanceAdjustmentKind = BalanceAdjustment['kind'];

/** A ledger movement outside trading (deposit, withdrawal, bonus, credit, staff adjustment), signed. */
export type AdjustBalanceCommand = CommandBase &
  BalanceAdjustment & {
    type: 'adjust';
    /** Positive credits the balance, negative debits it (Money: whole cents, made by the domain's helpers). */
    amount: Money;
    /** Stored by the persistence adapter in the same transaction as the balance change (a payment's status). */
    effect?: BalanceEffect;
  };

/**
 * What the persistence adapter stores atomically with a balance change, such as a payment transaction's
 * creation or decision. The engine only carries it from the command to the committed event; if storing it
 * fails, nothing of the command is stored or applied. The module that owns such a record declares its effect
 * type here by declaration merging (the way Fastify's decorators are typed), so the engine imports no module
 * while the adapter's handler is typed end to end:
 *
 *     declare module '../../engine/types.js' { interface BalanceEffects { payments: PaymentEffect } }
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled in by declaration merging (see above)
export interface BalanceEffects {}

/** One of the declared effects (never, while no module declares one). */
export type BalanceEffect = BalanceEffects[keyof BalanceEffects];

export type EngineCommand = OpenCommand | CloseCommand | UpdateCommand | AdjustBalanceCommand;
export type CommandType = EngineCommand['type'];

// ------------------------------------------------------------------------------------------------ events

interface EventBase {
  accountId: AccountId;
  at: Millis;
}

export interface PositionOpenedEvent extends EventBase {
  type: 'position.opened';
  position: PositionRecord;
}

export interface PositionClosedEvent extends EventBase {
  type: 'position.closed';
  position: ClosedPositionRecord;
}

export interface PositionUpdatedEvent extends EventBase {
  type: 'position.updated';
  positionId: PositionId;
  stopLoss: Price | null;
  takeProfit: Price | null;
}

/** Why a balance changed; a close books `profit` as realised P&L and `shortfall` as a broker-side adjustment. */
export type BalanceCause =
  | { kind: 'position'; positionId: PositionId; profit: Money; shortfall: Money }
  | (BalanceAdjustment & { effect?: BalanceEffect });

export interface BalanceChangedEvent extends EventBase {
  type: 'balance.changed';
  /** Balance after the change. */
  balance: Money;
  /** balance after − balance before. */
  change: Money;
  cause: BalanceCause;
}

/** A command the rules refused; nothing changed. `message` is the first of `errors` (or a form-level message). */
export interface CommandRejectedEvent extends EventBase {
  type: 'command.rejected';
  command: CommandType;
  requestId?: string;
  message: Message;
  errors: FieldMessage[];
}

/** Every event that changes a book; these are committed. */
export type BookEvent =
  | PositionOpenedEvent
  | PositionClosedEvent
  | PositionUpdatedEvent
  | BalanceChangedEvent;
export type EngineEvent = BookEvent | CommandRejectedEvent;

/** What a command comes back with: the committed events, or the rejection. */
export type CommandOutcome =
  | { ok: true; events: readonly BookEvent[] }
  | { ok: false; rejection: CommandRejectedEvent };

// ------------------------------------------------------------------------------------------------- ports

/** Events the engine decided together; the adapter stores them atomically (one database transaction). */
export interface CommitBatch {
  /** Increasing per engine instance, from 1. */
  seq: number;
  events: readonly BookEvent[];
}

/**
 * Hands out position ids on the hot path, synchronously. The database adapter reserves them from a sequence in
 * blocks and refills before they run out, so no two processes ever allocate the same id.
 */
export interface PositionIdAllocator {
  /** The next unused id, or undefined when none is reserved right now (the open is refused; nothing changes). */
  next(): PositionId | undefined;
}

/**
 * The persistence port the database adapter implements. `commit` stores a batch durably and atomically:
 * positions inserted/updated/closed and, for every balance.changed, one ledger entry (realised P&L, and an
 * adjustment for a shortfall) with the balance after it. Resolve only once durable; reject (or throw) if
 * nothing was stored. The engine applies a batch to its books only after `commit` succeeded, and
 * acknowledges a command only then. A synchronous (void) return means "already durable" — used by tests and
 * the benchmark, where everything then runs synchronously.
 */
export interface EnginePersistence {
  commit(batch: CommitBatch): void | Promise<void>;
  /** Where new position ids come from; without one the engine counts up from the snapshot (tests, benchmark). */
  readonly positionIds?: PositionIdAllocator;
}

/** Engine settings; all but the catalogue and the port have defaults. */
export interface EngineOptions {
  instruments: readonly EngineInstrument[];
  persistence: EnginePersistence;
  /** Receives every applied batch's events (after the commit) and every rejection, in order. */
  onEvents?: (events: readonly EngineEvent[]) => void;
  /** Told when a batch the engine decided on its own (a tick's closes) could not be committed. */
  onCommitError?: (error: unknown, batch: CommitBatch) => void;
  /** Relative drift between the client's and the engine's price that still executes; default 0.005 (0.5 %). */
  requoteTolerance?: number;
  /** Stop-out when equity ≤ level × margin in use; default STOP_OUT_LEVEL_DEFAULT (0.5). */
  stopOutLevel?: number;
  /** Default quote staleness limit of an instrument, in ms; default 30 000. */
  staleAfterMs?: number;
  /** Closed positions kept per account for the history list (the database holds them all); default 200. */
  historyLimit?: number;
}

/** A position shaped like spec §3 Position, with live profit for an open one. */
export interface PositionView {
  id: PositionId;
  symbol: string;
  symbolName: string;
  direction: Direction;
  amount: Money;
  leverage: number;
  open_rate: Price;
  /** ISO 8601, UTC. */
  open_date: string;
  closed_rate: Price | null;
  close_date: string | null;
  take_profit: Price | null;
  stop_lost: Price | null;
  /** Live profit of an open position (null before its instrument's first quote), realised profit of a closed one. */
  profit: Money | null;
  /** 1 when the position has a stop loss (decision 0006). */
  protected: 0 | 1;
  closingReason: ClosingReason | null;
}
