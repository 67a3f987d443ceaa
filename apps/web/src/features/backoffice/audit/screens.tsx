import type { BoScreen } from '../shell/screens.js';
import { AuditPage } from './index.js';

/** The audit trail of every staff action. */
export const AUDIT_SCREENS: readonly BoScreen[] = [
  {
    path: 'audit',
    anyOf: ['audit.read'],
    Page: AuditPage,
    nav: { section: 'control', label: 'bo.nav.audit', icon: 'bi-journal-text' },
  },
];
