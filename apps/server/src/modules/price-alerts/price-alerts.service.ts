import {
  alertLevels,
  approxBrandQuote,
  brandQuote,
  checkAlertAgainstPrice,
  checkAlertExpiry,
  checkAlertValue,
  DEFAULT_TRADING_PROFILE,
  firesAt,
  formatPriceOnTick,
  type InstrumentGroup,
  type Message,
  type NoticePayload,
  PRICE_ALERT_MAX_ACTIVE,
  PRICE_ALERT_MAX_KEPT,
  type PriceAlertCreateInput,
  type PriceAlertDto,
  PriceAlertIndex,
  type PriceAlertList,
  pipSize,
  type QuoteTerms,
  quoteTermsFor,
  type TradingProfile,
  tickSizeOf,
} from '@openbroker/domain';
import { AppError, invalidFields, notFound } from '../../lib/errors.js';
import type { Quote } from '../../market/feed.js';
import { type Brand, brandBaseUrl } from '../brands/brands.service.js';
import type { MailService } from '../mail/mail.service.js';
import { priceAlertMail } from '../mail/mail.templates.js';
import type { AlertValues, PriceAlertRow, PriceAlertsRepo } from './price-alerts.repo.js';
import type { PushRepo } from './push.repo.js';

/** What pricing needs of an instrument: its group and precision (the catalogue's fields). */
export interface PricedInstrument {
  symbol: string;
  category: InstrumentGroup;
  precision: number;
}

/** The market as alerts see it: the catalogue, the latest quote of a symbol, and every accepted quote. */
export interface AlertMarket {
  catalogue: { get(symbol: string): PricedInstrument | undefined };
  book: { get(symbol: string, now: number | Date): Quote | undefined };
  onQuote(listener: (quote: Quote) => void): () => void;
}

/** The brands as alerts see them: a brand, its trading profile (markup), and changes to it on any node. */
export interface AlertBrands {
  findById(id: number): Promise<Brand | undefined>;
  tradingProfiles(): Promise<Map<string, TradingProfile>>;
  onChangedOnAnyNode(listener: (brandId: number) => void): () => void;
}

export interface PriceAlertsDeps {
  market: AlertMarket;
  brands: AlertBrands;
  mail: Pick<MailService, 'send' | 'wake'>;
  /** The brand's trading profile of its settings (brands/brand-trading.ts). */
  profileOf(brand: Brand): TradingProfile;
  publicUrl: string;
  /** Wakes the push worker after pushes were queued. */
  wakePush?: () => void;
  now?: () => number;
  /**
   * In a cluster every node indexes every active alert and picks up the other nodes' changes every `syncMs`;
   * the trigger's conditional update lets one node only fire an alert (decision 0027).
   */
  syncMs?: number;
  /** How often expired alerts are marked as such. @defaultValue 15 s */
  expiryMs?: number;
  log?: { error(details: object, message: string): void };
}

/** How far back each look at the other nodes' changes reaches before the previous look. */
const SYNC_OVERLAP_MS = 5_000;

/** What the index keeps of an alert. */
interface Armed {
  id: number;
  userId: number;
  expiresAt: number | null;
}

const group = (brandId: number, side: 'bid' | 'ask') => `${brandId}|${side}`;

/** An alert row as the client sees it. */
export function alertDto(row: PriceAlertRow): PriceAlertDto {
  return {
    id: row.id,
    symbol: row.symbol,
    kind: row.kind,
    side: row.side,
    value: row.value,
    base_price: row.basePrice,
    above: row.above,
    below: row.below,
    note: row.note,
    status: row.status,
    created_at: row.createdAt.toISOString(),
    expires_at: row.expiresAt?.toISOString() ?? null,
    triggered_at: row.triggeredAt?.toISOString() ?? null,
    triggered_price: row.triggeredPrice,
  };
}

