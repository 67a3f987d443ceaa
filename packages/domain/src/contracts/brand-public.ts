import { z } from 'zod';
import { TradingProfileSchema } from '../costs.js';

/** The public contract of a brand: GET /api/brand, what the web reads before rendering anything (see common.ts). */

/** One colour scheme of a brand (CSS colours). The web maps them onto its CSS variables. */
export const ThemePalette = z.object({
  primary: z.string(),
  /** Text on `primary` backgrounds. */
  onPrimary: z.string(),
  secondary: z.string(),
  /** Highlights: badges, the hero's accent words, chart accents. */
  accent: z.string(),
  /** Page background. */
  background: z.string(),
  /** Cards, panels, the header. */
  surface: z.string(),
  text: z.string(),
  muted: z.string(),
  border: z.string(),
  /** Hero and page-banner gradient, from → to. */
  heroFrom: z.string(),
  heroTo: z.string(),
});
export type ThemePalette = z.infer<typeof ThemePalette>;

/** Font stacks of a brand: system fonts only (the product runs offline). */
export const ThemeFonts = z.object({ heading: z.string(), body: z.string(), mono: z.string() });
export type ThemeFonts = z.infer<typeof ThemeFonts>;

/** `theme` of GET /api/brand: the original two fields plus palettes, fonts and the logo. */
export const PublicBrandTheme = z.object({
  /** The light palette's primary colour (kept for older screens). */
  primary: z.string(),
  logoText: z.string(),
  light: ThemePalette,
  dark: ThemePalette,
  fonts: ThemeFonts,
  /** Corner radius in px. */
  radius: z.number(),
  /** The brand's square logo mark as SVG markup (also served as `logoUrl` and `/favicon.svg`). */
  logoSvg: z.string(),
  /** '/logo.svg', served per host. */
  logoUrl: z.string(),
  /** '/favicon.svg', served per host. */
  faviconUrl: z.string(),
});
export type PublicBrandTheme = z.infer<typeof PublicBrandTheme>;

/** The home widgets a brand shows, in display order (spec §2); the content editor's `HomeWidget`. */
const PublicHomeWidget = z.enum(['market-quotes', 'cross-rates', 'ticker-tape']);

/** The brand's trading terms as clients see them, and the retail-loss percentage of its risk warning. */
export const PublicTradingTerms = TradingProfileSchema.and(
  z.object({ retailLossPercent: z.number().nullable() }),
);
export type PublicTradingTerms = z.infer<typeof PublicTradingTerms>;

/** `data` of GET /api/brand: everything the web needs before rendering anything. */
export const PublicBrand = z.object({
  slug: z.string(),
  name: z.string(),
  currency: z.string(),
  currencySymbol: z.string(),
  minDeposit: z.number(),
  /** Youngest age, in years, at which a client may hold an account (the profile's birth date rule). */
  minAge: z.number().int(),
  languages: z.array(z.string()),
  features: z.object({
    registrationEnabled: z.boolean(),
    restrictedMode: z.boolean(),
    economics: z.boolean(),
    homeRedirectsToPlatform: z.boolean(),
  }),
  theme: PublicBrandTheme,
  legalName: z.string(),
  copyright: z.string(),
  supportEmail: z.string(),
  /** The content slug of the home page (usually 'index'). */
  homeSlug: z.string(),
  /** Query token of the read-only content calls (spec §7). */
  contentToken: z.string(),
  /** Query token of `POST /api/forms/submit/{form}`. */
  formsToken: z.string(),
  widgets: z.array(PublicHomeWidget),
  /** Leaflet tile URL template, e.g. 'https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png'. */
  mapTileUrl: z.string(),
  /** One line about the brand (meta description of the home page). */
  tagline: z.string(),
  /** Registered office shown in the footer and on the contact page. */
  address: z.string(),
  phone: z.string(),
  /**
   * The brand's trading terms as clients see them: markups, commission, swaps, margin-call and stop-out levels,
   * leverage caps of its jurisdiction preset, and the retail-loss percentage of its risk warning.
   */
  trading: PublicTradingTerms,
});
export type PublicBrand = z.infer<typeof PublicBrand>;
