import { AFFILIATE_SCREENS } from './affiliates/screens.js';
import { AUDIT_SCREENS } from './audit/screens.js';
import { AUTO_TRADING_SCREENS } from './auto-trading/screens.js';
import { BRAND_SCREENS } from './brands/screens.js';
import { CLIENT_SCREENS } from './clients/screens.js';
import { COMPLIANCE_SCREENS } from './compliance/screens.js';
import { CONTENT_SCREENS } from './content/screens.js';
import { DEALING_SCREENS } from './dealing/screens.js';
import { MONEY_SCREENS } from './money/screens.js';
import { POPUP_SCREENS } from './popups/screens.js';
import { REPORT_SCREENS } from './reports/screens.js';
import { SCREENING_SCREENS } from './screening/screens.js';
import type { BoScreen } from './shell/screens.js';
import { SITE_SCREENS } from './site/screens.js';
import { STAFF_SCREENS } from './staff/screens.js';

/**
 * Every back-office screen, area by area. The order is the side menu's order within each section; an area
 * adds or changes its screens in its own `screens.tsx` (docs/backoffice.md, "Adding a screen").
 */
export const BACKOFFICE_SCREENS: readonly BoScreen[] = [
  ...CLIENT_SCREENS,
  ...COMPLIANCE_SCREENS,
  ...SCREENING_SCREENS,
  ...MONEY_SCREENS,
  ...DEALING_SCREENS,
  ...BRAND_SCREENS,
  ...CONTENT_SCREENS,
  ...SITE_SCREENS,
  ...POPUP_SCREENS,
  ...AFFILIATE_SCREENS,
  ...AUTO_TRADING_SCREENS,
  ...REPORT_SCREENS,
  ...AUDIT_SCREENS,
  ...STAFF_SCREENS,
];
