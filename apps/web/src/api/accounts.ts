import {
  AuthData,
  ClientDocumentsAnswer,
  ClientPopupList,
  CountryList,
  type DocumentType,
  type LoginInput,
  NoData,
  type PasswordChangeInput,
  type ProfileUpdateInput,
  ReferralList,
  type RegisterInput,
  type ResetPasswordInput,
  UserDto,
} from '@openbroker/domain';
import { apiRequest, browserInfo } from './client.js';
import type { Popup } from './types.js';

/** spec §3 Referral: one account opened with the client's link (contracts/accounts.ts). */
export type { Referral } from '@openbroker/domain';

/** What the registration form sends: the domain's RegisterInput plus the landing page of the referral. */
export type RegisterPayload = Omit<RegisterInput, 'info'> & { source_page?: string | undefined };

/** Client-area account calls (spec §7; answers' contracts in the domain's contracts/accounts.ts). */
/** A document's details as the upload form sends them (texts; the server checks them). */
export interface DocumentDetailsForm {
  documentNumber: string;
  issuingCountry: string;
  expiresOn: string;
}

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

  logout: (token: string) => apiRequest('/api/accounts/logout', { body: {}, token, schema: NoData }),

  forgotPassword: (input: { email: string }) =>
    apiRequest('/api/get/forgotPassword', { body: input, schema: NoData }),

  /** Sets a new password with the token from the forgot-password mail (not in spec §7; same family). */
  resetPassword: (input: ResetPasswordInput) =>
    apiRequest('/api/get/resetPassword', { body: input, schema: NoData }),

  /** Saves the profile; the answer is the whole new user, which replaces the stored one (spec §7). */
  update: (token: string, input: ProfileUpdateInput) =>
    apiRequest('/api/accounts/update', { body: { ...input }, token, schema: UserDto }),

  /** Changes the password; the answer is the whole user, like the profile's other calls. */
  updatePassword: (token: string, input: PasswordChangeInput) =>
    apiRequest('/api/accounts/updatePassword', { body: { ...input }, token, schema: UserDto }),

  /** spec §4: auto-trading is sent as 1 or 0. */
  autoTrading: (token: string, on: boolean) =>
    apiRequest('/api/accounts/autoTrading', { body: { auto_trading: on ? 1 : 0 }, token, schema: UserDto }),

  /** spec §7 referrals: the accounts opened with the client's link, name and e-mail masked by the server. */
  referrals: (token: string) =>
    apiRequest('/api/accounts/referrals', { body: {}, token, schema: ReferralList }),

  popups: (token: string) => apiRequest('/api/accounts/popups', { body: {}, token, schema: ClientPopupList }),

  /** Marks a popup read (spec §4: on close). */
  popupRead: (token: string, id: Popup['id']) =>
    apiRequest('/api/accounts/popup', { body: { id }, token, schema: NoData }),

  /** spec §7: GET /api/get/countries?token= (the token travels in the query). */
  countries: (token: string, signal?: AbortSignal) =>
    apiRequest(`/api/get/countries?token=${encodeURIComponent(token)}`, {
      token,
      schema: CountryList,
      ...(signal ? { signal } : {}),
    }),

  /** Multipart upload of one verification document (spec §7); the answer is the updated user. */
  upload: (token: string, type: DocumentType, file: File, details?: DocumentDetailsForm) => {
    const form = new FormData();
    form.set('type', type);
    // the proof's number, issuing country and expiry, where the brand lets the client enter them
    if (details) for (const [name, value] of Object.entries(details)) form.set(name, value);
    form.set('files', file, file.name);
    return apiRequest('/api/accounts/upload', { form, token, schema: UserDto });
  },

  /** Where each document stands on its expiry, and whether the client enters the details at upload. */
  documents: (token: string, signal?: AbortSignal) =>
    apiRequest('/api/accounts/documents', {
      token,
      schema: ClientDocumentsAnswer,
      ...(signal ? { signal } : {}),
    }),
};
