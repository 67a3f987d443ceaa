import type { HomeWidget, ThemeFonts } from '@openbroker/domain';
import type { BrandSettings, BrandTradingSettings } from '../db/schema.js';
import { newToken } from '../lib/random.js';
import { FONT_STACKS, type LogoGlyph, logoMark, palettes } from '../modules/brands/brand-theme.js';
import { sandboxPaymentProviders } from '../modules/payments/payments.defaults.js';
import type { BrandFacts } from '../starter/brand-facts.js';

/**
 * The demo's sixteen brand variants (architecture §7): the default brand plus fifteen white-label
 * sites, each reachable at `<slug>.localhost:3000`. Everything that differs between brands is data
 * here (names, theme tokens, flags, widgets, legal entity, office); the web app themes itself from
 * `GET /api/brand` and never branches on a brand.
 */

export interface SeedBrand {
  slug: string;
  name: string;
  hosts: string[];
  settings: BrandSettings;
  facts: BrandFacts;
}

const fonts = (heading: keyof typeof FONT_STACKS, body: keyof typeof FONT_STACKS): ThemeFonts => ({
  heading: FONT_STACKS[heading],
  body: FONT_STACKS[body],
  mono: FONT_STACKS.mono,
});

// ------------------------------------------------------------------------------- trading conditions

/**
 * A typical EU retail CFD broker (docs/trading-costs.md): ESMA caps and 50 % close-out; forex priced in
 * pips (0.4 per side: EURUSD's 1.2-pip feed spread becomes 2.0 pips), other groups in percent; commission
 * only on shares; swaps triple on Wednesday for forex and commodities, on Friday for shares and indices,
 * every night for crypto.
 */
export const RETAIL_TRADING: BrandTradingSettings = {
  preset: 'esma',
  groups: {
    forex: {
      markup: { unit: 'pips', value: 0.4 },
      commission: { unit: 'perLot', value: 0 },
      swap: { long: -2.8, short: -0.9, tripleDay: 3, weekends: false },
    },
    stocks: {
      markup: { unit: 'percent', value: 0.05 },
      commission: { unit: 'percent', value: 0.02 },
      swap: { long: -6.5, short: -2.5, tripleDay: 5, weekends: false },
    },
    crypto: {
      markup: { unit: 'percent', value: 0.3 },
      commission: { unit: 'perLot', value: 0 },
      swap: { long: -18, short: -12, tripleDay: null, weekends: true },
    },
    commodities: {
      markup: { unit: 'percent', value: 0.02 },
      commission: { unit: 'perLot', value: 0 },
      swap: { long: -5, short: -2, tripleDay: 3, weekends: false },
    },
    index: {
      markup: { unit: 'pips', value: 0.5 },
      commission: { unit: 'perLot', value: 0 },
      swap: { long: -5.5, short: -1.5, tripleDay: 5, weekends: false },
    },
  },
  retailLossPercent: 74,
};

/**
 * A professional/offshore account offer: no preset caps (the categories' lists apply), raw forex spreads
 * with a commission of 3.50 per lot, stop-out at 30 %, margin call at 80 %.
 */
export const PROFESSIONAL_TRADING: BrandTradingSettings = {
  preset: 'professional',
  marginCallLevel: 0.8,
  stopOutLevel: 0.3,
  leverageCaps: null,
  groups: {
    ...RETAIL_TRADING.groups,
    forex: {
      markup: { unit: 'pips', value: 0.1 },
      commission: { unit: 'perLot', value: 3.5 },
      swap: { long: -2.5, short: -0.7, tripleDay: 3, weekends: false },
    },
  },
};

/** The variant whose clients are professionals (its pages and prices show it). */
export const PROFESSIONAL_BRAND_SLUG = 'meridian';
/** The seeded brand that requires the appropriateness test (docs/compliance.md). */
export const APPROPRIATENESS_BRAND_SLUG = 'bluepeak';

// ----------------------------------------------------------------------------------------- brands

