/** Business constants of spec §9 (and the few of §1, §2, §3 the product needs as values). */
import { MESSAGES_EN } from './messages.js';

// spec §9: Currency EUR, symbol €.
export const CURRENCY = 'EUR';
export const CURRENCY_SYMBOL = '€';

// spec §9: Minimum deposit 250 (setting). A brand may override it; this is the default.
export const MIN_DEPOSIT_DEFAULT = 250;

/** Brand feature flags and their defaults (spec §9: Economics true, registration disabled; spec §2 restricted mode). */
export interface FeatureFlags {
  economics: boolean;
  registrationEnabled: boolean;
  restrictedMode: boolean;
}
export const FEATURE_DEFAULTS: Readonly<FeatureFlags> = Object.freeze({
  economics: true,
  registrationEnabled: false,
  restrictedMode: false,
});

// spec §9: Trade price slippage 0.00025 (0.025 %, spec §5 'Price sent').
export const SLIPPAGE = 0.00025;
// spec §9: Amount min 1, step 0.01.
export const AMOUNT_MIN = 1;
export const AMOUNT_STEP = 0.01;
// spec §9: Password min 8.
export const PASSWORD_MIN_LENGTH = 8;

// spec §9: Upload limit 2MB; jpg, jpeg, pdf.
export const UPLOAD_MAX_BYTES = 2 * 1024 * 1024;
export const UPLOAD_EXTENSIONS = ['jpg', 'jpeg', 'pdf'] as const;
export type UploadExtension = (typeof UPLOAD_EXTENSIONS)[number];
/** MIME types browsers report for the allowed extensions (image/jpg and image/pjpeg are legacy aliases). */
export const UPLOAD_MIME_TYPES = ['image/jpeg', 'image/jpg', 'image/pjpeg', 'application/pdf'] as const;
/** Value for an `<input type="file" accept>` attribute. */
export const UPLOAD_ACCEPT = '.jpg,.jpeg,.pdf,image/jpeg,application/pdf';
// spec §5: proof of address within the past 3 months.
export const ADDRESS_PROOF_MAX_AGE_MONTHS = 3;

// spec §9: Widget heights 500 and 400 (spec §1: market quotes 500, forex cross rates 400), in px.
export const WIDGET_HEIGHTS = Object.freeze({ marketQuotes: 500, forexCrossRates: 400 } as const);
// spec §9: Banner heights 400 large, 260 otherwise, in px.
export const BANNER_HEIGHTS = Object.freeze({ large: 400, small: 260 } as const);
// spec §9: Map zoom 13.
export const MAP_DEFAULT_ZOOM = 13;
// spec §9: Grid 1 to 5 columns.
export const GRID_COLUMNS = Object.freeze({ min: 1, max: 5 } as const);

// spec §1/§9: Languages en, de, it, es; the language menu offers en and de; fallback en.
export const LANGUAGES = ['en', 'de', 'it', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];
export const MENU_LANGUAGES = ['en', 'de'] as const satisfies readonly Language[];
export const FALLBACK_LANGUAGE = 'en' satisfies Language;

// spec §9: Chart range 12 months, UTC.
export const CHART_RANGE_MONTHS = 12;
export const CHART_TIMEZONE = 'UTC';

// spec §9: Withdrawal agreement: funds may take about seven business days.
export const WITHDRAWAL_AGREEMENT_TEXT = MESSAGES_EN['withdraw.agreement'];

// spec §1: forex cross-rates widget currencies.
export const FOREX_CROSS_RATE_CURRENCIES = ['EUR', 'USD', 'JPY', 'GBP', 'CHF', 'AUD', 'CAD', 'NZD'] as const;
// spec §1: market quotes widget groups.
export const MARKET_QUOTE_GROUPS = ['Crypto', 'Forex', 'Stocks', 'Commodities'] as const;
export type MarketQuoteGroup = (typeof MARKET_QUOTE_GROUPS)[number];

// architecture §5: account stop-out when equity falls to 50 % of the margin in use (ESMA retail close-out).
export const STOP_OUT_LEVEL_DEFAULT = 0.5;
