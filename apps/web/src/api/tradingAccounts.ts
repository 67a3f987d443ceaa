import {
  AuthData,
  type DemoSignupRequest,
  NoData,
  type OpenTradingAccountRequest,
  TradingAccount,
  TradingAccountList,
  TransferBooked,
  TransferFigures,
  type TransferRequest,
} from '@openbroker/domain';
import { z } from 'zod';
import { apiRequest, browserInfo } from './client.js';

export type {
  DemoSignupRequest,
  OpenTradingAccountRequest,
  TradingAccount,
  TradingAccountList,
  TransferBooked,
  TransferFigures,
  TransferRequest,
};

/**
 * What opening, switching or resetting an account answers: the contracts leave it open, so the client takes the
 * new list, the account concerned or no data, and reloads the list in any case (the list is the authority).
 */
export const AccountChange = z.union([TradingAccountList, TradingAccount, NoData]);
export type AccountChange = z.infer<typeof AccountChange>;

/** The client's trading accounts (contracts in the domain's contracts/trading-accounts.ts). */
export const tradingAccountsApi = {
  /** GET /api/accounts: every account with its live figures, the currencies live accounts may be opened in. */
  list: (token: string, signal?: AbortSignal) =>
    apiRequest('/api/accounts', { token, schema: TradingAccountList, ...(signal ? { signal } : {}) }),

  /** Opens a live account in one of the brand's currencies, or a demo account. */
  open: (token: string, input: OpenTradingAccountRequest) =>
    apiRequest('/api/accounts', { body: { ...input }, token, schema: AccountChange }),

  /** Makes `accountId` the account the session's calls and sockets act on. */
  switchTo: (token: string, accountId: number) =>
    apiRequest('/api/accounts/current', { body: { accountId }, token, schema: AccountChange }),

  /** Puts a demo account back to the brand's demo balance. */
  resetDemo: (token: string, accountId: number) =>
    apiRequest('/api/accounts/reset', { body: { accountId }, token, schema: AccountChange }),

  /** A transfer's figures at the dealing rate now, shown before the client confirms. */
  quoteTransfer: (token: string, input: TransferRequest) =>
    apiRequest('/api/accounts/transfers/quote', { body: { ...input }, token, schema: TransferFigures }),

  /** Books a transfer between two of the client's live accounts. */
  transfer: (token: string, input: TransferRequest) =>
    apiRequest('/api/accounts/transfers', { body: { ...input }, token, schema: TransferBooked }),

  /** POST /api/demo ("Try a demo"): signs a visitor up with a demo account; answers like a login. */
  demoSignup: (input: DemoSignupRequest) =>
    apiRequest('/api/demo', { body: { ...input, info: browserInfo() }, schema: AuthData }),
};
