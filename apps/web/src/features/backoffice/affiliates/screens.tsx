import type { BoScreen } from '../shell/screens.js';
import { AffiliatePage, AffiliatesPage } from './index.js';

/** Affiliates: the list and one affiliate's page. */
export const AFFILIATE_SCREENS: readonly BoScreen[] = [
  {
    path: 'affiliates',
    anyOf: ['affiliates.manage'],
    Page: AffiliatesPage,
    nav: { section: 'brands', label: 'bo.nav.affiliates', icon: 'bi-diagram-3' },
  },
  { path: 'affiliates/:id', anyOf: ['affiliates.manage'], Page: AffiliatePage },
];