/**
 * Price alerts: the client's alerts (list, set, edit, delete) and their evaluation on every tick. Active alerts sit
 * in a per-symbol index by brand and side (`PriceAlertIndex`); a tick prices the brand's quote once per brand with
 * alerts on the symbol (`BrandPricer`, the quote the client trades at) and pops exactly the alerts it reaches. A
 * fired alert is stored as triggered once (a conditional update), with its mail (outbox) and pushes (push outbox)
 * in the same transaction, then told to the client's terminal sockets through `onFired`.
 */
export class PriceAlertsService {
  readonly index = new PriceAlertIndex<Armed>();
  /** Each brand's trading profile (its markups); a brand without one gets the default. */
  private readonly profiles = new Map<number, TradingProfile>();
  private readonly listeners = new Set<(userId: number, notice: NoticePayload) => void>();
  private readonly detach: (() => void)[] = [];
  private timers: NodeJS.Timeout[] = [];
  /** Triggers and expiries being stored, in the order they fired. */
  private work: Promise<unknown> = Promise.resolve();
  private lastSync = new Date(0);
  private readonly now: () => number;

  constructor(
    private readonly repo: PriceAlertsRepo,
    private readonly push: PushRepo,
    private readonly deps: PriceAlertsDeps,
  ) {
    this.now = deps.now ?? Date.now;
  }

  /** Calls `listener(userId, notice)` for every alert this node fired; returns the unsubscribe. */
  onFired(listener: (userId: number, notice: NoticePayload) => void): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  /** Loads every active alert and the brands' markups, and starts watching the ticks. */
  async start(): Promise<void> {
    for (const [key, profile] of await this.deps.brands.tradingProfiles()) {
      const id = Number(/^brand:(\d+)$/.exec(key)?.[1]);
      if (Number.isSafeInteger(id)) this.setProfile(id, profile);
    }
    this.detach.push(
      this.deps.brands.onChangedOnAnyNode((brandId) => {
        this.deps.brands
          .findById(brandId)
          .then((brand) => {
            if (brand) this.setProfile(brandId, this.deps.profileOf(brand));
          })
          .catch((err: unknown) =>
            this.deps.log?.error({ err, brandId }, 'price alerts: brand refresh failed'),
          );
      }),
    );
    this.lastSync = await this.repo.databaseNow();
    for (const row of await this.repo.active()) this.arm(row);
    this.detach.push(this.deps.market.onQuote((quote) => this.onQuote(quote)));
    const every = (ms: number, run: () => Promise<unknown>, what: string) => {
      const timer = setInterval(() => {
        run().catch((err: unknown) => this.deps.log?.error({ err }, what));
      }, ms);
      timer.unref?.();
      this.timers.push(timer);
    };
    every(this.deps.expiryMs ?? 15_000, () => this.expireDue(), 'price alerts: expiry failed');
    if (this.deps.syncMs) every(this.deps.syncMs, () => this.sync(), 'price alerts: cluster sync failed');
  }

  async stop(): Promise<void> {
    for (const off of this.detach.splice(0)) off();
    for (const timer of this.timers.splice(0)) clearInterval(timer);
    await this.idle();
  }

  /** Resolves when the triggers and expiries fired so far are stored and told. */
  async idle(): Promise<void> {
    let seen: Promise<unknown> | undefined;
    while (seen !== this.work) {
      seen = this.work;
      await seen.catch(() => {});
    }
  }

  // ---------------------------------------------------------------------------------------- client calls

  /** The alerts of one of the client's trading accounts (the session's current one, or the call's `accountId`). */
  async list(userId: number, accountId: number): Promise<PriceAlertList> {
    const rows = await this.repo.listFor(userId, accountId);
    return { alerts: rows.map(alertDto), max_active: PRICE_ALERT_MAX_ACTIVE };
  }

