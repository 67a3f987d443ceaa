import { type OneClickSizeInput, type OneClickSwitchInput, TradingSettings } from '@openbroker/domain';
import { apiRequest } from '../../../api/client.js';

/** The client's trading settings (POST /api/trading-settings…; contract: domain contracts/one-click.ts). */
export const oneClickApi = {
  settings: (token: string, signal?: AbortSignal) =>
    apiRequest('/api/trading-settings', {
      token,
      body: {},
      schema: TradingSettings,
      ...(signal ? { signal } : {}),
    }),

  /** One-click on (with the ticked acknowledgement) or off; the answer is the whole settings. */
  switch: (token: string, body: OneClickSwitchInput) =>
    apiRequest('/api/trading-settings/one-click', { token, body, schema: TradingSettings }),

  /** An instrument's default one-click size; the answer is the whole settings. */
  size: (token: string, body: OneClickSizeInput) =>
    apiRequest('/api/trading-settings/size', { token, body, schema: TradingSettings }),
};
