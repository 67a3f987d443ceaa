import { createHash, timingSafeEqual } from 'node:crypto';
import {
  type ContentComponent,
  type ContentPage,
  type EconomicEvent,
  FALLBACK_LANGUAGE,
  type ImageRef,
  type InstrumentGroup,
  LANGUAGES,
  type PageSummary,
  type PlatformComponents,
  platformComponentsOf,
} from '@openbroker/domain';
import { AppError } from '../../lib/errors.js';
import { type Catalogue, loadCatalogue } from '../../market/instruments.js';
import { tradingProfileOf } from '../brands/brand-trading.js';
import type { Brand } from '../brands/brands.service.js';
import type { MailLog, MailService } from '../mail/mail.service.js';
import type { ContentRepo, EventFilter, PageRow } from './content.repo.js';
import { sanitizeComponents } from './content.sanitize.js';
import { formSubmissionMail } from './form-mail.js';
import {
  hasFigures,
  needsLeverage,
  renderFigures,
  siteRetailLossPercent,
  withoutRetailLossSentences,
} from './site-figures.js';
import { localizeSiteSettings } from './site-language.js';

/** A wrong or missing content or forms token (spec §7: the token in the query is required). */
export const contentTokenInvalid = () => new AppError(401, 'CONTENT_TOKEN_INVALID', 'error.forbidden');

/** 'de-DE' → 'de'; anything not offered → the fallback language 'en' (spec §1). */
export function normalizeLang(lang: unknown): string {
  const short = typeof lang === 'string' ? lang.trim().toLowerCase().slice(0, 2) : '';
  return (LANGUAGES as readonly string[]).includes(short) ? short : FALLBACK_LANGUAGE;
}

const sha = (value: string) => createHash('sha256').update(value).digest();

/** Compares a presented token with the brand's in constant time; a brand without one accepts none. */
function tokenMatches(expected: string | undefined, presented: string | undefined): boolean {
  if (!expected || !presented) return false;
  return timingSafeEqual(sha(expected), sha(presented));
}

/** The first image of a page tree (blog post cards show it). */
function firstImage(components: readonly ContentComponent[]): ImageRef | undefined {
  for (const node of components) {
    const settings = node.settings as Record<string, unknown>;
    for (const key of ['image', 'card_image', 'poster']) {
      const candidate = settings[key] as ImageRef | undefined;
      if (candidate && typeof candidate.path === 'string') return candidate;
    }
    const nested = firstImage([...(node.children ?? []), ...(node.columns ?? []).flatMap((c) => c.children)]);
    if (nested) return nested;
  }
  return undefined;
}

/** How many sanitised page trees a server keeps (a brand has a few dozen pages in four languages). */
const CLEAN_CACHE_SIZE = 1000;

const modified = (row: PageRow) => Math.floor(row.updatedAt.getTime() / 1000);

/** A page as the spec's content call answers it (spec §3 Content page). */
function presentPage(row: PageRow): ContentPage {
  return {
    title: row.title,
    title_slug: row.slug,
    description: row.description,
    lang: row.lang,
    published: row.published,
    components: row.components as ContentComponent[],
    _modified: modified(row),
  };
}

export interface PageInput {
  slug: string;
  lang: string;
  title: string;
  description?: string;
  published?: boolean;
  components: ContentComponent[];
}

/**
 * The brand's public site content (spec §7 content calls; architecture §7): pages per brand and
 * language with an 'en' fallback, the site settings singleton, form submissions (stored and mailed
 * to the brand) and the economic calendar. Every read is scoped to one brand.
 */
export class ContentService {
  /** Sanitised trees by `<page id>:<updatedAt>` (cleanTree), oldest dropped first. */
  private readonly cleaned = new Map<string, ContentComponent[]>();

  constructor(
    private readonly repo: ContentRepo,
    private readonly mail: MailService,
    /** Typical feed spreads for the site's figures: the bundled catalogue the market serves. */
    private readonly catalogue: Catalogue = loadCatalogue(),
  ) {}

