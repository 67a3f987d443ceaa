/**
 * The dealer's desk: open positions across the clients in scope with their live profit, exposure per
 * symbol, and closing a client's position with a reason (an engine close: closingReason 0 'Manually', spec §3).
 */
import {
  addMoney,
  BACKOFFICE_PAGE_SIZE,
  CLOSING_REASON,
  type DealerCloseAnswer,
  type DealerPosition,
  type DealerPositionPage,
  type DealingBrandHaltsList,
  type DealingHaltedSymbols,
  type DeskClose,
  type DeskCloseKind,
  type DeskSnapshot,
  type ExposureRow,
  type FxRate,
  fieldMessage,
  fxPairSymbols,
  type Money,
  midRate,
  money,
  moneyToDecimalString,
  type PositionDto,
  parseMoney,
  staffReasonProblem,
  subMoney,
} from '@openbroker/domain';
import { LRUCache } from 'lru-cache';
import type { Database } from '../../db/client.js';
import type { ClosedPositionRecord, DeskPosition } from '../../engine/index.js';
import { AppError, invalidFields, notFound } from '../../lib/errors.js';
import type { Clock } from '../../market/clock.js';
import type { Catalogue } from '../../market/instruments.js';
import type { QuoteBook } from '../../market/quote-book.js';
import type { BrandsService } from '../brands/brands.service.js';
import { MoneyRepo, type OpenPositionRow } from '../payments/staff-money.repo.js';
import {
  assertBrandInScope,
  type ScopeFilter,
  type StaffActor,
  type StaffAuth,
  scopeFilter,
} from '../staff/policy.js';
import { auditStaffAction } from '../staff/staff-audit.js';
import type { AccountBooks } from '../trading/account-books.js';
import type { TradingService } from '../trading/trading.service.js';
import { computeDesk } from './dealing.desk.js';
import { type ClosedRow, DealingRepo, type DeskClient } from './dealing.repo.js';

const positionNotFound = () => new AppError(404, 'POSITION_NOT_FOUND', 'staff.positionNotFound');

/** Closes the stream lists (the latest first page and what the socket keeps). */
export const DESK_CLOSES = 100;
/** Accounts in the nearest-to-stop-out list. */
export const DESK_NEAREST = 20;
/** Most symbols a brand may have halted (the catalogue has far fewer). */
export const MAX_HALTED = 500;

/** The desk's kind of a close from the engine's cause and spec §3 closingReason. */
export function closeKind(
  cause: string | null | undefined,
  reason: number | null | undefined,
): DeskCloseKind {
  switch (cause) {
    case 'broker':
      return 'staff';
    case 'stop_loss':
      return 'stop_loss';
    case 'take_profit':
      return 'take_profit';
    case 'loss_termination':
    case 'stop_out':
      return 'low_margin';
    default:
      break;
  }
  if (reason === CLOSING_REASON.stopLoss) return 'stop_loss';
  if (reason === CLOSING_REASON.takeProfit) return 'take_profit';
  if (reason === CLOSING_REASON.lowMargin) return 'low_margin';
  if (reason === CLOSING_REASON.aiTrade) return 'ai_trade';
  return 'client';
}

const contextQuote = (context: unknown): { buy: number; sell: number } | null => {
  const quote = (context as { quote?: { buy?: unknown; sell?: unknown } } | null | undefined)?.quote;
  return quote && typeof quote.buy === 'number' && typeof quote.sell === 'number'
    ? { buy: quote.buy, sell: quote.sell }
    : null;
};
const contextReason = (context: unknown): string | null => {
  const reason = (context as { reason?: unknown } | null | undefined)?.reason;
  return typeof reason === 'string' ? reason : null;
};
const num = (value: string | null) => (value === null ? null : Number(value));

