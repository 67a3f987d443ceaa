import {
  AppropriatenessResult,
  AppropriatenessSettings,
  AppropriatenessSubmitInput,
  AppropriatenessTest,
  ClientAppropriateness,
  ComplianceStatusView,
} from '@openbroker/domain';
import { z } from 'zod';
import { type App, ErrorBody, ok } from '../../http.js';
import { TokenBody, tokenField } from '../accounts/accounts.schemas.js';
import type { ClientsService } from '../accounts/admin/clients-admin.service.js';
import { type ClientAuthDeps, clientAuthenticator } from '../accounts/auth.js';
import { staffOf, withPolicy } from '../staff/policy.js';
import type { StaffService } from '../staff/staff.service.js';
import type { AppropriatenessService } from './appropriateness.service.js';

/** What the appropriateness routes use. */
export interface AppropriatenessRoutesDeps extends ClientAuthDeps {
  appropriateness: AppropriatenessService;
  staff: StaffService;
  clientsAdmin: ClientsService;
}

const security = [{ bearer: [] }];
const clientErrors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 409: ErrorBody };
const staffErrors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const BrandParams = z.object({ id: z.string().max(32) });
const idOf = (raw: string) => (/^\d{1,10}$/.test(raw) ? Number(raw) : 0);

/**
 * The appropriateness test (docs/compliance.md): the client's questionnaire, attempt and acknowledgement; the
 * client's compliance status; the brand's test in the back office and a client's attempts.
 */
export async function appropriatenessRoutes(app: App, deps: AppropriatenessRoutesDeps) {
  const { appropriateness, staff, clientsAdmin } = deps;
  const auth = clientAuthenticator(deps);
  const tags = ['compliance'];

  app.get(
    '/api/appropriateness',
    {
      schema: {
        tags,
        summary:
          "The brand's appropriateness questionnaire (questions and answers, without their points), its version, " +
          "whether the brand requires it, and the client's newest result",
        security,
        response: { 200: ok(AppropriatenessTest), 401: ErrorBody },
      },
    },
    async (request) => {
      const { brand, user } = await auth(request);
      return { status: true as const, data: await appropriateness.test(brand, user.id) };
    },
  );

  app.post(
    '/api/appropriateness',
    {
      schema: {
        tags,
        summary:
          'Submits the answers (question id → answer id, every question, for the version shown): answers the ' +
          'score and the outcome (pass, warn, block with its end). 400 per question for a missing or unknown answer ' +
          "or 'appropriateness.unknownQuestion' when the questionnaire changed; 409 APPROPRIATENESS_BLOCKED while a " +
          'block lasts, 409 APPROPRIATENESS_NOT_REQUIRED where the brand does not ask for the test',
        security,
        body: AppropriatenessSubmitInput.safeExtend(tokenField),
        response: { 200: ok(AppropriatenessResult), ...clientErrors },
      },
    },
    async (request) => {
      const { brand, user } = await auth(request);
      const { version, answers } = request.body;
      return {
        status: true as const,
        data: await appropriateness.submit(brand, user.id, { version, answers }),
      };
    },
  );

  app.post(
    '/api/appropriateness/acknowledge',
    {
      schema: {
        tags,
        summary:
          "Acknowledges the warning of the client's newest (warn) result: live trading opens, at the brand's warn " +
          'leverage cap if it has one; 409 NOTHING_TO_ACKNOWLEDGE without such a result',
        security,
        body: TokenBody,
        response: { 200: ok(AppropriatenessResult), ...clientErrors },
      },
    },
    async (request) => {
      const { brand, user } = await auth(request);
      return { status: true as const, data: await appropriateness.acknowledge(brand, user.id) };
    },
  );

  app.get(
    '/api/compliance/status',
    {
      schema: {
        tags,
        summary:
          "What the client's compliance standing stops on their current account (trade, deposit, withdraw: null or " +
          'the reason), the next step (take_test, acknowledge_warning, wait until a date, upload_document, …) and ' +
          "the leverage cap the test's outcome sets (optional accountId)",
        security,
        querystring: z.object({ accountId: z.string().max(20).optional() }),
        response: { 200: ok(ComplianceStatusView), 401: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => {
      const client = await auth(request);
      const account = await client.account();
      const kind = account.kind === 'demo' ? 'demo' : 'live';
      return {
        status: true as const,
        data: await appropriateness.status(client.brand, client.user.id, kind),
      };
    },
  );

  // ---- back office

  const manage = { permission: 'brands.manage', brandScoped: true } as const;
  const read = { permission: 'clients.read', brandScoped: true } as const;

  app.get(
    '/api/backoffice/brands/:id/appropriateness',
    withPolicy(manage, staff, {
      tags: ['backoffice: brands'],
      summary:
        "A brand's appropriateness test: required, questionnaire (version, questions, answers with points), pass " +
        'and warn scores, block days, the warn leverage cap; the preset it follows',
      params: BrandParams,
      response: { 200: ok(AppropriatenessSettings), ...staffErrors },
    }),
    async (request) => ({
      status: true as const,
      data: await appropriateness.settings(staffOf(request), idOf(request.params.id)),
    }),
  );

  app.put(
    '/api/backoffice/brands/:id/appropriateness',
    withPolicy(manage, staff, {
      tags: ['backoffice: brands'],
      summary:
        "Saves a brand's appropriateness test (the same shape); checked field by field (400, nothing saved; a " +
        "professional brand cannot require it), audited as brand.appropriateness; the brand's live accounts trade by " +
        'it from the next order',
      params: BrandParams,
      body: z.unknown(),
      response: { 200: ok(AppropriatenessSettings), ...staffErrors },
    }),
    async (request) => ({
      status: true as const,
      data: await appropriateness.save(staffOf(request), idOf(request.params.id), request.body, request),
    }),
  );

  app.get(
    '/api/backoffice/clients/:id/appropriateness',
    withPolicy(read, staff, {
      tags: ['backoffice: clients'],
      summary:
        "A client's appropriateness attempts, newest first: version, questions and answers with points, score, " +
        'outcome, block end, acknowledgement, date',
      params: BrandParams,
      response: { 200: ok(ClientAppropriateness), ...staffErrors },
    }),
    async (request) => {
      const { user, brand } = await clientsAdmin.clientInScope(staffOf(request), request.params.id);
      return { status: true as const, data: await appropriateness.clientAttempts(user, brand) };
    },
  );
}