  /** Sets an alert (400 with field messages for a bad value, 409 at the limits). */
  async create(
    userId: number,
    brand: Brand,
    input: PriceAlertCreateInput,
    /** The trading account it is set on (the session's current one, or the call's `accountId`). */
    accountId: number,
  ): Promise<PriceAlertList> {
    const values = this.checked(brand, input);
    const row = await this.repo.create(userId, brand.id, values, {
      accountId,
      maxActive: PRICE_ALERT_MAX_ACTIVE,
      maxKept: PRICE_ALERT_MAX_KEPT,
    });
    if (row === 'active') throw new AppError(409, 'PRICE_ALERT_LIMIT', 'priceAlerts.tooMany');
    if (row === 'kept') throw new AppError(409, 'PRICE_ALERT_KEPT', 'priceAlerts.tooManyKept');
    this.arm(row);
    return this.list(userId, accountId);
  }

  /** Sets an alert of the account anew and arms it again (404 for another account's, another client's or none). */
  async update(
    userId: number,
    brand: Brand,
    id: number,
    input: PriceAlertCreateInput,
    accountId: number,
  ): Promise<PriceAlertList> {
    if (!(await this.repo.find(userId, accountId, id))) throw notFound();
    const values = this.checked(brand, input);
    const row = await this.repo.update(userId, accountId, id, values, { maxActive: PRICE_ALERT_MAX_ACTIVE });
    if (row === undefined) throw notFound();
    if (row === 'active' || row === 'kept')
      throw new AppError(409, 'PRICE_ALERT_LIMIT', 'priceAlerts.tooMany');
    this.arm(row);
    return this.list(userId, accountId);
  }

  /** Deletes an alert of the account (404 for another account's, another client's or none). */
  async delete(userId: number, id: number, accountId: number): Promise<PriceAlertList> {
    if (!(await this.repo.delete(userId, accountId, id))) throw notFound();
    this.index.remove(id);
    return this.list(userId, accountId);
  }

  // ------------------------------------------------------------------------------------------- the tick path

  /**
   * One accepted quote: for each brand and side with alerts on the symbol, the brand's price and the alerts it
   * reaches (O(1) when none, O(k log n) for k). Storing and telling run after, off the tick path.
   */
  onQuote(quote: Quote): void {
    const { symbol } = quote;
    const groups = this.index.groups(symbol);
    if (!groups) return;
    let fired: { alert: Armed; price: number }[] | undefined;
    const feed = this.feed;
    feed.buy = quote.ask;
    feed.sell = quote.bid;
    for (const key of groups) {
      const { brandId, bid } = this.groupOf(key);
      const terms = this.termsOf(brandId, symbol);
      if (!terms) continue;
      // the float estimate is within a tick of the exact quote (decision 0023): a price a tick clear of both
      // nearest levels fires nothing, and the exact (decimal) quote is computed only near a level
      const approx = approxBrandQuote(feed, terms, this.estimate);
      const estimate = bid ? approx.sell : approx.buy;
      const slack = terms.tick ?? Math.abs(estimate) * 1e-9;
      if (
        estimate + slack < this.index.lowestAbove(symbol, key) &&
        estimate - slack > this.index.highestBelow(symbol, key)
      )
        continue;
      const exact = brandQuote(feed, terms);
      const price = bid ? exact.sell : exact.buy;
      for (const alert of this.index.fire(symbol, key, price)) {
        fired ??= [];
        fired.push({ alert, price });
      }
    }
    if (!fired) return;
    const at = quote.ts;
    for (const { alert, price } of fired) {
      if (alert.expiresAt !== null && alert.expiresAt <= at) this.enqueue(() => this.expireDue());
      else this.enqueue(() => this.trigger(alert, price, new Date(at)));
    }
  }

  private readonly feed = { buy: 0, sell: 0 } as { buy: number; sell: number };
  private readonly estimate = { buy: 0, sell: 0 };
  private readonly groupInfo = new Map<string, { brandId: number; bid: boolean }>();
  /** Quote terms per brand and symbol (the brand's markup on the instrument), dropped when a brand changes. */
  private readonly terms = new Map<number, Map<string, QuoteTerms | undefined>>();

  private groupOf(key: string): { brandId: number; bid: boolean } {
    let info = this.groupInfo.get(key);
    if (!info) {
      info = { brandId: Number(key.slice(0, key.indexOf('|'))), bid: key.endsWith('|bid') };
      this.groupInfo.set(key, info);
    }
    return info;
  }

