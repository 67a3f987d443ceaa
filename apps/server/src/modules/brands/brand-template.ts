/**
 * What a new brand starts from (docs/brands.md "Templates"): the built-in starter (pages written by the seed's
 * page modules for the new brand, in English and German) or a copy of an existing brand. A copy takes the
 * brand's settings, content pages, menus, legal pages and payment-method settings; never its clients, staff,
 * payment secrets, content tokens, uploads (logo, favicon) or halted instruments. The source brand's name,
 * legal name and support address are replaced with the new brand's wherever the copied texts name them.
 */
import {
  BRAND_CURRENCIES,
  BRAND_LEGAL_SLUGS,
  type BrandCreateInput,
  STANDARD_RISK_WARNING,
} from '@openbroker/domain';
import type { BrandSettings } from '../../db/schema.js';
import { newToken } from '../../lib/random.js';
import type { BrandFacts } from '../../starter/brand-facts.js';
import { brandPages, type PageSeed, siteSettings } from '../../starter/index.js';

/** The pages the starter writes: home, about, contact, account levels, the economic calendar and the legal pages. */
export const STARTER_SLUGS: readonly string[] = [
  'index',
  'about',
  'contact-us',
  'account-levels',
  'economic-calendar',
  ...BRAND_LEGAL_SLUGS,
];
const STARTER_LANGS: readonly string[] = ['en', 'de'];

/** A page of a new brand, as it is stored (published, never saved in the back office yet). */
export interface TemplatePage {
  slug: string;
  lang: string;
  title: string;
  description: string;
  published: boolean;
  components: unknown[];
}

/**
 * The facts the starter's texts are written from. What the back office does not ask when creating a brand is a
 * bracketed placeholder, so staff see at a glance what to complete in the content editor before publishing.
 */
export function starterFacts(input: BrandCreateInput, settings: BrandSettings): BrandFacts {
  return {
    slug: input.slug,
    name: input.name,
    legalName: input.legalName,
    registration: '[company register number]',
    licence: '[licence]',
    address: settings.office?.address || '[registered office]',
    city: '[city]',
    country: '',
    phone: settings.office?.phone || '[phone]',
    supportEmail: input.supportEmail,
    lat: settings.office?.lat ?? 50.1109,
    lng: settings.office?.lng ?? 8.6821,
    founded: new Date().getUTCFullYear(),
    tagline: { en: settings.tagline ?? '', de: settings.tagline ?? '' },
  };
}

/** The starter's pages (English and German) and site settings (menus, footer links, risk warning). */
export function starterContent(
  input: BrandCreateInput,
  settings: BrandSettings,
): { pages: TemplatePage[]; siteSettings: Record<string, unknown> } {
  const facts = starterFacts(input, settings);
  const pages = brandPages(facts, settings)
    .filter((page: PageSeed) => STARTER_SLUGS.includes(page.slug) && STARTER_LANGS.includes(page.lang))
    .map((page) => ({ ...page, published: true, components: page.components as unknown[] }));
  const { translations, ...site } = siteSettings(facts, settings);
  return {
    pages,
    siteSettings: {
      ...site,
      // the footer's register and licence line is left for staff to write: the starter has no such facts
      legal_text: '',
      // the standard warning, its retail-loss share filled in by the site once the brand has a figure
      risk_warning: STANDARD_RISK_WARNING.en,
      translations: {
        ...translations,
        de: { ...translations.de, [STANDARD_RISK_WARNING.en]: STANDARD_RISK_WARNING.de },
      },
    },
  };
}

/**
 * A copy of `source`'s settings for the new brand: its own name, legal name, support address and currency from
 * the form, fresh content and forms tokens, the payment methods without their secrets, no uploaded logo or
 * favicon (they belong to the source brand), no public address, office or halted instruments.
 */
export function copiedSettings(
  source: { name: string; settings: BrandSettings },
  input: BrandCreateInput,
): BrandSettings {
  const {
    payments,
    publicUrl: _publicUrl,
    office: _office,
    haltedSymbols: _halted,
    contentToken: _content,
    formsToken: _forms,
    theme,
    ...rest
  } = source.settings;
  const {
    logoUrl: _logo,
    faviconUrl: _favicon,
    ...ownTheme
  } = theme as typeof theme & {
    faviconUrl?: string;
  };
  return {
    ...rest,
    currency: input.currency,
    currencySymbol: BRAND_CURRENCIES[input.currency],
    legalName: input.legalName,
    supportEmail: input.supportEmail,
    copyright: replaceIdentity(source.settings.copyright, identityPairs(source, input)),
    theme: { ...ownTheme, logoText: input.name },
    contentToken: newToken(),
    formsToken: newToken(),
    payments: (payments ?? []).map(({ secrets: _secrets, ...method }) => method),
  };
}

/** The source brand's name, legal name and support address, each with the new brand's. */
export function identityPairs(
  source: { name: string; settings: Pick<BrandSettings, 'legalName' | 'supportEmail'> },
  input: Pick<BrandCreateInput, 'name' | 'legalName' | 'supportEmail'>,
): [string, string][] {
  // the longest first: a legal name usually contains the brand name
  return (
    [
      [source.settings.legalName, input.legalName],
      [source.name, input.name],
      [source.settings.supportEmail, input.supportEmail],
    ] as [string, string][]
  )
    .filter(([from]) => from.trim() !== '')
    .sort((a, b) => b[0].length - a[0].length);
}

/**
 * `value` (text or any JSON) with every occurrence of each pair's first string replaced by its second, in
 * strings only (keys and numbers stay as they are).
 */
export function replaceIdentity<T>(value: T, pairs: readonly [string, string][]): T {
  if (typeof value === 'string') {
    let text: string = value;
    // placeholders keep a replaced name from being replaced again by a shorter pair
    const marks = pairs.map((_, index) => `\u0000${index}\u0000`);
    pairs.forEach(([from], index) => {
      text = text.split(from).join(marks[index] as string);
    });
    pairs.forEach(([, to], index) => {
      text = text.split(marks[index] as string).join(to);
    });
    return text as T;
  }
  if (Array.isArray(value)) return value.map((item) => replaceIdentity(item, pairs)) as T;
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, replaceIdentity(item, pairs)]),
    ) as T;
  return value;
}
