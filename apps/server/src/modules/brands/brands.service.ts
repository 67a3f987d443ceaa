import type { BrandSettings } from '../../db/schema.js';
import type { BrandRow, BrandsRepo } from './brands.repo.js';

export interface Brand {
  id: number;
  slug: string;
  name: string;
  settings: BrandSettings;
}

/** Thrown when neither the Host header nor DEFAULT_BRAND names an existing brand. */
export class BrandNotConfiguredError extends Error {
  override name = 'BrandNotConfiguredError';
}

const CACHE_MS = 30_000;

/**
 * Resolves the brand of a request from its Host header (architecture §7), falling back to the
 * configured default brand. Lookups are cached briefly: every request needs its brand.
 */
export class BrandsService {
  private readonly cache = new Map<string, { brand: Brand | undefined; until: number }>();

  constructor(
    private readonly repo: BrandsRepo,
    private readonly defaultSlug: string,
    private readonly now: () => number = Date.now,
  ) {}

  async resolve(hostHeader: string | undefined): Promise<Brand> {
    const host = normalizeHost(hostHeader);
    const byHost = host ? await this.cached(`host:${host}`, () => this.repo.findByHost(host)) : undefined;
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

  /** Forget cached lookups, e.g. after staff edit a brand. */
  invalidate(): void {
    this.cache.clear();
  }

  private async cached(key: string, load: () => Promise<BrandRow | undefined>): Promise<Brand | undefined> {
    const hit = this.cache.get(key);
    if (hit && hit.until > this.now()) return hit.brand;
    const row = await load();
    const brand = row && { id: row.id, slug: row.slug, name: row.name, settings: row.settings };
    this.cache.set(key, { brand, until: this.now() + CACHE_MS });
    return brand;
  }
}

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
