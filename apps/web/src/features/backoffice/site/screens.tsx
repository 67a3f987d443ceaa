import type { BoScreen } from '../shell/screens.js';
import { InboxPage, SiteSettingsPage } from './index.js';

/** The public site: its settings (menu, footer, switches) and the contact-form inbox. */
export const SITE_SCREENS: readonly BoScreen[] = [
  {
    path: 'site',
    anyOf: ['content.edit'],
    Page: SiteSettingsPage,
    nav: { section: 'brands', label: 'bo.nav.site', icon: 'bi-sliders' },
  },
  {
    path: 'inbox',
    anyOf: ['inbox.read'],
    Page: InboxPage,
    nav: { section: 'brands', label: 'bo.nav.inbox', icon: 'bi-inbox' },
  },
];
