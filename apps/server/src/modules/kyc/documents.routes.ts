import fastifyMultipart from '@fastify/multipart';
import {
  asksForNewUpload,
  ClientDocumentsAnswer,
  DOCUMENT_STATUS,
  DOCUMENT_TYPES,
  documentExpires,
  documentExpiryState,
  documentGraceDays,
  documentsBlockFrom,
  UPLOAD_MAX_BYTES,
  UploadInput,
  validateInput,
} from '@openbroker/domain';
import type { FastifyRequest } from 'fastify';
import { type App, ErrorBody, ok } from '../../http.js';
import { AppError, invalidFields } from '../../lib/errors.js';
import { presentUser } from '../accounts/accounts.presenter.js';
import { UserAnswer } from '../accounts/accounts.schemas.js';
import { type ClientAuthDeps, clientAuthenticator } from '../accounts/auth.js';
import { DOCUMENT_COLUMNS } from './documents.repo.js';
import {
  clientEntersDocumentDetails,
  type DocumentsService,
  type UploadedFile,
} from './documents.service.js';

/** The spec's form sends the file as `files`; `files[]` is how some form libraries name it. */
const FILE_FIELDS = new Set(['files', 'files[]']);

interface UploadForm {
  fields: Record<string, string>;
  file: UploadedFile | undefined;
}

/**
 * Reads the upload form, in any field order. The file is read into memory only up to the 2 MB
 * limit: beyond it the multipart parser stops and marks the file truncated (spec §5: at most 2MB),
 * which the service answers with 'File is too large'.
 */
async function readUploadForm(request: FastifyRequest): Promise<UploadForm> {
  const fields: Record<string, string> = {};
  if (!request.isMultipart()) {
    const body = request.body;
    if (body && typeof body === 'object') {
      for (const [key, value] of Object.entries(body)) if (typeof value === 'string') fields[key] = value;
    }
    return { fields, file: undefined };
  }
  let file: UploadedFile | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const content = await part.toBuffer();
        if (!file && FILE_FIELDS.has(part.fieldname)) {
          file = { content, originalName: part.filename ?? '', truncated: part.file.truncated };
        }
      } else if (typeof part.value === 'string' && !(part.fieldname in fields)) {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    // The plugin's own errors (too many files or fields: 413) carry their status; anything else
    // the parser throws means a malformed form, which is the client's fault.
    if ((error as { statusCode?: number }).statusCode) throw error;
    request.log.debug({ err: error }, 'malformed multipart upload');
    throw new AppError(400, 'BAD_REQUEST', 'error.validation');
  }
  return { fields, file };
}

/** What the document upload uses. */
export interface DocumentsRoutesDeps extends ClientAuthDeps {
  documents: DocumentsService;
  /** The clock (tests move it): where each document stands on its expiry. */
  now?: () => number;
}

/** spec §7 POST /api/accounts/upload (multipart: token, type, files). */
export async function documentsRoutes(app: App, deps: DocumentsRoutesDeps) {
  const { documents } = deps;
  const now = deps.now ?? Date.now;
  const auth = clientAuthenticator(deps);
  // Registered in this scope only: no other route accepts multipart bodies.
  await app.register(fastifyMultipart, {
    throwFileSizeLimit: false,
    limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 10, fieldSize: 1024, parts: 12, headerPairs: 50 },
  });

  app.post(
    '/api/accounts/upload',
    {
      schema: {
        tags: ['accounts'],
        summary:
          'Uploads a verification document (multipart fields token, type = doc_passport | doc_address | ' +
          "doc_funding_front | doc_funding_back, file field files). Real JPEG or PDF content, else 400 'File not supported'; " +
          "at most 2 MB, else 413 FILE_TOO_LARGE 'File is too large: at most 2 MB'; " +
          'where the brand lets clients enter the details (compliance.clientEntersDocumentDetails), a proof of ' +
          'identity or address also needs documentNumber, issuingCountry (alpha-2) and expiresOn (YYYY-MM-DD); ' +
          'an approved one is replaced only when it expires within 30 days or has expired (every upload is kept); ' +
          'the document then shows as Processing (status 1). Answers the updated user',
        security: [{ bearer: [] }],
        consumes: ['multipart/form-data'],
        response: { 200: UserAnswer, 400: ErrorBody, 401: ErrorBody, 413: ErrorBody },
      },
    },
    async (request) => {
      const form = await readUploadForm(request);
      const { user, token } = await auth(request, form.fields.token);
      const input = validateInput(UploadInput, { type: form.fields.type });
      if (!input.ok) throw invalidFields(input.errors);
      const brand = await deps.brands.findById(user.brandId);
      const updated = await documents.upload(
        user,
        input.value.type,
        form.file,
        brand && { brand, fields: form.fields },
      );
      return { status: true as const, data: presentUser(updated, token) };
    },
  );

  app.get(
    '/api/accounts/documents',
    {
      schema: {
        tags: ['accounts'],
        summary:
          "The client's documents' expiry: per type the approved document's expiry date and state (none, valid, " +
          'expiring within 30 days, expired), whether a new upload is asked for, from when an expired one stops ' +
          'deposits and trading; and whether the client enters the details at upload',
        security: [{ bearer: [] }],
        response: { 200: ok(ClientDocumentsAnswer), 401: ErrorBody },
      },
    },
    async (request) => {
      const { user } = await auth(request);
      const brand = await deps.brands.findById(user.brandId);
      const grace = documentGraceDays(brand?.settings.compliance?.documentGraceDays);
      const approved = await documents.latestApproved(user.id);
      const at = now();
      return {
        status: true as const,
        data: {
          clientEntersDetails: brand ? clientEntersDocumentDetails(brand) : false,
          documents: DOCUMENT_TYPES.map((type) => {
            const valid = documentExpires(type) ? approved.find((d) => d.type === type) : undefined;
            const expiresOn = valid?.expiresOn ?? null;
            const expiry = documentExpiryState(expiresOn, at);
            return {
              type,
              expiresOn,
              expiry,
              asksForUpload: asksForNewUpload(type, expiresOn, at),
              newUploadPending: user[DOCUMENT_COLUMNS[type]].status === DOCUMENT_STATUS.processing,
              blockFrom:
                expiry === 'expired' && expiresOn
                  ? new Date(documentsBlockFrom(expiresOn, grace)).toISOString()
                  : null,
            };
          }),
        },
      };
    },
  );
}
