import { FALLBACK_LANGUAGE, LANGUAGES, type Language } from '@openbroker/domain';
import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { type KeyValueStorage, readItem, writeItem } from '../../lib/storage.js';
import { LANGUAGE_STORAGE_KEY } from '../themeBoot.js';
import { installMessageRules } from './messageRules.js';
import { RESOURCES } from './resources.js';

export const isLanguage = (value: unknown): value is Language =>
  (LANGUAGES as readonly unknown[]).includes(value);

/** The language to start in: the stored choice when valid, else the fallback (spec §1: fallback en). */
export function initialLanguage(storage?: KeyValueStorage): Language {
  const stored = readItem(LANGUAGE_STORAGE_KEY, storage);
  return isLanguage(stored) ? stored : FALLBACK_LANGUAGE;
}

/**
 * Creates and initialises an i18next instance with the app's resources. Missing keys of the partial
 * languages (it, es) fall back to English. Resources are bundled, so initialisation is synchronous.
 * Texts with values follow the message rules (messageRules.ts): one language per message, and
 * numbers, money and dates formatted for that language.
 */
export function createI18n(language: Language = initialLanguage()): I18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    resources: RESOURCES,
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

/** Switches language, persists the choice and sets <html lang> (the boot script reads it on the next load). */
export async function changeLanguage(
  instance: I18n,
  language: Language,
  storage?: KeyValueStorage,
): Promise<void> {
  await instance.changeLanguage(language);
  writeItem(LANGUAGE_STORAGE_KEY, language, storage);
  document.documentElement.lang = language;
}
