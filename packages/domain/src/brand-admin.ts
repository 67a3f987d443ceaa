/**
 * The brand editor of the back office: what staff send to create a brand and to change its settings, and the
 * publish checklist's rule (what the editor reads back is in contracts/brands.ts). Pure zod schemas shared by the
 * server (request validation) and the web (form validation), so both refuse the same values with the same message
 * keys.
 */
import { z } from 'zod';
import { hasForbiddenCharacters } from './bounds.js';
import { emailField } from './schemas/fields.js';

const INVALID = { error: 'field.invalid' } as const;

/** Account currencies a brand can run in, with the symbol the client area shows. */
export const BRAND_CURRENCIES = { EUR: '€', USD: '$', GBP: '£', CHF: 'CHF' } as const;
export type BrandCurrency = keyof typeof BRAND_CURRENCIES;
const CURRENCY_CODES = Object.keys(BRAND_CURRENCIES) as [BrandCurrency, ...BrandCurrency[]];

/** Home widgets a brand can show (spec §2), in the order the editor lists them. */
export const BRAND_WIDGETS = ['market-quotes', 'cross-rates', 'ticker-tape'] as const;
/** Languages of the public site and client area. */
export const BRAND_LANGUAGES = ['en', 'de', 'it', 'es'] as const;
/** Payment provider types a brand can configure (the built-in sandbox ones and bank wire). */
export const PAYMENT_PROVIDER_TYPES = [
  'sandbox-card',
  'bank-wire',
  'sandbox-alternative',
  'sandbox-cashier',
] as const;
/** Secret fields of a payment provider: stored encrypted, answered only masked. */
export const PROVIDER_SECRET_FIELDS = ['apiKey', 'webhookSecret'] as const;
export type ProviderSecretField = (typeof PROVIDER_SECRET_FIELDS)[number];
/** Palette entries of a theme (light and dark each), as the public site reads them. */
export const PALETTE_KEYS = [
  'primary',
  'onPrimary',
  'secondary',
  'accent',
  'background',
  'surface',
  'text',
  'muted',
  'border',
  'heroFrom',
  'heroTo',
] as const;
export type PaletteKey = (typeof PALETTE_KEYS)[number];
/** Largest upload of a brand file (logo, favicon, content image). */
export const MEDIA_MAX_BYTES = 2 * 1024 * 1024;
/** The most host names one brand answers on. */
export const MAX_BRAND_HOSTS = 20;

/** Plain one-line text: trimmed, bounded, no control characters. */
export const brandText = (max: number, { required = false, multiline = false } = {}) =>
  z
    .string(INVALID)
    .trim()
    .max(max, { message: 'field.maxChars' })
    .refine((v) => !required || v.length > 0, { message: 'field.required' })
    .refine((v) => !hasForbiddenCharacters(v, { multiline }), { message: 'field.forbiddenCharacters' });

/** A CSS colour as #rrggbb, answered lower-case. */
export const colourField = z
  .string(INVALID)
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, { message: 'boBrands.colour' })
  .transform((v) => v.toLowerCase());

const HOST_LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/** Whether a (lower-case) text is a host name a Host header can carry: DNS labels or an IPv4 address, no port. */
export function isHostName(host: string): boolean {
  if (host.length === 0 || host.length > 253) return false;
  return host.split('.').every((label) => HOST_LABEL.test(label));
}

/** The brand's host names: lower-case, each valid, none twice, 1 to MAX_BRAND_HOSTS. */
export const hostsField = z
  .array(z.string(INVALID).trim().toLowerCase().max(253, { message: 'field.maxChars' }), INVALID)
  .min(1, { message: 'field.required' })
  .max(MAX_BRAND_HOSTS, { message: 'field.max' })
  .superRefine((hosts, ctx) => {
    const seen = new Set<string>();
    hosts.forEach((host, index) => {
      if (!isHostName(host))
        ctx.addIssue({ code: 'custom', path: [index], message: 'boBrands.host', params: { host } });
      else if (seen.has(host))
        ctx.addIssue({ code: 'custom', path: [index], message: 'boBrands.hostTwice', params: { host } });
      seen.add(host);
    });
  });

export const slugField = z
  .string(INVALID)
  .trim()
  .regex(/^[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])$/, { message: 'boBrands.slug' });

/** The virtual money a brand may give a new demo account: enough to trade, not absurd. */
export const DEMO_BALANCE_MIN = 100;
export const DEMO_BALANCE_MAX = 10_000_000;

const money = (max: number) => z.number(INVALID).min(0, { message: 'field.min' }).max(max);

/** A file uploaded for the brand (`/media/<id>/<name>`), or null for the built-in mark. */
export const mediaUrlField = z
  .string(INVALID)
  .trim()
  .regex(/^\/media\/\d{1,10}\/[A-Za-z0-9._-]{1,120}$/, { message: 'boBrands.mediaUrl' })
  .nullable();

export const PaletteInput = z.strictObject(
  Object.fromEntries(PALETTE_KEYS.map((k) => [k, colourField])) as Record<PaletteKey, typeof colourField>,
  INVALID,
);
export type PaletteInput = z.output<typeof PaletteInput>;