  private termsOf(brandId: number, symbol: string): QuoteTerms | undefined {
    let bySymbol = this.terms.get(brandId);
    if (!bySymbol) {
      bySymbol = new Map();
      this.terms.set(brandId, bySymbol);
    }
    if (!bySymbol.has(symbol)) {
      const instrument = this.deps.market.catalogue.get(symbol);
      const profile = this.profiles.get(brandId) ?? DEFAULT_TRADING_PROFILE;
      bySymbol.set(
        symbol,
        instrument &&
          quoteTermsFor(
            profile,
            instrument.category,
            pipSize(instrument.symbol, instrument.category, instrument.precision),
            tickSizeOf(instrument.precision),
          ),
      );
    }
    return bySymbol.get(symbol);
  }

  private setProfile(brandId: number, profile: TradingProfile): void {
    this.profiles.set(brandId, profile);
    this.terms.delete(brandId);
  }

  /** Marks expired alerts as such and takes them out of the index. */
  async expireDue(): Promise<number[]> {
    const ids = await this.repo.expireDue(new Date(this.now()));
    for (const id of ids) this.index.remove(id);
    return ids;
  }

  /**
   * A cluster node picks up the other nodes' changes: alerts changed since the last look are armed or taken out,
   * and ids no longer active anywhere (deleted) leave the index.
   */
  async sync(): Promise<void> {
    // the database's clock, which writes every updated_at, never a node's own; the overlap covers a change whose
    // transaction began before the last look and committed after it
    const since = new Date(this.lastSync.getTime() - SYNC_OVERLAP_MS);
    this.lastSync = await this.repo.databaseNow();
    for (const row of await this.repo.changedSince(since)) {
      if (row.status === 'active') this.arm(row);
      else this.index.remove(row.id);
    }
    const active = await this.repo.activeIds();
    for (const id of [...this.index.ids()]) if (!active.has(id)) this.index.remove(id);
  }

  /** Puts an active alert in the index (or takes a settled one out): at start, on every change, in benchmarks. */
  arm(row: PriceAlertRow): void {
    if (row.status !== 'active') {
      this.index.remove(row.id);
      return;
    }
    this.index.add({
      id: row.id,
      symbol: row.symbol,
      group: group(row.brandId, row.side),
      above: row.above,
      below: row.below,
      item: { id: row.id, userId: row.userId, expiresAt: row.expiresAt?.getTime() ?? null },
    });
  }

  private enqueue(run: () => Promise<unknown>): void {
    this.work = this.work
      .then(run)
      .catch((err: unknown) => this.deps.log?.error({ err }, 'price alerts: a trigger failed'));
  }

  /** Stores the trigger once (with its mail and pushes), then tells the client's terminals. */
  private async trigger(alert: Armed, price: number, at: Date): Promise<void> {
    // what the mail says is read first: inside the transaction only the transaction's connection may be used
    const before = await this.repo.byId(alert.id);
    if (before?.status !== 'active') return;
    const precision = precisionOf(this.deps.market, before.symbol);
    // an edit between the tick and now re-armed the alert with other levels (here, or on another node whose index
    // still held the old ones): the tick fired the old levels, so it fires nothing; the new levels wait for theirs
    if (!firesAt(alertLevels(before.kind, before.value, before.basePrice ?? 0, precision), price)) return;
    const brand = await this.deps.brands.findById(before.brandId);
    const to = await this.repo.recipient(before.userId);
    const mail =
      brand && to
        ? priceAlertMail(
            brand,
            to,
            {
              symbol: before.symbol,
              kind: before.kind,
              side: before.side,
              value: before.kind === 'move' ? String(before.value) : shown(before.value, precision),
              base: before.basePrice === null ? null : shown(before.basePrice, precision),
              price: shown(price, precision),
              time: at.toISOString().slice(0, 16).replace('T', ' '),
              note: before.note,
            },
            `${brandBaseUrl(brand, this.deps.publicUrl)}/platform`,
          )
        : undefined;
    const payload = JSON.stringify(pushPayload(before, price, precision));
    let pushes = 0;
    const row = await this.repo.trigger(alert.id, before, price, at, async (tx) => {
      // the mail log carries the template and brand only, never the address or the note
      if (brand && mail)
        await this.deps.mail.send(
          brand,
          mail,
          { info: () => {}, error: (d, m) => this.deps.log?.error(d, m) },
          tx,
        );
      pushes = await this.push.queue(before.userId, payload, at, tx);
    });
    if (!row) return;
    if (mail) this.deps.mail.wake();
    if (pushes > 0) this.deps.wakePush?.();
    const notice: NoticePayload = {
      id: `alert-${row.id}-${at.getTime()}`,
      at: at.toISOString(),
      kind: 'priceAlert',
      alert: alertDto(row),
    };
    for (const listener of this.listeners) listener(row.userId, notice);
  }

