import { MESSAGES_EN } from '@openbroker/domain';
import { AFFILIATE_DE, AFFILIATE_EN } from './affiliate.js';
import { AUTO_TRADING_DE, AUTO_TRADING_EN } from './autoTrading.js';
import { AUTO_TRADING_MESSAGES_DE } from './autoTradingMessages.js';
import type { BACKOFFICE_EN } from './backofficeResources.js';
import { BO_DEALING_DE, BO_DEALING_EN } from './boDealing.js';
import { CLIENT_FIXES_DE, CLIENT_FIXES_EN } from './clientFixes.js';
import { DE as DE_UI } from './de.js';
import { ES } from './es.js';
import { IT } from './it.js';
import { NOTICES_DE, NOTICES_EN } from './notices.js';
import { ORDERS_DE, ORDERS_EN } from './orders.js';
import { PAYMENTS_DE, PAYMENTS_EN } from './payments.js';
import { PRICING_DE, PRICING_EN } from './pricing.js';
import { RESILIENCE_DE, RESILIENCE_EN } from './resilience.js';
import { RISK_DE, RISK_EN } from './risk.js';
import { SAFETY_DE, SAFETY_EN } from './safety.js';
import { SITE_DE, SITE_EN } from './site.js';
import { TERMINAL_DE, TERMINAL_EN } from './terminal.js';
import { UI_EN } from './uiEn.js';

/**
 * English: the domain's message catalogue itself (spec texts) plus the web app's own texts. The back
 * office's texts are not here: they load with the back office (backofficeResources.ts).
 */
export const EN = {
  ...MESSAGES_EN,
  ...UI_EN,
  ...PAYMENTS_EN,
  ...SITE_EN,
  ...AFFILIATE_EN,
  ...RISK_EN,
  ...TERMINAL_EN,
  ...ORDERS_EN,
  ...PRICING_EN,
  ...NOTICES_EN,
  ...CLIENT_FIXES_EN,
  ...BO_DEALING_EN,
  ...AUTO_TRADING_EN,
  ...RESILIENCE_EN,
  ...SAFETY_EN,
} as const;

/** German: complete for every web text (each feature's file is checked by type). */
export const DE = {
  ...DE_UI,
  ...PAYMENTS_DE,
  ...SITE_DE,
  ...AFFILIATE_DE,
  ...RISK_DE,
  ...TERMINAL_DE,
  ...ORDERS_DE,
  ...PRICING_DE,
  ...NOTICES_DE,
  ...CLIENT_FIXES_DE,
  ...BO_DEALING_DE,
  ...AUTO_TRADING_DE,
  ...AUTO_TRADING_MESSAGES_DE,
  ...RESILIENCE_DE,
  // Clients meet this refusal on the withdrawal screen; the back-office money texts carry it too.
  'withdraw.bonusNotWithdrawable':
    'Bonus- und Kreditguthaben können nicht ausgezahlt werden. Sie können bis zu {{max}} auszahlen.',
  ...SAFETY_DE,
};

/** Every text key, the back office's included (its texts are added when the back office loads). */
export type TranslationKey = keyof typeof EN | keyof typeof BACKOFFICE_EN;

/** i18next resources: one flat namespace per language; keys contain dots, so the key separator is off. */
export const RESOURCES = {
  en: { translation: EN },
  de: { translation: DE },
  it: { translation: IT },
  es: { translation: ES },
} as const;
