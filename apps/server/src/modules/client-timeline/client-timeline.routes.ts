import { TimelinePage, TimelineQuery } from '@openbroker/domain';
import { z } from 'zod';
import type { Database } from '../../db/client.js';
import { type App, ErrorBody, ok } from '../../http.js';
import type { ClientsService } from '../accounts/admin/clients-admin.service.js';
import { staffOf, withPolicy } from '../staff/policy.js';
import type { StaffService } from '../staff/staff.service.js';
import { ClientTimelineService } from './client-timeline.service.js';

export interface ClientTimelineRoutesDeps {
  staff: StaffService;
  database: Database;
  clientsAdmin: Pick<ClientsService, 'clientInScope'>;
}

/** Back office: a client's timeline (docs/backoffice.md "Client timeline"). */
export async function clientTimelineRoutes(
  app: App,
  { staff, database, clientsAdmin }: ClientTimelineRoutesDeps,
) {
  const timeline = new ClientTimelineService(database.db);
  app.get(
    '/api/backoffice/clients/:id/timeline',
    withPolicy({ permission: 'clients.read', brandScoped: true }, staff, {
      tags: ['backoffice: clients'],
      summary:
        'The client’s timeline, newest first, 50 a page: sign-ins (address, device), uploads, deposits and withdrawal ' +
        'requests, trading per day and account, staff actions, notes; filter by kind, page with `before`',
      params: z.object({ id: z.string().max(32) }),
      querystring: TimelineQuery,
      response: { 200: ok(TimelinePage), 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody },
    }),
    async (request) => {
      const { user } = await clientsAdmin.clientInScope(staffOf(request), request.params.id);
      return { status: true as const, data: await timeline.page(user.id, request.query) };
    },
  );
}