interface Variant {
  slug: string;
  name: string;
  logoText: string;
  legalName: string;
  primary: string;
  accent: string;
  glyph: LogoGlyph;
  fonts: ThemeFonts;
  radius: number;
  widgets: HomeWidget[];
  features: BrandSettings['features'];
  currency: 'EUR' | 'USD' | 'GBP' | 'CHF';
  languages: string[];
  office: { address: string; city: string; country: string; phone: string; lat: number; lng: number };
  registration: string;
  licence: string;
  founded: number;
  tagline: { en: string; de: string };
}

const CURRENCY_SYMBOLS = { EUR: '€', USD: '$', GBP: '£', CHF: 'CHF' } as const;

const ALL_ON = {
  registrationEnabled: true,
  restrictedMode: false,
  economics: true,
  homeRedirectsToPlatform: false,
} as const;

/** The fifteen white-label variants next to the default brand. */
const VARIANTS: Variant[] = [
  {
    slug: 'aurora',
    name: 'Aurora Markets',
    logoText: 'Aurora',
    legalName: 'Aurora Markets Ltd.',
    primary: '#0f766e',
    accent: '#f59e0b',
    glyph: 'wave',
    fonts: fonts('geometric', 'system'),
    radius: 12,
    widgets: ['ticker-tape', 'market-quotes'],
    features: { ...ALL_ON },
    currency: 'EUR',
    languages: ['en', 'de'],
    office: {
      address: 'Arch. Makariou III 155, 3026 Limassol, Cyprus',
      city: 'Limassol',
      country: 'Cyprus',
      phone: '+357 25 030 410',
      lat: 34.6786,
      lng: 33.0413,
    },
    registration: 'HE 412907',
    licence: 'investment firm licence 318/17',
    founded: 2017,
    tagline: {
      en: 'Trade forex, stocks and crypto CFDs with clear pricing and live support.',
      de: 'Handeln Sie CFDs auf Devisen, Aktien und Kryptowährungen mit klaren Preisen und persönlichem Support.',
    },
  },
  {
    slug: 'meridian',
    name: 'Meridian Capital FX',
    logoText: 'Meridian',
    legalName: 'Meridian Capital FX Limited',
    primary: '#1e3a8a',
    accent: '#d4a017',
    glyph: 'compass',
    fonts: fonts('transitional', 'neoGrotesque'),
    radius: 4,
    widgets: ['market-quotes', 'cross-rates'],
    features: { ...ALL_ON, registrationEnabled: false },
    currency: 'GBP',
    languages: ['en', 'de'],
    office: {
      address: '30 Old Broad Street, London EC2N 1HT, United Kingdom',
      city: 'London',
      country: 'United Kingdom',
      phone: '+44 20 3807 5120',
      lat: 51.5153,
      lng: -0.0852,
    },
    registration: 'Company No. 10493317',
    licence: 'firm reference number 784512',
    founded: 2012,
    tagline: {
      en: 'Institutional-grade forex execution for private traders since 2012.',
      de: 'Devisenhandel mit institutioneller Ausführung für private Trader seit 2012.',
    },
  },
  {
    slug: 'northwind',
    name: 'Northwind Trading',
    logoText: 'Northwind',
    legalName: 'Northwind Trading AS',
    primary: '#0369a1',
    accent: '#22d3ee',
    glyph: 'arrow',
    fonts: fonts('humanist', 'humanist'),
    radius: 8,
    widgets: ['ticker-tape', 'market-quotes'],
    features: { ...ALL_ON, restrictedMode: true },
    currency: 'EUR',
    languages: ['en', 'de'],
    office: {
      address: 'Rotermanni 8, 10111 Tallinn, Estonia',
      city: 'Tallinn',
      country: 'Estonia',
      phone: '+372 6 990 214',
      lat: 59.4386,
      lng: 24.7541,
    },
    registration: 'Registry code 14820563',
    licence: 'investment firm licence 4.1-1/118',
    founded: 2019,
    tagline: {
      en: 'Nordic-built trading: fast, transparent and refreshingly simple.',
      de: 'Trading aus dem Norden: schnell, transparent und angenehm einfach.',
    },
  },
  {
    slug: 'helix',
    name: 'Helix Invest',
    logoText: 'Helix',
    legalName: 'Helix Invest Europe Ltd.',
    primary: '#6d28d9',
    accent: '#ec4899',
    glyph: 'rings',
    fonts: fonts('rounded', 'system'),
    radius: 16,
    widgets: ['market-quotes'],
    features: { ...ALL_ON, economics: false },
    currency: 'EUR',
    languages: ['en', 'de'],
    office: {
      address: 'Portomaso Business Tower, Level 12, St Julian’s STJ 4011, Malta',
      city: 'St Julian’s',
      country: 'Malta',
      phone: '+356 2778 1540',
      lat: 35.9187,
      lng: 14.4911,
    },
    registration: 'Company C 81244',
    licence: 'category 3 investment services licence IS/81244',
    founded: 2018,
    tagline: {
      en: 'Multi-asset CFDs with a platform that gets out of your way.',
      de: 'Multi-Asset-CFDs auf einer Plattform, die Ihnen nicht im Weg steht.',
    },
  },
  {
    slug: 'sterling',
    name: 'Sterling & Crowe',
    logoText: 'Sterling & Crowe',
    legalName: 'Sterling & Crowe Markets plc',
    primary: '#14532d',
    accent: '#c9a227',
    glyph: 'crown',
    fonts: fonts('oldStyle', 'transitional'),
    radius: 2,
    widgets: ['cross-rates', 'market-quotes'],
    features: { ...ALL_ON, homeRedirectsToPlatform: true },
    currency: 'GBP',
    languages: ['en', 'de'],
    office: {
      address: '1 Cornhill, London EC3V 3ND, United Kingdom',
      city: 'London',
      country: 'United Kingdom',
      phone: '+44 20 3870 4410',
      lat: 51.5133,
      lng: -0.0886,
    },
    registration: 'Company No. 08817702',
    licence: 'firm reference number 661203',
    founded: 2009,
    tagline: {
      en: 'A private-banking approach to online trading.',
      de: 'Online-Trading mit dem Anspruch einer Privatbank.',
    },
  },
  {
    slug: 'kestrel',
    name: 'Kestrel FX',
    logoText: 'Kestrel FX',
    legalName: 'Kestrel FX Europe Ltd.',
    primary: '#c2410c',
    accent: '#0ea5e9',
    glyph: 'bolt',
    fonts: fonts('industrial', 'system'),
    radius: 6,
    widgets: ['cross-rates', 'ticker-tape'],
    features: { ...ALL_ON },
    currency: 'EUR',
    languages: ['en', 'de'],
    office: {
      address: 'Spyrou Kyprianou 78, 3076 Limassol, Cyprus',
      city: 'Limassol',
      country: 'Cyprus',
      phone: '+357 25 262 880',
      lat: 34.6851,
      lng: 33.0371,
    },
    registration: 'HE 398114',
    licence: 'investment firm licence 297/16',
    founded: 2016,
    tagline: {
      en: 'Sharp forex spreads and instant execution for active traders.',
      de: 'Enge Devisen-Spreads und sofortige Ausführung für aktive Trader.',
    },
  },
  {
    slug: 'bluepeak',
    name: 'BluePeak Brokers',
    logoText: 'BluePeak',
    legalName: 'BluePeak Brokers AG',
    primary: '#1d4ed8',
    accent: '#10b981',
    glyph: 'peak',
    fonts: fonts('neoGrotesque', 'neoGrotesque'),
    radius: 10,
    widgets: ['market-quotes'],
    features: { ...ALL_ON },
    currency: 'CHF',
    languages: ['en', 'de'],
    office: {
      address: 'Bahnhofstrasse 45, 8001 Zürich, Switzerland',
      city: 'Zürich',
      country: 'Switzerland',
      phone: '+41 44 508 72 30',
      lat: 47.3717,
      lng: 8.5389,
    },
    registration: 'CHE-312.540.876',
    licence: 'securities firm licence 2020/118',
    founded: 2014,
    tagline: {
      en: 'Swiss-run brokerage for forex, indices and global shares.',
      de: 'Schweizer Broker für Devisen, Indizes und globale Aktien.',
    },
  },
  {
    slug: 'lumen',
    name: 'Lumen Trade',
    logoText: 'Lumen',
    legalName: 'Lumen Trade Ltd.',
    primary: '#b45309',
    accent: '#7c3aed',
    glyph: 'sun',
    fonts: fonts('geometric', 'geometric'),
    radius: 14,
    widgets: ['market-quotes', 'ticker-tape'],
    features: { ...ALL_ON, registrationEnabled: false, economics: false },
    currency: 'EUR',
    languages: ['en', 'de'],
    office: {
      address: 'Sir William Reid Street 3, Gzira GZR 1024, Malta',
      city: 'Gzira',
      country: 'Malta',
      phone: '+356 2034 9911',
      lat: 35.9056,
      lng: 14.4935,
    },
    registration: 'Company C 90357',
    licence: 'category 3 investment services licence IS/90357',
    founded: 2020,
    tagline: {
      en: 'Bright ideas for modern traders: learn, practise, trade.',
      de: 'Gute Ideen für moderne Trader: lernen, üben, handeln.',
    },
  },
  {
    slug: 'vertex',
    name: 'Vertex Prime',
    logoText: 'Vertex Prime',
    legalName: 'Vertex Prime Markets Ltd.',
    primary: '#b91c1c',
    accent: '#f97316',
    glyph: 'diamond',
    fonts: fonts('industrial', 'neoGrotesque'),
    radius: 4,
    widgets: ['market-quotes', 'cross-rates'],
    features: { ...ALL_ON },
    currency: 'USD',
    languages: ['en', 'de'],
    office: {
      address: 'Grigori Afxentiou 6, 4003 Limassol, Cyprus',
      city: 'Limassol',
      country: 'Cyprus',
      phone: '+357 25 755 320',
      lat: 34.6998,
      lng: 33.0581,
    },
    registration: 'HE 376552',
    licence: 'investment firm licence 264/15',
    founded: 2015,
    tagline: {
      en: 'Prime liquidity, raw spreads, professional tools.',
      de: 'Prime-Liquidität, Raw-Spreads, professionelle Werkzeuge.',
    },
  },
  {
    slug: 'harbor',
    name: 'Harbor Point Markets',
    logoText: 'Harbor Point',
    legalName: 'Harbor Point Markets B.V.',
    primary: '#155e75',
    accent: '#f43f5e',
    glyph: 'anchor',
    fonts: fonts('transitional', 'humanist'),
    radius: 8,
    widgets: ['market-quotes'],
    features: { ...ALL_ON, restrictedMode: true, homeRedirectsToPlatform: true },
    currency: 'EUR',
    languages: ['en', 'de'],
    office: {
      address: 'Zuidplein 126, 1077 XV Amsterdam, Netherlands',
      city: 'Amsterdam',
      country: 'Netherlands',
      phone: '+31 20 808 4470',
      lat: 52.3394,
      lng: 4.8734,
    },
    registration: 'KvK 74312877',
    licence: 'investment firm licence 15004832',
    founded: 2011,
    tagline: {
      en: 'A steady harbour for long-term traders.',
      de: 'Ein sicherer Hafen für langfristig orientierte Trader.',
    },
  },
  {
    slug: 'quartz',
    name: 'Quartz Capital',
    logoText: 'Quartz',
    legalName: 'Quartz Capital Markets S.A.',
    primary: '#be185d',
    accent: '#0d9488',
    glyph: 'hexagon',
    fonts: fonts('didone', 'system'),
    radius: 0,
    widgets: ['market-quotes', 'ticker-tape'],
    features: { ...ALL_ON },
    currency: 'EUR',
    languages: ['en', 'de'],
    office: {
      address: '12 Rue Eugène Ruppert, 2453 Luxembourg',
      city: 'Luxembourg',
      country: 'Luxembourg',
      phone: '+352 20 88 41 60',
      lat: 49.5852,
      lng: 6.1162,
    },
    registration: 'RCS B 228714',
    licence: 'investment firm licence P00001043',
    founded: 2013,
    tagline: {
      en: 'Crystal-clear conditions for forex, indices and commodities.',
      de: 'Glasklare Konditionen für Devisen, Indizes und Rohstoffe.',
    },
  },
  {
    slug: 'atlas',
    name: 'Atlas Global Markets',
    logoText: 'Atlas',
    legalName: 'Atlas Global Markets GmbH',
    primary: '#92400e',
    accent: '#2563eb',
    glyph: 'globe',
    fonts: fonts('neoGrotesque', 'system'),
    radius: 6,
    widgets: ['market-quotes', 'cross-rates', 'ticker-tape'],
    features: { ...ALL_ON },
    currency: 'EUR',
    languages: ['en', 'de'],
    office: {
      address: 'Neue Mainzer Straße 52, 60311 Frankfurt am Main, Germany',
      city: 'Frankfurt am Main',
      country: 'Germany',
      phone: '+49 69 2578 3310',
      lat: 50.1115,
      lng: 8.6746,
    },
    registration: 'HRB 118473, Amtsgericht Frankfurt am Main',
    licence: 'securities institution licence 10148722',
    founded: 2010,
    tagline: {
      en: 'Global markets from Frankfurt: forex, shares, indices and commodities.',
      de: 'Die Weltmärkte aus Frankfurt: Devisen, Aktien, Indizes und Rohstoffe.',
    },
  },
  {
    slug: 'cobalt',
    name: 'Cobalt Street',
    logoText: 'Cobalt Street',
    legalName: 'Cobalt Street Trading Ltd.',
    primary: '#2540c4',
    accent: '#facc15',
    glyph: 'bars',
    fonts: fonts('system', 'system'),
    radius: 10,
    widgets: ['ticker-tape', 'market-quotes'],
    features: { ...ALL_ON, economics: false },
    currency: 'USD',
    languages: ['en', 'de'],
    office: {
      address: '2 Grand Canal Square, Dublin 2, D02 A342, Ireland',
      city: 'Dublin',
      country: 'Ireland',
      phone: '+353 1 695 0732',
      lat: 53.3398,
      lng: -6.2385,
    },
    registration: 'CRO 655421',
    licence: 'investment firm authorisation C418825',
    founded: 2019,
    tagline: {
      en: 'Street-smart trading on shares, crypto and forex.',
      de: 'Cleveres Trading mit Aktien, Krypto und Devisen.',
    },
  },
  {
    slug: 'evergreen',
    name: 'Evergreen Finance',
    logoText: 'Evergreen',
    legalName: 'Evergreen Finance Europe AB',
    primary: '#15803d',
    accent: '#0891b2',
    glyph: 'leaf',
    fonts: fonts('humanist', 'system'),
    radius: 12,
    widgets: ['market-quotes'],
    features: { ...ALL_ON, registrationEnabled: false },
    currency: 'EUR',
    languages: ['en', 'de'],
    office: {
      address: 'Regeringsgatan 29, 111 53 Stockholm, Sweden',
      city: 'Stockholm',
      country: 'Sweden',
      phone: '+46 8 502 418 60',
      lat: 59.3345,
      lng: 18.0692,
    },
    registration: 'Org. nr 559214-3377',
    licence: 'securities company licence 19-2214',
    founded: 2016,
    tagline: {
      en: 'Responsible trading with education at its core.',
      de: 'Verantwortungsvolles Trading mit Weiterbildung im Mittelpunkt.',
    },
  },
  {
    slug: 'solstice',
    name: 'Solstice Trading',
    logoText: 'Solstice',
    legalName: 'Solstice Trading S.L.',
    primary: '#e0533d',
    accent: '#1e293b',
    glyph: 'star',
    fonts: fonts('geometric', 'humanist'),
    radius: 18,
    widgets: ['market-quotes', 'cross-rates'],
    features: { ...ALL_ON },
    currency: 'EUR',
    languages: ['en', 'de'],
    office: {
      address: 'Paseo de la Castellana 89, 28046 Madrid, Spain',
      city: 'Madrid',
      country: 'Spain',
      phone: '+34 910 78 52 40',
      lat: 40.4512,
      lng: -3.6915,
    },
    registration: 'CIF B-88214573',
    licence: 'investment firm licence 312',
    founded: 2018,
    tagline: {
      en: 'Warm service, cool execution: CFDs on every major market.',
      de: 'Herzlicher Service, kühle Ausführung: CFDs auf alle großen Märkte.',
    },
  },
];

