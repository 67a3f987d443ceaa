import 'i18next';
import type { BACKOFFICE_EN } from '../../features/backoffice/i18n.js';
import type { TERMINAL_EN } from '../../features/platform/i18n.js';
import type { ACCOUNTS_EN } from '../../shared/trading-accounts/i18n.js';
import type { EN } from './resources.js';

// The one declaration of the app's text keys: lib/i18n's TranslationKey reads it, so features name keys
// without importing the shell.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof EN & typeof BACKOFFICE_EN & typeof TERMINAL_EN & typeof ACCOUNTS_EN };
    keySeparator: false;
    nsSeparator: false;
    returnNull: false;
  }
}
