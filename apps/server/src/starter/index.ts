import type { SiteSettings } from '@openbroker/domain';
import type { BrandSettings } from '../db/schema.js';
import { aboutPages } from './about.js';
import { accountLevelsPage } from './account-levels.js';
import { amlPage } from './aml-policy.js';
import { blogPages } from './blog.js';
import type { BrandFacts } from './brand-facts.js';
import type { PageContext, PageModule, PageSeed, SeedLang } from './components.js';
import { contactPage } from './contact-us.js';
import { cookiesPage } from './cookies-policy.js';
import { economicCalendarPage } from './economic-calendar.js';
import { indexPage } from './index-page.js';
import { kycPage } from './kyc-policy.js';
import { privacyPage } from './privacy-policy.js';
import { chromeDictionary, siteChrome } from './site-chrome.js';
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

/**
 * The brand's site settings singleton (spec §3: platform components, copyright), its header menu, footer links
 * and legal texts in English with their German in `translations.de` (site-chrome.ts).
 */
export function siteSettings(
  facts: BrandFacts,
  settings: BrandSettings,
): SiteSettings & { translations: Record<string, Record<string, string>> } {
  const { features } = settings;
  const options = {
    copyright: settings.copyright,
    economics: features.economics,
    retailLoss: settings.trading?.retailLossPercent !== undefined,
  };
  const english = siteChrome(facts, options, 'en');
  return {
    copyright: english.copyright,
    legal_name: settings.legalName,
    legal_text: english.legal_text,
    risk_warning: english.risk_warning,
    support_email: settings.supportEmail,
    phone: facts.phone,
    address: facts.address,
    mapTileUrl: settings.mapTileUrl ?? '',
    menu: english.menu,
    footer_links: english.footer_links,
    platform_components: {
      economics: features.economics,
      referrals: !features.restrictedMode,
      account_levels: !features.restrictedMode,
      auto_trading: true,
    },
    features,
    widgets: settings.widgets ?? ['market-quotes'],
    translations: { de: chromeDictionary(english, siteChrome(facts, options, 'de')) },
  };
}
