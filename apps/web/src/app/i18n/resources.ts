import { MESSAGES_EN } from '@openbroker/domain';
import { AFFILIATE_DE, AFFILIATE_EN } from './affiliate.js';
import { BACKOFFICE_MONEY_DE, BACKOFFICE_MONEY_EN } from './backofficeMoney.js';
import { BACKOFFICE_SHELL_DE, BACKOFFICE_SHELL_EN } from './backofficeShell.js';
import { BO_BRANDS_DE, BO_BRANDS_EN } from './boBrands.js';
import { BO_CONTENT_DE, BO_CONTENT_EN } from './boContent.js';
import { BO_DEALING_DE, BO_DEALING_EN } from './boDealing.js';
import { BO_EDITOR_DE, BO_EDITOR_EN } from './boEditor.js';
import { BO_ENGAGE_DE, BO_ENGAGE_EN } from './boEngage.js';
import { BO_REPORTS_DE, BO_REPORTS_EN } from './boReports.js';
import { CLIENT_FIXES_DE, CLIENT_FIXES_EN } from './clientFixes.js';
import { DE as DE_UI } from './de.js';
import { ES } from './es.js';
import { IT } from './it.js';
import { NOTICES_DE, NOTICES_EN } from './notices.js';
import { ORDERS_DE, ORDERS_EN } from './orders.js';
import { PAYMENTS_DE, PAYMENTS_EN } from './payments.js';
import { PRICING_DE, PRICING_EN } from './pricing.js';
import { RISK_DE, RISK_EN } from './risk.js';
import { SITE_DE, SITE_EN } from './site.js';
import { TERMINAL_DE, TERMINAL_EN } from './terminal.js';
import { UI_EN } from './uiEn.js';

/** English: the domain's message catalogue itself (spec texts) plus the web app's own texts. */
export const EN = {
  ...MESSAGES_EN,
  ...UI_EN,
  ...PAYMENTS_EN,
  ...SITE_EN,
  ...AFFILIATE_EN,
  ...BACKOFFICE_SHELL_EN,
  ...BACKOFFICE_MONEY_EN,
  ...RISK_EN,
  ...TERMINAL_EN,
  ...ORDERS_EN,
  ...PRICING_EN,
  ...NOTICES_EN,
  ...CLIENT_FIXES_EN,
  ...BO_BRANDS_EN,
  ...BO_CONTENT_EN,
  ...BO_ENGAGE_EN,
  ...BO_DEALING_EN,
  ...BO_REPORTS_EN,
  ...BO_EDITOR_EN,
} as const;

/** German: complete for every web text (each feature's file is checked by type). */
export const DE = {
  ...DE_UI,
  ...PAYMENTS_DE,
  ...SITE_DE,
  ...AFFILIATE_DE,
  ...BACKOFFICE_SHELL_DE,
  ...BACKOFFICE_MONEY_DE,
  ...RISK_DE,
  ...TERMINAL_DE,
  ...ORDERS_DE,
  ...PRICING_DE,
  ...NOTICES_DE,
  ...CLIENT_FIXES_DE,
  ...BO_BRANDS_DE,
  ...BO_CONTENT_DE,
  ...BO_ENGAGE_DE,
  ...BO_DEALING_DE,
  ...BO_REPORTS_DE,
  ...BO_EDITOR_DE,
};

export type TranslationKey = keyof typeof EN;

/** i18next resources: one flat namespace per language; keys contain dots, so the key separator is off. */
export const RESOURCES = {
  en: { translation: EN },
  de: { translation: DE },
  it: { translation: IT },
  es: { translation: ES },
} as const;