export const OPEN_STREET_MAP_TILES = 'https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png';

/**
 * Settings the default brand adds to what it had before white-labelling (its flags, currency, legal name and
 * payments stay as they are): theme tokens, widgets, office and a fresh pair of content tokens.
 */
export function defaultBrandExtras(): Pick<
  BrandSettings,
  'theme' | 'contentToken' | 'formsToken' | 'widgets' | 'mapTileUrl' | 'tagline' | 'office' | 'trading'
> {
  const primary = '#0b5cff';
  return {
    theme: {
      primary,
      logoText: 'OpenBroker',
      ...palettes(primary, '#00b386'),
      fonts: fonts('system', 'system'),
      radius: 8,
      logoSvg: logoMark('chart', '#0a3a9e', primary, 14),
    },
    contentToken: newToken(),
    formsToken: newToken(),
    widgets: ['market-quotes'],
    mapTileUrl: OPEN_STREET_MAP_TILES,
    tagline: 'Trade forex, stocks, crypto, commodities and index CFDs on live prices.',
    office: {
      address: 'Friedrichstraße 68, 10117 Berlin, Germany',
      phone: '+49 30 5683 7710',
      lat: 52.5086,
      lng: 13.3889,
    },
    trading: RETAIL_TRADING,
  };
}

/** Facts of the default brand for its seeded pages. */
export function defaultBrandFacts(slug: string, name: string, settings: BrandSettings): BrandFacts {
  return {
    slug,
    name,
    legalName: settings.legalName,
    registration: 'HRB 201944 B, Amtsgericht Charlottenburg',
    licence: 'demo licence DL-0001',
    address: settings.office?.address ?? '',
    city: 'Berlin',
    country: 'Germany',
    phone: settings.office?.phone ?? '',
    supportEmail: settings.supportEmail,
    lat: settings.office?.lat ?? 52.5086,
    lng: settings.office?.lng ?? 13.3889,
    founded: 2021,
    tagline: {
      en: settings.tagline ?? '',
      de: 'Handeln Sie CFDs auf Devisen, Aktien, Krypto, Rohstoffe und Indizes zu Live-Kursen.',
    },
  };
}

