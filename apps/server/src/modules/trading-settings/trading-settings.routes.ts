import { OneClickSizeInput, OneClickSwitchInput, TradingSettings } from '@openbroker/domain';
import { type App, ErrorBody, ok } from '../../http.js';
import { TokenBody, tokenField } from '../accounts/accounts.schemas.js';
import { type ClientAuthDeps, clientAuthenticator } from '../accounts/auth.js';
import type { TradingSettingsService } from './trading-settings.service.js';

/** What the client's trading-settings routes use. */
export interface TradingSettingsRoutesDeps extends ClientAuthDeps {
  tradingSettings: TradingSettingsService;
}

const tags = ['trading'];
const security = [{ bearer: [] }];
const answers = { 200: ok(TradingSettings), 400: ErrorBody, 401: ErrorBody };

/**
 * The client's trading settings (answers: domain `contracts/one-click.ts`): a client session of this brand, the
 * caller's own settings only. Every route answers the whole settings.
 */
export async function tradingSettingsRoutes(app: App, deps: TradingSettingsRoutesDeps) {
  const { tradingSettings } = deps;
  const auth = clientAuthenticator(deps);

  app.post(
    '/api/trading-settings',
    {
      schema: {
        tags,
        summary:
          "The client's trading settings: one-click trading, its last acknowledgement, the default sizes",
        security,
        body: TokenBody,
        response: { 200: ok(TradingSettings), 401: ErrorBody },
      },
    },
    async (request) => {
      const { user } = await auth(request);
      return { status: true as const, data: await tradingSettings.settings(user.id) };
    },
  );

  app.post(
    '/api/trading-settings/one-click',
    {
      schema: {
        tags,
        summary:
          'Switches one-click trading on (only with `acknowledged: true`, the risk acknowledgement, recorded with its ' +
          "time and session; 400 'oneClick.ackRequired' without) or off",
        security,
        body: OneClickSwitchInput.safeExtend(tokenField),
        response: answers,
      },
    },
    async (request) => {
      const { user, session } = await auth(request);
      return {
        status: true as const,
        data: await tradingSettings.switchOneClick(user.id, session.id, request.body),
      };
    },
  );

  app.post(
    '/api/trading-settings/size',
    {
      schema: {
        tags,
        summary:
          "Sets an instrument's default one-click size: margin amount 1 to 1,000,000 in steps of 0.01 and a " +
          "leverage the client may use on it (400 'trade.leverageNotAllowed' otherwise); 400 " +
          "'oneClick.unknownSymbol' for a symbol the catalogue has not",
        security,
        body: OneClickSizeInput.safeExtend(tokenField),
        response: { ...answers, 409: ErrorBody },
      },
    },
    async (request) => {
      const { user } = await auth(request);
      return { status: true as const, data: await tradingSettings.saveSize(user.id, request.body) };
    },
  );
}
