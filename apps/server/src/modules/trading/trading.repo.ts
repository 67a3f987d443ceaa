import { accountTradeRights, type Money, moneyToDecimalString, parseMoney, price } from '@openbroker/domain';
import { and, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { PgInsertValue } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import {
  assetCategories,
  brands,
  clientCompliance,
  ledgerEntries,
  orders,
  positions,
  tradeCommands,
  tradingAccounts,
  users,
} from '../../db/schema.js';
import type {
  AccountSnapshot,
  BalanceChangedEvent,
  BookEvent,
  ClosedPositionRecord,
  CommitBatch,
  EnginePersistence,
  EngineSnapshot,
  FillQuote,
  PositionId,
  PositionRecord,
} from '../../engine/index.js';
import { EngineCommitError } from '../../engine/index.js';
import { brandProfileKey } from '../brands/brand-trading.js';
import { complianceStatusOf } from '../compliance/compliance-status.repo.js';
import { type BookedEntry, Ledger, type LedgerKind } from '../ledger/ledger.js';
import { LedgerRepo } from '../ledger/ledger.repo.js';
import type { Metrics } from '../metrics/metrics.js';
import {
  type PaymentEffectStore,
  STAFF_ACTION_OF_EFFECT,
  type StoredEffect,
} from '../payments/payment-effects.js';
import { isTransferEffect, type TransferEffectStore } from '../trading-accounts/transfer-effects.js';
import type {
  ChargeCause,
  CloseContext,
  ClosedPositionRecordX,
  OrderRecord,
  PositionRecordX,
  StoredEvent,
} from './engine-contract.js';
import { PositionIdReserve, type PositionIdReserveOptions } from './position-ids.js';

type PositionRow = typeof positions.$inferSelect;
type OrderRow = typeof orders.$inferSelect;

const toRate = (value: number) => String(value);
const rateOrNull = (value: string | null) => (value === null ? null : price(value));

/** The columns a trading account is loaded with: the account's own and its client's trading settings. */
const ACCOUNT_COLUMNS = {
  id: tradingAccounts.id,
  // the client's brand decides the account's trading profile (an account is always of its client's brand)
  brandId: users.brandId,
  balance: tradingAccounts.balance,
  kind: tradingAccounts.kind,
  verifiedAccount: users.verifiedAccount,
  assetsGroupPermission: users.assetsGroupPermission,
  // every category: what a demo account trades (domain accountTradeRights)
  everyCategory: sql<
    number[]
  >`coalesce((select jsonb_agg(${assetCategories.id} order by ${assetCategories.id}) from ${assetCategories}), '[]'::jsonb)`.mapWith(
    (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v) as number[],
  ),
  customLeverage: users.customLeverage,
  tradingEnabled: users.tradingEnabled,
  // the client's compliance standing (docs/compliance.md) and whether the brand requires the appropriateness test
  compliance: sql<Record<
    string,
    unknown
  > | null>`(select row_to_json(c) from ${clientCompliance} c where c.user_id = ${users.id})`.mapWith(
    (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v) as Record<string, unknown> | null,
  ),
  appropriatenessRequired:
    sql<boolean>`coalesce((select (b.settings #>> '{compliance,appropriatenessRequired}')::boolean from ${brands} b where b.id = ${users.brandId}), false)`.mapWith(
      (v: unknown) => v === true || v === 't' || v === 'true',
    ),
  // the brand's leverage cap for a client whose appropriateness outcome is warn (null: the preset's caps)
  appropriatenessWarnCap: sql<
    number | null
  >`(select (b.settings #>> '{compliance,appropriateness,warnLeverageCap}')::int from ${brands} b where b.id = ${users.brandId})`.mapWith(
    (v: unknown) => (v === null || v === undefined ? null : Number(v)),
  ),
};

/**
 * A trading account as the engine needs it (docs/accounts.md): its id and balance, and its client's settings
 * (verification, permissions, leverage, trading switch) — every account of a client trades under the same ones.
 */
function accountOf(row: {
  id: number;
  brandId: number;
  balance: string;
  kind: string;
  verifiedAccount: boolean;
  assetsGroupPermission: number[];
  everyCategory: number[];
  customLeverage: Record<string, number[]>;
  tradingEnabled: boolean;
  compliance: Record<string, unknown> | null;
  appropriatenessRequired: boolean;
  appropriatenessWarnCap: number | null;
}): AccountSnapshot {
  // A demo account (virtual money, no KYC) trades every category from the first visit; a live one by its client's
  // verification and permissions — the rule the terminal's ticket applies too (docs/accounts.md).
  const rights = accountTradeRights(
    row.kind === 'demo' ? 'demo' : 'live',
    { verified: row.verifiedAccount, permissions: row.assetsGroupPermission },
    row.everyCategory,
  );
  return {
    id: row.id,
    verified: rights.verified,
    assetsGroupPermission: rights.permissions,
    customLeverage: row.customLeverage,
    tradingEnabled: row.tradingEnabled,
    kind: row.kind === 'demo' ? 'demo' : 'live',
    compliance: complianceStatusOf(row.compliance, row.appropriatenessRequired, row.appropriatenessWarnCap),
    balance: parseMoney(row.balance),
    // the brand's costs, stop-out and margin-call levels (brands.tradingProfiles registers them)
    profile: brandProfileKey(row.brandId),
  };
}

/** The client who owns a trading account: written beside account_id on every row (reports group by client). */
const ownerOf = (accountId: number) =>
  sql<number>`(select ${tradingAccounts.userId} from ${tradingAccounts} where ${tradingAccounts.id} = ${accountId})`;

function openRecord(row: PositionRow): PositionRecord {
  const record: PositionRecordX = {
    id: row.id,
    accountId: row.accountId,
    symbol: row.symbol,
    direction: row.direction,
    amount: parseMoney(row.amount),
    leverage: row.leverage,
    openRate: price(row.openRate),
    openedAt: row.openedAt.getTime(),
    stopLoss: rateOrNull(row.stopLoss),
    takeProfit: rateOrNull(row.takeProfit),
    trailingDistance: rateOrNull(row.trailingDistance),
    commission: parseMoney(row.commission),
    swap: parseMoney(row.swap),
    orderId: row.orderId,
    partOf: row.partOf,
    ...(row.origin === 'auto' ? { origin: 'auto' as const } : {}),
  };
  return record;
}

function closedRecord(row: PositionRow): ClosedPositionRecord {
  const record: ClosedPositionRecordX = {
    ...openRecord(row),
    context: (row.closeContext as CloseContext | null) ?? null,
    closedRate: price(row.closedRate ?? '0'),
    closedAt: row.closedAt?.getTime() ?? 0,
    reason: (row.closingReason ?? 0) as ClosedPositionRecord['reason'],
    cause: (row.closeCause ?? 'manual') as ClosedPositionRecord['cause'],
    profit: parseMoney(row.profit ?? '0.00'),
    shortfall: parseMoney(row.shortfall ?? '0.00'),
  };
  return record;
}

/** A pending order as the engine is restored with it. */
export function orderRecord(row: OrderRow): OrderRecord {
  return {
    id: row.id,
    accountId: row.accountId,
    symbol: row.symbol,
    direction: row.direction,
    orderType: row.orderType,
    price: price(row.price),
    amount: parseMoney(row.amount),
    leverage: row.leverage,
    stopLoss: rateOrNull(row.stopLoss),
    takeProfit: rateOrNull(row.takeProfit),
    trailingDistance: rateOrNull(row.trailingDistance),
    expiry: row.expiry as OrderRecord['expiry'],
    expiresAt: row.expiresAt?.getTime() ?? null,
    createdAt: row.createdAt.getTime(),
    status: row.status as OrderRecord['status'],
    ...(row.positionId === null ? {} : { positionId: row.positionId }),
    ...(row.message === null
      ? {}
      : { message: row.message as unknown as NonNullable<OrderRecord['message']> }),
    ...(row.closedAt === null ? {} : { closedAt: row.closedAt.getTime() }),
  };
}

const rateText = (value: number | null | undefined) => (value == null ? null : toRate(value));

/** The row of an order in any state (inserted when placed, overwritten as it changes). */
function orderValues(o: OrderRecord, at: number): Omit<typeof orders.$inferInsert, 'userId'> {
  return {
    id: o.id,
    accountId: o.accountId,
    symbol: o.symbol,
    direction: o.direction,
    orderType: o.orderType,
    price: toRate(o.price),
    amount: moneyToDecimalString(o.amount),
    leverage: o.leverage,
    stopLoss: rateText(o.stopLoss),
    takeProfit: rateText(o.takeProfit),
    trailingDistance: rateText(o.trailingDistance),
    expiry: o.expiry as Record<string, unknown>,
    expiresAt: o.expiresAt == null ? null : new Date(o.expiresAt),
    status: o.status,
    positionId: o.positionId ?? null,
    message: (o.message as Record<string, unknown> | undefined) ?? null,
    createdAt: new Date(o.createdAt),
    closedAt: o.status === 'open' ? null : new Date(o.closedAt ?? at),
  };
}

/** The columns of a closed position (a full close, or the closed part of a partial one). */
function closeValues(p: ClosedPositionRecordX) {
  return {
    closedRate: toRate(p.closedRate),
    closedAt: new Date(p.closedAt),
    closingReason: p.reason,
    closeCause: p.cause,
    profit: moneyToDecimalString(p.profit),
    shortfall: moneyToDecimalString(p.shortfall),
    closeContext: (p.context as Record<string, unknown> | null | undefined) ?? null,
  };
}

/** The UTC day of a rollover: a night's swap is booked once per position and day. */
const rolloverDay = (at: number) => new Date(at).toISOString().slice(0, 10);

/** Thrown inside a commit when the database disagrees with the engine: the transaction rolls back. */
export class LedgerMismatchError extends Error {
  override name = 'LedgerMismatchError';
}

/**
 * A client command whose id its account already used: its batch was not stored (the transaction rolled
 * back), and the engine refuses the command with an EngineCommitError wrapping this (`isDuplicateCommand`).
 */
export class DuplicateCommandError extends Error {
  override name = 'DuplicateCommandError';
  constructor(
    readonly accountId: number,
    readonly commandId: string,
  ) {
    super(`account ${accountId}: command ${commandId} was executed already`);
  }
}

/** What a client command executed under its id is answered from (table trade_commands). */
export interface StoredCommand {
  /** The engine command type: open, close, update, adjust, place_order, update_order, cancel_order. */
  type: string;
  /** The position it concerned (the first position event of its batch), if any. */
  positionId: number | null;
  /** The order it concerned (the first order event of its batch), if any. */
  orderId: number | null;
}

/** The PRIMARY KEY of trade_commands (drizzle-kit's name), as a unique violation on either driver names it. */
const TRADE_COMMANDS_KEY = 'trade_commands_account_id_command_id_pk';

/**
 * Whether a command failed because its command id was executed already: an EngineCommitError (what
 * `Engine.submit` rejects with) wrapping a DuplicateCommandError, or — from any other path — the unique violation
 * (SQLSTATE 23505) of trade_commands' key itself, as PostgreSQL (node-postgres) and PGlite both report it. Looks
 * through `reason` and `cause` chains (drizzle wraps a driver error in its own with `cause`).
 */
export function isDuplicateCommand(error: unknown): boolean {
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current !== null && typeof current === 'object' && !seen.has(current)) {
    seen.add(current);
    if (current instanceof DuplicateCommandError) return true;
    const e = current as { code?: unknown; constraint?: unknown; reason?: unknown; cause?: unknown };
    if (e.code === '23505' && e.constraint === TRADE_COMMANDS_KEY) return true;
    current = current instanceof EngineCommitError ? current.reason : (e.cause ?? e.reason);
  }
  return false;
}

