import type { StaffPermission } from '@openbroker/domain';
import { createContext, useContext } from 'react';
import type { TranslationKey } from '../../../lib/i18n/keys.js';
import { type BoScreen, NAV_SECTIONS } from './screens.js';

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

/**
 * The side menu built from the areas' screens: the dashboard first, then each section's entries in the order
 * the screens are listed. Sections without an entry are left out.
 */
export function buildNav(screens: readonly BoScreen[]): NavSection[] {
  const dashboard: NavSection = {
    label: null,
    items: [{ to: BACKOFFICE_BASE, label: 'bo.nav.dashboard', icon: 'bi-speedometer2', end: true }],
  };
  const sections = NAV_SECTIONS.map(
    (section): NavSection => ({
      label: `bo.nav.section.${section}`,
      items: screens.flatMap(({ path, anyOf, nav }) =>
        nav?.section === section
          ? [{ to: `${BACKOFFICE_BASE}/${path}`, label: nav.label, icon: nav.icon, anyOf }]
          : [],
      ),
    }),
  );
  return [dashboard, ...sections].filter((section) => section.items.length > 0);
}

const NavContext = createContext<readonly NavSection[]>([]);

/** The side menu of the back office, given once by the app that knows every area's screens. */
export const NavProvider = NavContext.Provider;

/** The sections and items a staff member may see (empty sections dropped). */
export function useVisibleNav(can: (permission: StaffPermission) => boolean): NavSection[] {
  return useContext(NavContext)
    .map((section) => ({
      ...section,
      items: section.items.filter((item) => !item.anyOf || item.anyOf.some((permission) => can(permission))),
    }))
    .filter((section) => section.items.length > 0);
}