export const ThemeInput = z.strictObject(
  {
    logoText: brandText(40, { required: true }),
    light: PaletteInput,
    dark: PaletteInput,
    radius: z.number(INVALID).int(INVALID).min(0).max(24),
    logoUrl: mediaUrlField,
    faviconUrl: mediaUrlField,
  },
  INVALID,
);
export type ThemeInput = z.output<typeof ThemeInput>;

export const ClientAreaInput = z.strictObject(
  {
    currency: z.enum(CURRENCY_CODES, INVALID),
    minDeposit: money(1_000_000),
    features: z.strictObject(
      {
        registrationEnabled: z.boolean(INVALID),
        restrictedMode: z.boolean(INVALID),
        economics: z.boolean(INVALID),
        homeRedirectsToPlatform: z.boolean(INVALID),
      },
      INVALID,
    ),
    widgets: z
      .array(z.enum(BRAND_WIDGETS, INVALID), INVALID)
      .max(BRAND_WIDGETS.length)
      .transform((list) => [...new Set(list)]),
    languages: z
      .array(z.enum(BRAND_LANGUAGES, INVALID), INVALID)
      .min(1, { message: 'field.required' })
      .max(BRAND_LANGUAGES.length)
      .transform((list) => [...new Set(list)]),
    /** Currencies clients may open live trading accounts in (docs/accounts.md); absent: unchanged. */
    accountCurrencies: z
      .array(z.enum(CURRENCY_CODES, INVALID), INVALID)
      .min(1, { message: 'field.required' })
      .max(CURRENCY_CODES.length)
      .transform((list) => [...new Set(list)])
      .optional(),
    /** What a new demo account starts with, in its currency (whole units); absent: unchanged. */
    demoBalance: z
      .number(INVALID)
      .int({ message: 'field.invalid' })
      .min(DEMO_BALANCE_MIN, { message: 'field.min' })
      .max(DEMO_BALANCE_MAX, { message: 'field.max' })
      .optional(),
  },
  INVALID,
);
export type ClientAreaInput = z.output<typeof ClientAreaInput>;

export const LegalInput = z.strictObject(
  {
    legalName: brandText(200, { required: true }),
    copyright: brandText(1000, { multiline: true }),
    supportEmail: emailField('supportEmail', { lowerCase: true }),
    tagline: brandText(300),
    address: brandText(300),
    phone: brandText(40),
  },
  INVALID,
);
export type LegalInput = z.output<typeof LegalInput>;

/**
 * A secret of a payment provider as the editor sends it: a new value, '' or absent to keep the stored
 * one, null to remove it.
 */
const secretInput = z.string(INVALID).max(500, { message: 'field.maxChars' }).nullable().optional();

const providerBase = {
  key: z
    .string(INVALID)
    .trim()
    .regex(/^[a-z0-9][a-z0-9-]{0,31}$/, { message: 'boBrands.slug' }),
  merchantId: brandText(120).optional(),
  apiKey: secretInput,
  webhookSecret: secretInput,
};

