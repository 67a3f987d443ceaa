import { AssetList, CountryList } from '@openbroker/domain';
import { z } from 'zod';
import { type App, ErrorBody, ok } from '../../http.js';
import { type ClientAuthDeps, clientAuthenticator } from '../accounts/auth.js';
import type { ReferenceService } from './reference.service.js';

/** `?token=` as the spec's GET calls send it (a bearer header works too). */
const TokenQuery = z.object({ token: z.string().max(200).optional() }).loose();

/** What the reference lists use. */
export interface ReferenceRoutesDeps extends ClientAuthDeps {
  reference: ReferenceService;
}

/** spec §7 GET /api/get/countries and /api/get/assets: reference lists for logged-in clients. */
export async function referenceRoutes(app: App, deps: ReferenceRoutesDeps) {
  const { reference } = deps;
  const auth = clientAuthenticator(deps);

  app.get(
    '/api/get/countries',
    {
      schema: {
        tags: ['reference'],
        summary:
          'Countries for the profile form and phone prefixes (spec §3 id, name, alpha2; plus phone_code)',
        security: [{ bearer: [] }],
        querystring: TokenQuery,
        response: { 200: ok(CountryList), 401: ErrorBody },
      },
    },
    async (request) => {
      await auth(request);
      const rows = await reference.countries();
      return {
        status: true as const,
        data: rows.map((c) => ({ id: c.id, name: c.name, alpha2: c.alpha2, phone_code: c.phoneCode })),
      };
    },
  );

  app.get(
    '/api/get/assets',
    {
      schema: {
        tags: ['reference'],
        summary: 'Tradable instruments with their category and its leverage list (spec §3 asset)',
        security: [{ bearer: [] }],
        querystring: TokenQuery,
        response: { 200: ok(AssetList), 401: ErrorBody },
      },
    },
    async (request) => {
      await auth(request);
      const rows = await reference.assets();
      return {
        status: true as const,
        data: rows.map((a) => ({
          id: a.id,
          name: a.name,
          symbol: a.symbol,
          code: a.code,
          asset_category_id: a.assetCategoryId,
          position_assets_category: { name: a.categoryName, leverage: a.categoryLeverage },
        })),
      };
    },
  );
}
