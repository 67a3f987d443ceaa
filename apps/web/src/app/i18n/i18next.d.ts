import 'i18next';
import type { BACKOFFICE_EN } from './backofficeResources.js';
import type { EN } from './resources.js';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof EN & typeof BACKOFFICE_EN };
    keySeparator: false;
    nsSeparator: false;
    returnNull: false;
  }
}
