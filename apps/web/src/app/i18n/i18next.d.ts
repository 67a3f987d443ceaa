import 'i18next';
import type { EN } from './resources.js';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof EN };
    keySeparator: false;
    nsSeparator: false;
    returnNull: false;
  }
}