/** A stored closed position as the closes stream lists it. */
export function closeOfRow(row: ClosedRow): DeskClose {
  return {
    positionId: row.id,
    userId: row.userId,
    accountNumber: row.accountNumber,
    demo: row.demo,
    clientName: `${row.firstName ?? ''} ${row.lastName ?? ''}`.trim(),
    brandId: row.brandId,
    brandSlug: row.brandSlug,
    currency: row.currency,
    symbol: row.symbol,
    direction: row.direction,
    amount: Number(row.amount),
    leverage: row.leverage,
    kind: closeKind(row.closeCause, row.closingReason),
    cause: row.closeCause,
    closingReason: row.closingReason,
    closedRate: num(row.closedRate),
    quote: contextQuote(row.closeContext),
    profit: num(row.profit),
    reason: contextReason(row.closeContext),
    partial: row.partOf !== null,
    at: (row.closedAt ?? new Date(0)).toISOString(),
  };
}

/** A close the engine just committed as the closes stream lists it. */
export function closeOfRecord(p: ClosedPositionRecord, client: DeskClient): DeskClose {
  return {
    positionId: p.id,
    userId: client.userId,
    accountNumber: client.accountNumber,
    demo: client.demo,
    clientName: client.name,
    brandId: client.brandId,
    brandSlug: client.brandSlug,
    currency: client.currency,
    symbol: p.symbol,
    direction: p.direction,
    amount: p.amount,
    leverage: p.leverage,
    kind: closeKind(p.cause, p.reason),
    cause: p.cause,
    closingReason: p.reason,
    closedRate: p.closedRate,
    quote: contextQuote(p.context),
    profit: p.profit,
    reason: contextReason(p.context),
    partial: p.partOf !== null && p.partOf !== undefined,
    at: new Date(p.closedAt).toISOString(),
  };
}

/** The market as the desk reads it: the latest prices, the instruments, the clock. */
export interface DeskMarket {
  book: QuoteBook;
  catalogue: Catalogue;
  clock: Clock;
}

/**
 * The rates between the account currencies from the market feed: each pair's mid at its latest price. A pair whose
 * market is closed (at weekends) or whose price is stale keeps its last price, marked not live with its time; a pair
 * the feed has never priced is left out (no rate).
 */
export function deskRates(market: DeskMarket): FxRate[] {
  const { book, catalogue, clock } = market;
  const now = clock.now();
  const rates: FxRate[] = [];
  for (const pair of fxPairSymbols((symbol) => catalogue.get(symbol) !== undefined)) {
    const quote = book.last(pair);
    if (!quote) continue;
    rates.push({
      pair,
      base: pair.slice(0, 3),
      quote: pair.slice(3, 6),
      mid: midRate(quote.bid, quote.ask),
      at: new Date(quote.ts).toISOString(),
      live: book.availability(pair, now) === 'available',
    });
  }
  return rates;
}

/** A PUT's list of symbols: an array of short strings, else a 400 naming the field. */
function symbolList(value: unknown): string[] {
  if (!Array.isArray(value))
    throw invalidFields([fieldMessage('symbols', 'field.invalid', { title: 'Symbols' })]);
  if (value.length > MAX_HALTED)
    throw invalidFields([fieldMessage('symbols', 'dealing.tooManyHalted', { max: MAX_HALTED })]);
  const problems = value.flatMap((s, i) =>
    typeof s === 'string' && /^[A-Za-z0-9._-]{1,32}$/.test(s.trim())
      ? []
      : [fieldMessage(`symbols.${i}`, 'field.invalid', { title: 'Symbol' })],
  );
  if (problems.length > 0) throw invalidFields(problems);
  return value.map((s: string) => s.trim().toUpperCase());
}

/** Whether a scope filter (null: every brand) lets a brand in. */
export const scopeAccepts = (filter: ScopeFilter) => (brandId: number) =>
  filter === null || filter.includes(brandId);

/** What the dealing desk uses. */
export interface DealingServiceDeps {
  database: Database;
  /** The books of every account (in a cluster, every node's). */
  gateway: AccountBooks;
  market: DeskMarket;
  trading: Pick<TradingService, 'forgetHalts' | 'profileOfKey'>;
  brands: Pick<BrandsService, 'findById' | 'findBySlug' | 'changed'>;
}

