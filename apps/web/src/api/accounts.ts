import {
  AuthData,
  type DocumentType,
  type LoginInput,
  type PasswordChangeInput,
  type ProfileUpdateInput,
  type RegisterInput,
  type ResetPasswordInput,
  UserDto,
} from '@openbroker/domain';
import { apiRequest, browserInfo } from './client.js';
import type { Country, Popup } from './types.js';

/** spec §3 Referral: one account opened with the client's link (masked: 'Jo*** Sm***'). */
export interface Referral {
  full_name: string;
  email: string;
  created_at: string;
}

/** What the registration form sends: the domain's RegisterInput plus the landing page of the referral. */
export type RegisterPayload = Omit<RegisterInput, 'info'> & { source_page?: string | undefined };

/** Client-area account calls (spec §7). */
export const accountsApi = {
  login: (input: Pick<LoginInput, 'email' | 'password'>) =>
    apiRequest('/api/accounts/login', { body: { ...input, info: browserInfo() }, schema: AuthData }),

  autoLogin: (code: string) =>
    apiRequest(`/api/accounts/login/${encodeURIComponent(code)}`, {
      body: { info: browserInfo() },
      schema: AuthData,
    }),

  register: (input: RegisterPayload) =>
    apiRequest('/api/accounts/register', { body: { ...input, info: browserInfo() }, schema: AuthData }),

  /** Refreshes the session; a 401 means it has ended (spec §4). */
  get: (token: string) => apiRequest('/api/accounts/get', { body: {}, token, schema: AuthData }),

  logout: (token: string) => apiRequest<unknown>('/api/accounts/logout', { body: {}, token }),

  forgotPassword: (input: { email: string }) =>
    apiRequest<unknown>('/api/get/forgotPassword', { body: input }),

  /** Sets a new password with the token from the forgot-password mail (not in spec §7; same family). */
  resetPassword: (input: ResetPasswordInput) =>
    apiRequest<unknown>('/api/get/resetPassword', { body: input }),

  /** Saves the profile; the answer is the whole new user, which replaces the stored one (spec §7). */
  update: (token: string, input: ProfileUpdateInput) =>
    apiRequest('/api/accounts/update', { body: { ...input }, token, schema: UserDto }),

  updatePassword: (token: string, input: PasswordChangeInput) =>
    apiRequest<unknown>('/api/accounts/updatePassword', { body: { ...input }, token }),

  /** spec §4: auto-trading is sent as 1 or 0. */
  autoTrading: (token: string, on: boolean) =>
    apiRequest('/api/accounts/autoTrading', { body: { auto_trading: on ? 1 : 0 }, token, schema: UserDto }),

  /** spec §7 referrals: the accounts opened with the client's link, name and e-mail masked by the server. */
  referrals: (token: string) => apiRequest<Referral[]>('/api/accounts/referrals', { body: {}, token }),

  popups: (token: string) => apiRequest<Popup[]>('/api/accounts/popups', { body: {}, token }),

  /** Marks a popup read (spec §4: on close). */
  popupRead: (token: string, id: Popup['id']) =>
    apiRequest<unknown>('/api/accounts/popup', { body: { id }, token }),

  /** spec §7: GET /api/get/countries?token= (the token travels in the query). */
  countries: (token: string, signal?: AbortSignal) =>
    apiRequest<Country[]>(`/api/get/countries?token=${encodeURIComponent(token)}`, {
      token,
      ...(signal ? { signal } : {}),
    }),

  /** Multipart upload of one verification document (spec §7); the answer is the updated user. */
  upload: (token: string, type: DocumentType, file: File) => {
    const form = new FormData();
    form.set('type', type);
    form.set('files', file, file.name);
    return apiRequest('/api/accounts/upload', { form, token, schema: UserDto });
  },
};
