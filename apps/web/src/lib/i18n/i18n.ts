import { FALLBACK_LANGUAGE, LANGUAGES, type Language } from '@openbroker/domain';
import i18next, { type i18n as I18n, type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { installMessageRules } from './messageRules.js';

export const isLanguage = (value: unknown): value is Language =>
  (LANGUAGES as readonly unknown[]).includes(value);

/**
 * Creates and initialises an i18next instance with the given texts. Missing keys of the partial
 * languages (it, es) fall back to English. Resources are bundled, so initialisation is synchronous.
 * Texts with values follow the message rules (messageRules.ts): one language per message, and
 * numbers, money and dates formatted for that language.
 */
export function createI18nInstance(resources: Resource, language: Language): I18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    resources,
    lng: language,
    fallbackLng: FALLBACK_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    // Catalogue keys are flat and contain dots ('login.auto.error'); colons never appear in them.
    keySeparator: false,
    nsSeparator: false,
    // React escapes what it renders.
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
  });
  installMessageRules(instance);
  return instance;
}
