import type { BoScreen } from '../shell/screens.js';
import { StaffPage } from './index.js';

/** Staff members, their roles, brand scope and credentials. */
export const STAFF_SCREENS: readonly BoScreen[] = [
  {
    path: 'staff',
    anyOf: ['staff.manage'],
    Page: StaffPage,
    nav: { section: 'control', label: 'bo.nav.staff', icon: 'bi-person-badge' },
  },
];
