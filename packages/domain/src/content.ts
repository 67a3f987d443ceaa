import type { PublicBrand } from './contracts/brand-public.js';
/**
 * The content-service contract (spec §2 component types, §3 content page, card, carousel, map, banner,
 * §7 content calls; architecture §7), shared by the server's content module and the web renderer.
 *
 * A page is a tree: `{component, settings, columns?, children?}`. `grid` has `columns` (1 to 5), each
 * with its own children; `section` and `card`-like containers have `children`. An unknown component
 * type renders nothing (the renderer logs a warning) and never breaks the page.
 */

/** spec §2: content page component types. */
export const COMPONENT_TYPES = [
  'heading',
  'text',
  'html',
  'divider',
  'customimage',
  'hero',
  'pagebanner',
  'bannermedia',
  'sectiondivider',
  'map',
  'grid',
  'blogposts',
  'codeblock',
  'contactform',
  'video',
  'subpages',
  'button',
  'carousel',
  'card',
  'image',
  'section',
  /** Home-page market widgets (spec §2 home-page widgets), placed like any component. */
  'widget',
] as const;
export type ComponentType = (typeof COMPONENT_TYPES)[number];

/** An image reference: a path served by our server (e.g. '/content/brands/aurora/hero.svg') or a URL. */
export interface ImageRef {
  path: string;
  alt?: string;
  width?: number;
  height?: number;
}

/** Settings per component type. Every field is optional in stored JSON; renderers apply the defaults. */
export interface ComponentSettings {
  heading: {
    text: string;
    tag?: 'h1' | 'h2' | 'h3' | 'h4' | 'h5' | 'h6';
    align?: 'start' | 'center' | 'end';
  };
  /** `text` is Markdown-like rich text stored as sanitised HTML; links to internal routes go through the router. */
  text: { text: string };
  /** Sanitised on save (server) and on render (client). */
  html: { html: string };
  divider: Record<string, never>;
  customimage: { image: ImageRef; caption?: string; rounded?: boolean };
  /** Big hero: full-width headline with call to action. */
  hero: { title: string; subtitle?: string; image?: ImageRef; button_text?: string; button_url?: string };
  /** spec §3 Banner: title, summary, image, height large (400 px) or small (260 px). */
  pagebanner: { title: string; summary?: string; image?: ImageRef; height?: 'large' | 'small' };
  bannermedia: {
    title: string;
    summary?: string;
    image?: ImageRef;
    height?: 'large' | 'small';
    media_position?: 'start' | 'end';
  };
  sectiondivider: { title?: string };
  /** spec §3 Map: location lat/lng, zoom (default 13), marker; tiles from settings `mapTileUrl`. */
  map: { location: { lat: number; lng: number }; zoom?: number; marker?: string; height?: number };
  /** spec §2: 1 to 5 columns, responsive; the columns themselves are in `columns`. */
  grid: { gap?: number };
  /** Posts are the brand's pages whose slug starts with `prefix` (default 'blog/'). */
  blogposts: { title?: string; prefix?: string; limit?: number };
  codeblock: { code: string; language?: string };
  /** The public contact form (name, email, message) posting to `/api/forms/submit/{form}`. */
  contactform: { form?: string; title?: string };
  /** A video file or an embeddable URL. */
  video: { url: string; poster?: ImageRef; title?: string };
  /** Links to the pages whose slug starts with `parent` + '/'. */
  subpages: { parent: string; title?: string };
  button: { text: string; url: string; variant?: 'primary' | 'secondary' | 'outline-primary' | 'link' };
  /** spec §3 Carousel item: value {carousel_image, text, summary}; wraps around at both ends. */
  carousel: {
    items: { value: { carousel_image?: ImageRef; text: string; summary?: string } }[];
    interval?: number;
  };
  /** spec §3 Card: title, subtitle, text, card_image, link_text, link_url. */
  card: {
    title: string;
    subtitle?: string;
    text?: string;
    card_image?: ImageRef;
    link_text?: string;
    link_url?: string;
  };
  image: { image: ImageRef; link_url?: string };
  section: { title?: string; background?: 'default' | 'muted' | 'primary'; id?: string };
  /** spec §2 home-page widgets: market quotes (height 500), forex cross rates (400), ticker tape. */
  widget: { type: 'market-quotes' | 'cross-rates' | 'ticker-tape'; height?: number };
}

