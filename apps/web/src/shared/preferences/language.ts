import type { Language } from '@openbroker/domain';
import type { i18n as I18n } from 'i18next';
import { type KeyValueStorage, writeItem } from '../../lib/storage.js';
import { LANGUAGE_STORAGE_KEY } from './themeBoot.js';

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
