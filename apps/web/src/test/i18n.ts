import type { Language } from '@openbroker/domain';
import type { i18n as I18n } from 'i18next';
import { createI18n as createAppI18n } from '../app/i18n/i18n.js';
import { addTerminalResources } from '../features/platform/i18n.js';

/**
 * The app's i18next instance for tests, with the terminal's texts (which the app adds when the terminal
 * loads): features' test kits render with every text without importing the app shell themselves.
 */
export function createI18n(language?: Language): I18n {
  const i18n = createAppI18n(language);
  addTerminalResources(i18n);
  return i18n;
}
