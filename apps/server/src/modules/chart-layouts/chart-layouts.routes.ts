import { CHART_LAYOUT_MAX_BYTES, ChartLayout, ChartLayoutInput, chartLayoutSymbol } from '@openbroker/domain';
import { z } from 'zod';
import { type App, ErrorBody, ok } from '../../http.js';
import { tokenField } from '../accounts/accounts.schemas.js';
import { type ClientAuthDeps, clientAuthenticator } from '../accounts/auth.js';
import type { ChartLayoutsService } from './chart-layouts.service.js';

/** What the client's chart layout routes use. */
export interface ChartLayoutsRoutesDeps extends ClientAuthDeps {
  chartLayouts: ChartLayoutsService;
}

const tags = ['chart layouts'];
const security = [{ bearer: [] }];
const params = z.object({ symbol: chartLayoutSymbol });
const answers = { 200: ok(ChartLayout), 400: ErrorBody, 401: ErrorBody, 404: ErrorBody };

/**
 * The terminal chart's indicators and drawings per symbol (answers: domain `contracts/chartLayouts.ts`): a client
 * session of this brand (the `Authorization: Bearer` header), the caller's own layouts only; a symbol the catalogue
 * has not is 404.
 */
export async function chartLayoutsRoutes(app: App, deps: ChartLayoutsRoutesDeps) {
  const { chartLayouts } = deps;
  const auth = clientAuthenticator(deps);

  app.get(
    '/api/chart-layouts/:symbol',
    {
      schema: {
        tags,
        summary:
          "The client's indicators and drawings on a symbol's chart (`saved: false` and empty before a save)",
        security,
        params,
        response: answers,
      },
    },
    async (request) => {
      const { user } = await auth(request);
      return { status: true as const, data: await chartLayouts.get(user.id, request.params.symbol) };
    },
  );

  app.put(
    '/api/chart-layouts/:symbol',
    {
      bodyLimit: CHART_LAYOUT_MAX_BYTES,
      schema: {
        tags,
        summary:
          'Saves the indicators (at most 8, parameters as the indicator dialog checks them) and drawings (at most ' +
          "200; known kinds, finite prices, texts of up to 120 characters) of a symbol's chart, replacing the " +
          'saved ones; 400 for anything else, 413 for a body over 64 KiB',
        security,
        params,
        // the terminal's calls carry the session in the body too (spec §7): that field and nothing else
        body: ChartLayoutInput.safeExtend(tokenField),
        response: { ...answers, 413: ErrorBody },
      },
    },
    async (request) => {
      const { user } = await auth(request);
      const { indicators, drawings } = request.body;
      return {
        status: true as const,
        data: await chartLayouts.save(user.id, request.params.symbol, { indicators, drawings }),
      };
    },
  );
}
