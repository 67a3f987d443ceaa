/**
 * Public contract of the trading engine (architecture §5): what goes in (quotes, commands, a snapshot), what
 * comes out (events), and the one port an adapter implements (persistence). No I/O here.
 */
import type {
  ClosingReason,
  ComplianceStatus,
  Direction,
  FieldMessage,
  InstrumentGroup,
  Message,
  Money,
  Numeric,
  OrderExpiry,
  OrderType,
  Price,
  QuoteTerms,
  TradingProfile,
  TransferAmounts,
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
  /** Cost group (markup, commission, swap); default from `categoryName` (unknown names: 'forex'). */
  group?: InstrumentGroup;
  /** Size of one pip in price units; default domain `pipSize(symbol, group, 5)`. */
  pipSize?: number;
  /** Smallest price step (10^−precision, domain `tickSizeOf`); brand quotes and levels are rounded to it. Absent: none. */
  tick?: number | null;
}

/** The account fields trading depends on (spec §3 User, §6). */
export interface AccountSettings {
  id: AccountId;
  verified: boolean;
  /** Category ids the account may trade. */
  assetsGroupPermission: readonly number[];
  /** Category name → allowed 0-based leverage indexes; absent category: all allowed (decision 0003). */
  customLeverage: Readonly<Record<string, readonly number[]>> | string | null;
  /** Staff switched new trades off for this client; open positions stay. Absent: enabled. */
  tradingEnabled?: boolean;
  /** Demo accounts hold virtual money; absent: live. */
  kind?: 'live' | 'demo';
  /** The client's compliance standing (domain complianceBlock decides what it stops); absent: clear. */
  compliance?: ComplianceStatus;
  /**
   * Key of the account's trading profile (its brand's costs, stop-out level and leverage caps), registered with
   * `EngineOptions.profiles` or `Engine.setProfile`; absent or unknown: DEFAULT_TRADING_PROFILE.
   */
  profile?: string;
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
  /**
   * Trailing stop distance in price units; null or absent: none. While set, `stopLoss` follows the
   * closing price at this distance, in the client's favour only.
   */
  trailingDistance?: Price | null;
  /** Commission charged at the open, whole cents ≥ 0 (absent: 0). */
  commission?: Money;
  /** Swaps charged so far, signed whole cents (negative: the client paid; absent: 0). */
  swap?: Money;
  /** The pending order this position was opened from; null or absent: opened directly. */
  orderId?: number | null;
  /** For the closed part of a partially closed position: the position it was split from; else null/absent. */
  partOf?: PositionId | null;
  /** Who opened it: the client, or the client's auto-trading strategy; absent: 'client'. */
  origin?: PositionOrigin;
}

/** Who opened a position: the client's own command, or the auto-trading strategy on the client's behalf. */
export type PositionOrigin = 'client' | 'auto';

/**
 * Why and at what a position was closed, for the client's explanation: the dealing quote at the close,
 * the level that fired (SL, TP or the loss-termination price), and for a stop-out the account's figures just
 * before it (equity, used margin, margin level in percent).
 */
export interface CloseContext {
  quote: { buy: Price; sell: Price };
  level?: Price;
  equity?: Money;
  usedMargin?: Money;
  marginLevel?: number;
  /** A close by the broker ('staff') or by the client's auto-trading strategy ('strategy'). */
  by?: 'staff' | 'strategy';
  /** The reason the client is told (staff's words, or the strategy's reason). */
  reason?: string;
}

/**
 * How a position was closed: by its owner, by one of its levels, by the loss reaching its amount (the low-margin
 * rule a), or by the account stop-out (rule b). Several map to the same spec closingReason (3 Low Margin).
 */
export type CloseCause =
  | 'manual'
  | 'stop_loss'
  | 'take_profit'
  | 'loss_termination'
  | 'stop_out'
  | 'broker'
  | 'ai_trade';

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
  /** What the close happened at (always set by the engine; absent or null on rows from before closes were explained). */
  context?: CloseContext | null;
}

/** A pending order's state: open until it fills, is cancelled by the client, expires, or is rejected on firing. */
export type OrderStatus = 'open' | 'filled' | 'cancelled' | 'expired' | 'rejected';

/**
 * A pending order: opens a position when the dealing price reaches `price` — buy limit: buy ≤ price;
 * buy stop: buy ≥ price; sell limit: sell ≥ price; sell stop: sell ≤ price (domain `orderTriggered`).
 */
