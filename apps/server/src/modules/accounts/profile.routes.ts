import {
  AutoTradingInput,
  checkBirthDate,
  PasswordChangeInput,
  type PlatformComponents,
  ProfileUpdateInput,
} from '@openbroker/domain';
import type { Redis } from 'ioredis';
import type { Config } from '../../config.js';
import { type App, ErrorBody } from '../../http.js';
import { AppError, invalidFields } from '../../lib/errors.js';
import { createFailureThrottle, isPasswordRefusal } from '../../lib/failure-throttle.js';
import { attemptLimit } from '../../lib/rate-limit.js';
import { type Brand, brandMinAge } from '../brands/brands.service.js';
import { presentUser } from './accounts.presenter.js';
import type { UserRow } from './accounts.repo.js';
import { tokenField, UserAnswer } from './accounts.schemas.js';
import { type ClientAuthDeps, clientAuthenticator } from './auth.js';

/** What a signed-in client's profile routes use. */
export interface ProfileRoutesDeps extends ClientAuthDeps {
  config: Pick<Config, 'authRateLimitPerMinute' | 'redisPrefix'>;
  redis: Redis | undefined;
  /** The screens a brand's site switches on (the auto-trading switch needs its screen). */
  content: { platformComponents(brand: Brand): Promise<PlatformComponents> };
  /** The client's auto-trading, switched through the auto-trading service's checks and journal. */
  gateway: {
    auto(who: { userId: number; accountId: number }, method: 'setEnabled', on: boolean): Promise<UserRow>;
  };
}

/** spec §7 profile calls of a logged-in client: update, updatePassword, autoTrading. */
export async function profileRoutes(app: App, deps: ProfileRoutesDeps) {
  const { accounts, config, redis, content, gateway } = deps;
  const auth = clientAuthenticator(deps);
  // Wrong current passwords slow down like logins (decision 0012), keyed by the session: a stolen
  // token guessing gets ever longer waits, the owner's own session is not held up by it.
  const passwordLimit = attemptLimit(app, {
    name: 'password-change',
    max: config.authRateLimitPerMinute,
  });
  const passwordThrottle = createFailureThrottle('password-change', {
    redis,
    redisPrefix: config.redisPrefix,
  });

  app.post(
    '/api/accounts/update',
    {
      schema: {
        tags: ['accounts'],
        summary:
          'Saves the profile (spec §5: every field required, phone valid, country_id an existing country; ' +
          "the birth date not in the future and at least the brand's minimum age, default 18); " +
          'answers the updated user, which replaces the stored one',
        security: [{ bearer: [] }],
        body: ProfileUpdateInput.safeExtend(tokenField),
        response: { 200: UserAnswer, 400: ErrorBody, 401: ErrorBody },
      },
    },
    async (request) => {
      const { brand, user, token } = await auth(request);
      const { token: _, ...profile } = request.body;
      // the same rule the form explains (profileUpdateInputFor); the brand decides the age
      const birthDate = checkBirthDate(profile.birth_date, {
        now: new Date(),
        minAge: brandMinAge(brand.settings),
      });
      if (birthDate) throw invalidFields([{ path: 'birth_date', ...birthDate }]);
      const updated = await accounts.updateProfile(user, profile);
      return { status: true as const, data: presentUser(updated, token) };
    },
  );

  app.post(
    '/api/accounts/updatePassword',
    {
      schema: {
        tags: ['accounts'],
        summary:
          'Sets a new password after checking the current one (`current_password`, required: ' +
          "'The current password is not correct'); new_password min 8 and not the current one " +
          "('password.sameAsCurrent'), confirm must match ('The passwords do not match'). Ends the client's other sessions, keeps this one; answers the user. " +
          '429 RATE_LIMITED with retry-after after repeated wrong current passwords',
        security: [{ bearer: [] }],
        body: PasswordChangeInput.safeExtend(tokenField),
        response: { 200: UserAnswer, 400: ErrorBody, 401: ErrorBody, 429: ErrorBody },
      },
      onRequest: passwordLimit.onRequest,
    },
    async (request, reply) => {
      const { user, session, token } = await auth(request);
      const updated = await passwordThrottle.attempt(`session:${session.id}`, reply, isPasswordRefusal, () =>
        accounts.changePassword(user, session, request.body),
      );
      return { status: true as const, data: presentUser(updated, token) };
    },
  );

  app.post(
    '/api/accounts/autoTrading',
    {
      schema: {
        tags: ['accounts'],
        summary:
          'Turns auto-trading on (1) or off (0) (spec §4); answers the updated user. Switching on needs saved ' +
          "settings (400 'auto.error.noSettings', POST /api/autoTrading/settings) that still fit the brand's offer " +
          "(400 with field messages), a verified account (403 'auto.error.notVerified') and the brand's auto-trading " +
          "not stopped (403 'auto.error.brandStopped') and the brand's site settings offering the auto-trading screen (403 " +
          'SCREEN_SWITCHED_OFF); switching off stops new decisions at once, open auto ' +
          'positions keep their stop loss and take profit',
        security: [{ bearer: [] }],
        body: AutoTradingInput.safeExtend(tokenField),
        response: { 200: UserAnswer, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody },
      },
    },
    async (request) => {
      const client = await auth(request);
      const { user, token, brand } = client;
      // a brand whose site settings switch the auto-trading screen off lets nobody switch it on (off stays
      // possible, so a client is never held in a strategy the brand stopped offering)
      if (request.body.auto_trading === 1 && !(await content.platformComponents(brand)).auto_trading)
        throw new AppError(403, 'SCREEN_SWITCHED_OFF', 'boContent.screenSwitchedOff');
      // the switch runs the strategy, so it goes through the auto-trading service's checks and journal
      const updated = await gateway.auto(
        // the account of the call: the session's current one, or the call's own `accountId` (docs/accounts.md)
        { userId: user.id, accountId: (await client.account()).id },
        'setEnabled',
        request.body.auto_trading === 1,
      );
      return { status: true as const, data: presentUser(updated, token) };
    },
  );
}
