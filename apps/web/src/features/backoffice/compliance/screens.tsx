import type { BoScreen } from '../shell/screens.js';
import { TasksPage } from './TasksPage.js';

/** Compliance: the task list (the client's risk score and timeline are tabs of the client page). */
export const COMPLIANCE_SCREENS: readonly BoScreen[] = [
  {
    path: 'compliance/tasks',
    anyOf: ['verification.edit'],
    Page: TasksPage,
    nav: { section: 'clients', label: 'bo.nav.tasks', icon: 'bi-clipboard-check' },
  },
];