export interface OrderRecord {
  /** From the same allocator as position ids. */
  id: number;
  accountId: AccountId;
  symbol: string;
  direction: Direction;
  orderType: OrderType;
  /** The trigger level (a dealing price). */
  price: Price;
  /** Margin of the position it opens, whole cents. */
  amount: Money;
  leverage: number;
  stopLoss: Price | null;
  takeProfit: Price | null;
  /** Trailing distance the position gets, price units; null: none. */
  trailingDistance: Price | null;
  expiry: OrderExpiry;
  /** When it expires (domain `expiryAt`); null: good till cancelled. */
  expiresAt: Millis | null;
  createdAt: Millis;
  status: OrderStatus;
  /** The position it opened (status filled). */
  positionId?: PositionId;
  /** Why it was rejected (status rejected). */
  message?: Message;
  /** When it left the open state. */
  closedAt?: Millis;
}

/** What the engine is rebuilt from on start (`Engine.restore`). */
export interface EngineSnapshot {
  accounts: readonly AccountSnapshot[];
  /** Open positions. */
  positions: readonly PositionRecord[];
  /** Recently closed positions, for the history list, oldest first in the order they were closed; optional. */
  history?: readonly ClosedPositionRecord[];
  /** Open pending orders; optional. */
  orders?: readonly OrderRecord[];
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
  /**
   * The client's id for this command (1..64 of [A-Za-z0-9_-]), unique per account: the batch that executes
   * it carries it (`CommitBatch.command`) and the adapter stores it in the same transaction, so a re-sent command is
   * never executed twice. Absent: no such guard (the engine's own work, staff commands, older clients).
   */
  commandId?: string;
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
  /** 'auto' when the client's auto-trading strategy opens it (same checks as the client's own open). */
  origin?: PositionOrigin;
}

/**
 * closePosition {id, price, amount?}: closes at the engine's current opposite price; `price` is informational.
 * With `amount` (EUR of margin, step 0.01) only that part is closed (domain `validatePartialClose`).
 */
export interface CloseCommand extends CommandBase {
  type: 'close';
  positionId: PositionId;
  price?: number;
  amount?: number | string;
  /**
   * A close by the broker's staff (full closes only): cause 'broker', closingReason 0 'Manually' (spec
   * §3 has no better value), the reason kept in the close context for the client's notice and history.
   */
  broker?: { reason: string };
  /**
   * A close decided by the client's auto-trading strategy (full closes only): cause 'ai_trade', closingReason
   * 4 'AI Trade', the strategy's reason kept in the close context.
   */
  auto?: { reason: string };
}

/** A trailing stop as the client sets it: a distance in pips (the instrument's pip size) or in price units. */
export interface TrailingInput {
  distance: number | string;
  unit: 'pips' | 'price';
}

/** updatePosition {id, stop_lost, take_profit}: empty (null, '' or 0) removes a level. */
export interface UpdateCommand extends CommandBase {
  type: 'update';
  positionId: PositionId;
  stop_lost: TriggerInput;
  take_profit: TriggerInput;
  /** Absent: the trailing stop stays as it is; null: removed; else set (the SL then follows the price). */
  trailing_stop?: TrailingInput | null;
}

/** placeOrder: a limit or stop order with optional SL/TP (relative to its level) and an expiry. */
export interface PlaceOrderCommand extends CommandBase {
  type: 'place_order';
  symbol: string;
  direction: Direction;
  orderType: OrderType;
  price: number | string;
  amount: number | string;
  leverage: number | string;
  stop_lost?: TriggerInput;
  take_profit?: TriggerInput;
  trailing?: TrailingInput | null;
  expiry: OrderExpiry;
}

/** updateOrder: a new level, SL/TP or expiry; absent fields stay as they are. */
export interface UpdateOrderCommand extends CommandBase {
  type: 'update_order';
  orderId: number;
  price?: number | string;
  stop_lost?: TriggerInput;
  take_profit?: TriggerInput;
  expiry?: OrderExpiry;
}

/** cancelOrder. */
export interface CancelOrderCommand extends CommandBase {
  type: 'cancel_order';
  orderId: number;
}

/**
 * A ledger movement outside trading, with what causes it (architecture §6: no entry without a cause): a payment
 * transaction by its public reference ('TX-…'), or a staff action. `withdrawal` reserves a requested withdrawal;
 * `withdrawal_reversal` gives a rejected one back; `adjustment` is a staff correction.
 */