export class DealingService {
  private readonly repo: MoneyRepo;
  private readonly dealing: DealingRepo;
  /**
   * Clients' names and brands by id, kept a minute (shared by the routes and the live desk): the desk names the
   * accounts it shows without a query per tick; only accounts it has not seen are read.
   */
  private readonly names = new LRUCache<number, DeskClient>({ max: 50_000, ttl: 60_000 });

  constructor(private readonly deps: DealingServiceDeps) {
    this.repo = new MoneyRepo(deps.database.db);
    this.dealing = new DealingRepo(deps.database.db);
  }

  /** Trading accounts with their client's name and brand, by account id (cached a minute). */
  async clients(ids: readonly number[]): Promise<Map<number, DeskClient>> {
    const found = new Map<number, DeskClient>();
    const missing: number[] = [];
    for (const id of ids) {
      const hit = this.names.get(id);
      if (hit) found.set(id, hit);
      else missing.push(id);
    }
    if (missing.length > 0)
      for (const client of await this.dealing.clients(missing)) {
        this.names.set(client.id, client);
        found.set(client.id, client);
      }
    return found;
  }

  /**
   * The desk for a scope: the engine's figures over the positions of live accounts (a demo account's positions are
   * virtual: never part of the exposure), each in its account's currency; then the nearest accounts named.
   */
  async snapshot(
    inScope: (brandId: number) => boolean,
    brandId: number | null,
    open: readonly DeskPosition[],
  ): Promise<DeskSnapshot> {
    // a cluster node knows the profile keys of other nodes' accounts only from their positions
    const profileKeys = new Map(open.map((p) => [p.accountId, p.profile]));
    const accounts = await this.clients([...profileKeys.keys()]);
    const live = open.filter((p) => accounts.get(p.accountId)?.demo === false);
    const started = performance.now();
    const figures = computeDesk(
      live,
      inScope,
      (accountId) => accounts.get(accountId)?.currency ?? 'EUR',
      DESK_NEAREST,
    );
    const computeMs = Math.round((performance.now() - started) * 100) / 100;
    return {
      ...figures,
      at: new Date(this.deps.market.clock.now()).toISOString(),
      brandId,
      computeMs,
      rates: deskRates(this.deps.market),
      nearest: figures.nearest.map((a) => {
        const account = accounts.get(a.userId);
        const profile = this.deps.trading.profileOfKey(profileKeys.get(a.userId));
        return {
          ...a,
          // the figures are per trading account: `userId` names the client who owns it
          userId: account?.userId ?? a.userId,
          accountNumber: account?.accountNumber ?? null,
          clientName: account?.name ?? '',
          pin: account?.pin ?? null,
          brandSlug: account?.brandSlug ?? '',
          stopOutLevel: Math.round(profile.stopOutLevel * 10_000) / 100,
          marginCallLevel: Math.round(profile.marginCallLevel * 10_000) / 100,
        };
      }),
    };
  }

  /** The live desk of the clients in scope (or one brand), from the engine. */
  async desk(auth: StaffAuth, brandId: number | undefined): Promise<DeskSnapshot> {
    return this.snapshot(
      scopeAccepts(scopeFilter(auth, brandId)),
      brandId ?? null,
      await this.deps.gateway.deskPositions(),
    );
  }

  /** The latest closes of clients in scope (or one brand), newest first: the stream's first page. */
  async closes(auth: StaffAuth, brandId: number | undefined): Promise<DeskClose[]> {
    const rows = await this.dealing.latestCloses(scopeFilter(auth, brandId), DESK_CLOSES);
    return rows.map(closeOfRow);
  }

  /** The brands in scope with their halted symbols. */
  async halts(auth: StaffAuth): Promise<DealingBrandHaltsList> {
    return this.dealing.brandsHalts(scopeFilter(auth, undefined));
  }