/** The position and the order a batch concerned: its first position event's and first order event's (as the socket answers). */
function commandTarget(events: readonly BookEvent[]): { positionId: number | null; orderId: number | null } {
  let positionId: number | null = null;
  let orderId: number | null = null;
  for (const event of events) {
    if (positionId === null) {
      if (
        event.type === 'position.updated' ||
        event.type === 'position.reduced' ||
        event.type === 'position.trailed'
      )
        positionId = event.positionId;
      else if (event.type === 'position.opened' || event.type === 'position.closed')
        positionId = event.position.id;
    }
    if (orderId === null && event.type.startsWith('order.') && 'order' in event) orderId = event.order.id;
    if (positionId !== null && orderId !== null) break;
  }
  return { positionId, orderId };
}

/** A fill (an open or a close of a position) as the trading commit hands it to the fill audit. */
export interface FillRecord {
  accountId: number;
  positionId: PositionId;
  kind: 'open' | 'close';
  symbol: string;
  direction: 'buy' | 'sell';
  /** 'client', 'auto' or 'order' for an open; the close's cause (manual, stop_loss, …) for a close. */
  cause: string;
  /** A partial close's part: the position it was split from. */
  partOf: PositionId | null;
  at: number;
  price: number;
  fill: FillQuote;
}

