import { MESSAGES_EN } from '@openbroker/domain';
import {
  APPROPRIATENESS_DE,
  APPROPRIATENESS_EN,
  APPROPRIATENESS_ES,
  APPROPRIATENESS_IT,
} from '../../features/account/appropriateness/i18n.js';
import { ACCOUNT_DE, ACCOUNT_EN } from '../../features/account/i18n.js';
import { SOF_DE, SOF_EN, SOF_ES, SOF_IT } from '../../features/account/source-of-funds/i18n.js';
import { AFFILIATE_DE, AFFILIATE_EN } from '../../features/affiliate/i18n.js';
import { AUTH_DE, AUTH_EN, AUTH_ES, AUTH_IT } from '../../features/auth/i18n.js';
import { AUTO_TRADING_DE, AUTO_TRADING_EN } from '../../features/auto-trading/i18n.js';
import { PAYMENTS_DE, PAYMENTS_EN, PAYMENTS_ES, PAYMENTS_IT } from '../../features/payments/i18n.js';
import { POPUPS_DE, POPUPS_EN } from '../../features/popups/i18n.js';
import { REFERRALS_DE, REFERRALS_EN } from '../../features/referrals/i18n.js';
import { SITE_DE, SITE_EN } from '../../features/site/i18n.js';
import { TRANSACTIONS_DE, TRANSACTIONS_EN } from '../../features/transactions/i18n.js';
import {
  SHARED_MARKET_DE,
  SHARED_MARKET_EN,
  SHARED_MARKET_ES,
  SHARED_MARKET_IT,
} from '../../shared/market/i18n.js';
import { SHARED_UI_DE, SHARED_UI_EN, SHARED_UI_ES, SHARED_UI_IT } from '../../ui/i18n.js';
import { DOMAIN_MESSAGES_DE, DOMAIN_MESSAGES_ES, DOMAIN_MESSAGES_IT } from './messages.js';
import { SHELL_DE, SHELL_EN, SHELL_ES, SHELL_IT } from './shell.js';

/**
 * English: the domain's message catalogue itself (spec texts) plus each feature's own texts (its
 * i18n.ts). The back office's and the terminal's texts are not here: they load with their code
 * (features/backoffice/i18n.ts, features/platform/i18n.ts).
 */
export const EN = {
  ...MESSAGES_EN,
  ...SHELL_EN,
  ...SHARED_UI_EN,
  ...AUTH_EN,
  ...ACCOUNT_EN,
  ...APPROPRIATENESS_EN,
  ...SOF_EN,
  ...POPUPS_EN,
  ...TRANSACTIONS_EN,
  ...SHARED_MARKET_EN,
  ...PAYMENTS_EN,
  ...REFERRALS_EN,
  ...AFFILIATE_EN,
  ...SITE_EN,
  ...AUTO_TRADING_EN,
} as const;

/** German: complete for every web text (each feature's file is checked by type). */
export const DE = {
  ...DOMAIN_MESSAGES_DE,
  ...SHELL_DE,
  ...SHARED_UI_DE,
  ...AUTH_DE,
  ...ACCOUNT_DE,
  ...APPROPRIATENESS_DE,
  ...SOF_DE,
  ...POPUPS_DE,
  ...TRANSACTIONS_DE,
  ...SHARED_MARKET_DE,
  ...PAYMENTS_DE,
  ...REFERRALS_DE,
  ...AFFILIATE_DE,
  ...SITE_DE,
  ...AUTO_TRADING_DE,
};

/** Italian: partial, missing keys fall back to English. */
export const IT = {
  ...DOMAIN_MESSAGES_IT,
  ...SHELL_IT,
  ...SHARED_UI_IT,
  ...AUTH_IT,
  ...APPROPRIATENESS_IT,
  ...SOF_IT,
  ...SHARED_MARKET_IT,
  ...PAYMENTS_IT,
};

/** Spanish: partial, missing keys fall back to English. */
export const ES = {
  ...DOMAIN_MESSAGES_ES,
  ...SHELL_ES,
  ...SHARED_UI_ES,
  ...AUTH_ES,
  ...APPROPRIATENESS_ES,
  ...SOF_ES,
  ...SHARED_MARKET_ES,
  ...PAYMENTS_ES,
};

/** i18next resources: one flat namespace per language; keys contain dots, so the key separator is off. */
export const RESOURCES = {
  en: { translation: EN },
  de: { translation: DE },
  it: { translation: IT },
  es: { translation: ES },
} as const;
