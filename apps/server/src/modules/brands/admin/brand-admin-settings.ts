/**
 * The brand editor's view of `brands.settings`: the sections staff edit (theme, client area,
 * legal, payments, back-office rules, risk warning), how a change is merged into the stored settings, and
 * how payment provider secrets are sealed (SecretBox, AES-256-GCM under BRAND_SECRETS_KEY) and answered
 * only as hints. Nothing here touches the database.
 */
import {
  BACKOFFICE_DEFAULTS,
  type BackofficeRulesInput,
  BRAND_CURRENCIES,
  type BrandAdminView,
  type BrandCreateInput,
  type BrandCurrency,
  type BrandPaymentProviderView,
  type BrandUpdateInput,
  type ClientAreaInput,
  demoBalanceOf,
  type LegalInput,
  liveCurrenciesOf,
  maskSecret,
  PALETTE_KEYS,
  type PaymentProviderInput,
  PROVIDER_SECRET_FIELDS,
  type ThemeInput,
} from '@openbroker/domain';
import type { BrandSettings, PaymentProviderSetting } from '../../../db/schema.js';
import { newToken } from '../../../lib/random.js';
import type { SecretBox } from '../../../lib/secret-box.js';
import { nonDemoPaymentProviders, sandboxPaymentProviders } from '../../payments/payments.defaults.js';
import { FONT_STACKS, logoMark, palettes, publicTheme } from '../brand-theme.js';

/** `brands.settings` as the editor writes it (theme files on top of BrandSettings). */
export type EditableSettings = Omit<BrandSettings, 'theme'> & {
  theme: BrandSettings['theme'] & { logoUrl?: string; faviconUrl?: string };
};

export const editable = (settings: BrandSettings): EditableSettings => settings as EditableSettings;

// ------------------------------------------------------------------------------------------ reading

export function themeView(settings: EditableSettings): ThemeInput {
  const full = publicTheme(settings.theme);
  return {
    logoText: settings.theme.logoText,
    light: full.light,
    dark: full.dark,
    radius: full.radius,
    logoUrl: settings.theme.logoUrl ?? null,
    faviconUrl: settings.theme.faviconUrl ?? null,
  };
}

export function clientAreaView(
  settings: EditableSettings,
): ClientAreaInput & Required<Pick<ClientAreaInput, 'accountCurrencies' | 'demoBalance'>> {
  return {
    currency: (settings.currency in BRAND_CURRENCIES ? settings.currency : 'EUR') as BrandCurrency,
    minDeposit: settings.minDeposit,
    features: { ...settings.features },
    widgets: settings.widgets ?? ['market-quotes'],
    languages: settings.languages as ClientAreaInput['languages'],
    // what clients are offered today (domain liveCurrenciesOf / demoBalanceOf), also where the brand never set it
    accountCurrencies: liveCurrenciesOf(settings).filter((c): c is BrandCurrency => c in BRAND_CURRENCIES),
    demoBalance: Math.floor(Number(demoBalanceOf(settings))),
  };
}

export function legalView(settings: EditableSettings): LegalInput {
  return {
    legalName: settings.legalName,
    copyright: settings.copyright,
    supportEmail: settings.supportEmail,
    tagline: settings.tagline ?? '',
    address: settings.office?.address ?? '',
    phone: settings.office?.phone ?? '',
  };
}

export function backofficeView(settings: EditableSettings): BackofficeRulesInput {
  const rules = settings.backoffice ?? {};
  return {
    verification: rules.verification ?? 'automatic',
    defaultPermissions: rules.defaultPermissions ?? null,
    defaultLeverage: rules.defaultLeverage ?? null,
    fourEyesAbove: rules.fourEyesAbove ?? BACKOFFICE_DEFAULTS.fourEyesAbove,
    bonusWithdrawable: rules.bonusWithdrawable ?? false,
    withdrawalsNeedVerification:
      rules.withdrawalsNeedVerification ?? BACKOFFICE_DEFAULTS.withdrawalsNeedVerification,
  };
}

/** A provider as the browser may see it: everything but the secrets, which are hints only. */
export function providerView(provider: PaymentProviderSetting, box: SecretBox): BrandPaymentProviderView {
  const { secrets, ...rest } = provider;
  const secretHints: BrandPaymentProviderView['secretHints'] = {};
  for (const field of PROVIDER_SECRET_FIELDS) {
    const sealed = secrets?.[field];
    if (!sealed) continue;
    try {
      secretHints[field] = maskSecret(box.open(sealed));
    } catch {
      // sealed under another key (BRAND_SECRETS_KEY changed): shown as set but unreadable
      secretHints[field] = '••••?';
    }
  }
  return { ...rest, secretHints } as BrandPaymentProviderView;
}

export function brandView(
  row: {
    id: number;
    slug: string;
    name: string;
    hosts: string[];
    settings: BrandSettings;
    status: 'draft' | 'published';
  },
  box: SecretBox,
  categories: BrandAdminView['categories'],
): BrandAdminView {
  const settings = editable(row.settings);
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    status: row.status,
    hosts: row.hosts,
    theme: themeView(settings),
    clientArea: clientAreaView(settings),
    legal: legalView(settings),
    payments: (settings.payments ?? []).map((p) => providerView(p, box)),
    backoffice: backofficeView(settings),
    riskWarning: { computedRetailLoss: settings.riskWarning?.computedRetailLoss ?? false },
    categories,
  };
}

// ------------------------------------------------------------------------------------------ writing

/**
 * The stored providers after an edit: each secret sent is sealed, one sent empty or absent keeps the
 * stored value of the provider with the same key, null removes it.
 */
