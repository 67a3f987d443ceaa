/**
 * The public site's trading figures, filled in when a page is served, so marketing says
 * what the terminal does. Pages hold placeholders; the brand's trading profile and the catalogue's
 * typical feed spreads give the values:
 *
 * - `{{spread:forex}}`   lowest typical dealing spread of the group, in pips ("spreads from …")
 * - `{{spread:EURUSD}}`  an instrument's typical dealing spread, in pips
 * - `{{leverage:forex}}` highest leverage a client may pick in the group (category list ∩ preset cap)
 * - `{{leverage:GOLD}}`  highest leverage a client may pick on an instrument
 * - `{{retailLoss}}`     the brand's share of retail accounts that lose money, in percent
 * - `{{stopOut}}`, `{{marginCall}}`  the profile's levels in percent of the margin in use ("50")
 *
 * An unknown placeholder stays as written, so an editor sees the typo on the page.
 */
import { INSTRUMENT_GROUPS, type InstrumentGroup, type TradingProfile } from '@openbroker/domain';
import type { Catalogue, Instrument } from '../../market/instruments.js';
import { offeredLeverages } from '../brands/brand-trading.js';
import { groupOf, typicalSpread } from '../market/instrument-terms.js';

const PLACEHOLDER =
  /\{\{\s*(spread|leverage|retailLoss|stopOut|marginCall)(?::([A-Za-z0-9._-]{1,32}))?\s*\}\}/g;

export interface FigureSource {
  profile: TradingProfile;
  catalogue: Catalogue;
  /** The category's leverage list ('1,3,5,10,15,20,30') by group. */
  categoryLeverage: ReadonlyMap<InstrumentGroup, string>;
  /** Share of retail accounts that lose money, percent; undefined when the brand has not set it. */
  retailLossPercent?: number | undefined;
  lang: string;
}

const isGroup = (name: string): name is InstrumentGroup =>
  (INSTRUMENT_GROUPS as readonly string[]).includes(name);

/** Whether a text (or any string inside a value) holds a figure placeholder. */
export function hasFigures(value: unknown): boolean {
  return JSON.stringify(value ?? null).search(PLACEHOLDER) !== -1;
}

