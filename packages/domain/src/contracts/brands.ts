/** Back-office contracts of the brands area: every answer a staff route of this area gives (see common.ts). */
import { z } from 'zod';
import {
  BRAND_CHECKLIST_KEYS,
  BRAND_CURRENCIES,
  BRAND_LANGUAGES,
  BRAND_STATUSES,
  BRAND_WIDGETS,
  type BrandCurrency,
  PALETTE_KEYS,
  type PaletteKey,
} from '../brand-admin.js';
import { TradingProfileSchema } from '../costs.js';
import { Instant } from './common.js';

const CURRENCY_CODES = Object.keys(BRAND_CURRENCIES) as [BrandCurrency, ...BrandCurrency[]];

/** A row of the brand editor's list (GET /api/backoffice/brands/overview). */
export const BrandListItem = z.object({
  id: z.number(),
  slug: z.string(),
  name: z.string(),
  hosts: z.array(z.string()),
  currency: z.string(),
  /** Clients registered on the brand. */
  clients: z.number(),
  /** 'draft' until an administrator publishes it (not served on its hosts), then 'published'. */
  status: z.enum(BRAND_STATUSES),
});
export type BrandListItem = z.infer<typeof BrandListItem>;

// ------------------------------------------------------------------------------------------ payments

const providerCommon = {
  /** The provider's key in the brand (its deposit method's address part), unique in the brand. */
  key: z.string(),
  merchantId: z.string().optional(),
};

/**
 * A payment provider of a brand as configured, without its secrets: the built-in sandbox card (redirect to a hosted
 * page or a posted form with signature), bank wire to the brand's account, an alternative method opening an external
 * address, or the sandbox cashier widget. The server stores it with sealed secrets beside it; the editor reads it
 * with hints of those secrets (BrandPaymentProviderView).
 */
export const BrandPaymentProviderSettings = z.discriminatedUnion('type', [
  z.object({ ...providerCommon, type: z.literal('sandbox-card'), flow: z.enum(['redirect', 'form']) }),
  z.object({
    ...providerCommon,
    type: z.literal('bank-wire'),
    beneficiary: z.string(),
    bankName: z.string(),
    iban: z.string(),
    bic: z.string(),
  }),
  z.object({
    ...providerCommon,
    type: z.literal('sandbox-alternative'),
    title: z.string(),
    /** Absent: the built-in sandbox wallet page. */
    url: z.string().optional(),
  }),
  z.object({ ...providerCommon, type: z.literal('sandbox-cashier'), title: z.string() }),
]);
export type BrandPaymentProviderSettings = z.infer<typeof BrandPaymentProviderSettings>;

/** Stored secrets of a provider, answered only as hints ('••••1234'), never in full. */
export const BrandProviderSecretHints = z.object({
  apiKey: z.string().optional(),
  webhookSecret: z.string().optional(),
});
export type BrandProviderSecretHints = z.infer<typeof BrandProviderSecretHints>;

/** A payment provider as the editor reads it: its settings and hints of its stored secrets. */
export const BrandPaymentProviderView = z.intersection(
  BrandPaymentProviderSettings,
  z.object({ secretHints: BrandProviderSecretHints }),
);
export type BrandPaymentProviderView = z.infer<typeof BrandPaymentProviderView>;

// ------------------------------------------------------------------------------------------ the editor's view

/** A theme palette (light or dark) as #rrggbb colours. */
export const BrandPaletteView = z.object(
  Object.fromEntries(PALETTE_KEYS.map((key) => [key, z.string()])) as Record<PaletteKey, z.ZodString>,
);
export type BrandPaletteView = z.infer<typeof BrandPaletteView>;

export const BrandThemeView = z.object({
  logoText: z.string(),
  light: BrandPaletteView,
  dark: BrandPaletteView,
  radius: z.number(),
  /** An uploaded file of the brand (/media/:id/:name), or null for the built-in mark. */
  logoUrl: z.string().nullable(),
  faviconUrl: z.string().nullable(),
});
export type BrandThemeView = z.infer<typeof BrandThemeView>;

