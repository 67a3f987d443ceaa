import {
  ClientRisk,
  ComplianceTaskCloseInput,
  SourceOfFundsAnswer,
  SourceOfFundsInput,
} from '@openbroker/domain';
import { z } from 'zod';
import { type App, ErrorBody, ok } from '../../http.js';
import { TokenBody, tokenField } from '../accounts/accounts.schemas.js';
import type { ClientsService } from '../accounts/admin/clients-admin.service.js';
import { type ClientAuthDeps, clientAuthenticator } from '../accounts/auth.js';
import { staffOf, withPolicy } from '../staff/policy.js';
import type { StaffService } from '../staff/staff.service.js';
import type { RiskService } from './risk.service.js';

export interface RiskRoutesDeps extends ClientAuthDeps {
  staff: StaffService;
  clientsAdmin: Pick<ClientsService, 'clientInScope'>;
  risk: RiskService;
}

const ClientParams = z.object({ id: z.string().max(32) });
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };

/** The source-of-funds questionnaire (client area) and the risk panel (back office); docs/compliance.md. */
export async function riskRoutes(app: App, deps: RiskRoutesDeps) {
  const { staff, clientsAdmin, risk } = deps;
  const auth = clientAuthenticator(deps);

  app.post(
    '/api/accounts/source-of-funds',
    {
      schema: {
        tags: ['accounts'],
        summary: "The client's source-of-funds answers (null: not answered yet)",
        security: [{ bearer: [] }],
        body: TokenBody,
        response: { 200: ok(SourceOfFundsAnswer), 401: ErrorBody },
      },
    },
    async (request) => {
      const { user } = await auth(request);
      return { status: true as const, data: await risk.answers(user.id) };
    },
  );

  app.post(
    '/api/accounts/source-of-funds/answer',
    {
      schema: {
        tags: ['accounts'],
        summary:
          'Saves the source-of-funds answers (employment, annual income band, source, expected yearly deposits, PEP) ' +
          'and recomputes the risk score; answering again replaces them',
        security: [{ bearer: [] }],
        body: SourceOfFundsInput.safeExtend(tokenField),
        response: { 200: ok(SourceOfFundsAnswer), 400: ErrorBody, 401: ErrorBody },
      },
    },
    async (request) => {
      const { user } = await auth(request);
      const { token: _, ...answers } = request.body;
      return { status: true as const, data: await risk.answer(user.id, answers) };
    },
  );

  app.get(
    '/api/backoffice/clients/:id/risk',
    withPolicy({ permission: 'clients.read', brandScoped: true }, staff, {
      tags: ['backoffice: clients'],
      summary: 'The client’s risk score, level and reasons, enhanced due diligence, source-of-funds answers',
      params: ClientParams,
      response: { 200: ok(ClientRisk), ...errors },
    }),
    async (request) => {
      const { user } = await clientsAdmin.clientInScope(staffOf(request), request.params.id);
      return { status: true as const, data: await risk.panel(user.id) };
    },
  );

  app.post(
    '/api/backoffice/clients/:id/risk/edd-approve',
    withPolicy({ permission: 'documents.review', brandScoped: true }, staff, {
      tags: ['backoffice: clients'],
      summary:
        'Compliance approved the enhanced due diligence documents: deposits are open again; a note is required; audited',
      params: ClientParams,
      body: ComplianceTaskCloseInput,
      response: { 200: ok(ClientRisk), ...errors },
    }),
    async (request) => {
      const auth = staffOf(request);
      const { user, brand } = await clientsAdmin.clientInScope(auth, request.params.id);
      await risk.approveEdd(auth, request, user.id, brand.id, request.body.note);
      return { status: true as const, data: await risk.panel(user.id) };
    },
  );
}
