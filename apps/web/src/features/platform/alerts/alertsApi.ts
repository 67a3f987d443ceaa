import {
  type PriceAlertCreateInput,
  PriceAlertList,
  PushKey,
  PushState,
  type PushSubscribeInput,
} from '@openbroker/domain';
import { apiRequest } from '../../../api/client.js';

/** The client's price alerts and this browser's push subscription (contracts: domain contracts/price-alerts.ts). */
export const alertsApi = {
  list: (token: string, signal?: AbortSignal) =>
    apiRequest('/api/price-alerts', {
      token,
      body: {},
      schema: PriceAlertList,
      ...(signal ? { signal } : {}),
    }),
  create: (token: string, input: PriceAlertCreateInput) =>
    apiRequest('/api/price-alerts/create', { token, body: { ...input }, schema: PriceAlertList }),
  update: (token: string, id: number, input: PriceAlertCreateInput) =>
    apiRequest('/api/price-alerts/update', { token, body: { id, ...input }, schema: PriceAlertList }),
  remove: (token: string, id: number) =>
    apiRequest('/api/price-alerts/delete', { token, body: { id }, schema: PriceAlertList }),
  pushKey: () => apiRequest('/api/push/key', { method: 'GET', schema: PushKey }),
  pushStatus: (token: string, endpoint: string) =>
    apiRequest('/api/push/status', { token, body: { endpoint }, schema: PushState }),
  subscribe: (token: string, subscription: PushSubscribeInput) =>
    apiRequest('/api/push/subscribe', { token, body: { ...subscription }, schema: PushState }),
  unsubscribe: (token: string, endpoint: string) =>
    apiRequest('/api/push/unsubscribe', { token, body: { endpoint }, schema: PushState }),
};
