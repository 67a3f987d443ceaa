import type { BoScreen } from '../shell/screens.js';
import { ScreeningPage } from './ScreeningPage.js';

/** Sanctions and PEP screening: the review queue of possible matches and the list imports. */
export const SCREENING_SCREENS: readonly BoScreen[] = [
  {
    path: 'screening',
    anyOf: ['screening.review'],
    Page: ScreeningPage,
    nav: { section: 'clients', label: 'bo.nav.screening', icon: 'bi-shield-exclamation' },
  },
];