export type BalanceAdjustment =
  | { kind: 'deposit' | 'withdrawal' | 'withdrawal_reversal'; cause: { transaction: string } }
  | { kind: 'bonus' | 'credit'; cause: { transaction: string } | { staffAction: string } }
  | { kind: 'adjustment'; cause: { transaction: string } | { staffAction: string } }
  // a transfer between two of a client's own accounts (account_transfers.id): its debit and its credit
  | { kind: 'transfer'; cause: { transfer: number } }
  // virtual money of a demo account: its opening funds and each reset (a unique reference per booking)
  | { kind: 'demo_funds'; cause: { demo: string } };

export type BalanceAdjustmentKind = BalanceAdjustment['kind'];

/** A ledger movement outside trading (deposit, withdrawal, bonus, credit, staff adjustment), signed. */
export type AdjustBalanceCommand = CommandBase &
  BalanceAdjustment & {
    type: 'adjust';
    /** Positive credits the balance, negative debits it (Money: whole cents, made by the domain's helpers). */
    amount: Money;
    /**
     * Instead of `amount`: the balance the account should have (a demo reset). The change is computed in the
     * account's queue from its committed balance, so two resets at once cannot both add the same difference; none
     * is booked when the balance is already there.
     */
    toBalance?: Money;
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

export type EngineCommand =
  | OpenCommand
  | CloseCommand
  | UpdateCommand
  | AdjustBalanceCommand
  | PlaceOrderCommand
  | UpdateOrderCommand
  | CancelOrderCommand;
export type CommandType = EngineCommand['type'];

// ------------------------------------------------------------------------------------------------ events

interface EventBase {
  accountId: AccountId;
  at: Millis;
}

/**
 * What a fill was dealt at, for the client's fill audit: the raw feed quote the engine held, the brand's quote terms
 * (markup, pip, tick) and the brand quote dealt at. Carried by opens and closes; the objects already exist on the
 * symbol's state, so this costs one small object per fill and nothing per tick.
 */
export interface FillQuote {
  bid: number;
  ask: number;
  /** The feed quote's time. */
  ts: Millis;
  terms: QuoteTerms;
  quote: { buy: Price; sell: Price };
}

export interface PositionOpenedEvent extends EventBase {
  type: 'position.opened';
  position: PositionRecord;
  fill?: FillQuote;
}

export interface PositionClosedEvent extends EventBase {
  type: 'position.closed';
  position: ClosedPositionRecord;
  fill?: FillQuote;
}

export interface PositionUpdatedEvent extends EventBase {
  type: 'position.updated';
  positionId: PositionId;
  stopLoss: Price | null;
  takeProfit: Price | null;
  /** Present when the update set (a distance) or removed (null) the trailing stop; absent: unchanged. */
  trailingDistance?: Price | null;
}

/** A partial close: the position's amount is now `amount`; the closed part is its own closed position. */
export interface PositionReducedEvent extends EventBase {
  type: 'position.reduced';
  positionId: PositionId;
  /** The remaining amount. */
  amount: Money;
  closedPart: ClosedPositionRecord;
  fill?: FillQuote;
}

/** A trailing stop moved the stop loss (committed coalesced: see decision 0017). */
export interface PositionTrailedEvent extends EventBase {
  type: 'position.trailed';
  positionId: PositionId;
  stopLoss: Price;
}

export interface OrderPlacedEvent extends EventBase {
  type: 'order.placed';
  order: OrderRecord;
}

export interface OrderUpdatedEvent extends EventBase {
  type: 'order.updated';
  order: OrderRecord;
}

export interface OrderCancelledEvent extends EventBase {
  type: 'order.cancelled';
  order: OrderRecord;
  reason: 'client' | 'expired';
}

export interface OrderFilledEvent extends EventBase {
  type: 'order.filled';
  order: OrderRecord;
  positionId: PositionId;
}

/** An order fired but could not open (account cannot carry it, not allowed any more); `message` says why. */
export interface OrderRejectedEvent extends EventBase {
  type: 'order.rejected';
  order: OrderRecord;
  message: Message;
}

/** Why a balance changed; a close books `profit` as realised P&L and `shortfall` as a broker-side adjustment. */
export type BalanceCause =
  | { kind: 'position'; positionId: PositionId; profit: Money; shortfall: Money }
  | { kind: 'commission'; positionId: PositionId }
  | { kind: 'swap'; positionId: PositionId; nights: number }
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
  | PositionReducedEvent
  | PositionTrailedEvent
  | OrderPlacedEvent
  | OrderUpdatedEvent
  | OrderCancelledEvent
  | OrderFilledEvent
  | OrderRejectedEvent
  | BalanceChangedEvent;
export type EngineEvent = BookEvent | CommandRejectedEvent;

/** What a command comes back with: the committed events, or the rejection. */
export type CommandOutcome =
  | { ok: true; events: readonly BookEvent[] }
  | { ok: false; rejection: CommandRejectedEvent };

/**
 * A transfer between two of a client's own accounts (Engine.transfer): `amount` debited from `accountId`, the credit
 * converted at the brand quote of `pair` (domain transferAmounts) that the source account deals at, both booked in
 * one batch while both accounts' queues wait.
 */
export interface TransferCommand {
  accountId: AccountId;
  toAccountId: AccountId;
  now: Millis;
  amount: Money;
  /** Bonus and credit money of the source that may not leave it (payments' withdrawal rule); absent: none. */
  heldBack?: Money;
  /** The pair to convert through (null: the same currency); `sellsBase`: the source is the pair's base. */
  pair: { pair: string; sellsBase: boolean } | null;
  fromCurrency: string;
  toCurrency: string;
  /** The transfer's id (reserved before), the ledger entries' cause. */
  transferId: number;
  /** What to store with the debit, made from the decided figures (the transfer's row). */
  effect?: (figures: TransferAmounts) => BalanceEffect;
  /** The caller's last check of the decided figures (the rate the client saw): a refusal books nothing. */
  accept?: (figures: TransferAmounts) => FieldMessage | null;
}

/** A transfer's figures as booked, or the refusal (nothing changed). */
export type TransferOutcome =
  | { ok: true; events: readonly BookEvent[]; figures: TransferAmounts }
  | { ok: false; error: FieldMessage };

// ------------------------------------------------------------------------------------------------- ports

/** Events the engine decided together; the adapter stores them atomically (one database transaction). */
export interface CommitBatch {
  /** Increasing per engine instance, from 1. */
  seq: number;
  events: readonly BookEvent[];
  /**
   * The client command this batch executes, when it carried a `commandId`. The adapter stores it with
   * the events, in the same transaction, and must fail the commit (nothing stored) if that account already has a
   * command with this id — so a command id is executed at most once, even when two copies race.
   */
  command?: { accountId: AccountId; commandId: string; type: CommandType };
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
  /** Trading profiles by key (`AccountSettings.profile`); more with `Engine.setProfile`. */
  profiles?: Readonly<Record<string, TradingProfile>>;
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
  /** Trailing stop distance (price units), null: none. */
  trailing_stop?: Price | null;
  commission?: Money;
  swap?: Money;
  part_of?: PositionId | null;
  closingCause?: CloseCause | null;
  close_context?: CloseContext | null;
  /** 'auto' when the auto-trading strategy opened it; absent: the client. */
  origin?: 'auto';
}

/** A pending order shaped like PositionView (snake_case), for the socket's `orders` push. */
export interface OrderView {
  id: number;
  symbol: string;
  symbolName: string;
  direction: Direction;
  type: OrderType;
  price: Price;
  amount: Money;
  leverage: number;
  stop_lost: Price | null;
  take_profit: Price | null;
  trailing_stop: Price | null;
  expiry: OrderExpiry;
  /** ISO 8601 or null (good till cancelled). */
  expires_at: string | null;
  created_at: string;
  status: OrderStatus;
  position_id: PositionId | null;
  message: Message | null;
  closed_at: string | null;
}

/**
 * An open position as the dealing desk sums it: its account (with the account's booked balance and
 * margin in use), the instrument's cost group, and its live profit at the latest quote (null before one).
 */
export interface DeskPosition {
  id: PositionId;
  accountId: AccountId;
  /** The account's trading profile key (`brand:<id>` for a brand's client); undefined: the default profile. */
  profile: string | undefined;
  symbol: string;
  group: InstrumentGroup;
  direction: Direction;
  amount: Money;
  leverage: number;
  profit: Money | null;
  balance: Money;
  margin: Money;
}
