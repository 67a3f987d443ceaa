/**
 * The public site's chrome in the visitor's language: the header menu, the footer's legal links, the
 * copyright, the regulatory text and the risk warning of the site settings document.
 *
 * The document keeps one text per field (what staff edit in the back office), plus optional translations by
 * language, keyed by the text they translate:
 *
 *   translations: { de: { 'Home': 'Startseite', '<the legal text>': '<its German>', … } }
 *
 * A text shows translated while it is the text the translation was written for; once staff change it, the
 * brand's own text shows as written (no stale translation of an old text). The product's built-in default (the
 * standard CFD risk warning a new brand starts with) is translated without any entry.
 */
import { FALLBACK_LANGUAGE, STANDARD_RISK_WARNING } from '@openbroker/domain';

/** The chrome fields that are texts, and those that are lists of `{title, url}` links. */
export const SITE_TEXT_FIELDS = ['copyright', 'legal_text', 'risk_warning'] as const;
export const SITE_LINK_FIELDS = ['menu', 'footer_links'] as const;
type ChromeField = (typeof SITE_TEXT_FIELDS)[number] | (typeof SITE_LINK_FIELDS)[number];

/** Texts by language, keyed by the English (or first-language) text they translate. */
export type SiteTranslations = Partial<Record<string, Record<string, string>>>;

/** Built-in defaults of the product in each language (the standard risk warning of STANDARD_RISK_WARNING). */
const BUILT_IN: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  de: {
    [STANDARD_RISK_WARNING.en]: STANDARD_RISK_WARNING.de,
    [STANDARD_RISK_WARNING.de]: STANDARD_RISK_WARNING.de,
  },
  en: {
    [STANDARD_RISK_WARNING.de]: STANDARD_RISK_WARNING.en,
    [STANDARD_RISK_WARNING.en]: STANDARD_RISK_WARNING.en,
  },
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  !!value && typeof value === 'object' && !Array.isArray(value);

function dictionary(doc: Record<string, unknown>, lang: string): Record<string, string> {
  const stored = isRecord(doc.translations) ? doc.translations[lang] : undefined;
  const own: Record<string, string> = {};
  if (isRecord(stored)) {
    for (const [from, to] of Object.entries(stored)) if (typeof to === 'string' && to.trim()) own[from] = to;
  }
  return { ...BUILT_IN[lang], ...own };
}

export interface LocalizedSiteSettings {
  data: Record<string, unknown>;
  /** The language a field's text is in: `lang` where translated (or known to be in it), else 'en'. */
  languageOf: (field: string) => string;
}

/**
 * The site settings document for a visitor in `lang`: chrome texts translated where the document (or the
 * product's defaults) has their translation, the `translations` themselves left out of what the public sees.
 */
export function localizeSiteSettings(doc: Record<string, unknown>, lang: string): LocalizedSiteSettings {
  const { translations: _translations, ...data } = doc;
  const words = dictionary(doc, lang);
  /** Fields whose text is in `lang` (a translation, or a text known to be in it already). */
  const inLanguage = new Set<ChromeField>();
  const translate = (field: ChromeField, text: unknown): unknown => {
    if (typeof text !== 'string') return text;
    const to = words[text] ?? words[text.trim()];
    if (to === undefined) return text;
    inLanguage.add(field);
    return to;
  };
  for (const field of SITE_TEXT_FIELDS) if (field in data) data[field] = translate(field, data[field]);
  for (const field of SITE_LINK_FIELDS) {
    const links = data[field];
    if (!Array.isArray(links)) continue;
    data[field] = links.map((link) =>
      isRecord(link) ? { ...link, title: translate(field, link.title) } : link,
    );
  }
  return {
    data,
    languageOf: (field) => (inLanguage.has(field as ChromeField) ? lang : FALLBACK_LANGUAGE),
  };
}
