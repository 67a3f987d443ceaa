import { ForgotPasswordInput, NoData, ResetPasswordInput } from '@openbroker/domain';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config.js';
import { type App, ErrorBody, ok } from '../../http.js';
import { addressKey } from '../../lib/client-address.js';
import { attemptLimit } from '../../lib/rate-limit.js';
import type { BrandsService } from '../brands/brands.service.js';
import type { PasswordResetService } from './password-reset.service.js';

/**
 * The e-mail asked for together with the asking address: counted per e-mail alone,
 * requests from anywhere could keep the owner from getting a reset link, the lockout the login
 * throttle avoids the same way. The validated body's e-mail is already trimmed and lower-cased.
 */
const emailFromAddress = (request: FastifyRequest) => {
  const email = (request.body as { email?: string } | undefined)?.email;
  return email ? `${email}\u0000${addressKey(request.ip)}` : undefined;
};

/** What the forgot-password and reset routes use. */
export interface PasswordResetRoutesDeps {
  config: Pick<Config, 'authRateLimitPerMinute'>;
  brands: BrandsService;
  passwordReset: PasswordResetService;
}

/** spec §7 POST /api/get/forgotPassword and the reset it leads to (no bearer). */
export async function passwordResetRoutes(
  app: App,
  { config, brands, passwordReset }: PasswordResetRoutesDeps,
) {
  const max = config.authRateLimitPerMinute;
  const forgotLimit = attemptLimit(app, { name: 'forgot', max, account: emailFromAddress });
  const resetLimit = attemptLimit(app, { name: 'reset', max });

  app.post(
    '/api/get/forgotPassword',
    {
      onRequest: forgotLimit.onRequest,
      preHandler: forgotLimit.preHandler,
      schema: {
        tags: ['accounts'],
        summary:
          'Mails a single-use reset link (<site>/password/reset/<token>, valid 1 hour) when the e-mail has an ' +
          'account. Answers 200 {status: true, data: {}} for every valid e-mail, at once: the lookup and the mail ' +
          'happen after the answer, so neither the answer nor its time tells whether an account exists. ' +
          'Rate-limited per address and per e-mail from one address',
        body: ForgotPasswordInput,
        response: {
          200: ok(NoData),
          400: ErrorBody,
          429: ErrorBody,
        },
      },
    },
    async (request) => {
      const brand = await brands.resolve(request.headers.host);
      passwordReset.request(brand, request.body.email, { ip: request.ip, log: request.log });
      return { status: true as const, data: {} };
    },
  );

  app.post(
    '/api/get/resetPassword',
    {
      onRequest: resetLimit.onRequest,
      schema: {
        tags: ['accounts'],
        summary:
          'Sets a new password with the token from the reset mail and ends all sessions of the client. ' +
          "400 RESET_INVALID 'password.resetInvalid' when the token is used, expired or unknown; " +
          "400 with 'password.sameAsCurrent' on new_password when it is the current password (the link stays usable)",
        body: ResetPasswordInput,
        response: { 200: ok(NoData), 400: ErrorBody, 429: ErrorBody },
      },
    },
    async (request) => {
      await passwordReset.reset(request.body.token, request.body.new_password);
      return { status: true as const, data: {} };
    },
  );
}