/** The fifteen variants as rows to insert, with fresh content and forms tokens each. */
export function variantBrands(): SeedBrand[] {
  return VARIANTS.map((v) => {
    const { light, dark } = palettes(v.primary, v.accent);
    const supportEmail = `support@${v.slug}.example.com`;
    const settings: BrandSettings = {
      currency: v.currency,
      currencySymbol: CURRENCY_SYMBOLS[v.currency],
      minDeposit: 250,
      languages: v.languages,
      features: v.features,
      theme: {
        primary: v.primary,
        logoText: v.logoText,
        light,
        dark,
        fonts: v.fonts,
        radius: v.radius,
        logoSvg: logoMark(v.glyph, light.heroFrom, v.primary, Math.min(v.radius + 6, 20)),
      },
      legalName: v.legalName,
      copyright: `© ${v.legalName}. CFDs are complex instruments and come with a high risk of losing money rapidly due to leverage.`,
      supportEmail,
      homeSlug: 'index',
      contentToken: newToken(),
      formsToken: newToken(),
      widgets: v.widgets,
      mapTileUrl: OPEN_STREET_MAP_TILES,
      tagline: v.tagline.en,
      office: { address: v.office.address, phone: v.office.phone, lat: v.office.lat, lng: v.office.lng },
      payments: sandboxPaymentProviders(v.legalName),
      trading: v.slug === PROFESSIONAL_BRAND_SLUG ? PROFESSIONAL_TRADING : RETAIL_TRADING,
      // one retail brand asks its clients to take the appropriateness test before they trade live (no seeded
      // client or existing journey trades on it)
      ...(v.slug === APPROPRIATENESS_BRAND_SLUG ? { compliance: { appropriatenessRequired: true } } : {}),
    };
    return {
      slug: v.slug,
      name: v.name,
      hosts: [`${v.slug}.localhost`],
      settings,
      facts: {
        slug: v.slug,
        name: v.name,
        legalName: v.legalName,
        registration: v.registration,
        licence: v.licence,
        address: v.office.address,
        city: v.office.city,
        country: v.office.country,
        phone: v.office.phone,
        supportEmail,
        lat: v.office.lat,
        lng: v.office.lng,
        founded: v.founded,
        tagline: v.tagline,
      },
    };
  });
}

/** Slugs of the fifteen variants (docs, tests). */
export const VARIANT_SLUGS: readonly string[] = VARIANTS.map((v) => v.slug);
