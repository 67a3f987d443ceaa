import type { BoScreen } from '../shell/screens.js';
import { ReportsPage } from './index.js';

/** Reports: KPIs per day and currency, and the retail-loss figure. */
export const REPORT_SCREENS: readonly BoScreen[] = [
  {
    path: 'reports',
    anyOf: ['reports.read'],
    Page: ReportsPage,
    nav: { section: 'reports', label: 'bo.nav.reports', icon: 'bi-bar-chart-line' },
  },
];
