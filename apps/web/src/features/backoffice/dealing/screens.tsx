import type { BoScreen } from '../shell/screens.js';
import { DealingPage } from './DealingPage.js';

/** Dealing: the desk with open positions, exposure and halts. */
export const DEALING_SCREENS: readonly BoScreen[] = [
  {
    path: 'positions',
    anyOf: ['positions.read', 'exposure.read'],
    Page: DealingPage,
    nav: { section: 'money', label: 'bo.nav.positions', icon: 'bi-graph-up-arrow' },
  },
];
