import { AuthData, optionalText, RegisterInput, UserDto } from '@openbroker/domain';
import { z } from 'zod';
import { ok } from '../../http.js';

/** Longest landing-page address kept with a registration. */
export const SOURCE_PAGE_MAX = 500;

/** spec §7: the auth answer of login, auto login, registration and refresh (contract in the domain). */
export const AuthAnswer = ok(AuthData);

/** Body of calls that carry only the token (it may also come as a bearer header). */
export const TokenBody = z.object({ token: z.string().max(200).optional() }).loose();

/** The token field the client-area calls carry in the body (spec §7), kept through validation. */
export const tokenField = { token: z.string().max(200).optional() };

/** spec §7 register body, plus the landing page the client came from (affiliate reports). */
export const RegisterBody = z.intersection(
  RegisterInput,
  z.object({ source_page: optionalText('source_page', SOURCE_PAGE_MAX) }),
);

/** The answer of the profile calls: the whole user, which replaces the stored one (spec §7). */
export const UserAnswer = ok(UserDto);
