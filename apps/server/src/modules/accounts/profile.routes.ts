import { AutoTradingInput, PasswordChangeInput, ProfileUpdateInput } from '@openbroker/domain';
import type { AppContext } from '../../context.js';
import { type App, ErrorBody } from '../../http.js';
import { presentUser } from './accounts.presenter.js';
import { tokenField, UserAnswer } from './accounts.schemas.js';
import { clientAuthenticator } from './auth.js';

/** spec §7 profile calls of a logged-in client: update, updatePassword, autoTrading. */
export async function profileRoutes(app: App, ctx: AppContext) {
  const { accounts } = ctx;
  const auth = clientAuthenticator(ctx);

  app.post(
    '/api/accounts/update',
    {
      schema: {
        tags: ['accounts'],
        summary:
          'Saves the profile (spec §5: every field required, phone valid, country_id an existing country); ' +
          'answers the updated user, which replaces the stored one',
        security: [{ bearer: [] }],
        body: ProfileUpdateInput.safeExtend(tokenField),
        response: { 200: UserAnswer, 400: ErrorBody, 401: ErrorBody },
      },
    },
    async (request) => {
      const { user, token } = await auth(request);
      const { token: _, ...profile } = request.body;
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
          "Sets a new password (min 8, confirm must match: 'The passwords do not match'); " +
          "ends the client's other sessions, keeps this one; answers the user",
        security: [{ bearer: [] }],
        body: PasswordChangeInput.safeExtend(tokenField),
        response: { 200: UserAnswer, 400: ErrorBody, 401: ErrorBody },
      },
    },
    async (request) => {
      const { user, session, token } = await auth(request);
      const updated = await accounts.changePassword(user, session, request.body.new_password);
      return { status: true as const, data: presentUser(updated, token) };
    },
  );

  app.post(
    '/api/accounts/autoTrading',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Turns auto-trading on (1) or off (0) (spec §4); answers the updated user',
        security: [{ bearer: [] }],
        body: AutoTradingInput.safeExtend(tokenField),
        response: { 200: UserAnswer, 400: ErrorBody, 401: ErrorBody },
      },
    },
    async (request) => {
      const { user, token } = await auth(request);
      const updated = await accounts.setAutoTrading(user, request.body.auto_trading === 1);
      return { status: true as const, data: presentUser(updated, token) };
    },
  );
}