export const BrandClientAreaView = z.object({
  currency: z.enum(CURRENCY_CODES),
  minDeposit: z.number(),
  features: z.object({
    registrationEnabled: z.boolean(),
    restrictedMode: z.boolean(),
    economics: z.boolean(),
    homeRedirectsToPlatform: z.boolean(),
  }),
  widgets: z.array(z.enum(BRAND_WIDGETS)),
  languages: z.array(z.enum(BRAND_LANGUAGES)),
  /** Currencies of the live accounts clients may open (docs/accounts.md). */
  accountCurrencies: z.array(z.enum(CURRENCY_CODES)),
  /** A new demo account's virtual money, whole units of its currency. */
  demoBalance: z.number(),
});
export type BrandClientAreaView = z.infer<typeof BrandClientAreaView>;

export const BrandLegalView = z.object({
  legalName: z.string(),
  copyright: z.string(),
  supportEmail: z.string(),
  tagline: z.string(),
  address: z.string(),
  phone: z.string(),
});
export type BrandLegalView = z.infer<typeof BrandLegalView>;

/** Back-office rules of the brand: verification, defaults for newly verified clients, four-eyes threshold. */
export const BrandBackofficeRulesView = z.object({
  verification: z.enum(['automatic', 'manual']),
  /** Category ids; null: every category. */
  defaultPermissions: z.array(z.number()).nullable(),
  /** Category name → allowed leverage indexes; null: every leverage. */
  defaultLeverage: z.record(z.string(), z.array(z.number())).nullable(),
  fourEyesAbove: z.number(),
  bonusWithdrawable: z.boolean(),
  withdrawalsNeedVerification: z.boolean(),
});
export type BrandBackofficeRulesView = z.infer<typeof BrandBackofficeRulesView>;

/**
 * One brand as the editor reads it (GET /api/backoffice/brands/:id, and the answer of create and change): its
 * settings by section; payment provider secrets only as hints.
 */
export const BrandAdminView = z.object({
  id: z.number(),
  slug: z.string(),
  name: z.string(),
  status: z.enum(BRAND_STATUSES),
  hosts: z.array(z.string()),
  theme: BrandThemeView,
  clientArea: BrandClientAreaView,
  legal: BrandLegalView,
  payments: z.array(BrandPaymentProviderView),
  backoffice: BrandBackofficeRulesView,
  riskWarning: z.object({ computedRetailLoss: z.boolean() }),
  /** Instrument categories with their leverage lists, for the defaults editor. */
  categories: z.array(z.object({ id: z.number(), name: z.string(), leverages: z.array(z.number()) })),
});
export type BrandAdminView = z.infer<typeof BrandAdminView>;

// ------------------------------------------------------------------------------------------ publishing

export const BrandChecklistItem = z.object({
  key: z.enum(BRAND_CHECKLIST_KEYS),
  ok: z.boolean(),
  /** For legal pages: the slugs still missing. */
  missing: z.array(z.string()),
});
export type BrandChecklistItem = z.infer<typeof BrandChecklistItem>;

/** `GET /api/backoffice/brands/:id/publication` and the answer of publish and unpublish. */
export const BrandPublication = z.object({
  id: z.number(),
  status: z.enum(BRAND_STATUSES),
  publishedAt: Instant.nullable(),
  checklist: z.array(BrandChecklistItem),
  /** Every checklist item is ok: the brand may be published. */
  ready: z.boolean(),
});
export type BrandPublication = z.infer<typeof BrandPublication>;

// ------------------------------------------------------------------------------------------ files and trading

/** A file uploaded for the brand (logo, favicon, content image), served at its public address `url`. */
export const BrandMedia = z.object({
  id: z.number(),
  brandId: z.number(),
  name: z.string(),
  contentType: z.string(),
  size: z.number(),
  /** /media/:id/:name */
  url: z.string(),
});
export type BrandMedia = z.infer<typeof BrandMedia>;

/**
 * The brand's trading conditions (GET and PUT /api/backoffice/brands/:id/trading): the stored settings (preset and
 * overrides; null: spec pricing) and the profile they resolve to.
 */
export const BrandTradingView = z.object({
  settings: z.record(z.string(), z.unknown()).nullable(),
  profile: TradingProfileSchema,
});
export type BrandTradingView = z.infer<typeof BrandTradingView>;
