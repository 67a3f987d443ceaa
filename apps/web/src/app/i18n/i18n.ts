import { FALLBACK_LANGUAGE, type Language } from '@openbroker/domain';
import type { i18n as I18n } from 'i18next';
import { createI18nInstance, isLanguage } from '../../lib/i18n/i18n.js';
import { type KeyValueStorage, readItem } from '../../lib/storage.js';
import { LANGUAGE_STORAGE_KEY } from '../../shared/preferences/themeBoot.js';
import { RESOURCES } from './resources.js';

export { isLanguage };

/** The language to start in: the stored choice when valid, else the fallback (spec §1: fallback en). */
export function initialLanguage(storage?: KeyValueStorage): Language {
  const stored = readItem(LANGUAGE_STORAGE_KEY, storage);
  return isLanguage(stored) ? stored : FALLBACK_LANGUAGE;
}

/** The app's i18next instance: every feature's texts (resources.ts), the back office's load with it. */
export function createI18n(language: Language = initialLanguage()): I18n {
  return createI18nInstance(RESOURCES, language);
}
