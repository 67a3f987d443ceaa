import fastifyMultipart from '@fastify/multipart';
import { ContentMediaUpload, MEDIA_MAX_BYTES } from '@openbroker/domain';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../../db/client.js';
import { type App, ErrorBody, ok } from '../../../http.js';
import { AppError, invalidFields, notFound } from '../../../lib/errors.js';
import type { BrandsService } from '../../brands/brands.service.js';
import type { MediaService } from '../../media/media.service.js';
import { assertBrandInScope, staffOf, withPolicy } from '../../staff/policy.js';
import type { StaffService } from '../../staff/staff.service.js';
import { auditStaffAction } from '../../staff/staff-audit.js';

const BrandQuery = z.object({ brandId: z.string().max(12) });

/** The one `file` part of an upload, read up to the size limit (beyond it the parser marks it truncated). */
async function readFile(
  request: FastifyRequest,
): Promise<{ content: Buffer; originalName: string; truncated: boolean } | undefined> {
  if (!request.isMultipart()) return undefined;
  let found: { content: Buffer; originalName: string; truncated: boolean } | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      const content = await part.toBuffer();
      if (!found && part.fieldname === 'file') {
        found = { content, originalName: part.filename ?? '', truncated: part.file.truncated };
      }
    }
  } catch (error) {
    if ((error as { statusCode?: number }).statusCode) throw error;
    request.log.debug({ err: error }, 'malformed multipart upload');
    throw new AppError(400, 'BAD_REQUEST', 'error.validation');
  }
  return found;
}

/** What the content editor's image upload uses. */
export interface ContentMediaDeps {
  staff: StaffService;
  brands: BrandsService;
  media: MediaService;
}

/**
 * POST /api/backoffice/content/media?brandId: an image for a brand's pages, stored by the media module
 * (content checked by its bytes, SVG sanitised, at most 2 MB) and audited in the same transaction.
 */
export async function registerContentMedia(app: App, { staff, brands, media: files }: ContentMediaDeps) {
  await app.register(async (scope: App) => {
    // Registered in this scope only: no other content route accepts multipart bodies.
    await scope.register(fastifyMultipart, {
      throwFileSizeLimit: false,
      limits: { fileSize: MEDIA_MAX_BYTES, files: 1, fields: 5, fieldSize: 1024, parts: 6, headerPairs: 50 },
    });
    scope.post(
      '/api/backoffice/content/media',
      withPolicy({ permission: 'content.edit', brandScoped: true }, staff, {
        tags: ['backoffice: content'],
        summary:
          'Uploads an image for a brand’s pages (multipart part `file`: png, jpeg, webp, gif, ico or svg, at most 2 MB, ' +
          'checked by its content); answers its public url',
        querystring: BrandQuery,
        consumes: ['multipart/form-data'],
        response: {
          200: ok(ContentMediaUpload),
          400: ErrorBody,
          401: ErrorBody,
          403: ErrorBody,
          404: ErrorBody,
          413: ErrorBody,
        },
      }),
      async (request) => {
        const auth = staffOf(request);
        const raw = request.query.brandId;
        const brandId = /^\d{1,9}$/.test(raw) ? Number(raw) : 0;
        if (brandId <= 0) throw notFound();
        assertBrandInScope(auth, brandId);
        if (!(await brands.findById(brandId))) throw notFound();
        const file = await readFile(request);
        const result = await files.store(
          {
            brandId,
            originalName: file?.originalName ?? '',
            content: file?.content ?? Buffer.alloc(0),
            truncated: file?.truncated ?? false,
            createdBy: auth.staff.id,
          },
          (tx: Db, stored) =>
            auditStaffAction(tx, auth, request, {
              action: 'content.media.upload',
              subject: `media:${stored.id}`,
              brandId,
              after: { name: stored.name, contentType: stored.contentType, size: stored.size },
            }),
        );
        if (!result.ok) throw invalidFields([{ path: 'file', key: result.key }]);
        const { id, url, contentType, size } = result.media;
        return { status: true as const, data: { id, url, contentType, size } };
      },
    );
  });
}
