import type { BoScreen } from '../shell/screens.js';
import { AutoTradingAdminPage } from './index.js';

/** Auto-trading: the strategies offered per brand and the kill switch. */
export const AUTO_TRADING_SCREENS: readonly BoScreen[] = [
  {
    path: 'auto-trading',
    anyOf: ['autotrading.manage'],
    Page: AutoTradingAdminPage,
    nav: { section: 'brands', label: 'bo.nav.autoTrading', icon: 'bi-robot' },
  },
];
