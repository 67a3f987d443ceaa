import { AutoTradingOverview, type AutoTradingSettings, BacktestDto, JournalPage } from '@openbroker/domain';
import { apiRequest } from './client.js';

export type { AutoTradingOverview, BacktestDto, JournalPage };

/** What a backtest runs: the settings (saved or not) on one instrument; the server takes the last 12 months by default. */
export interface BacktestRequest {
  settings: AutoTradingSettings;
  symbol: string;
  from?: string;
  to?: string;
}

/**
 * The client area's auto-trading calls (routes and answers: domain `contracts/auto-trading-client.ts`). All POST with
 * the client's token, like the spec's own client calls; answers are parsed with the domain's schemas. Switching on
 * and off stays the spec's POST /api/accounts/autoTrading (`accountsApi.autoTrading`).
 */
export const autoTradingApi = {
  overview: (token: string, signal?: AbortSignal) =>
    apiRequest('/api/autoTrading/overview', {
      body: {},
      token,
      schema: AutoTradingOverview,
      ...(signal ? { signal } : {}),
    }),

  /** Saves strategy and limits; the answer is the whole new overview. Refusals carry field messages (`errors`). */
  saveSettings: (token: string, settings: AutoTradingSettings) =>
    apiRequest('/api/autoTrading/settings', { body: { settings }, token, schema: AutoTradingOverview }),

  backtest: (token: string, request: BacktestRequest, signal?: AbortSignal) =>
    apiRequest('/api/autoTrading/backtest', {
      body: { ...request },
      token,
      schema: BacktestDto,
      ...(signal ? { signal } : {}),
    }),

  /** One page of the journal, newest first; `before` is the previous page's `next`. */
  journal: (token: string, page: { before?: number; limit?: number } = {}, signal?: AbortSignal) =>
    apiRequest('/api/autoTrading/journal', {
      body: { ...page },
      token,
      schema: JournalPage,
      ...(signal ? { signal } : {}),
    }),
};