/** Stores fills in the trade's own transaction (the fill audit's repo). */
export interface FillRecordStore {
  recordFills(tx: Db, fills: readonly FillRecord[]): Promise<void>;
}

/** The fills of a batch's events that carry what they were dealt at. */
export function fillsOf(events: readonly BookEvent[]): FillRecord[] {
  const fills: FillRecord[] = [];
  for (const event of events) {
    if (event.type === 'position.opened' && event.fill) {
      const p = event.position;
      fills.push({
        accountId: p.accountId,
        positionId: p.id,
        kind: 'open',
        symbol: p.symbol,
        direction: p.direction,
        cause: p.orderId ? 'order' : (p.origin ?? 'client'),
        partOf: null,
        at: p.openedAt,
        price: p.openRate,
        fill: event.fill,
      });
    } else if ((event.type === 'position.closed' || event.type === 'position.reduced') && event.fill) {
      const p = event.type === 'position.closed' ? event.position : event.closedPart;
      fills.push({
        accountId: p.accountId,
        positionId: p.id,
        kind: 'close',
        symbol: p.symbol,
        direction: p.direction,
        cause: p.cause,
        partOf: event.type === 'position.reduced' ? event.positionId : null,
        at: p.closedAt,
        price: p.closedRate,
        fill: event.fill,
      });
    }
  }
  return fills;
}

