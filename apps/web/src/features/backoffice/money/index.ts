export { queueQueryKey, useBackofficeLive } from '../live.js';
export { ClientMoneyPanel } from './ClientMoneyPanel.js';
export { DepositsQueuePage, WithdrawalsQueuePage } from './QueuePage.js';
export { useQueue } from './useQueue.js';