/** Whether a leverage placeholder appears (it needs the category lists). */
export function needsLeverage(value: unknown): boolean {
  return /\{\{\s*leverage:/.test(JSON.stringify(value ?? null));
}

function instrumentsFor(arg: string | undefined, catalogue: Catalogue): readonly Instrument[] {
  if (!arg) return [];
  if (isGroup(arg)) return catalogue.inCategory(arg);
  const one = catalogue.get(arg.toUpperCase());
  return one ? [one] : [];
}

/** The value of one placeholder, formatted for the page's language; undefined when it names nothing. */
export function figure(kind: string, arg: string | undefined, source: FigureSource): string | undefined {
  const locale = source.lang === 'de' ? 'de-DE' : 'en-GB';
  if (kind === 'retailLoss') {
    return source.retailLossPercent === undefined
      ? undefined
      : source.retailLossPercent.toLocaleString(locale, { maximumFractionDigits: 1 });
  }
  if (kind === 'stopOut' || kind === 'marginCall') {
    const level = kind === 'stopOut' ? source.profile.stopOutLevel : source.profile.marginCallLevel;
    return (level * 100).toLocaleString(locale, { maximumFractionDigits: 1 });
  }
  const instruments = instrumentsFor(arg, source.catalogue);
  if (instruments.length === 0) return undefined;
  if (kind === 'spread') {
    const lowest = Math.min(...instruments.map((i) => typicalSpread(i, source.profile).spread));
    return lowest.toLocaleString(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  }
  const highest = Math.max(
    ...instruments.map((i) => {
      const list = source.categoryLeverage.get(groupOf(i)) ?? '1';
      return Math.max(1, ...offeredLeverages(list, i.symbol, groupOf(i), source.profile));
    }),
  );
  return String(highest);
}

/** `text` with every known placeholder replaced. */
export function renderFigureText(text: string, source: FigureSource): string {
  return text.replace(
    PLACEHOLDER,
    (whole, kind: string, arg: string | undefined) => figure(kind, arg, source) ?? whole,
  );
}

/**
 * `text` without the sentences that hold `{{retailLoss}}`: what a risk warning says while the brand has no
 * retail-loss figure (neither hand-written nor computed), rather than showing the placeholder to the public.
 */
export function withoutRetailLossSentences(text: string): string {
  if (!/\{\{\s*retailLoss\s*\}\}/.test(text)) return text;
  return text
    .split(/(?<=[.!?])\s+/)
    .filter((sentence) => !/\{\{\s*retailLoss\s*\}\}/.test(sentence))
    .join(' ');
}

/** A copy of `value` (a page's components, title, description) with the placeholders in every string replaced. */
export function renderFigures<T>(value: T, source: FigureSource): T {
  const walk = (node: unknown): unknown => {
    if (typeof node === 'string') return node.includes('{{') ? renderFigureText(node, source) : node;
    if (Array.isArray(node)) return node.map(walk);
    if (node && typeof node === 'object') {
      return Object.fromEntries(Object.entries(node).map(([key, child]) => [key, walk(child)]));
    }
    return node;
  };
  return walk(value) as T;
}

// ------------------------------------------------------------------------------ computed retail-loss figure

/** What the site needs of a brand to choose its retail-loss figure. */
export interface RetailLossBrand {
  id: number;
  settings: {
    trading?: { retailLossPercent?: number | undefined } | undefined;
    riskWarning?: { computedRetailLoss: boolean } | undefined;
  };
}

/** Computes a brand's retail-loss percentage (null: no retail account traded in the period). */
export type RetailLossCompute = (brandId: number) => Promise<{ percent: number | null }>;

/** How long a computed figure is served before it is computed again (at most every 10 minutes). */
export const RETAIL_LOSS_TTL_MS = 10 * 60_000;

/**
 * The computed retail-loss figures of one server (one database), cached per brand for RETAIL_LOSS_TTL_MS; a
 * figure being computed is shared by the requests that wait for it, and a failed computation is not cached.
 */
export class SiteRetailLoss {
  private readonly cache = new Map<number, { at: number; value: Promise<number | null> }>();

  constructor(
    private readonly compute: RetailLossCompute,
    private readonly now: () => number = Date.now,
    private readonly ttlMs = RETAIL_LOSS_TTL_MS,
  ) {}

  /** The brand's computed percentage (cached). */
  computed(brandId: number): Promise<number | null> {
    const hit = this.cache.get(brandId);
    if (hit && this.now() - hit.at < this.ttlMs) return hit.value;
    const value = this.compute(brandId).then((r) => r.percent);
    this.cache.set(brandId, { at: this.now(), value });
    value.catch(() => this.cache.delete(brandId));
    return value;
  }

  /**
   * The percentage the brand's site shows: the computed one when the brand enabled it
   * (`riskWarning.computedRetailLoss`) and it exists, else the hand-written `trading.retailLossPercent`.
   */
  async percentFor(brand: RetailLossBrand): Promise<number | undefined> {
    const written = brand.settings.trading?.retailLossPercent;
    if (!brand.settings.riskWarning?.computedRetailLoss) return written;
    const computed = await this.computed(brand.id).catch(() => null);
    return computed ?? written;
  }
}

/** The computed figures per database: the reports module provides them when the server's routes register. */
const providers = new WeakMap<object, SiteRetailLoss>();

/** Makes `source` the retail-loss figures of the site served from `db` (reports/reports.routes.ts). */
export function provideSiteRetailLoss(db: object, source: SiteRetailLoss): void {
  providers.set(db, source);
}

/**
 * The retail-loss percentage a brand's site shows (the `{{retailLoss}}` placeholder): computed from the ledger
 * when the brand enabled it (cached, recomputed at most every 10 minutes), else the hand-written figure; the
 * hand-written one also while no computation is available (an operator command) or no account traded.
 */
export function siteRetailLossPercent(db: object, brand: RetailLossBrand): Promise<number | undefined> {
  const source = providers.get(db);
  return source ? source.percentFor(brand) : Promise.resolve(brand.settings.trading?.retailLossPercent);
}