export interface TradingRepoOptions {
  /** Stores each fill's audit context with the trade (the fill audit's repo). */
  fills?: FillRecordStore;
  /** Stores the payment effects balance adjustments carry (the payments module's repo). */
  paymentEffects?: PaymentEffectStore;
  /** Stores a transfer's row and audit row with its debit (the trading accounts module's repo). */
  transferEffects?: TransferEffectStore;
  ledger?: Ledger;
  /** How position ids are reserved from the database (block size, background refill errors). */
  positionIds?: PositionIdReserveOptions;
  /** Counts committed ledger entries by kind (GET /metrics). */
  metrics?: Pick<Metrics, 'ledgerBookings'>;
}

/**
 * The trading engine's persistence port (architecture §5, §6): each batch of events is stored in
 * one database transaction — positions opened, updated and closed, and for every balance change its
 * ledger entries booked through the ledger module (with a payment's effect, if it carries one). The
 * engine applies a batch and acknowledges its command only after this resolves. Position ids come
 * from the database's sequence, reserved in blocks (`positionIds`).
 */
export class TradingRepo implements EnginePersistence {
  readonly positionIds: PositionIdReserve;
  private readonly ledger: Ledger;
  private readonly paymentEffects: PaymentEffectStore | undefined;
  private readonly transferEffects: TransferEffectStore | undefined;
  private readonly fills: FillRecordStore | undefined;
  private readonly metrics: Pick<Metrics, 'ledgerBookings'> | undefined;

  constructor(
    private readonly db: Db,
    options: TradingRepoOptions = {},
  ) {
    this.ledger = options.ledger ?? new Ledger();
    this.paymentEffects = options.paymentEffects;
    this.transferEffects = options.transferEffects;
    this.fills = options.fills;
    this.metrics = options.metrics;
    this.positionIds = new PositionIdReserve((count) => this.reservePositionIds(count), options.positionIds);
  }

  /** `count` fresh ids from the positions' sequence (never handed out twice, by any process). */
  async reservePositionIds(count: number): Promise<PositionId[]> {
    const result = await this.db.execute(
      sql`select nextval('positions_id_seq')::int as id from generate_series(1, ${count})`,
    );
    return (rowsOf(result) as { id: number | string }[]).map((r) => Number(r.id));
  }

