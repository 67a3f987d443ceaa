import type { i18n as I18n } from 'i18next';
import { BACKOFFICE_MONEY_DE, BACKOFFICE_MONEY_EN } from './backofficeMoney.js';
import { BACKOFFICE_SHELL_DE, BACKOFFICE_SHELL_EN } from './backofficeShell.js';
import { BO_AUTO_TRADING_DE, BO_AUTO_TRADING_EN } from './boAutoTrading.js';
import { BO_BRANDS_DE, BO_BRANDS_EN } from './boBrands.js';
import { BO_CONTENT_DE, BO_CONTENT_EN } from './boContent.js';
import { BO_EDITOR_DE, BO_EDITOR_EN } from './boEditor.js';
import { BO_ENGAGE_DE, BO_ENGAGE_EN } from './boEngage.js';
import { BO_MONEY_REQUESTS_DE, BO_MONEY_REQUESTS_EN } from './boMoneyRequests.js';
import { BO_REPORTS_DE, BO_REPORTS_EN } from './boReports.js';
import { BO_STAFF_CREDENTIALS_DE, BO_STAFF_CREDENTIALS_EN } from './boStaffCredentials.js';

/**
 * The back office's texts: they load with the back office's own chunk, not with the public
 * site, and are added to the running i18next instance when the back office first renders.
 */
export const BACKOFFICE_EN = {
  ...BACKOFFICE_SHELL_EN,
  ...BACKOFFICE_MONEY_EN,
  ...BO_BRANDS_EN,
  ...BO_CONTENT_EN,
  ...BO_ENGAGE_EN,
  ...BO_REPORTS_EN,
  ...BO_EDITOR_EN,
  ...BO_AUTO_TRADING_EN,
  ...BO_STAFF_CREDENTIALS_EN,
  ...BO_MONEY_REQUESTS_EN,
} as const;

export const BACKOFFICE_DE = {
  ...BACKOFFICE_SHELL_DE,
  ...BACKOFFICE_MONEY_DE,
  ...BO_BRANDS_DE,
  ...BO_CONTENT_DE,
  ...BO_ENGAGE_DE,
  ...BO_REPORTS_DE,
  ...BO_EDITOR_DE,
  ...BO_AUTO_TRADING_DE,
  ...BO_STAFF_CREDENTIALS_DE,
  ...BO_MONEY_REQUESTS_DE,
};

const withBackoffice = new WeakSet<I18n>();

/** Adds the back-office texts to an i18next instance once (idempotent; safe to call while rendering). */
export function addBackofficeResources(i18n: I18n): void {
  if (withBackoffice.has(i18n)) return;
  withBackoffice.add(i18n);
  i18n.addResources('en', 'translation', BACKOFFICE_EN);
  i18n.addResources('de', 'translation', BACKOFFICE_DE);
}