  /**
   * A page with its trading figures filled in from the brand's settings (site-figures.ts): the site
   * advertises the spreads and leverage the terminal gives.
   */
  private async withFigures(brand: Brand, page: ContentPage): Promise<ContentPage> {
    if (!hasFigures(page)) return page;
    const leverages = needsLeverage(page) ? await this.repo.categoryLeverages() : new Map<string, string>();
    return renderFigures(page, {
      profile: tradingProfileOf(brand.settings),
      catalogue: this.catalogue,
      categoryLeverage: leverages as Map<InstrumentGroup, string>,
      retailLossPercent: await siteRetailLossPercent(this.repo.db, brand),
      lang: page.lang,
    });
  }

  /**
   * A page's tree sanitised on render (architecture §8): the HTML was cleaned on save, but a tree
   * written straight into the database (an import, an old row, a hand-made fix) must not reach a visitor with a
   * script either. Cleaned trees are kept per row and change time, so a page is sanitised once per change.
   */
  private async cleanTree(row: PageRow): Promise<ContentComponent[]> {
    const key = `${row.id}:${row.updatedAt.getTime()}`;
    const hit = this.cleaned.get(key);
    if (hit) return hit;
    const clean = await sanitizeComponents(row.components as ContentComponent[]);
    if (this.cleaned.size >= CLEAN_CACHE_SIZE) {
      const oldest = this.cleaned.keys().next().value;
      if (oldest !== undefined) this.cleaned.delete(oldest);
    }
    this.cleaned.set(key, clean);
    return clean;
  }

  /** spec §7: the read-only content token of the brand, or 401. */
  assertContentToken(brand: Brand, token: string | undefined): void {
    if (!tokenMatches(brand.settings.contentToken, token)) throw contentTokenInvalid();
  }

  /** spec §7: the forms token of the brand, or 401. */
  assertFormsToken(brand: Brand, token: string | undefined): void {
    if (!tokenMatches(brand.settings.formsToken, token)) throw contentTokenInvalid();
  }

  /**
   * The published page of the brand in `lang`, else in 'en'; undefined when the brand has no
   * published page with that slug (the web shows its 404 page).
   */
  async page(brand: Brand, slug: string, lang: unknown): Promise<ContentPage | undefined> {
    const wanted = normalizeLang(lang);
    const rows = await this.repo.publishedPage(brand.id, slug, [...new Set([wanted, FALLBACK_LANGUAGE])]);
    const row = rows.find((r) => r.lang === wanted) ?? rows.find((r) => r.lang === FALLBACK_LANGUAGE);
    if (!row) return undefined;
    const page = presentPage(row);
    page.components = await this.cleanTree(row);
    return this.withFigures(brand, page);
  }

  /** Whether the brand has published a page with this slug in any language (else the page load is a 404). */
  async isPublished(brand: Brand, slug: string): Promise<boolean> {
    return (await this.repo.publishedPage(brand.id, slug, [...LANGUAGES])).length > 0;
  }

  /** Published pages under a slug prefix ('blog/', 'about/'), one per slug in `lang` or 'en'. */
  async pagesUnder(brand: Brand, prefix: string, lang: unknown, limit: number): Promise<PageSummary[]> {
    const wanted = normalizeLang(lang);
    const rows = await this.repo.publishedUnder(brand.id, prefix, [...new Set([wanted, FALLBACK_LANGUAGE])]);
    const bySlug = new Map<string, PageRow>();
    for (const row of rows) {
      const seen = bySlug.get(row.slug);
      if (!seen || (row.lang === wanted && seen.lang !== wanted)) bySlug.set(row.slug, row);
    }
    const summaries = [...bySlug.values()].slice(0, limit).map((row) => {
      const image = firstImage(row.components as ContentComponent[]);
      return {
        title: row.title,
        title_slug: row.slug,
        description: row.description,
        lang: row.lang,
        ...(image ? { image } : {}),
        _modified: modified(row),
      };
    });
    if (!hasFigures(summaries)) return summaries;
    const source = {
      profile: tradingProfileOf(brand.settings),
      catalogue: this.catalogue,
      categoryLeverage: (await this.repo.categoryLeverages()) as Map<InstrumentGroup, string>,
      retailLossPercent: await siteRetailLossPercent(this.repo.db, brand),
    };
    return summaries.map((s) => renderFigures(s, { ...source, lang: s.lang }));
  }

