import type { ComponentSettings, ContentComponent, HomeWidget, ImageRef } from '@openbroker/domain';
import type { BrandSettings } from '../db/schema.js';
import type { BrandFacts } from './brand-facts.js';

/**
 * Builders for seeded page trees, so each page module reads like the page it describes. HTML in
 * `text` and `html` components is written clean (a test checks the sanitiser leaves every seeded
 * page unchanged); brand values are escaped with `esc` wherever they go into HTML.
 */

export type SeedLang = 'en' | 'de' | 'it' | 'es';

/** One seeded page in one language. */
export interface PageSeed {
  slug: string;
  lang: SeedLang;
  title: string;
  description: string;
  components: ContentComponent[];
}

/** What a page module knows about the brand it writes for. */
export interface PageContext {
  facts: BrandFacts;
  features: BrandSettings['features'];
  widgets: HomeWidget[];
  currencySymbol: string;
  minDeposit: number;
}

/** Writes one page kind for a brand in a language; undefined when the page does not exist there. */
export type PageModule = (ctx: PageContext, lang: SeedLang) => PageSeed | PageSeed[] | undefined;

/** Escapes text for HTML element content (exactly what the sanitiser's serialiser escapes there). */
export const esc = (value: string): string =>
  value.replace(/[&<>]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;' })[c] ?? c);

const node = <T extends keyof ComponentSettings>(
  component: T,
  settings: Partial<ComponentSettings[T]>,
  extra: Pick<ContentComponent, 'children' | 'columns'> = {},
): ContentComponent => ({ component, settings, ...extra }) as ContentComponent;

/** An image served from the content folder, e.g. img('illustrations/security.svg', 'A shield'). */
export const img = (file: string, alt: string, width = 640, height = 400): ImageRef => ({
  path: `/content/${file}`,
  alt,
  width,
  height,
});

export const heading = (text: string, tag: ComponentSettings['heading']['tag'] = 'h2', align?: 'center') =>
  node('heading', { text, tag, ...(align ? { align } : {}) });
/** Rich text; `html` must already be clean (paragraphs, lists, internal links). */
export const text = (html: string) => node('text', { text: html });
export const html = (markup: string) => node('html', { html: markup });
export const divider = () => node('divider', {});
export const sectionDivider = (title?: string) => node('sectiondivider', title ? { title } : {});
export const hero = (settings: ComponentSettings['hero']) => node('hero', settings);
export const pageBanner = (settings: ComponentSettings['pagebanner']) => node('pagebanner', settings);
export const bannerMedia = (settings: ComponentSettings['bannermedia']) => node('bannermedia', settings);
export const card = (settings: ComponentSettings['card']) => node('card', settings);
export const button = (
  textValue: string,
  url: string,
  variant: ComponentSettings['button']['variant'] = 'primary',
) => node('button', { text: textValue, url, variant });
export const image = (ref: ImageRef, link_url?: string) =>
  node('image', { image: ref, ...(link_url ? { link_url } : {}) });
export const customImage = (ref: ImageRef, caption?: string) =>
  node('customimage', { image: ref, rounded: true, ...(caption ? { caption } : {}) });
export const video = (settings: ComponentSettings['video']) => node('video', settings);
export const codeBlock = (code: string, language: string) => node('codeblock', { code, language });
export const map = (lat: number, lng: number, marker: string) =>
  node('map', { location: { lat, lng }, zoom: 13, marker, height: 360 });
export const carousel = (items: ComponentSettings['carousel']['items'], interval = 6000) =>
  node('carousel', { items, interval });
export const blogPosts = (title: string, limit = 3) => node('blogposts', { title, prefix: 'blog/', limit });
export const subpages = (parent: string, title: string) => node('subpages', { parent, title });
export const contactForm = (title: string) => node('contactform', { form: 'contact', title });
export const widget = (type: HomeWidget) =>
  node('widget', {
    type,
    ...(type === 'market-quotes' ? { height: 500 } : type === 'cross-rates' ? { height: 400 } : {}),
  });

export const section = (
  settings: ComponentSettings['section'],
  ...children: ContentComponent[]
): ContentComponent => node('section', settings, { children });

/** A responsive grid: one entry per column (1 to 5), each a list of components. */
export const grid = (...columns: ContentComponent[][]): ContentComponent => {
  if (columns.length < 1 || columns.length > 5) throw new RangeError('a grid has 1 to 5 columns');
  return node('grid', { gap: 4 }, { columns: columns.map((children) => ({ children })) });
};

/** Paragraphs from plain strings, each escaped. */
export const paragraphs = (...lines: string[]) => lines.map((line) => `<p>${esc(line)}</p>`).join('');

/** A bulleted list from plain strings, each escaped. */
export const bullets = (...items: string[]) => `<ul>${items.map((i) => `<li>${esc(i)}</li>`).join('')}</ul>`;

/** A legal page's numbered sections: heading and clean HTML body each. */
export const legalSections = (sections: readonly (readonly [string, string])[]): ContentComponent[] =>
  sections.flatMap(([title, body], index) => [heading(`${index + 1}. ${title}`, 'h3'), text(body)]);

/** 'Last updated 1 March 2026' in the page's language. */
export function lastUpdated(lang: SeedLang): string {
  return lang === 'de' ? 'Stand: 1. März 2026' : 'Last updated: 1 March 2026';
}
