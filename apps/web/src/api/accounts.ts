import type { LoginInput, RegisterInput, ResetPasswordInput } from '@openbroker/domain';
import { apiRequest, browserInfo } from './client.js';
import type { AuthData } from './types.js';

/** Client-area account calls (spec §7). */
export const accountsApi = {
  login: (input: Pick<LoginInput, 'email' | 'password'>) =>
    apiRequest<AuthData>('/api/accounts/login', { body: { ...input, info: browserInfo() } }),

  autoLogin: (code: string) =>
    apiRequest<AuthData>(`/api/accounts/login/${encodeURIComponent(code)}`, {
      body: { info: browserInfo() },
    }),

  register: (input: Omit<RegisterInput, 'info'>) =>
    apiRequest<AuthData>('/api/accounts/register', { body: { ...input, info: browserInfo() } }),

  /** Refreshes the session; a 401 means it has ended (spec §4). */
  get: (token: string) => apiRequest<AuthData>('/api/accounts/get', { body: {}, token }),

  logout: (token: string) => apiRequest<unknown>('/api/accounts/logout', { body: {}, token }),

  forgotPassword: (input: { email: string }) =>
    apiRequest<unknown>('/api/get/forgotPassword', { body: input }),

  /**
   * Sets a new password with the token from the forgot-password mail. The spec does not list this call;
   * the path follows the forgot-password one and must match the server's.
   */
  resetPassword: (input: ResetPasswordInput) =>
    apiRequest<unknown>('/api/get/resetPassword', { body: input }),
};