  async commit(batch: CommitBatch): Promise<void> {
    const booked: LedgerKind[] = [];
    // one statement per table per command: an open's commission is written with the position's row
    const charged = new Map<PositionId, string>();
    const opened = new Set<PositionId>();
    for (const event of batch.events) {
      if (event.type === 'position.opened') opened.add(event.position.id);
      else if (event.type === 'balance.changed') {
        const cause = event.cause as ChargeCause | { kind: string };
        if (cause.kind === 'commission' && 'positionId' in cause && opened.has(cause.positionId))
          charged.set(cause.positionId, moneyToDecimalString(-event.change as Money));
      }
    }
    const { command } = batch;
    const fills = this.fills ? fillsOf(batch.events) : [];
    await this.db.transaction(async (tx) => {
      if (command) {
        // first, so a second copy of the command waits here for the first's transaction and then, once it
        // committed, finds the key taken — and stores nothing (the whole transaction rolls back)
        const stored = await tx
          .insert(tradeCommands)
          .values({
            accountId: command.accountId,
            commandId: command.commandId,
            type: command.type,
            ...commandTarget(batch.events),
          })
          .onConflictDoNothing()
          .returning({ accountId: tradeCommands.accountId });
        if (stored.length !== 1) throw new DuplicateCommandError(command.accountId, command.commandId);
      }
      for (const event of batch.events) await this.store(tx as unknown as Db, event, booked, charged);
      // what each fill was dealt at commits with it, or neither does
      if (fills.length > 0) await this.fills?.recordFills(tx as unknown as Db, fills);
    });
    // Counted once committed: an entry rolled back with its transaction was never booked.
    for (const kind of booked) this.metrics?.ledgerBookings.inc({ kind });
  }

  private async store(
    tx: Db,
    bookEvent: BookEvent,
    booked: LedgerKind[],
    charged: ReadonlyMap<PositionId, string>,
  ): Promise<void> {
    const event = bookEvent as StoredEvent;
    switch (event.type) {
      case 'order.placed':
        await tx
          .insert(orders)
          .values({ ...orderValues(event.order, event.at), userId: ownerOf(event.order.accountId) });
        return;
      case 'order.updated':
      case 'order.cancelled':
      case 'order.filled':
      case 'order.rejected': {
        const order: OrderRecord = {
          ...event.order,
          ...(event.type === 'order.filled' ? { positionId: event.positionId } : {}),
          ...(event.type === 'order.rejected' ? { message: event.message } : {}),
        };
        const {
          id: _id,
          createdAt: _created,
          accountId: _account,
          ...changes
        } = orderValues(order, event.at);
        const updated = await tx
          .update(orders)
          .set(changes)
          .where(and(eq(orders.id, order.id), eq(orders.status, 'open')))
          .returning({ id: orders.id });
        // only an open order changes: a second fill or cancel aborts the transaction
        if (updated.length !== 1) throw new LedgerMismatchError(`order ${order.id} is not open`);
        return;
      }
      case 'position.reduced': {
        const part = event.closedPart;
        // the original keeps its id and loses the closed part's margin; the part is a closed position of its own
        const reduced = await tx
          .update(positions)
          .set({ amount: moneyToDecimalString(event.amount) })
          .where(and(eq(positions.id, event.positionId), isNull(positions.closedAt)))
          .returning({ amount: positions.amount });
        if (reduced.length !== 1) throw new LedgerMismatchError(`position ${event.positionId} is not open`);
        await tx.insert(positions).values({
          ...this.openValues(part),
          partOf: part.partOf ?? event.positionId,
          ...closeValues(part),
        });
        return;
      }
      case 'position.trailed':
        await tx
          .update(positions)
          .set({ stopLoss: toRate(event.stopLoss) })
          .where(and(eq(positions.id, event.positionId), isNull(positions.closedAt)));
        return;
      case 'position.opened': {
        const p = event.position as PositionRecordX;
        await tx.insert(positions).values({
          id: p.id,
          userId: ownerOf(p.accountId),
          accountId: p.accountId,
          symbol: p.symbol,
          direction: p.direction,
          amount: moneyToDecimalString(p.amount),
          leverage: p.leverage,
          openRate: toRate(p.openRate),
          openedAt: new Date(p.openedAt),
          stopLoss: p.stopLoss === null ? null : toRate(p.stopLoss),
          takeProfit: p.takeProfit === null ? null : toRate(p.takeProfit),
          trailingDistance: rateText(p.trailingDistance),
          orderId: p.orderId ?? null,
          partOf: p.partOf ?? null,
          origin: p.origin ?? 'client',
          // commission and swap start at 0 and follow their ledger entries (storeBalanceChange); the commission
          // booked in this very batch is written here at once (its entry follows in the same transaction)
          ...(charged.has(p.id) ? { commission: charged.get(p.id) } : {}),
        });
        return;
      }
      case 'position.updated': {
        const trailing = event.trailingDistance;
        await tx
          .update(positions)
          .set({
            stopLoss: event.stopLoss === null ? null : toRate(event.stopLoss),
            takeProfit: event.takeProfit === null ? null : toRate(event.takeProfit),
            ...(trailing === undefined ? {} : { trailingDistance: rateText(trailing) }),
          })
          .where(and(eq(positions.id, event.positionId), isNull(positions.closedAt)));
        return;
      }
      case 'position.closed': {
        const p = event.position;
        const closed = await tx
          .update(positions)
          .set(closeValues(p as ClosedPositionRecordX))
          // A position closes once: a second close matches no row and aborts the transaction.
          .where(and(eq(positions.id, p.id), isNull(positions.closedAt)))
          .returning({ id: positions.id });
        if (closed.length !== 1) throw new LedgerMismatchError(`position ${p.id} is not open`);
        return;
      }
      case 'balance.changed':
        for (const entry of await this.storeBalanceChange(tx, event, charged)) booked.push(entry.kind);
        return;
    }
  }

