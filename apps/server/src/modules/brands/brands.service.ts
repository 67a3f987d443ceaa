import { MIN_AGE_DEFAULT, type TradingProfile, type ValidationResult } from '@openbroker/domain';
import { LRUCache } from 'lru-cache';
import type { Db } from '../../db/client.js';
import type { BrandSettings } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import {
  type BrandTradingSettings,
  brandProfileKey,
  tradingProfileOf,
  validateBrandTrading,
} from './brand-trading.js';
import type { BrandRow, BrandsRepo } from './brands.repo.js';

export interface Brand {
  id: number;
  slug: string;
  name: string;
  /** Host names that resolve to this brand, lower-case, without port (brandPublicUrl picks from them). */
  hosts: string[];
  settings: BrandSettings;
  /**
   * 'draft' brands are not served on their hosts (resolve refuses them) until an administrator publishes them;
   * left out where a brand is read without it (it is then one a request reached, i.e. published).
   */
  status?: 'draft' | 'published';
}

/** Thrown when neither the Host header nor DEFAULT_BRAND names an existing brand. */
export class BrandNotConfiguredError extends Error {
  override name = 'BrandNotConfiguredError';
}

const CACHE_MS = 30_000;
/** Brands kept by host or slug: far above any deployment's brand count, so real brands stay cached. */
export const BRAND_CACHE_MAX = 1_000;
/** Hosts that named no brand, remembered so a repeated one costs no query; the oldest are dropped. */
export const UNKNOWN_HOSTS_MAX = 1_000;
/** Longest DNS name: a longer Host header cannot be a brand's, and is neither looked up nor kept. */
const MAX_HOST_LENGTH = 253;

/**
 * Resolves the brand of a request from its Host header (architecture §7), falling back to the
 * configured default brand. Lookups are cached briefly: every request needs its brand.
 */
export class BrandsService {
  // Both bounded: every request names a Host, and anyone can send a new one each time.
  // Unknown hosts keep no brand of their own; they share the default brand's entry.
  private readonly cache = new LRUCache<string, { brand: Brand | undefined; until: number }>({
    max: BRAND_CACHE_MAX,
  });
  private readonly unknownHosts = new LRUCache<string, number>({ max: UNKNOWN_HOSTS_MAX });
  private readonly tradingListeners = new Set<(profileKey: string, profile: TradingProfile) => void>();
  private readonly changeListeners = new Set<(brandId: number) => void>();
  /** Told of a change on this node and of one heard from another node (`onChangedOnAnyNode`). */
  private readonly anyNodeListeners = new Set<(brandId: number) => void>();

