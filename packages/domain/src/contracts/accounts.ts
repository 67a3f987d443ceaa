import { z } from 'zod';
import { DOCUMENT_STATUS } from '../documents.js';
import { WireFlag as Flag, WireInstant as Instant } from './common.js';

/** Client-area contracts of the account: the user of the auth answers and the account's own lists (see common.ts). */

/** spec §3: a doc_* field, JSON with status ('0' Waiting … '3' Rejected, spec §4), note and updated. */
export const DocumentState = z.object({
  status: z.enum(DOCUMENT_STATUS),
  note: z.string(),
  updated: z.string().nullable(),
});
export type DocumentState = z.infer<typeof DocumentState>;

/**
 * spec §3 User of the auth answer, every field always present: profile text the client has not
 * filled in is '' (birth_date and country_id are null). `token` is the session's own token;
 * `new_password` and `confirm_password` are always '' (the spec's front ends bind them to a form).
 */
export const UserDto = z.object({
  token: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  full_name: z.string(),
  email: z.string(),
  phone: z.string(),
  /** YYYY-MM-DD. */
  birth_date: z.iso.date().nullable(),
  country_id: z.number().int().nullable(),
  state: z.string(),
  city: z.string(),
  street: z.string(),
  zip_code: z.string(),
  /** Client number shown in the header (spec §2). */
  pin: z.string(),
  level: z.string(),
  verified_account: Flag,
  auto_trading: Flag,
  /** Asset category name → allowed 0-based indexes into that category's leverage list. */
  custom_leverage: z.record(z.string(), z.array(z.number().int())),
  /** Asset category ids the client may trade (spec §6). */
  assets_group_permission: z.array(z.number().int()),
  /** The client's referral code. */
  uniqid: z.string(),
  doc_passport: DocumentState,
  doc_address: DocumentState,
  doc_funding_front: DocumentState,
  doc_funding_back: DocumentState,
  created_at: Instant,
  new_password: z.string(),
  confirm_password: z.string(),
});
export type UserDto = z.infer<typeof UserDto>;

/** `data` of login, auto login, registration and the session refresh (spec §7). */
export const AuthData = z.object({ access_token: z.string().min(1), user: UserDto });
export type AuthData = z.infer<typeof AuthData>;

/** spec §3 Country of GET /api/get/countries, with its international calling code. */
export const Country = z.object({
  id: z.number(),
  name: z.string(),
  alpha2: z.string(),
  phone_code: z.string(),
});
export type Country = z.infer<typeof Country>;

/** `data` of GET /api/get/countries: every country the profile and registration forms offer. */
export const CountryList = z.array(Country);
export type CountryList = z.infer<typeof CountryList>;

/** spec §3 Referral: one account opened with the client's link, name and e-mail masked ('Jo*** Sm***'). */
export const Referral = z.object({ full_name: z.string(), email: z.string(), created_at: z.string() });
export type Referral = z.infer<typeof Referral>;

/** `data` of POST /api/accounts/referrals. */
export const ReferralList = z.array(Referral);
export type ReferralList = z.infer<typeof ReferralList>;

/**
 * spec §3 Popup: an unread notice of the client; `content` is HTML from the back office. `kind` names the server's
 * own notice it is ('margin_call'); null for the brand's pop-ups.
 */
export const ClientPopup = z.object({
  id: z.number(),
  title: z.string(),
  content: z.string(),
  kind: z.string().nullable(),
});
export type ClientPopup = z.infer<typeof ClientPopup>;

/** `data` of POST /api/accounts/popups: the client's unread notices. */
export const ClientPopupList = z.array(ClientPopup);
export type ClientPopupList = z.infer<typeof ClientPopupList>;