export const PaymentProviderInput = z.discriminatedUnion(
  'type',
  [
    z.strictObject({ ...providerBase, type: z.literal('sandbox-card'), flow: z.enum(['redirect', 'form']) }),
    z.strictObject({
      ...providerBase,
      type: z.literal('bank-wire'),
      beneficiary: brandText(200, { required: true }),
      bankName: brandText(200, { required: true }),
      iban: brandText(42, { required: true }),
      bic: brandText(11, { required: true }),
    }),
    z.strictObject({
      ...providerBase,
      type: z.literal('sandbox-alternative'),
      title: brandText(60, { required: true }),
      url: z
        .string(INVALID)
        .trim()
        .max(500, { message: 'field.maxChars' })
        .refine((v) => v === '' || /^(https:\/\/|\/)[^\s"<>]*$/.test(v), { message: 'field.invalid' })
        .optional(),
    }),
    z.strictObject({
      ...providerBase,
      type: z.literal('sandbox-cashier'),
      title: brandText(60, { required: true }),
    }),
  ],
  INVALID,
);
export type PaymentProviderInput = z.output<typeof PaymentProviderInput>;

export const PaymentsInput = z
  .array(PaymentProviderInput, INVALID)
  .max(20)
  .superRefine((list, ctx) => {
    const seen = new Set<string>();
    list.forEach((p, index) => {
      if (seen.has(p.key))
        ctx.addIssue({
          code: 'custom',
          path: [index, 'key'],
          message: 'boBrands.providerKeyTwice',
          params: { key: p.key },
        });
      seen.add(p.key);
    });
  });

/** Back-office rules of the brand: verification, defaults for newly verified clients, four-eyes threshold. */
export const BackofficeRulesInput = z.strictObject(
  {
    verification: z.enum(['automatic', 'manual'], INVALID),
    /** Category ids; null: every category. */
    defaultPermissions: z
      .array(z.number(INVALID).int(INVALID).positive(INVALID), INVALID)
      .max(50)
      .nullable()
      .transform((list) => (list === null ? null : [...new Set(list)].sort((a, b) => a - b))),
    /** Category name → allowed leverage indexes; null: every leverage. */
    defaultLeverage: z
      .record(
        z.string().max(32),
        z.array(z.number(INVALID).int(INVALID).min(0).max(50), INVALID).max(50),
        INVALID,
      )
      .nullable(),
    fourEyesAbove: money(1_000_000_000),
    bonusWithdrawable: z.boolean(INVALID),
    /** A client needs a verified account to request a withdrawal (on unless the brand turns it off). */
    withdrawalsNeedVerification: z.boolean(INVALID).default(true),
  },
  INVALID,
);
export type BackofficeRulesInput = z.output<typeof BackofficeRulesInput>;

/** Changes to a brand: any section; a section sent replaces that section as a whole. */
export const BrandUpdateInput = z.strictObject(
  {
    name: brandText(120, { required: true }).optional(),
    hosts: hostsField.optional(),
    theme: ThemeInput.optional(),
    clientArea: ClientAreaInput.optional(),
    legal: LegalInput.optional(),
    payments: PaymentsInput.optional(),
    backoffice: BackofficeRulesInput.optional(),
    riskWarning: z.strictObject({ computedRetailLoss: z.boolean(INVALID) }, INVALID).optional(),
  },
  INVALID,
);
export type BrandUpdateInput = z.output<typeof BrandUpdateInput>;

/**
 * What a new brand starts from: the built-in starter (home, about, contact, account levels and the legal pages in
 * English and German, the standard menus) or an existing brand, whose settings, content pages, menus, legal pages
 * and payment-method settings are copied, never its clients, staff or payment secrets.
 */
export const BrandTemplateInput = z.discriminatedUnion(
  'kind',
  [
    z.strictObject({ kind: z.literal('starter') }, INVALID),
    z.strictObject(
      { kind: z.literal('brand'), brandId: z.number(INVALID).int(INVALID).positive(INVALID) },
      INVALID,
    ),
  ],
  INVALID,
);
export type BrandTemplateInput = z.output<typeof BrandTemplateInput>;

/** A new brand: the essentials; everything else starts from sensible defaults and is edited afterwards. */
export const BrandCreateInput = z.strictObject(
  {
    slug: slugField,
    name: brandText(120, { required: true }),
    hosts: hostsField,
    currency: z.enum(CURRENCY_CODES, INVALID),
    legalName: brandText(200, { required: true }),
    supportEmail: emailField('supportEmail', { lowerCase: true }),
    primary: colourField,
    accent: colourField,
    /** What the new brand starts from (docs/brands.md "Templates"); the built-in starter when left out. */
    template: BrandTemplateInput.optional(),
  },
  INVALID,
);
export type BrandCreateInput = z.output<typeof BrandCreateInput>;

/** The hint a stored secret is shown as: its last four characters behind dots (all dots when short). */
export function maskSecret(secret: string): string {
  return secret.length >= 12 ? `••••${secret.slice(-4)}` : '••••';
}

// ------------------------------------------------------------------------------------------- publishing

export const BRAND_STATUSES = ['draft', 'published'] as const;
export type BrandStatus = (typeof BRAND_STATUSES)[number];

/**
 * The legal pages every published brand needs (the footer's legal links, spec §2 "Other linked pages"): each must
 * exist as a published content page in English.
 */
export const BRAND_LEGAL_SLUGS = [
  'terms-conditions',
  'privacy-policy',
  'cookies-policy',
  'aml-policy',
  'kyc-policy',
] as const;

export const BRAND_CHECKLIST_KEYS = ['legalPages', 'supportEmail', 'paymentMethod', 'riskWarning'] as const;
export type BrandChecklistKey = (typeof BRAND_CHECKLIST_KEYS)[number];

/** What the publish checklist looks at, read from the brand, its content pages and its site settings. */
export interface BrandPublishFacts {
  /** Slugs of the brand's published English content pages. */
  publishedSlugs: readonly string[];
  supportEmail: string;
  paymentMethods: number;
  /** The site settings' risk warning as stored. */
  riskWarning: string;
}

/** One line of the publish checklist (the publication contract's `checklist` item). */
export interface BrandChecklistLine {
  key: BrandChecklistKey;
  ok: boolean;
  /** For legal pages: the slugs still missing. */
  missing: string[];
}

/** The publish checklist: every item must be ok before a draft can be published. */
export function brandChecklist(facts: BrandPublishFacts): BrandChecklistLine[] {
  const published = new Set(facts.publishedSlugs);
  const missingLegal = BRAND_LEGAL_SLUGS.filter((slug) => !published.has(slug));
  return [
    { key: 'legalPages', ok: missingLegal.length === 0, missing: missingLegal },
    { key: 'supportEmail', ok: /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(facts.supportEmail.trim()), missing: [] },
    { key: 'paymentMethod', ok: facts.paymentMethods > 0, missing: [] },
    { key: 'riskWarning', ok: facts.riskWarning.replace(/<[^>]*>/g, '').trim().length > 0, missing: [] },
  ];
}
