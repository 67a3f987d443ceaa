import { z } from 'zod';
import type { App } from '../../http.js';
import type { MediaService } from './media.service.js';

const Params = z.object({ id: z.string().max(12), name: z.string().max(130) });

/** What serving uploaded files uses. */
export interface MediaRoutesDeps {
  media: MediaService;
}

/**
 * Uploaded brand files, served publicly at /media/:id/:name with the type found in their
 * bytes, never sniffed, an SVG in a sandbox (no script runs even if one slipped through), cached for a
 * year (a new upload gets a new id). Staff upload them through the brand editor
 * (POST /api/backoffice/brands/:id/media, brands/admin/brands-admin.routes.ts).
 */
export async function mediaRoutes(app: App, { media: files }: MediaRoutesDeps) {
  app.get('/media/:id/:name', { schema: { hide: true, params: Params } }, async (request, reply) => {
    const { id, name } = request.params;
    const found =
      /^\d{1,10}$/.test(id) && /^[A-Za-z0-9._-]{1,120}$/.test(name)
        ? await files.get(Number(id), name)
        : undefined;
    if (!found) return reply.code(404).type('text/plain').send('Not found');
    return reply
      .header('content-type', found.contentType)
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('etag', `"${found.sha256}"`)
      .header('content-disposition', `inline; filename="${found.name}"`)
      .send(found.data);
  });
}
