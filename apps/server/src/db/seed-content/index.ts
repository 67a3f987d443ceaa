import type { SiteSettings } from '@openbroker/domain';
import type { BrandSettings } from '../schema.js';
import type { BrandFacts } from '../seed-brands.js';
import { aboutPages } from './about.js';
import { accountLevelsPage } from './account-levels.js';
import { amlPage } from './aml-policy.js';
import { blogPages } from './blog.js';
import type { PageContext, PageModule, PageSeed, SeedLang } from './components.js';
import { contactPage } from './contact-us.js';
import { cookiesPage } from './cookies-policy.js';
import { economicCalendarPage } from './economic-calendar.js';
import { indexPage } from './index-page.js';
import { kycPage } from './kyc-policy.js';
import { privacyPage } from './privacy-policy.js';
import { termsPage } from './terms-conditions.js';

export type { PageSeed } from './components.js';

/** en and de are complete; it and es are partial (home and about), the rest falls back to en (spec §1). */
const SEED_LANGS: readonly SeedLang[] = ['en', 'de', 'it', 'es'];

const PAGE_MODULES: readonly PageModule[] = [
  indexPage,
  aboutPages,
  accountLevelsPage,
  termsPage,
  cookiesPage,
  amlPage,
  kycPage,
  privacyPage,
  contactPage,
  economicCalendarPage,
  blogPages,
];

/** Every seeded page of a brand, in every language it exists in. */
export function brandPages(facts: BrandFacts, settings: BrandSettings): PageSeed[] {
  const ctx: PageContext = {
    facts,
    features: settings.features,
    widgets: settings.widgets ?? ['market-quotes'],
    currencySymbol: settings.currencySymbol,
    minDeposit: settings.minDeposit,
  };
  return PAGE_MODULES.flatMap((build) => SEED_LANGS.flatMap((lang) => build(ctx, lang) ?? []));
}

/** The brand's site settings singleton (spec §3: platform components, copyright). */
export function siteSettings(facts: BrandFacts, settings: BrandSettings): SiteSettings {
  const { features } = settings;
  const menu = [
    { title: 'Home', url: '/' },
    { title: 'About', url: '/about' },
    { title: 'Account levels', url: '/account-levels' },
    ...(features.economics ? [{ title: 'Economic calendar', url: '/economic-calendar' }] : []),
    { title: 'Contact', url: '/contact-us' },
  ];
  return {
    copyright: settings.copyright,
    legal_name: settings.legalName,
    legal_text: `${facts.legalName} is registered under ${facts.registration} and holds an ${facts.licence}. Registered office: ${facts.address}. Demo data: the licence and register numbers are fictitious.`,
    risk_warning: `CFDs are complex instruments and come with a high risk of losing money rapidly due to leverage.${settings.trading?.retailLossPercent !== undefined ? ' {{retailLoss}}% of retail investor accounts lose money when trading CFDs with this provider.' : ''} You should consider whether you understand how CFDs work and whether you can afford to take the high risk of losing your money.`,
    support_email: settings.supportEmail,
    phone: facts.phone,
    address: facts.address,
    mapTileUrl: settings.mapTileUrl ?? '',
    menu,
    footer_links: [
      { title: 'Terms and conditions', url: '/terms-conditions' },
      { title: 'Privacy policy', url: '/privacy-policy' },
      { title: 'Cookie policy', url: '/cookies-policy' },
      { title: 'AML policy', url: '/aml-policy' },
      { title: 'KYC policy', url: '/kyc-policy' },
    ],
    platform_components: {
      economics: features.economics,
      referrals: !features.restrictedMode,
      account_levels: !features.restrictedMode,
      auto_trading: true,
    },
    features,
    widgets: settings.widgets ?? ['market-quotes'],
  };
}
