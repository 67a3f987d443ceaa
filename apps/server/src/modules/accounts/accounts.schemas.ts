import { optionalText, RegisterInput } from '@openbroker/domain';
import { z } from 'zod';
import { ok } from '../../http.js';

/** Longest landing-page address kept with a registration. */
export const SOURCE_PAGE_MAX = 500;

const DocumentField = z.object({ status: z.string(), note: z.string(), updated: z.string().nullable() });

/** The user object of spec §3 as the API returns it (documented in OpenAPI). */
export const UserDto = z.object({
  token: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  full_name: z.string(),
  email: z.string(),
  phone: z.string(),
  birth_date: z.string().nullable(),
  country_id: z.number().nullable(),
  state: z.string(),
  city: z.string(),
  street: z.string(),
  zip_code: z.string(),
  pin: z.string(),
  level: z.string(),
  verified_account: z.union([z.literal(0), z.literal(1)]),
  auto_trading: z.union([z.literal(0), z.literal(1)]),
  custom_leverage: z.record(z.string(), z.array(z.number())),
  assets_group_permission: z.array(z.number()),
  uniqid: z.string(),
  doc_passport: DocumentField,
  doc_address: DocumentField,
  doc_funding_front: DocumentField,
  doc_funding_back: DocumentField,
  created_at: z.string(),
  new_password: z.string(),
  confirm_password: z.string(),
});

export const AuthAnswer = ok(z.object({ access_token: z.string(), user: UserDto }));

/** Body of calls that carry only the token (it may also come as a bearer header). */
export const TokenBody = z.object({ token: z.string().max(200).optional() }).loose();

/** The token field the client-area calls carry in the body (spec §7), kept through validation. */
export const tokenField = { token: z.string().max(200).optional() };

/** spec §7 register body, plus the landing page the client came from (affiliate reports). */
export const RegisterBody = z.intersection(
  RegisterInput,
  z.object({ source_page: optionalText('source_page', SOURCE_PAGE_MAX) }),
);

export const UserAnswer = ok(UserDto);
