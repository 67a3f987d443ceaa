import { describe, expect, it } from 'vitest';
import { BACKOFFICE_SCREENS } from '../screens.js';
import { buildNav } from './nav.js';

describe('the back office side menu built from the areas screens', () => {
  const nav = buildNav(BACKOFFICE_SCREENS);

  it('lists the dashboard, then clients, money, brands, reports and control with their screens in order', () => {
    expect(nav.map((section) => [section.label, section.items.map((item) => item.to)])).toEqual([
      [null, ['/backoffice']],
      [
        'bo.nav.section.clients',
        ['/backoffice/clients', '/backoffice/compliance/tasks', '/backoffice/screening'],
      ],
      [
        'bo.nav.section.money',
        [
          '/backoffice/deposits',
          '/backoffice/withdrawals',
          '/backoffice/money-requests',
          '/backoffice/money-limits',
          '/backoffice/positions',
        ],
      ],
      [
        'bo.nav.section.brands',
        [
          '/backoffice/brands',
          '/backoffice/content',
          '/backoffice/site',
          '/backoffice/inbox',
          '/backoffice/popups',
          '/backoffice/affiliates',
          '/backoffice/auto-trading',
        ],
      ],
      ['bo.nav.section.reports', ['/backoffice/reports']],
      ['bo.nav.section.control', ['/backoffice/audit', '/backoffice/staff']],
    ]);
  });

  it('shows an entry only to staff holding one of its screen permissions', () => {
    const item = nav
      .flatMap((section) => section.items)
      .find((entry) => entry.to === '/backoffice/money-requests');
    expect(item?.anyOf).toEqual(['adjustments.approve', 'adjustments.create']);
  });

  it('gives every screen its own route', () => {
    const paths = BACKOFFICE_SCREENS.map((screen) => screen.path);
    expect(new Set(paths).size).toBe(paths.length);
  });
});