export function mergeProviders(
  before: PaymentProviderSetting[],
  input: PaymentProviderInput[],
  box: SecretBox,
): PaymentProviderSetting[] {
  const previous = new Map(before.map((p) => [p.key, p]));
  return input.map((entry) => {
    const { apiKey, webhookSecret, merchantId, ...rest } = entry;
    const sent = { apiKey, webhookSecret };
    const kept = previous.get(entry.key)?.secrets ?? {};
    const secrets: PaymentProviderSetting['secrets'] = {};
    for (const field of PROVIDER_SECRET_FIELDS) {
      const value = sent[field];
      if (value === null) continue;
      if (value === undefined || value === '') {
        if (kept[field]) secrets[field] = kept[field];
      } else secrets[field] = box.seal(value);
    }
    const cleaned = Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined && v !== ''));
    return {
      ...(cleaned as unknown as PaymentProviderSetting),
      ...(merchantId ? { merchantId } : {}),
      ...(Object.keys(secrets).length > 0 ? { secrets } : {}),
    };
  });
}

/** The settings after applying the sections of an update (each section replaces its part as a whole). */
export function applyUpdate(
  current: EditableSettings,
  input: BrandUpdateInput,
  box: SecretBox,
): EditableSettings {
  const next: EditableSettings = structuredClone(current);
  if (input.theme) {
    const { logoText, light, dark, radius, logoUrl, faviconUrl } = input.theme;
    next.theme = { ...next.theme, primary: light.primary, logoText, light, dark, radius };
    if (logoUrl) next.theme.logoUrl = logoUrl;
    else delete next.theme.logoUrl;
    if (faviconUrl) next.theme.faviconUrl = faviconUrl;
    else delete next.theme.faviconUrl;
  }
  if (input.clientArea) {
    const area = input.clientArea;
    next.currency = area.currency;
    next.currencySymbol = BRAND_CURRENCIES[area.currency];
    next.minDeposit = area.minDeposit;
    next.features = { ...area.features };
    next.widgets = [...area.widgets];
    next.languages = [...area.languages];
    if (area.accountCurrencies) next.accountCurrencies = [...area.accountCurrencies];
    if (area.demoBalance !== undefined) next.demoBalance = `${area.demoBalance}.00`;
  }
  if (input.legal) {
    const legal = input.legal;
    next.legalName = legal.legalName;
    next.copyright = legal.copyright;
    next.supportEmail = legal.supportEmail;
    next.tagline = legal.tagline;
    next.office = {
      lat: next.office?.lat ?? 0,
      lng: next.office?.lng ?? 0,
      address: legal.address,
      phone: legal.phone,
    };
  }
  if (input.payments) next.payments = mergeProviders(current.payments ?? [], input.payments, box);
  if (input.backoffice) {
    const rules = input.backoffice;
    next.backoffice = {
      ...next.backoffice,
      verification: rules.verification,
      fourEyesAbove: rules.fourEyesAbove,
      bonusWithdrawable: rules.bonusWithdrawable,
      withdrawalsNeedVerification: rules.withdrawalsNeedVerification,
    };
    if (rules.defaultPermissions === null) delete next.backoffice.defaultPermissions;
    else next.backoffice.defaultPermissions = rules.defaultPermissions;
    if (rules.defaultLeverage === null) delete next.backoffice.defaultLeverage;
    else next.backoffice.defaultLeverage = rules.defaultLeverage;
  }
  if (input.riskWarning) next.riskWarning = { computedRetailLoss: input.riskWarning.computedRetailLoss };
  return next;
}

/** A new brand's settings: working defaults (theme from its two colours, fresh content tokens, sandbox payments in a demo). */
export function newBrandSettings(
  input: BrandCreateInput,
  options: { sandboxPayments: boolean },
): EditableSettings {
  const { light, dark } = palettes(input.primary, input.accent);
  return {
    currency: input.currency,
    currencySymbol: BRAND_CURRENCIES[input.currency],
    minDeposit: 250,
    languages: ['en', 'de'],
    features: {
      registrationEnabled: true,
      restrictedMode: false,
      economics: true,
      homeRedirectsToPlatform: false,
    },
    theme: {
      primary: input.primary,
      logoText: input.name,
      light,
      dark,
      fonts: { heading: FONT_STACKS.system, body: FONT_STACKS.system, mono: FONT_STACKS.mono },
      radius: 8,
      logoSvg: logoMark('chart', light.heroFrom, input.primary, 14),
    },
    contentToken: newToken(),
    formsToken: newToken(),
    widgets: ['market-quotes'],
    tagline: '',
    legalName: input.legalName,
    copyright: `© ${input.legalName}. CFDs are complex instruments and come with a high risk of losing money rapidly due to leverage.`,
    supportEmail: input.supportEmail,
    homeSlug: 'index',
    payments: options.sandboxPayments ? sandboxPaymentProviders(input.legalName) : nonDemoPaymentProviders(),
    backoffice: { verification: 'automatic' },
    riskWarning: { computedRetailLoss: false },
  };
}

/**
 * What the audit row keeps of a settings change: the changed top-level parts before and after, with
 * every provider secret replaced by whether it is set (never a sealed or plain value).
 */
export function auditableSettings(settings: EditableSettings): Record<string, unknown> {
  const { contentToken: _c, formsToken: _f, ...rest } = settings;
  return {
    ...rest,
    ...(settings.payments
      ? {
          payments: settings.payments.map(({ secrets, ...p }) => ({
            ...p,
            secrets: Object.fromEntries(Object.keys(secrets ?? {}).map((k) => [k, 'set'])),
          })),
        }
      : {}),
  };
}

/** Keys of the palettes, re-exported for tests. */
export const PALETTE_FIELDS = PALETTE_KEYS;
