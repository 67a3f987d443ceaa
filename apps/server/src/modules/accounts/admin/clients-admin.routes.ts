import { Readable } from 'node:stream';
import {
  BackofficeBrand,
  BackofficeReference,
  ClientAccountList,
  ClientAuditRow,
  ClientDetail,
  ClientDocumentUploads,
  ClientLedgerPage,
  ClientListQuery,
  ClientNote,
  ClientNoteInput,
  ClientPasswordResetSent,
  ClientProfileInput,
  ClientRowPage,
  ClientSession,
  ClientSessionsRevoked,
  ClientTradingInput,
  ClientVerificationInput,
  DOCUMENT_TYPES,
  DocumentReviewInput,
  PositionsPayload,
  StaffTransaction,
} from '@openbroker/domain';
import { z } from 'zod';
import { type App, ErrorBody, ok } from '../../../http.js';
import { staffOf, withPolicy } from '../../staff/policy.js';
import type { StaffService } from '../../staff/staff.service.js';
import type { ClientsService } from './clients-admin.service.js';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const tags = ['backoffice: clients'];

/** `:id` as sent; the service turns anything but a positive id into the same 404 as a missing client. */
const ClientParams = z.object({ id: z.string().max(32) });
const DocumentParams = ClientParams.extend({ documentId: z.string().max(32) });
const ReviewParams = ClientParams.extend({ type: z.enum(DOCUMENT_TYPES, { error: 'field.invalid' }) });
const PageQuery = ClientListQuery.pick({ page: true });
/** One of the client's trading accounts; absent: every account of the client. */
const AccountQuery = z.object({
  accountId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
});

/** What the back office's client routes use. */
export interface ClientsRoutesDeps {
  staff: StaffService;
  clientsAdmin: ClientsService;
}