  constructor(
    private readonly repo: BrandsRepo,
    private readonly defaultSlug: string,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * The brand a public request is for. A draft brand (not published yet) is refused with 404
   * BRAND_NOT_AVAILABLE, a neutral answer naming no brand: its site, API, registration and client logins
   * are not served until it is published.
   */
  async resolve(hostHeader: string | undefined): Promise<Brand> {
    const brand = await this.resolveAny(hostHeader);
    if (brand.status === 'draft') throw brandNotAvailable();
    return brand;
  }

  /** The brand of a Host header, draft or published (default brand as fallback). */
  private async resolveAny(hostHeader: string | undefined): Promise<Brand> {
    const host = normalizeHost(hostHeader);
    const byHost = host ? await this.byHost(host) : undefined;
    if (byHost) return byHost;
    const fallback = await this.cached(`slug:${this.defaultSlug}`, () =>
      this.repo.findBySlug(this.defaultSlug),
    );
    if (!fallback) {
      throw new BrandNotConfiguredError(
        `No brand for host "${host}" and the default brand "${this.defaultSlug}" does not exist. ` +
          'Set DEFAULT_BRAND to an existing brand slug.',
      );
    }
    return fallback;
  }

  /** A brand by its slug (operator commands name brands this way). */
  async findBySlug(slug: string): Promise<Brand | undefined> {
    return this.cached(`slug:${slug}`, () => this.repo.findBySlug(slug));
  }

  /** A brand by its id. */
  async findById(id: number): Promise<Brand | undefined> {
    return this.cached(`id:${id}`, () => this.repo.findById(id));
  }

  /**
   * Every brand's trading profile by engine profile key (`brand:<id>`, brandProfileKey): what the trading
   * service registers with the engine (EngineOptions.profiles) at start.
   */
  async tradingProfiles(): Promise<Map<string, TradingProfile>> {
    const rows = await this.repo.listAll();
    return new Map(rows.map((row) => [brandProfileKey(row.id), tradingProfileOf(row.settings)]));
  }

  /**
   * Replaces a brand's trading settings after checking them (validateBrandTrading): on any problem
   * nothing is written and the messages say what to change. Listeners (the trading service:
   * engine.setProfile) hear the new profile at once; cached brands are dropped.
   */
  async setTrading(
    brandId: number,
    input: unknown,
    audit: (
      tx: Db,
      change: { before: BrandTradingSettings | null; trading: BrandTradingSettings },
    ) => Promise<unknown>,
  ): Promise<
    ValidationResult<{
      before: BrandTradingSettings | null;
      trading: BrandTradingSettings;
      profile: TradingProfile;
    }>
  > {
    const checked = validateBrandTrading(input);
    if (!checked.ok) return checked;
    const trading = checked.value;
    // the change and its audit row in one transaction: a failed audit leaves the settings (and the engine) as they were
    const stored = await this.repo.setTrading(brandId, trading, (tx, before) =>
      audit(tx, { before, trading }),
    );
    if (!stored) throw new Error(`brand ${brandId} does not exist`);
    this.changed(brandId);
    const profile = tradingProfileOf({ trading });
    for (const listener of this.tradingListeners) listener(brandProfileKey(brandId), profile);
    return { ok: true, value: { before: stored.before, trading, profile } };
  }

  /** Calls `listener(profileKey, profile)` whenever staff change a brand's trading settings; returns the unsubscribe. */
  onTradingChanged(listener: (profileKey: string, profile: TradingProfile) => void): () => void {
    this.tradingListeners.add(listener);
    return () => {
      this.tradingListeners.delete(listener);
    };
  }

  /**
   * A brand was changed on this node (created, edited, trading settings): cached lookups are dropped here
   * at once, and the change listeners (BrandCacheSync: the other nodes over Redis) hear of it.
   */
  changed(brandId: number): void {
    this.invalidate();
    for (const listener of this.changeListeners) listener(brandId);
    for (const listener of this.anyNodeListeners) listener(brandId);
  }

  /** Calls `listener(brandId)` after every `changed`; returns the unsubscribe. */
  onChanged(listener: (brandId: number) => void): () => void {
    this.changeListeners.add(listener);
    return () => {
      this.changeListeners.delete(listener);
    };
  }

  /**
   * Calls `listener(brandId)` after a change made on this node (`changed`) or on another one (`changedElsewhere`,
   * heard over Redis): for what every node must act on, e.g. auto-trading's kill switch. Returns the unsubscribe.
   */
  onChangedOnAnyNode(listener: (brandId: number) => void): () => void {
    this.anyNodeListeners.add(listener);
    return () => {
      this.anyNodeListeners.delete(listener);
    };
  }

  /**
   * Another node changed a brand (heard over Redis): drop cached lookups, tell the any-node listeners and hand the
   * brand's current trading profile to the trading listeners (this node's engine), without telling the other nodes
   * again.
   */
  async changedElsewhere(brandId: number): Promise<void> {
    this.invalidate();
    for (const listener of this.anyNodeListeners) listener(brandId);
    if (this.tradingListeners.size === 0) return;
    const row = await this.repo.findById(brandId);
    if (!row) return;
    const profile = tradingProfileOf(row.settings);
    for (const listener of this.tradingListeners) listener(brandProfileKey(brandId), profile);
  }

  /** Forget cached lookups, e.g. after staff edit a brand. */
  invalidate(): void {
    this.cache.clear();
    this.unknownHosts.clear();
  }

  /** How many lookups are kept (brands by host or slug, and unknown hosts), for tests and metrics. */
  cachedEntries(): number {
    return this.cache.size + this.unknownHosts.size;
  }

  private async byHost(host: string): Promise<Brand | undefined> {
    if (host.length > MAX_HOST_LENGTH) return undefined;
    const unknownUntil = this.unknownHosts.get(host);
    if (unknownUntil !== undefined && unknownUntil > this.now()) return undefined;
    const brand = await this.cached(`host:${host}`, () => this.repo.findByHost(host), { keepMiss: false });
    if (!brand) this.unknownHosts.set(host, this.now() + CACHE_MS);
    return brand;
  }

  private async cached(
    key: string,
    load: () => Promise<BrandRow | undefined>,
    { keepMiss = true } = {},
  ): Promise<Brand | undefined> {
    const hit = this.cache.get(key);
    if (hit && hit.until > this.now()) return hit.brand;
    const row = await load();
    if (!row && !keepMiss) {
      this.cache.delete(key);
      return undefined;
    }
    const brand = row && {
      id: row.id,
      slug: row.slug,
      name: row.name,
      hosts: row.hosts,
      settings: row.settings,
      status: row.status,
    };
    this.cache.set(key, { brand, until: this.now() + CACHE_MS });
    return brand;
  }
}

/** What a draft brand's hosts answer: 404 with a neutral "This site is not available." */
export const brandNotAvailable = () => new AppError(404, 'BRAND_NOT_AVAILABLE', 'brand.notAvailable');

/** 'Example.COM:3000' → 'example.com'; IPv6 literals keep their brackets off. */
export function normalizeHost(hostHeader: string | undefined): string {
  if (!hostHeader) return '';
  const host = hostHeader.trim().toLowerCase();
  if (host.startsWith('[')) return host.slice(1, host.indexOf(']'));
  return host.split(':')[0] ?? '';
}

/** Base address of a brand's site for links in mails and CLI output: its `publicUrl`, else PUBLIC_URL. */
export function brandBaseUrl(brand: Brand, publicUrl: string): string {
  return (brand.settings.publicUrl ?? publicUrl).replace(/\/+$/, '');
}

/** The brand's minimum client age in years (its `minAge` setting, else MIN_AGE_DEFAULT: 18). */
export function brandMinAge(settings: Pick<BrandSettings, 'minAge'>): number {
  const age = settings.minAge;
  return typeof age === 'number' && Number.isInteger(age) && age > 0 ? age : MIN_AGE_DEFAULT;
}

/**
 * The address a brand's signed links are built on (payment return and webhook URLs; decision 0015),
 * from configuration only, never from what a request claims:
 * - the brand's `publicUrl` setting when it has one;
 * - else PUBLIC_URL's scheme and port with one of the brand's own host names: the request's host
 *   when it is one of them (a client on 127.0.0.1 comes back to 127.0.0.1, where its session lives),
 *   else PUBLIC_URL itself for the default brand (it is the address PUBLIC_URL describes) or when its
 *   host is one of the brand's, else the brand's first host name.
 * A Host header that reached the brand only through the default-brand fallback never appears.
 */
export function brandPublicUrl(
  brand: Brand,
  site: { publicUrl: string; defaultBrand: string },
  requestHost?: string,
): string {
  if (brand.settings.publicUrl) return brand.settings.publicUrl.replace(/\/+$/, '');
  const base = new URL(site.publicUrl);
  const asked = normalizeHost(requestHost);
  const own = (host: string) => brand.hosts.includes(host);
  let host: string | undefined;
  if (asked && own(asked)) host = asked;
  else if (brand.slug !== site.defaultBrand && !own(base.hostname)) host = brand.hosts[0];
  if (host) base.hostname = host.includes(':') ? `[${host}]` : host;
  return `${base.origin}${base.pathname}`.replace(/\/+$/, '');
}
