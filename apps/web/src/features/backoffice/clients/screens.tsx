import type { BoScreen } from '../shell/screens.js';
import { ClientListPage } from './ClientListPage.js';
import { ClientPage } from './ClientPage.js';

/** Clients: the searchable list and one client's page with its tabs. */
export const CLIENT_SCREENS: readonly BoScreen[] = [
  {
    path: 'clients',
    anyOf: ['clients.read'],
    Page: ClientListPage,
    nav: { section: 'clients', label: 'bo.nav.clients', icon: 'bi-people' },
  },
  { path: 'clients/:id', anyOf: ['clients.read'], Page: ClientPage },
];