  /** The values of an alert as the client set it, checked against the instrument, the clock and the price. */
  private checked(brand: Brand, input: PriceAlertCreateInput): AlertValues {
    const instrument = this.deps.market.catalogue.get(input.symbol);
    if (!instrument) throw new AppError(400, 'UNKNOWN_SYMBOL', 'priceAlerts.unknownSymbol');
    const problems: { path: string; message: Message }[] = [];
    const valueProblem = checkAlertValue(input.kind, input.value, instrument.precision);
    if (valueProblem) problems.push({ path: 'value', message: valueProblem });
    const expiryProblem = checkAlertExpiry(input.expires_at, this.now());
    if (expiryProblem) problems.push({ path: 'expires_at', message: expiryProblem });
    if (problems.length > 0) throw invalidFields(problems.map((p) => ({ path: p.path, ...p.message })));
    const price = this.currentPrice(brand.id, input.symbol, input.side);
    if (input.kind === 'move' && price === null) throw new AppError(409, 'NO_PRICE', 'priceAlerts.noPrice');
    const levels = alertLevels(input.kind, input.value, price ?? 0, instrument.precision);
    const refused = checkAlertAgainstPrice(levels, price);
    if (refused)
      throw invalidFields([
        {
          path: 'value',
          key: refused.key,
          params: { price: shown(price as number, instrument.precision) },
        },
      ]);
    return {
      symbol: input.symbol,
      kind: input.kind,
      side: input.side,
      value: input.value,
      basePrice: price,
      above: levels.above,
      below: levels.below,
      note: input.note,
      expiresAt: input.expires_at === null ? null : new Date(input.expires_at),
    };
  }

  /** The brand's price now (bid or ask), null when the market has none. */
  private currentPrice(brandId: number, symbol: string, side: 'bid' | 'ask'): number | null {
    const quote = this.deps.market.book.get(symbol, this.now());
    const terms = this.termsOf(brandId, symbol);
    if (!quote || !terms) return null;
    const q = brandQuote({ buy: quote.ask, sell: quote.bid }, terms);
    return side === 'bid' ? q.sell : q.buy;
  }
}

/** A price with the instrument's decimals. */
const shown = (value: number, precision: number) => formatPriceOnTick(value, tickSizeOf(precision));

function precisionOf(market: AlertMarket, symbol: string): number {
  return market.catalogue.get(symbol)?.precision ?? 5;
}

/**
 * What a push carries: a title and body in English figures (the service worker shows it as it is), the symbol and
 * where a click goes. No name, no address, no note (a push passes through the browser maker's service).
 */
export function pushPayload(row: PriceAlertRow, price: number, precision: number) {
  const level =
    row.kind === 'move'
      ? `moved ${row.value} %`
      : `${row.kind === 'above' ? '≥' : '≤'} ${shown(row.value, precision)}`;
  return {
    title: `${row.symbol} ${level}`,
    body: `${row.side === 'bid' ? 'Bid' : 'Ask'} ${shown(price, precision)}`,
    tag: `alert-${row.id}`,
    url: '/platform',
  };
}
