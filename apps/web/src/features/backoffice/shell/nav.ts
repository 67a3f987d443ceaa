import type { StaffPermission } from '@openbroker/domain';
import type { TranslationKey } from '../../../app/i18n/resources.js';

/** One entry of the side menu: where it goes, its icon, and the permission that shows it. */
export interface NavItem {
  to: string;
  label: TranslationKey;
  icon: string;
  /** Shown when the staff member holds any of these (none: every staff member). */
  anyOf?: readonly StaffPermission[];
  end?: boolean;
}

export interface NavSection {
  label: TranslationKey | null;
  items: readonly NavItem[];
}

export const BACKOFFICE_BASE = '/backoffice';

/** The side menu: each item appears only to staff whose roles grant its permission. */
export const NAV: readonly NavSection[] = [
  {
    label: null,
    items: [{ to: BACKOFFICE_BASE, label: 'bo.nav.dashboard', icon: 'bi-speedometer2', end: true }],
  },
  {
    label: 'bo.nav.section.clients',
    items: [
      {
        to: `${BACKOFFICE_BASE}/clients`,
        label: 'bo.nav.clients',
        icon: 'bi-people',
        anyOf: ['clients.read'],
      },
    ],
  },
  {
    label: 'bo.nav.section.money',
    items: [
      {
        to: `${BACKOFFICE_BASE}/deposits`,
        label: 'bo.nav.deposits',
        icon: 'bi-box-arrow-in-down',
        anyOf: ['deposits.approve'],
      },
      {
        to: `${BACKOFFICE_BASE}/withdrawals`,
        label: 'bo.nav.withdrawals',
        icon: 'bi-box-arrow-up',
        anyOf: ['withdrawals.approve'],
      },
      {
        to: `${BACKOFFICE_BASE}/money-requests`,
        label: 'bo.nav.moneyRequests',
        icon: 'bi-key',
        anyOf: ['adjustments.approve', 'adjustments.create'],
      },
      {
        to: `${BACKOFFICE_BASE}/money-limits`,
        label: 'bo.nav.moneyLimits',
        icon: 'bi-speedometer',
        anyOf: ['limits.manage'],
      },
      {
        to: `${BACKOFFICE_BASE}/positions`,
        label: 'bo.nav.positions',
        icon: 'bi-graph-up-arrow',
        anyOf: ['positions.read', 'exposure.read'],
      },
    ],
  },
  {
    label: 'bo.nav.section.brands',
    items: [
      { to: `${BACKOFFICE_BASE}/brands`, label: 'bo.nav.brands', icon: 'bi-shop', anyOf: ['brands.manage'] },
      {
        to: `${BACKOFFICE_BASE}/content`,
        label: 'bo.nav.content',
        icon: 'bi-file-earmark-richtext',
        anyOf: ['content.edit'],
      },
      { to: `${BACKOFFICE_BASE}/site`, label: 'bo.nav.site', icon: 'bi-sliders', anyOf: ['content.edit'] },
      { to: `${BACKOFFICE_BASE}/inbox`, label: 'bo.nav.inbox', icon: 'bi-inbox', anyOf: ['inbox.read'] },
      {
        to: `${BACKOFFICE_BASE}/popups`,
        label: 'bo.nav.popups',
        icon: 'bi-window-stack',
        anyOf: ['popups.manage'],
      },
      {
        to: `${BACKOFFICE_BASE}/affiliates`,
        label: 'bo.nav.affiliates',
        icon: 'bi-diagram-3',
        anyOf: ['affiliates.manage'],
      },
      {
        to: `${BACKOFFICE_BASE}/auto-trading`,
        label: 'bo.nav.autoTrading',
        icon: 'bi-robot',
        anyOf: ['autotrading.manage'],
      },
    ],
  },
  {
    label: 'bo.nav.section.reports',
    items: [
      {
        to: `${BACKOFFICE_BASE}/reports`,
        label: 'bo.nav.reports',
        icon: 'bi-bar-chart-line',
        anyOf: ['reports.read'],
      },
    ],
  },
  {
    label: 'bo.nav.section.control',
    items: [
      {
        to: `${BACKOFFICE_BASE}/audit`,
        label: 'bo.nav.audit',
        icon: 'bi-journal-text',
        anyOf: ['audit.read'],
      },
      {
        to: `${BACKOFFICE_BASE}/staff`,
        label: 'bo.nav.staff',
        icon: 'bi-person-badge',
        anyOf: ['staff.manage'],
      },
    ],
  },
];

/** The sections and items a staff member may see (empty sections dropped). */
export function visibleNav(can: (permission: StaffPermission) => boolean): NavSection[] {
  return NAV.map((section) => ({
    ...section,
    items: section.items.filter((item) => !item.anyOf || item.anyOf.some((permission) => can(permission))),
  })).filter((section) => section.items.length > 0);
}
