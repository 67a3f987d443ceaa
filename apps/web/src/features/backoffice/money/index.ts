export { queueQueryKey, useBackofficeLive } from '../live.js';
export { ClientMoneyPanel } from './ClientMoneyPanel.js';
export { MoneyLimitsPage } from './MoneyLimitsPage.js';
export { DepositsQueuePage, WithdrawalsQueuePage } from './QueuePage.js';
export { MoneyRequestsPage } from './RequestsPage.js';
export { useQueue } from './useQueue.js';
