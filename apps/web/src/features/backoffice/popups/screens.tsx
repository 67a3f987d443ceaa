import type { BoScreen } from '../shell/screens.js';
import { PopupsPage } from './index.js';

/** Pop-ups for clients: audience, schedule and readers. */
export const POPUP_SCREENS: readonly BoScreen[] = [
  {
    path: 'popups',
    anyOf: ['popups.manage'],
    Page: PopupsPage,
    nav: { section: 'brands', label: 'bo.nav.popups', icon: 'bi-window-stack' },
  },
];
