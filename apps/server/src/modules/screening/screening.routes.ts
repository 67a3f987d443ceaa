import fastifyMultipart from '@fastify/multipart';
import {
  ClientScreening,
  SCREENING_LIST_FORMATS,
  ScreeningDecisionInput,
  ScreeningImportResult,
  ScreeningListImport,
  ScreeningMatch,
  ScreeningQueuePage,
  ScreeningQueueQuery,
} from '@openbroker/domain';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { type App, ErrorBody, ok } from '../../http.js';
import { AppError, invalidFields } from '../../lib/errors.js';
import type { ClientsService } from '../accounts/admin/clients-admin.service.js';
import { staffOf, withPolicy } from '../staff/policy.js';
import type { StaffService } from '../staff/staff.service.js';
import { auditStaffAction } from '../staff/staff-audit.js';
import { importAuditRecord, importNeedsAllBrands, type ScreeningService } from './screening.service.js';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const tags = ['backoffice: screening'];

/** The largest list file: the published EU and OFAC files are a few tens of megabytes. */
export const SCREENING_FILE_MAX_BYTES = 64 * 1024 * 1024;

const IdParams = z.object({ id: z.string().max(32) });

/** Reads the import form: field `format` (eu, un, ofac, pep) and field `file`, up to the size limit. */
async function readImportForm(request: FastifyRequest) {
  if (!request.isMultipart()) throw invalidFields([{ path: 'file', key: 'screening.fileRequired' }]);
  let file: { content: Buffer; name: string; truncated: boolean } | undefined;
  let format = '';
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const content = await part.toBuffer();
        if (!file && part.fieldname === 'file')
          file = { content, name: part.filename ?? 'list', truncated: part.file.truncated };
      } else if (part.fieldname === 'format' && typeof part.value === 'string') {
        format = part.value;
      }
    }
  } catch (error) {
    if ((error as { statusCode?: number }).statusCode) throw error;
    request.log.debug({ err: error }, 'malformed multipart upload');
    throw new AppError(400, 'BAD_REQUEST', 'error.validation');
  }
  const chosen = SCREENING_LIST_FORMATS.find((f) => f === format);
  if (!chosen) throw invalidFields([{ path: 'format', key: 'field.invalid' }]);
  if (!file || file.content.length === 0)
    throw invalidFields([{ path: 'file', key: 'screening.fileRequired' }]);
  if (file.truncated)
    throw invalidFields([
      {
        path: 'file',
        key: 'screening.fileTooLarge',
        params: { max: SCREENING_FILE_MAX_BYTES / 1024 / 1024 },
      },
    ]);
  return { format: chosen, file };
}

/** What the screening routes use. */
export interface ScreeningRoutesDeps {
  staff: StaffService;
  screening: ScreeningService;
  clientsAdmin: Pick<ClientsService, 'clientInScope'>;
}

/** Back office: list imports, the review queue of possible matches and a client's screening (docs/compliance.md). */
export async function screeningRoutes(app: App, { staff, screening, clientsAdmin }: ScreeningRoutesDeps) {
  const review = { permission: 'screening.review', brandScoped: true } as const;
  // the lists apply to every brand: the service asks for a member working for every brand
  const lists = { permission: 'screening.review', brandScoped: false } as const;

  await app.register(fastifyMultipart, {
    throwFileSizeLimit: false,
    limits: {
      fileSize: SCREENING_FILE_MAX_BYTES,
      files: 1,
      fields: 4,
      fieldSize: 64,
      parts: 6,
      headerPairs: 50,
    },
  });

  app.get(
    '/api/backoffice/screening/lists',
    withPolicy(lists, staff, {
      tags,
      summary: 'The sanctions and PEP list imports, newest first (source, file, hash, entries, who, when)',
      response: { 200: ok(z.array(ScreeningListImport)), ...errors },
    }),
    async () => ({ status: true as const, data: await screening.lists() }),
  );

  app.post(
    '/api/backoffice/screening/lists',
    withPolicy(lists, staff, {
      tags,
      summary:
        'Imports a list file (multipart: format eu | un | ofac | pep, file): replaces that source’s entries and ' +
        'screens every client of every brand again in the background. Staff working for every brand only',
      consumes: ['multipart/form-data'],
      response: { 200: ok(ScreeningImportResult), ...errors },
    }),
    async (request) => {
      const auth = staffOf(request);
      if (!auth.scope.all) throw importNeedsAllBrands();
      const { format, file } = await readImportForm(request);
      const list = await screening.importList(
        format,
        file.name,
        file.content,
        `staff:${auth.staff.id}`,
        (tx, row) => auditStaffAction(tx, auth, request, importAuditRecord(row)),
      );
      return { status: true as const, data: { list } };
    },
  );

  app.get(
    '/api/backoffice/screening/matches',
    withPolicy(review, staff, {
      tags,
      summary: 'The review queue: possible matches of clients in scope, by status (pending: oldest first)',
      querystring: ScreeningQueueQuery,
      response: { 200: ok(ScreeningQueuePage), ...errors },
    }),
    async (request) => ({
      status: true as const,
      data: await screening.queue(staffOf(request), request.query),
    }),
  );

  app.post(
    '/api/backoffice/screening/matches/:id/decision',
    withPolicy(review, staff, {
      tags,
      summary:
        'Clears or confirms a pending match with a reason (audited). Confirmed stops the client’s trades, deposits ' +
        'and withdrawals at once; cleared lets the client go on once no other match is open. 409 when decided',
      params: IdParams,
      body: ScreeningDecisionInput,
      response: { 200: ok(ScreeningMatch), ...errors },
    }),
    async (request) => ({
      status: true as const,
      data: await screening.decide(staffOf(request), request, request.params.id, request.body),
    }),
  );

  app.get(
    '/api/backoffice/clients/:id/screening',
    withPolicy({ permission: 'clients.read', brandScoped: true }, staff, {
      tags,
      summary: 'A client’s screening status and every possible match, newest first',
      params: IdParams,
      response: { 200: ok(ClientScreening), ...errors },
    }),
    async (request) => {
      const { user } = await clientsAdmin.clientInScope(staffOf(request), request.params.id);
      return { status: true as const, data: await screening.ofClient(user.id) };
    },
  );
}