  /**
   * Halts (or resumes) symbols for a brand: stored in `brands.settings.haltedSymbols`, audited in the same
   * transaction; the trading service and the brand cache forget what they read, so it applies at once here and
   * within seconds on other nodes. An unknown symbol is a 400; an unchanged list writes nothing.
   */
  async setHalted(
    actor: StaffActor,
    brandId: number,
    input: { add?: string[]; remove?: string[]; set?: unknown },
    reason: string | undefined,
  ): Promise<DealingHaltedSymbols> {
    const { auth } = actor;
    assertBrandInScope(auth, brandId);
    // a halt or its lifting reaches every client of the brand at once: staff say why (kept in the audit row)
    const note = (reason ?? '').trim();
    const reasonProblem = staffReasonProblem(note, { required: true });
    if (reasonProblem) throw invalidFields([reasonProblem]);
    const change = { ...input, set: input.set === undefined ? undefined : symbolList(input.set) };
    const requested = [...(change.set ?? []), ...(change.add ?? []), ...(change.remove ?? [])];
    const problems = requested
      .map((symbol, i) => ({ symbol: symbol.trim().toUpperCase(), i }))
      .filter(({ symbol }) => !this.deps.market.catalogue.get(symbol))
      .map(({ i }) => fieldMessage(change.set ? `symbols.${i}` : 'symbol', 'dealing.unknownSymbol'));
    if (problems.length > 0) throw invalidFields(problems);
    const result = await this.dealing.inTransaction(async (tx) => {
      const current = await this.dealing.lockHalted(tx, brandId);
      if (current === undefined) return undefined;
      const next = new Set(change.set ? [] : current);
      for (const s of change.set ?? []) next.add(s.trim().toUpperCase());
      for (const s of change.add ?? []) next.add(s.trim().toUpperCase());
      for (const s of change.remove ?? []) next.delete(s.trim().toUpperCase());
      const halted = [...next].sort();
      const before = [...current].sort();
      if (halted.length > MAX_HALTED)
        throw invalidFields([fieldMessage('symbols', 'dealing.tooManyHalted', { max: MAX_HALTED })]);
      if (before.join(',') === halted.join(',')) return halted;
      await this.dealing.writeHalted(tx, brandId, halted);
      await auditStaffAction(tx, auth, actor.request, {
        action: 'brand.haltedSymbols',
        subject: `brand:${brandId}`,
        brandId,
        reason: note,
        before: { haltedSymbols: before },
        after: { haltedSymbols: halted },
        details: {
          halted: halted.filter((s) => !before.includes(s)),
          resumed: before.filter((s) => !halted.includes(s)),
        },
      });
      return halted;
    });
    if (result === undefined) throw notFound();
    this.deps.trading.forgetHalts(brandId);
    // announced like any brand change: every node's price socket tells the brand's open terminals (`halts`)
    this.deps.brands.changed(brandId);
    return { brandId, halted: result };
  }

  /** The engine's live view of an open position (undefined if it closed meanwhile). */
  private async live(row: OpenPositionRow): Promise<PositionDto | undefined> {
    const view = await this.deps.gateway.position(row.accountId, row.id);
    return view && view.close_date === null ? view : undefined;
  }

  /** Open positions of the clients in scope (or one brand), newest first (a dealer watches new trades), 50 a page; optionally one symbol. */
  async positions(
    auth: StaffAuth,
    query: { brandId?: number; symbol?: string; page: number },
  ): Promise<DealerPositionPage> {
    const brandIds = scopeFilter(auth, query.brandId);
    const symbol = query.symbol?.trim().toUpperCase() || undefined;
    const { rows, total } = await this.repo.openPositions(
      { brandIds, ...(symbol ? { symbol } : {}) },
      { limit: BACKOFFICE_PAGE_SIZE, offset: (query.page - 1) * BACKOFFICE_PAGE_SIZE },
    );
    const items: DealerPosition[] = [];
    for (const row of rows) {
      const view = await this.live(row);
      if (view)
        items.push({
          ...view,
          userId: row.userId,
          clientName: `${row.firstName} ${row.lastName}`.trim(),
          pin: row.pin,
          brandSlug: row.brandSlug,
          accountNumber: row.accountNumber,
          demo: row.accountKind === 'demo',
          currency: row.currency,
        });
    }
    return { items, total, page: query.page, pageSize: BACKOFFICE_PAGE_SIZE };
  }

