import type { i18n as I18n } from 'i18next';
import { BO_AFFILIATES_DE, BO_AFFILIATES_EN } from './affiliates/i18n.js';
import { BO_APPROP_DE, BO_APPROP_EN, BO_APPROP_SETTINGS_DE } from './appropriateness/i18n.js';
import { BO_AUTO_TRADING_DE, BO_AUTO_TRADING_EN } from './auto-trading/i18n.js';
import { BO_BRANDS_DE, BO_BRANDS_EN } from './brands/i18n.js';
import { BO_CLIENTS_DE, BO_CLIENTS_EN } from './clients/i18n.js';
import { BO_COMPLIANCE_DE, BO_COMPLIANCE_EN } from './compliance/i18n.js';
import { BO_CONTENT_DE, BO_CONTENT_EN } from './content/i18n.js';
import { BO_DASHBOARD_DE, BO_DASHBOARD_EN } from './dashboard/i18n.js';
import { DEALING_DE, DEALING_EN } from './dealing/i18n.js';
import { BO_MONEY_DE, BO_MONEY_EN } from './money/i18n.js';
import { BO_POPUPS_DE, BO_POPUPS_EN } from './popups/i18n.js';
import { BO_REPORTS_DE, BO_REPORTS_EN } from './reports/i18n.js';
import { BO_SCREENING_DE, BO_SCREENING_EN } from './screening/i18n.js';
import { BO_SHELL_DE, BO_SHELL_EN } from './shell/i18n.js';
import { BO_SITE_DE, BO_SITE_EN } from './site/i18n.js';
import { BO_STAFF_DE, BO_STAFF_EN } from './staff/i18n.js';

/**
 * The back office's texts, one file per back-office screen: they load with the back office's own
 * chunk, not with the public site, and are added to the running i18next instance when the back office
 * first renders.
 */
export const BACKOFFICE_EN = {
  ...BO_SHELL_EN,
  ...BO_DASHBOARD_EN,
  ...BO_CLIENTS_EN,
  ...BO_APPROP_EN,
  ...BO_COMPLIANCE_EN,
  ...BO_MONEY_EN,
  ...DEALING_EN,
  ...BO_BRANDS_EN,
  ...BO_SITE_EN,
  ...BO_POPUPS_EN,
  ...BO_AFFILIATES_EN,
  ...BO_REPORTS_EN,
  ...BO_CONTENT_EN,
  ...BO_AUTO_TRADING_EN,
  ...BO_STAFF_EN,
  ...BO_SCREENING_EN,
} as const;

export const BACKOFFICE_DE = {
  ...BO_SHELL_DE,
  ...BO_DASHBOARD_DE,
  ...BO_CLIENTS_DE,
  ...BO_APPROP_DE,
  ...BO_APPROP_SETTINGS_DE,
  ...BO_COMPLIANCE_DE,
  ...BO_MONEY_DE,
  ...DEALING_DE,
  ...BO_BRANDS_DE,
  ...BO_SITE_DE,
  ...BO_POPUPS_DE,
  ...BO_AFFILIATES_DE,
  ...BO_REPORTS_DE,
  ...BO_CONTENT_DE,
  ...BO_AUTO_TRADING_DE,
  ...BO_STAFF_DE,
  ...BO_SCREENING_DE,
};

const withBackoffice = new WeakSet<I18n>();

/** Adds the back-office texts to an i18next instance once (idempotent; safe to call while rendering). */
export function addBackofficeResources(i18n: I18n): void {
  if (withBackoffice.has(i18n)) return;
  withBackoffice.add(i18n);
  i18n.addResources('en', 'translation', BACKOFFICE_EN);
  i18n.addResources('de', 'translation', BACKOFFICE_DE);
}
