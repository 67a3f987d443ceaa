import type { StaffPermission } from '@openbroker/domain';
import type { ComponentType } from 'react';
import type { TranslationKey } from '../../../lib/i18n/keys.js';

/** The side menu's sections, in the order they are shown. */
export const NAV_SECTIONS = ['clients', 'money', 'brands', 'reports', 'control'] as const;
export type NavSectionId = (typeof NAV_SECTIONS)[number];

/**
 * One back-office screen, declared by the business area that owns it (`<area>/screens.tsx`): its route below
 * /backoffice, who may open it, and its side-menu entry. Adding a screen to an area touches only that area.
 */
export interface BoScreen {
  /** Route path below /backoffice, e.g. 'clients/:id'. */
  path: string;
  /** Opened by staff holding any of these permissions; others see why the screen is closed. */
  anyOf: readonly StaffPermission[];
  Page: ComponentType;
  /** Its side-menu entry; detail screens (a client, a brand) have none. */
  nav?: { section: NavSectionId; label: TranslationKey; icon: string };
}