  /**
   * Per symbol and account currency over the open positions of live accounts in scope: bought and sold amounts,
   * net, count and floating profit (amounts of accounts with different currencies are never added).
   */
  async exposure(auth: StaffAuth, brandId: number | undefined): Promise<ExposureRow[]> {
    // live accounts only: a demo account's positions are virtual and never part of the broker's exposure
    const { rows } = await this.repo.openPositions({ brandIds: scopeFilter(auth, brandId), liveOnly: true });
    const bySymbol = new Map<
      string,
      { symbol: string; currency: string; buy: Money; sell: Money; count: number; profit: Money }
    >();
    for (const row of rows) {
      const currency = row.currency;
      const key = `${row.symbol}|${currency}`;
      const sum = bySymbol.get(key) ?? {
        symbol: row.symbol,
        currency,
        buy: money(0),
        sell: money(0),
        count: 0,
        profit: money(0),
      };
      const amount = parseMoney(row.amount);
      if (row.direction === 'buy') sum.buy = addMoney(sum.buy, amount);
      else sum.sell = addMoney(sum.sell, amount);
      sum.count++;
      const view = await this.live(row);
      if (view?.profit !== null && view?.profit !== undefined) sum.profit = addMoney(sum.profit, view.profit);
      bySymbol.set(key, sum);
    }
    return [...bySymbol.entries()]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([, sum]) => ({
        symbol: sum.symbol,
        currency: sum.currency,
        buyAmount: moneyToDecimalString(sum.buy),
        sellAmount: moneyToDecimalString(sum.sell),
        net: moneyToDecimalString(subMoney(sum.buy, sum.sell)),
        positions: sum.count,
        profit: moneyToDecimalString(sum.profit),
      }));
  }

  /**
   * Closes a client's open position at the engine's current price, with a reason (audited). The close is the
   * engine's own commit; its audit row follows it once committed (the engine's close carries no effect).
   */
  async close(
    actor: StaffActor,
    clientId: number,
    positionId: number,
    reason: string | undefined,
  ): Promise<DealerCloseAnswer> {
    const { auth } = actor;
    const brandId = await this.repo.clientBrand(clientId);
    if (brandId === undefined) throw notFound();
    assertBrandInScope(auth, brandId);
    const open = await this.repo.openPosition(clientId, positionId);
    if (!open) throw positionNotFound();
    const note = (reason ?? '').trim();
    // checked before the close: the audit row written after it must be storable (no control characters)
    const problem = staffReasonProblem(note, { required: true });
    if (problem) throw invalidFields([problem]);
    // the position's own trading account holds it (docs/accounts.md)
    const before = await this.deps.gateway.position(open.accountId, positionId);
    // closed by the broker: cause 'broker' (closingReason 0 'Manually'), the reason in the close
    // context, so the client's notice and history say "Closed by the broker: <reason>"
    const outcome = await this.deps.gateway.close({
      accountId: open.accountId,
      positionId,
      now: this.deps.market.clock.now(),
      broker: { reason: note },
    });
    if (!outcome.ok) {
      if (outcome.rejection.errors.length) throw invalidFields(outcome.rejection.errors);
      throw new AppError(
        409,
        'CLOSE_REFUSED',
        outcome.rejection.message.key,
        outcome.rejection.message.params,
      );
    }
    const position = await this.deps.gateway.position(open.accountId, positionId);
    if (!position) throw positionNotFound();
    await this.repo.inTransaction((tx) =>
      auditStaffAction(tx, auth, actor.request, {
        action: 'position.close',
        subject: `user:${clientId}`,
        brandId,
        userId: clientId,
        reason: note,
        before: { positionId, open: true, profit: before?.profit ?? null },
        after: {
          positionId,
          open: false,
          closedRate: position.closed_rate,
          profit: position.profit,
          closingReason: position.closingReason,
          closingCause: position.closingCause ?? null,
        },
        details: { symbol: position.symbol, direction: position.direction, amount: position.amount },
      }),
    );
    return { position };
  }
}
