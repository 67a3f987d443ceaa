/**
 * The app's i18next instance for tests: features' test kits render with every text without importing
 * the app shell themselves.
 */
export { createI18n } from '../app/i18n/i18n.js';