  /** The opening columns of a position record. */
  private openValues(p: PositionRecordX): PgInsertValue<typeof positions> {
    return {
      id: p.id,
      userId: ownerOf(p.accountId),
      accountId: p.accountId,
      symbol: p.symbol,
      direction: p.direction,
      amount: moneyToDecimalString(p.amount),
      leverage: p.leverage,
      openRate: toRate(p.openRate),
      openedAt: new Date(p.openedAt),
      stopLoss: rateText(p.stopLoss),
      takeProfit: rateText(p.takeProfit),
      trailingDistance: rateText(p.trailingDistance),
      orderId: p.orderId ?? null,
      origin: p.origin ?? 'client',
    };
  }

  /**
   * Books a commission or a night's swap on its position and keeps the position's running total in
   * step with its entries (ledger:verify compares them).
   */
  private async bookCharge(
    tx: Db,
    event: BalanceChangedEvent,
    cause: ChargeCause,
    /** The position's row was inserted with this commission already (same batch). */
    written = false,
  ): Promise<BookedEntry> {
    const { accountId } = event;
    const booked =
      cause.kind === 'commission'
        ? await this.ledger.book(tx, {
            accountId,
            kind: 'commission',
            amount: event.change,
            cause: { positionId: cause.positionId },
          })
        : await this.ledger.book(tx, {
            accountId,
            kind: 'swap',
            amount: event.change,
            cause: { positionId: cause.positionId, day: rolloverDay(event.at) },
          });
    if (written) return booked;
    const amount = moneyToDecimalString(event.change);
    const charged = await tx
      .update(positions)
      .set(
        cause.kind === 'commission'
          ? { commission: sql`${positions.commission} - ${amount}::numeric` }
          : { swap: sql`${positions.swap} + ${amount}::numeric` },
      )
      .where(and(eq(positions.id, cause.positionId), eq(positions.accountId, accountId)))
      .returning({ id: positions.id });
    if (charged.length !== 1)
      throw new LedgerMismatchError(
        `account ${accountId}: a ${cause.kind} for unknown position ${cause.positionId}`,
      );
    return booked;
  }

  /**
   * Books a balance change through the ledger and checks the database agrees with the engine's
   * balance; returns the entries booked.
   */
  private async storeBalanceChange(
    tx: Db,
    event: BalanceChangedEvent,
    charged: ReadonlyMap<PositionId, string> = new Map(),
  ): Promise<BookedEntry[]> {
    const { accountId } = event;
    const { cause } = event;
    const entries: BookedEntry[] = [];
    let booked: BookedEntry;
    if (cause.kind === 'commission' || cause.kind === 'swap') {
      booked = await this.bookCharge(tx, event, cause, charged.has(cause.positionId));
      entries.push(booked);
    } else if (cause.kind === 'position') {
      const position = { positionId: cause.positionId };
      // negative balance protection (architecture §5): the broker books the shortfall back, audited in the ledger;
      // both entries in one statement
      const closeEntries = await this.ledger.bookAll(tx, [
        { accountId, kind: 'realised_pnl', amount: cause.profit, cause: position },
        ...(cause.shortfall > 0
          ? [
              {
                accountId,
                kind: 'negative_balance_protection' as const,
                amount: cause.shortfall,
                cause: position,
              },
            ]
          : []),
      ]);
      entries.push(...closeEntries);
      booked = closeEntries[closeEntries.length - 1] as BookedEntry;
    } else {
      const { effect, ...adjustment } = cause;
      // The effect first (same transaction): a staff action's audit row id is the entry's cause.
      let stored: StoredEffect = {};
      if (effect && isTransferEffect(effect)) {
        // a transfer's row and audit row, with its debit (modules/trading-accounts)
        if (!this.transferEffects) throw new LedgerMismatchError(`no store for the effect "${effect.type}"`);
        await this.transferEffects.storeTransfer(tx, effect);
      } else if (effect) {
        if (!this.paymentEffects) throw new LedgerMismatchError(`no store for the effect "${effect.type}"`);
        stored = await this.paymentEffects.storeEffect(tx, effect);
      }
      if ('staffAction' in adjustment.cause && adjustment.cause.staffAction === STAFF_ACTION_OF_EFFECT) {
        if (stored.auditId === undefined)
          throw new LedgerMismatchError(`account ${accountId}: a staff action booked without its audit row`);
        adjustment.cause = { staffAction: String(stored.auditId) };
      }
      booked = await this.ledger.book(tx, { accountId, amount: event.change, ...adjustment });
      entries.push(booked);
      if (event.change < 0 && !(await this.coversOpenMargin(tx, accountId))) {
        // architecture §6: a debit (a withdrawal's reservation) is re-checked against the free margin
        // inside the transaction that books it, so no race can overdraw the account.
        throw new LedgerMismatchError(
          `account ${accountId}: a debit of ${moneyToDecimalString(event.change)} exceeds the free margin`,
        );
      }
    }
    if (booked.balanceAfter !== event.balance) {
      throw new LedgerMismatchError(
        `account ${accountId}: engine balance ${moneyToDecimalString(event.balance)} but ledger gives ${moneyToDecimalString(booked.balanceAfter)}`,
      );
    }
    return entries;
  }

