import { ReferralList } from '@openbroker/domain';
import { type App, ErrorBody, ok } from '../../http.js';
import { AppError, forbidden } from '../../lib/errors.js';
import { TokenBody } from '../accounts/accounts.schemas.js';
import { type ClientAuthDeps, clientAuthenticator } from '../accounts/auth.js';
import type { ContentService } from '../content/content.service.js';
import type { ReferralsService } from './referrals.service.js';

/** What a client's referral list uses. */
export interface ReferralsRoutesDeps extends ClientAuthDeps {
  content: ContentService;
  referrals: ReferralsService;
}

/** spec §7 POST /api/accounts/referrals. */
export async function referralsRoutes(app: App, deps: ReferralsRoutesDeps) {
  const { content, referrals } = deps;
  const auth = clientAuthenticator(deps);

  app.post(
    '/api/accounts/referrals',
    {
      schema: {
        tags: ['accounts'],
        summary:
          "The client's referrals (spec §3: full_name, email, created_at), accounts opened with the client's uniqid " +
          "as ref code, newest first; name and e-mail masked ('Jo*** Sm***'). 403 where the brand is in restricted mode " +
          'or its site settings switch the referrals screen off (SCREEN_SWITCHED_OFF)',
        security: [{ bearer: [] }],
        body: TokenBody,
        response: { 200: ok(ReferralList), 401: ErrorBody, 403: ErrorBody },
      },
    },
    async (request) => {
      const { brand, user } = await auth(request);
      // spec §2: referrals are hidden in the restricted mode
      if (brand.settings.features.restrictedMode || user.restrictedMode) throw forbidden();
      // spec §3 platform components: a brand whose site settings switch the referrals screen off offers none
      if (!(await content.platformComponents(brand)).referrals)
        throw new AppError(403, 'SCREEN_SWITCHED_OFF', 'boContent.screenSwitchedOff');
      return { status: true as const, data: await referrals.list(brand.id, user.id) };
    },
  );
}
