import { ClientPopupList, NoData, PopupReadInput } from '@openbroker/domain';
import { type App, ErrorBody, ok } from '../../http.js';
import { TokenBody, tokenField } from '../accounts/accounts.schemas.js';
import { type ClientAuthDeps, clientAuthenticator } from '../accounts/auth.js';
import type { PopupsService } from './popups.service.js';

/** What the client's pop-up routes use. */
export interface PopupsRoutesDeps extends ClientAuthDeps {
  popups: PopupsService;
}

/** A popup as the client gets it; `kind` marks the server's own notices ('margin_call', …), null for the brand's. */
/** spec §7 POST /api/accounts/popups and /api/accounts/popup. */
export async function popupsRoutes(app: App, deps: PopupsRoutesDeps) {
  const { popups } = deps;
  const auth = clientAuthenticator(deps);

  app.post(
    '/api/accounts/popups',
    {
      schema: {
        tags: ['accounts'],
        summary: "The brand's active popups this client has not closed yet (content is sanitised HTML)",
        security: [{ bearer: [] }],
        body: TokenBody,
        response: { 200: ok(ClientPopupList), 401: ErrorBody },
      },
    },
    async (request) => {
      const { brand, user } = await auth(request);
      const rows = await popups.unreadFor(brand, user);
      return {
        status: true as const,
        data: rows.map(({ id, title, content, kind }) => ({ id, title, content, kind: kind ?? null })),
      };
    },
  );

  app.post(
    '/api/accounts/popup',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Marks a popup read (spec §4: on close); idempotent; a popup of another brand is 404',
        security: [{ bearer: [] }],
        body: PopupReadInput.safeExtend(tokenField),
        response: { 200: ok(NoData), 400: ErrorBody, 401: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => {
      const { brand, user } = await auth(request);
      await popups.markRead(brand, user, request.body.id);
      return { status: true as const, data: {} };
    },
  );
}
