import { configure } from '@testing-library/react';

// The web suites share two cores with the server suites in `npm test`: give screens that load
// through several async steps (sign-up → account page) more than the default 1 s to appear (a login
// followed by two notices took over 5 s on a machine also running the browser journeys).
configure({ asyncUtilTimeout: 10_000 });

import { afterEach } from 'vitest';
import {
  accountChanges,
  currentAccountStore,
  liveFiguresStore,
} from '../shared/trading-accounts/currentAccount.js';

// The current trading account is kept in memory for the session: each test starts without one.
afterEach(() => {
  currentAccountStore.set(null);
  liveFiguresStore.set(null);
  accountChanges.set(0);
});
