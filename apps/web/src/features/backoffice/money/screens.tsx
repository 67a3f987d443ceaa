import type { BoScreen } from '../shell/screens.js';
import { MoneyLimitsPage } from './MoneyLimitsPage.js';
import { DepositsQueuePage, WithdrawalsQueuePage } from './QueuePage.js';
import { MoneyRequestsPage } from './RequestsPage.js';

/** Money: the deposit and withdrawal queues, staff money requests under two keys, and their limits. */
export const MONEY_SCREENS: readonly BoScreen[] = [
  {
    path: 'deposits',
    anyOf: ['deposits.approve'],
    Page: DepositsQueuePage,
    nav: { section: 'money', label: 'bo.nav.deposits', icon: 'bi-box-arrow-in-down' },
  },
  {
    path: 'withdrawals',
    anyOf: ['withdrawals.approve'],
    Page: WithdrawalsQueuePage,
    nav: { section: 'money', label: 'bo.nav.withdrawals', icon: 'bi-box-arrow-up' },
  },
  {
    path: 'money-requests',
    anyOf: ['adjustments.approve', 'adjustments.create'],
    Page: MoneyRequestsPage,
    nav: { section: 'money', label: 'bo.nav.moneyRequests', icon: 'bi-key' },
  },
  {
    path: 'money-limits',
    anyOf: ['limits.manage'],
    Page: MoneyLimitsPage,
    nav: { section: 'money', label: 'bo.nav.moneyLimits', icon: 'bi-speedometer' },
  },
];