/** Back office, clients and KYC (docs/backoffice.md "Clients and KYC"). */
export async function clientsRoutes(app: App, { staff, clientsAdmin: clients }: ClientsRoutesDeps) {
  const read = { permission: 'clients.read', brandScoped: true } as const;

  app.get(
    '/api/backoffice/brands',
    withPolicy({ permission: null, brandScoped: false }, staff, {
      tags,
      summary: 'The brands in the staff member’s scope with their back-office settings',
      response: { 200: ok(z.array(BackofficeBrand)), ...errors },
    }),
    async (request) => ({ status: true as const, data: await clients.brands(staffOf(request)) }),
  );

  app.get(
    '/api/backoffice/reference',
    withPolicy({ permission: null, brandScoped: false }, staff, {
      tags,
      summary: 'Asset categories with their leverage lists, countries and account levels',
      response: { 200: ok(BackofficeReference), ...errors },
    }),
    async () => ({ status: true as const, data: await clients.reference() }),
  );

  app.get(
    '/api/backoffice/clients',
    withPolicy(read, staff, {
      tags,
      summary:
        'Clients in scope: search (name, e-mail, phone, PIN), filters, server-side sort, 50 a page (page is 1-based)',
      querystring: ClientListQuery,
      response: { 200: ok(ClientRowPage), ...errors },
    }),
    async (request) => ({ status: true as const, data: await clients.list(staffOf(request), request.query) }),
  );

  app.get(
    '/api/backoffice/clients/export.csv',
    withPolicy(read, staff, {
      tags,
      summary: 'Every client matching the list’s filters as CSV (text/csv), read in batches',
      querystring: ClientListQuery,
      response: {
        200: {
          description: 'CSV (RFC 4180, UTF-8): a header line, then one line per client',
          content: { 'text/csv': { schema: z.string() } },
        },
        ...errors,
      },
    }),
    async (request, reply) => {
      const lines = clients.exportCsv(staffOf(request), request.query);
      // the first batch runs before the answer starts, so a scope 404 is still a JSON error
      const first = await lines.next();
      async function* rest() {
        if (!first.done) yield first.value;
        yield* lines;
      }
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="clients.csv"')
        .send(Readable.from(rest()) as never); // a stream is sent as is, never serialised
    },
  );

  app.get(
    '/api/backoffice/clients/:id',
    withPolicy(read, staff, {
      tags,
      summary: 'The client page: profile, documents, verification, trading permissions',
      params: ClientParams,
      response: { 200: ok(ClientDetail), ...errors },
    }),
    async (request) => ({
      status: true as const,
      data: await clients.detail(staffOf(request), request.params.id),
    }),
  );

  app.patch(
    '/api/backoffice/clients/:id/profile',
    withPolicy({ permission: 'clients.edit', brandScoped: true }, staff, {
      tags,
      summary: 'Edits the profile with the client form’s rules (spec §5) and the e-mail; audited',
      params: ClientParams,
      body: ClientProfileInput,
      response: { 200: ok(ClientDetail), ...errors },
    }),
    async (request) => ({
      status: true as const,
      data: await clients.updateProfile(staffOf(request), request, request.params.id, request.body),
    }),
  );

  app.get(
    '/api/backoffice/clients/:id/documents/:documentId/file',
    withPolicy(read, staff, {
      tags,
      summary:
        'A document’s file for the inline viewer (JPEG or PDF, Content-Type from the stored type, never cached)',
      params: DocumentParams,
      response: {
        200: {
          description: 'The stored file as uploaded (a JPEG image or a PDF)',
          content: {
            'image/jpeg': { schema: z.string().describe('binary') },
            'application/pdf': { schema: z.string().describe('binary') },
          },
        },
        ...errors,
      },
    }),
    async (request, reply) => {
      const { document, content } = await clients.documentFile(
        staffOf(request),
        request.params.id,
        request.params.documentId,
      );
      const extension = document.mime === 'application/pdf' ? 'pdf' : 'jpg';
      return reply
        .header('content-type', document.mime)
        .header('content-disposition', `inline; filename="document-${document.id}.${extension}"`)
        .header('cache-control', 'no-store')
        .header('x-content-type-options', 'nosniff')
        .send(content as never); // bytes are sent as is, never serialised
    },
  );

  app.get(
    '/api/backoffice/clients/:id/documents',
    withPolicy(read, staff, {
      tags,
      summary:
        'Every upload of the client, newest first (a new upload never replaces an older one): details (number, ' +
        'issuing country, expiry), where it stands on its expiry, and its history (uploaded, approved, rejected, ' +
        'with who, when and the note)',
      params: ClientParams,
      response: { 200: ok(ClientDocumentUploads), ...errors },
    }),
    async (request) => ({
      status: true as const,
      data: await clients.documentUploads(staffOf(request), request.params.id),
    }),
  );

  app.post(
    '/api/backoffice/clients/:id/documents/:type/review',
    withPolicy({ permission: 'documents.review', brandScoped: true }, staff, {
      tags,
      summary:
        'Approves or rejects the latest document of a type with a note the client sees (a rejection needs one), ' +
        'optionally entering or correcting its details (documentNumber, issuingCountry: alpha-2 of the reference ' +
        'list, expiresOn: YYYY-MM-DD); approving a valid proof of identity or address lifts an expired-documents stop; ' +
        'verifies the client when passport and address proof are approved and the brand verifies automatically',
      params: ReviewParams,
      body: DocumentReviewInput,
      response: { 200: ok(ClientDetail), ...errors },
    }),
    async (request) => ({
      status: true as const,
      data: await clients.reviewDocument(
        staffOf(request),
        request,
        request.params.id,
        request.params.type,
        request.body,
      ),
    }),
  );

  app.post(
    '/api/backoffice/clients/:id/verification',
    withPolicy({ permission: 'verification.edit', brandScoped: true }, staff, {
      tags,
      summary:
        'Verification on (grants the brand’s default permissions and leverages unless others are set) or off ' +
        '(new trades are refused at once; open positions stay)',
      params: ClientParams,
      body: ClientVerificationInput,
      response: { 200: ok(ClientDetail), ...errors },
    }),
    async (request) => ({
      status: true as const,
      data: await clients.setVerification(staffOf(request), request, request.params.id, request.body),
    }),
  );

  app.post(
    '/api/backoffice/clients/:id/trading',
    withPolicy({ permission: 'permissions.edit', brandScoped: true }, staff, {
      tags,
      summary:
        'Level, trading on/off, restricted mode, permitted asset categories and allowed leverage indexes per category',
      params: ClientParams,
      body: ClientTradingInput,
      response: { 200: ok(ClientDetail), ...errors },
    }),
    async (request) => ({
      status: true as const,
      data: await clients.setTrading(staffOf(request), request, request.params.id, request.body),
    }),
  );

  app.get(
    '/api/backoffice/clients/:id/ledger',
    withPolicy(read, staff, {
      tags,
      summary: 'The client’s ledger entries, newest first, 50 a page; `accountId`: of that account only',
      params: ClientParams,
      querystring: PageQuery.extend(AccountQuery.shape),
      response: { 200: ok(ClientLedgerPage), ...errors },
    }),
    async (request) => ({
      status: true as const,
      data: await clients.ledger(
        staffOf(request),
        request.params.id,
        request.query.page ?? 1,
        request.query.accountId,
      ),
    }),
  );

  app.get(
    '/api/backoffice/clients/:id/accounts',
    withPolicy(read, staff, {
      tags,
      summary:
        'The client’s trading accounts: number, kind (demo accounts hold virtual money), currency, balance, ' +
        'equity and margin; live first',
      params: ClientParams,
      response: { 200: ok(ClientAccountList), ...errors },
    }),
    async (request) => ({
      status: true as const,
      data: await clients.accounts(staffOf(request), request.params.id),
    }),
  );

  app.get(
    '/api/backoffice/clients/:id/positions',
    withPolicy(read, staff, {
      tags,
      summary: 'The client’s open positions and history (from the trading engine)',
      params: ClientParams,
      response: { 200: ok(PositionsPayload), ...errors },
    }),
    async (request) => ({
      status: true as const,
      data: await clients.positions(staffOf(request), request.params.id),
    }),
  );

  app.get(
    '/api/backoffice/clients/:id/transactions',
    withPolicy(read, staff, {
      tags,
      summary:
        'The client’s deposits, withdrawals, bonuses and credits, newest first; `accountId`: of that account only',
      params: ClientParams,
      querystring: AccountQuery,
      response: { 200: ok(z.array(StaffTransaction)), ...errors },
    }),
    async (request) => ({
      status: true as const,
      data: await clients.transactions(staffOf(request), request.params.id, request.query.accountId),
    }),
  );

  app.get(
    '/api/backoffice/clients/:id/sessions',
    withPolicy(read, staff, {
      tags,
      summary: 'The client’s live sessions, newest first',
      params: ClientParams,
      response: { 200: ok(z.array(ClientSession)), ...errors },
    }),
    async (request) => ({
      status: true as const,
      data: await clients.sessions(staffOf(request), request.params.id),
    }),
  );

  app.post(
    '/api/backoffice/clients/:id/sessions/revoke',
    withPolicy({ permission: 'clients.edit', brandScoped: true }, staff, {
      tags,
      summary: 'Ends every session of the client (signed out everywhere); audited',
      params: ClientParams,
      response: { 200: ok(ClientSessionsRevoked), ...errors },
    }),
    async (request) => ({
      status: true as const,
      data: await clients.revokeSessions(staffOf(request), request, request.params.id),
    }),
  );

  app.get(
    '/api/backoffice/clients/:id/notes',
    withPolicy(read, staff, {
      tags,
      summary: 'Internal notes on the client, newest first (never shown to the client)',
      params: ClientParams,
      response: { 200: ok(z.array(ClientNote)), ...errors },
    }),
    async (request) => ({
      status: true as const,
      data: await clients.notes(staffOf(request), request.params.id),
    }),
  );

  app.post(
    '/api/backoffice/clients/:id/notes',
    withPolicy({ permission: 'notes.write', brandScoped: true }, staff, {
      tags,
      summary: 'Adds an internal note; audited',
      params: ClientParams,
      body: ClientNoteInput,
      response: { 200: ok(ClientNote), ...errors },
    }),
    async (request) => ({
      status: true as const,
      data: await clients.addNote(staffOf(request), request, request.params.id, request.body.body),
    }),
  );

  app.post(
    '/api/backoffice/clients/:id/password-reset',
    withPolicy({ permission: 'passwordReset.send', brandScoped: true }, staff, {
      tags,
      summary: 'Mails the client a password-reset link (the same mail as "forgot password"); audited',
      params: ClientParams,
      response: { 200: ok(ClientPasswordResetSent), ...errors },
    }),
    async (request) => ({
      status: true as const,
      data: await clients.sendPasswordReset(staffOf(request), request, request.params.id),
    }),
  );

  app.get(
    '/api/backoffice/clients/:id/audit',
    withPolicy(read, staff, {
      tags,
      summary: 'The client’s audit rows, newest first (the latest 100)',
      params: ClientParams,
      response: { 200: ok(z.array(ClientAuditRow)), ...errors },
    }),
    async (request) => ({
      status: true as const,
      data: await clients.audit(staffOf(request), request.params.id),
    }),
  );
}
