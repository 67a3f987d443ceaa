import { RETAIL_LOSS_PLACEHOLDER } from '@openbroker/domain';
import type { BrandFacts } from './brand-facts.js';

/**
 * The seeded brands' site chrome (header menu, footer links, copyright, regulatory text, risk warning) in English
 * and German. The site settings document keeps the English texts; the German ones go into its
 * `translations.de`, keyed by the English text (apps/server/src/modules/content/site-language.ts).
 */

/** The licence of the demo facts ('investment firm licence 318/17') in German. */
export function licenceDe(licence: string): string {
  const rules: readonly [RegExp, string][] = [
    [/^investment firm licence (.+)$/, 'Lizenz als Wertpapierfirma $1'],
    [/^investment firm authorisation (.+)$/, 'Zulassung als Wertpapierfirma $1'],
    [
      /^category 3 investment services licence (.+)$/,
      'Lizenz für Wertpapierdienstleistungen der Kategorie 3 $1',
    ],
    [/^securities firm licence (.+)$/, 'Lizenz als Wertpapierhaus $1'],
    [/^securities institution licence (.+)$/, 'Lizenz als Wertpapierinstitut $1'],
    [/^securities company licence (.+)$/, 'Lizenz als Wertpapiergesellschaft $1'],
    [/^firm reference number (.+)$/, 'Zulassung unter der Firmenreferenznummer $1'],
    [/^demo licence (.+)$/, 'Demolizenz $1'],
  ];
  for (const [pattern, german] of rules) if (pattern.test(licence)) return licence.replace(pattern, german);
  return licence;
}

/** The risk warning's sentences; the retail-loss one only where the brand has that figure. */
const RISK = {
  en: {
    complex:
      'CFDs are complex instruments and come with a high risk of losing money rapidly due to leverage.',
    retailLoss: `${RETAIL_LOSS_PLACEHOLDER}% of retail investor accounts lose money when trading CFDs with this provider.`,
    consider:
      'You should consider whether you understand how CFDs work and whether you can afford to take the high risk of losing your money.',
  },
  de: {
    complex:
      'CFDs sind komplexe Instrumente und gehen wegen der Hebelwirkung mit dem hohen Risiko einher, schnell Geld zu verlieren.',
    retailLoss: `${RETAIL_LOSS_PLACEHOLDER} % der Kleinanlegerkonten verlieren Geld beim CFD-Handel mit diesem Anbieter.`,
    consider:
      'Sie sollten überlegen, ob Sie verstehen, wie CFDs funktionieren, und ob Sie es sich leisten können, das hohe Risiko einzugehen, Ihr Geld zu verlieren.',
  },
} as const;

type ChromeLang = keyof typeof RISK;

export interface SiteChrome {
  copyright: string;
  legal_text: string;
  risk_warning: string;
  menu: { title: string; url: string }[];
  footer_links: { title: string; url: string }[];
}

/** The chrome of one brand in one language. */
export function siteChrome(
  facts: BrandFacts,
  options: { copyright: string; economics: boolean; retailLoss: boolean },
  lang: ChromeLang,
): SiteChrome {
  const de = lang === 'de';
  const risk = RISK[lang];
  return {
    // the brand's copyright line ends with the risk sentence (seed/seed-brands.ts); only that sentence is translated
    copyright: de ? options.copyright.replace(RISK.en.complex, RISK.de.complex) : options.copyright,
    legal_text: de
      ? `${facts.legalName} ist unter ${facts.registration} eingetragen und verfügt über folgende Zulassung: ${licenceDe(facts.licence)}. Sitz: ${facts.address}. Demodaten: Lizenz- und Registernummern sind fiktiv.`
      : `${facts.legalName} is registered under ${facts.registration} and holds an ${facts.licence}. Registered office: ${facts.address}. Demo data: the licence and register numbers are fictitious.`,
    risk_warning: [risk.complex, ...(options.retailLoss ? [risk.retailLoss] : []), risk.consider].join(' '),
    menu: [
      { title: de ? 'Startseite' : 'Home', url: '/' },
      { title: de ? 'Über uns' : 'About', url: '/about' },
      { title: de ? 'Kontostufen' : 'Account levels', url: '/account-levels' },
      ...(options.economics
        ? [{ title: de ? 'Wirtschaftskalender' : 'Economic calendar', url: '/economic-calendar' }]
        : []),
      { title: de ? 'Kontakt' : 'Contact', url: '/contact-us' },
    ],
    footer_links: [
      { title: de ? 'Allgemeine Geschäftsbedingungen' : 'Terms and conditions', url: '/terms-conditions' },
      { title: de ? 'Datenschutzerklärung' : 'Privacy policy', url: '/privacy-policy' },
      { title: de ? 'Cookie-Richtlinie' : 'Cookie policy', url: '/cookies-policy' },
      { title: de ? 'Geldwäsche-Richtlinie (AML)' : 'AML policy', url: '/aml-policy' },
      { title: de ? 'KYC-Richtlinie' : 'KYC policy', url: '/kyc-policy' },
    ],
  };
}

/** `translation`'s texts keyed by `source`'s, field by field and link by link: what `translations.<lang>` holds. */
export function chromeDictionary(source: SiteChrome, translation: SiteChrome): Record<string, string> {
  const words: Record<string, string> = {};
  const add = (from: string, to: string) => {
    if (from && to && from !== to) words[from] = to;
  };
  add(source.copyright, translation.copyright);
  add(source.legal_text, translation.legal_text);
  add(source.risk_warning, translation.risk_warning);
  for (const field of ['menu', 'footer_links'] as const) {
    for (const [i, link] of source[field].entries()) add(link.title, translation[field][i]?.title ?? '');
  }
  return words;
}