  /** Whether the booked balance still covers the margin of the account's open positions (exact, in SQL). */
  private async coversOpenMargin(tx: Db, accountId: number): Promise<boolean> {
    const result = await tx.execute(sql`
      select a.balance >= coalesce(
        (select sum(p.amount) from positions p where p.account_id = a.id and p.closed_at is null), 0) as covered
      from trading_accounts a where a.id = ${accountId}`);
    const [row] = rowsOf(result) as { covered: boolean }[];
    return row?.covered === true;
  }

  /**
   * What the engine is rebuilt from on start: every account and the OPEN positions only. Closed
   * positions stay in the database; an account's history is read on demand (`history`).
   */
  /**
   * The engine's book as the database holds it: every account with its open positions and pending orders, or with
   * `shard` only the accounts of that engine shard (`id % shards = shard`).
   */
  async loadSnapshot(shard?: { shard: number; shards: number }): Promise<EngineSnapshot> {
    // shards by trading account id: an account's positions and orders live on its account's shard
    const inShard = (
      column: typeof tradingAccounts.id | typeof positions.accountId | typeof orders.accountId,
    ) => (shard ? sql`${column} % ${shard.shards} = ${shard.shard}` : undefined);
    const accountRows = await this.db
      .select(ACCOUNT_COLUMNS)
      .from(tradingAccounts)
      .innerJoin(users, eq(users.id, tradingAccounts.userId))
      .where(inShard(tradingAccounts.id));
    const openRows = await this.db
      .select()
      .from(positions)
      .where(and(isNull(positions.closedAt), inShard(positions.accountId)));
    const orderRows = await this.db
      .select()
      .from(orders)
      .where(and(eq(orders.status, 'open'), inShard(orders.accountId)));
    const snapshot: EngineSnapshot = {
      accounts: accountRows.map(accountOf),
      positions: openRows.map(openRecord),
      // pending orders are restored with the book
      orders: orderRows.map(orderRecord),
    };
    return snapshot;
  }

  /** An account's orders, open first then the latest others, newest first (the Orders tab; read on demand). */
  async orders(accountId: number, limit: number): Promise<OrderRecord[]> {
    const rows = await this.db
      .select()
      .from(orders)
      .where(eq(orders.accountId, accountId))
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(limit);
    return rows.map(orderRecord);
  }

  /**
   * An account's trading charges: commission and swap entries with their position, newest first.
   */
  async charges(
    accountId: number,
    limit: number,
  ): Promise<
    {
      id: number;
      kind: string;
      amount: string;
      balanceAfter: string;
      positionId: number | null;
      symbol: string | null;
      at: Date;
    }[]
  > {
    return this.db
      .select({
        id: ledgerEntries.id,
        kind: ledgerEntries.kind,
        amount: ledgerEntries.amount,
        balanceAfter: ledgerEntries.balanceAfter,
        positionId: ledgerEntries.positionId,
        symbol: positions.symbol,
        at: ledgerEntries.createdAt,
      })
      .from(ledgerEntries)
      .leftJoin(positions, eq(positions.id, ledgerEntries.positionId))
      .where(and(eq(ledgerEntries.accountId, accountId), inArray(ledgerEntries.kind, ['commission', 'swap'])))
      .orderBy(desc(ledgerEntries.id))
      .limit(limit);
  }