  /** Creates or replaces a page; its HTML is sanitised here, on save (architecture §8). */
  async savePage(brandId: number, input: PageInput): Promise<ContentPage> {
    const row = await this.repo.upsertPage({
      brandId,
      slug: input.slug,
      lang: normalizeLang(input.lang),
      title: input.title,
      description: input.description ?? '',
      published: input.published ?? true,
      components: await sanitizeComponents(input.components),
      updatedAt: new Date(),
    });
    return presentPage(row);
  }

  /**
   * The client-area screens the brand offers (site settings `platform_components` with the brand's flags;
   * domain `platformComponentsOf`): the client APIs of a screen switched off refuse.
   */
  async platformComponents(brand: Brand): Promise<PlatformComponents> {
    const stored = await this.repo.singleton(brand.id, 'settings');
    return platformComponentsOf(stored?.platform_components, brand.settings.features);
  }

  /**
   * A settings document of the brand; figure placeholders (the risk warning's retail-loss share) filled in. The
   * site settings come in the visitor's `lang` (site-language.ts): the chrome texts translated where
   * the document has their translation, each text's figures formatted for the language it is in.
   */
  async singleton(brand: Brand, name: string, lang?: unknown): Promise<Record<string, unknown> | undefined> {
    const found = await this.repo.singleton(brand.id, name);
    if (!found) return found;
    // spec §3 platform components as the client area applies them (the economic calendar is the brand's flag)
    const { data: stored, languageOf } =
      name === 'settings'
        ? localizeSiteSettings(
            {
              ...found,
              platform_components: platformComponentsOf(found.platform_components, brand.settings.features),
            },
            normalizeLang(lang),
          )
        : { data: found, languageOf: () => FALLBACK_LANGUAGE };
    if (!hasFigures(stored)) return stored;
    const retailLossPercent = await siteRetailLossPercent(this.repo.db, brand);
    // a risk warning whose retail-loss share is not known leaves that sentence out instead of the placeholder
    const data =
      retailLossPercent === undefined && typeof stored.risk_warning === 'string'
        ? { ...stored, risk_warning: withoutRetailLossSentences(stored.risk_warning) }
        : stored;
    const source = {
      profile: tradingProfileOf(brand.settings),
      catalogue: this.catalogue,
      categoryLeverage: (needsLeverage(data) ? await this.repo.categoryLeverages() : new Map()) as Map<
        InstrumentGroup,
        string
      >,
      retailLossPercent,
    };
    return Object.fromEntries(
      Object.entries(data).map(([field, value]) => [
        field,
        renderFigures(value, { ...source, lang: languageOf(field) }),
      ]),
    );
  }

  /**
   * Keeps a validated form submission and mails it to the brand's support address. A mail the
   * SMTP server refuses stays in the outbox for the operator; the visitor's message is kept either
   * way, so the submission still succeeds.
   */
  async submitForm(
    brand: Brand,
    form: string,
    values: Record<string, unknown>,
    meta: { ip: string; log: MailLog },
  ): Promise<{ id: number }> {
    const row = await this.repo.addSubmission({ brandId: brand.id, form, values, ip: meta.ip.slice(0, 64) });
    try {
      await this.mail.send(brand, formSubmissionMail(brand, form, values, row.id), meta.log);
    } catch (error) {
      meta.log.error({ err: error, submissionId: row.id }, 'form submission kept, but its mail was not sent');
    }
    return { id: row.id };
  }

  async events(filter: EventFilter): Promise<EconomicEvent[]> {
    const rows = await this.repo.events(filter);
    return rows.map((row) => ({
      id: row.id,
      at: row.at.toISOString(),
      currency: row.currency,
      country: row.country,
      title: row.title,
      impact: Math.min(3, Math.max(1, row.impact)) as 1 | 2 | 3,
      actual: row.actual,
      forecast: row.forecast,
      previous: row.previous,
    }));
  }

  /** Published slugs of the brand with their latest change (sitemap.xml). */
  publishedSlugs(brand: Brand) {
    return this.repo.publishedSlugs(brand.id);
  }
}
