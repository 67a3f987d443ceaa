/** Shapes of the server's JSON answers (spec §3, §7). */

import { type AuthData, type InstrumentGroup, type TradingProfile, UserDto } from '@openbroker/domain';

/**
 * The user of an auth answer (spec §3) and the auth answer itself are the domain's response contracts
 * (`UserDto`, `AuthData` in packages/domain/src/schemas/responses.ts), so this app and the server read
 * one definition. `User` is the name the screens use.
 */
export type User = UserDto;
export type { AuthData };

/** Whether an answer's data is a user object (calls whose answer the spec leaves open may return one). */
export const isUser = (value: unknown): value is User => UserDto.safeParse(value).success;

export interface BrandFeatures {
  registrationEnabled: boolean;
  restrictedMode: boolean;
  economics: boolean;
  homeRedirectsToPlatform: boolean;
}

/**
 * One colour scheme of a brand (CSS colours), as `GET /api/brand` sends it (domain `ThemePalette`).
 * Every token is optional here: what a brand leaves out keeps the stylesheet's neutral default.
 */
export interface BrandPalette {
  primary?: string;
  /** Text on `primary` backgrounds. */
  onPrimary?: string;
  secondary?: string;
  /** Highlights: badges, the hero's accent, chart accents. */
  accent?: string;
  /** Page background. */
  background?: string;
  /** Cards, panels, the header. */
  surface?: string;
  text?: string;
  muted?: string;
  border?: string;
  /** Hero and page-banner gradient, from → to. */
  heroFrom?: string;
  heroTo?: string;
}

/** `theme` of `GET /api/brand`: the colour, the word mark and (optionally) the full theme tokens. */
export interface BrandTheme {
  primary: string;
  logoText: string;
  light?: BrandPalette;
  dark?: BrandPalette;
  /** CSS font stacks: system fonts only (nothing is fetched from a font service). */
  fonts?: { heading?: string; body?: string; mono?: string };
  /** Corner radius in px. */
  radius?: number;
  /** The brand's square logo mark as SVG markup. */
  logoSvg?: string;
  /** The logo mark served per host ('/logo.svg'). */
  logoUrl?: string;
  /** '/favicon.svg', served per host. */
  faviconUrl?: string;
}

/** spec §2 home-page widgets. */
export type HomeWidget = 'market-quotes' | 'cross-rates' | 'ticker-tape';

export interface Brand {
  slug: string;
  name: string;
  currency: string;
  currencySymbol: string;
  minDeposit: number;
  /** Youngest age (years) at which a client may hold an account (default 18). */
  minAge?: number;
  languages: string[];
  features: BrandFeatures;
  theme: BrandTheme;
  legalName: string;
  copyright: string;
  supportEmail: string;
  /** Slug of the brand's home page (default 'index'). */
  homeSlug?: string;
  /** Query token of the read-only content calls (spec §7). */
  contentToken?: string;
  /** Query token of `POST /api/forms/submit/{form}`. */
  formsToken?: string;
  /** Home widgets in display order (absent: market quotes only). */
  widgets?: HomeWidget[];
  /** Leaflet tile URL template of map components. */
  mapTileUrl?: string;
  /** One line about the brand: the home page's meta description. */
  tagline?: string;
  /** Registered office (footer, contact page). */
  address?: string;
  phone?: string;
  /** Trading terms: markups, costs, levels, leverage caps; absent from older servers. */
  trading?: TradingProfile & { retailLossPercent: number | null };
}

/** The `{status, data}` envelope every call answers with. */
export type Envelope<T> = { status: true; data: T } | ApiErrorBody;

export interface ApiFieldError {
  path: string | (string | number)[];
  key: string;
  params?: Record<string, string | number>;
  /** The English text of `key`; the app shows its own translation of the key instead. */
  message?: string;
}

export interface ApiErrorBody {
  status: false;
  code: string;
  /** A MESSAGES_EN key naming the problem (what the app translates and shows). */
  key?: string;
  /** The key's English text, for logs and other clients. */
  message: string;
  errors?: ApiFieldError[];
}

/** A country of GET /api/get/countries (spec §3 Country, plus its calling code). */
export interface Country {
  id: number;
  name: string;
  alpha2: string;
  phone_code?: string | null;
}

/** An unread pop-up notice (spec §3 Popup); `content` is HTML from the back office. */
export interface Popup {
  id: number | string;
  title: string;
  content: string;
  /** The server's own notice it is ('margin_call'); null or absent for the brand's pop-ups. */
  kind?: string | null;
}

/** An instrument of GET /api/market/instruments (public): what the market list and the chart show. */
export interface Instrument {
  symbol: string;
  /** Exchange-prefixed name, e.g. 'BINANCE:BTCUSDT'. */
  name: string;
  displayName: string;
  category: InstrumentCategory;
  categoryId: number;
  /** Decimals the feed quotes with. */
  precision: number;
  /** For the requesting brand: the instrument's group and pip size. */
  group?: InstrumentGroup;
  pipSize?: number;
  /** the smallest price step (10^−precision): prices and levels are on it; null when unknown. */
  tick?: number | null;
  /** how moves are counted: pips (forex) or points of one price unit (everything else). */
  unit?: 'pip' | 'point';
  /** typical spread of the brand's quote in `unit`s, the brand's markup included. */
  spread?: number;
  /** The category's leverage list capped by the brand's jurisdiction preset, and the cap (null: none). */
  leverages?: number[];
  leverageCap?: number | null;
  /** Whether the instrument's market is open now, and when it opens next (ISO, UTC; only when closed). */
  open?: boolean;
  nextOpen?: string | null;
  /** A dealer took it off trading for this brand ("Temporarily unavailable"; closing stays possible). */
  halted?: boolean;
  /** the brand's quote of the last price, shown greyed while the market is closed; null: none yet. */
  last?: { buy: number; sell: number } | null;
}

/** spec §3: the asset categories. */
export const INSTRUMENT_CATEGORIES = ['crypto', 'forex', 'stocks', 'commodities', 'index'] as const;
export type InstrumentCategory = (typeof INSTRUMENT_CATEGORIES)[number];

/** An asset of GET /api/get/assets (spec §3 Asset): what trading needs (category id and leverage list). */
export interface Asset {
  id: number;
  name: string;
  symbol: string;
  code: string;
  display_name?: string | null;
  precision?: number | null;
  asset_category_id: number;
  position_assets_category: { name: string; leverage: string };
}

/** Chart resolutions of GET /api/market/candles (UTC buckets). */
export const CANDLE_RESOLUTIONS = ['1m', '5m', '15m', '1h', '4h', '1D'] as const;
export type CandleResolution = (typeof CANDLE_RESOLUTIONS)[number];

/** One candle; `time` is the UTC bucket start in unix seconds. */
export interface Candle {
  time: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volume?: number;
}