/** One node of a page tree. */
export interface ContentComponent<T extends ComponentType = ComponentType> {
  component: T;
  settings: Partial<ComponentSettings[T]>;
  /** grid only: 1 to 5 columns. */
  columns?: { settings?: Record<string, unknown>; children: ContentComponent[] }[];
  children?: ContentComponent[];
}

/** spec §3 Content page as `POST /api/collections/get/page` returns it (first item of `data`). */
export interface ContentPage {
  title: string;
  title_slug: string;
  description: string;
  lang: string;
  published: boolean;
  components: ContentComponent[];
  _modified: number;
}

/** Body of `POST /api/collections/get/page?token=` (spec §7). */
export interface PageQuery {
  filter: { published: true; title_slug: string };
  populate?: 1;
  simple?: 1;
  lang?: string;
}

// Constants (grid columns, banner and widget heights, map zoom, cross-rate currencies) live in constants.ts.

/** Whether a value is a known component type. */
export function isComponentType(value: unknown): value is ComponentType {
  return (COMPONENT_TYPES as readonly unknown[]).includes(value);
}

// ------------------------------------------------------------------------------------------- brand API

// The brand's public contract (ThemePalette, ThemeFonts, PublicBrandTheme, PublicBrand of GET /api/brand) is
// contracts/brand-public.ts.

/** Which home widgets a brand shows (spec §2: most market quotes, some cross rates, some ticker tape). */
export type HomeWidget = ComponentSettings['widget']['type'];

// ---------------------------------------------------------------------------------------- content API

/** `data` of `GET /api/singletons/get/settings` (spec §3 Site settings: platform components, copyright). */
export interface SiteSettings {
  copyright: string;
  legal_name: string;
  /** Registration number, regulator and risk warning shown under the footer. */
  legal_text: string;
  risk_warning: string;
  support_email: string;
  phone: string;
  address: string;
  mapTileUrl: string;
  /** Header menu of the public site (internal routes). */
  menu: { title: string; url: string }[];
  /** Footer legal links (spec §2: the footer has legal links and copyright). */
  footer_links: { title: string; url: string }[];
  /** Client-area screens this brand shows (spec §3 platform components). */
  platform_components: {
    economics: boolean;
    referrals: boolean;
    account_levels: boolean;
    auto_trading: boolean;
  };
  features: PublicBrand['features'];
  widgets: HomeWidget[];
}

/** The client-area screens a brand offers (spec §3 platform components). */
export type PlatformComponents = SiteSettings['platform_components'];

/** The switches staff set in the site settings; the economic calendar is the brand's `features.economics`. */
export const PLATFORM_COMPONENT_SWITCHES = ['referrals', 'account_levels', 'auto_trading'] as const;
export type PlatformComponentSwitch = (typeof PLATFORM_COMPONENT_SWITCHES)[number];

/**
 * The client-area screens a brand offers, from the stored site settings `platform_components` and the brand's
 * flags: a screen is on unless switched off (a document without the switch keeps it); referrals and account
 * levels are also off in restricted mode (spec §2); the economic calendar follows `features.economics` alone,
 * the one place it is switched (a stored `economics` switch is ignored).
 */
export function platformComponentsOf(
  stored: unknown,
  features: { economics: boolean; restrictedMode: boolean },
): PlatformComponents {
  const on = (name: PlatformComponentSwitch) =>
    !(stored && typeof stored === 'object' && (stored as Record<string, unknown>)[name] === false);
  return {
    economics: features.economics,
    referrals: !features.restrictedMode && on('referrals'),
    account_levels: !features.restrictedMode && on('account_levels'),
    auto_trading: on('auto_trading'),
  };
}

// The answers of the page list and the economic calendar (PageSummary, EconomicEvent) are contracts/site.ts.

/** The contact forms the server accepts at `/api/forms/submit/{form}`. */
export const PUBLIC_FORMS = ['contact'] as const;
export type PublicForm = (typeof PUBLIC_FORMS)[number];