  /** The command an account executed under this id, or undefined when it executed none. */
  async storedCommand(accountId: number, commandId: string): Promise<StoredCommand | undefined> {
    const [row] = await this.db
      .select({
        type: tradeCommands.type,
        positionId: tradeCommands.positionId,
        orderId: tradeCommands.orderId,
      })
      .from(tradeCommands)
      .where(and(eq(tradeCommands.accountId, accountId), eq(tradeCommands.commandId, commandId)));
    return row;
  }

  /** One trading account as the engine loads it (an account opened after the engine started: `ensure`). */
  async loadAccount(accountId: number): Promise<AccountSnapshot | undefined> {
    const [row] = await this.db
      .select(ACCOUNT_COLUMNS)
      .from(tradingAccounts)
      .innerJoin(users, eq(users.id, tradingAccounts.userId))
      .where(eq(tradingAccounts.id, accountId));
    return row && accountOf(row);
  }

  /** The symbols staff halted for a brand (`brands.settings.haltedSymbols`), upper-case. */
  async haltedSymbols(brandId: number): Promise<string[]> {
    const [row] = await this.db
      .select({ settings: brands.settings })
      .from(brands)
      .where(eq(brands.id, brandId));
    const list = row?.settings?.haltedSymbols;
    return Array.isArray(list) ? list.filter((s) => typeof s === 'string').map((s) => s.toUpperCase()) : [];
  }

  async categories(): Promise<Map<number, { name: string; leverage: string }>> {
    const rows = await this.db.select().from(assetCategories);
    return new Map(rows.map((r) => [r.id, { name: r.name, leverage: r.leverage }]));
  }

  /** Accounts whose balance differs from the sum of their ledger entries (see also ledger.verify.ts). */
  ledgerDifferences(): Promise<
    { accountId: number; number: string; userId: number; balance: string; ledger: string }[]
  > {
    return new LedgerRepo().balanceDifferences(this.db);
  }

  /** The latest closed positions of an account, newest first (the history list, read on demand). */
  async history(accountId: number, limit: number): Promise<ClosedPositionRecord[]> {
    const rows = await this.db
      .select()
      .from(positions)
      .where(and(eq(positions.accountId, accountId), isNotNull(positions.closedAt)))
      .orderBy(desc(positions.closedAt), desc(positions.id))
      .limit(limit);
    return rows.map(closedRecord);
  }
}

/** `execute` answers `{rows}` on both drivers (PGlite and node-postgres). */
const rowsOf = (result: unknown): unknown[] => (result as { rows: unknown[] }).rows;

/**
 * A client's trading per day and account, newest day first: positions opened and closed that day (UTC) and the
 * traded volume (margin × leverage, in the account's currency) of the opened ones. The client timeline.
 */
export async function dailyTradingActivity(db: Db, userId: number, before: Date, limit: number) {
  const rows = rowsOf(
    await db.execute(sql`
      with events as (
        select account_id, date_trunc('day', opened_at) as day, 1 as opened, 0 as closed,
               amount * leverage as volume
        from positions where user_id = ${userId}
        union all
        select account_id, date_trunc('day', closed_at), 0, 1, 0
        from positions where user_id = ${userId} and closed_at is not null
      )
      select e.account_id, ta.number as account_number, ta.currency, e.day,
             sum(e.opened)::int as opens, sum(e.closed)::int as closes,
             sum(e.volume)::numeric(20,2)::text as volume
      from events e join trading_accounts ta on ta.id = e.account_id
      where e.day < ${before.toISOString()}::timestamptz
      group by e.account_id, ta.number, ta.currency, e.day
      order by e.day desc, e.account_id
      limit ${limit}`),
  ) as {
    account_id: number;
    account_number: string;
    currency: string;
    day: Date | string;
    opens: number;
    closes: number;
    volume: string;
  }[];
  return rows.map((r) => ({
    accountId: Number(r.account_id),
    accountNumber: r.account_number,
    currency: r.currency,
    day: new Date(r.day),
    opens: Number(r.opens),
    closes: Number(r.closes),
    volume: r.volume,
  }));
}
