import { z } from 'zod';
import type { App } from '../http.js';
import { asyncApiDocument } from './asyncapi.js';

/** The AsyncAPI document of the socket events, beside the OpenAPI one (/api/docs/json). */
export async function docsRoutes(app: App) {
  const document = asyncApiDocument();
  app.get(
    '/api/docs/asyncapi.json',
    {
      schema: {
        tags: ['docs'],
        summary: 'The AsyncAPI 3.0 document of the socket events (/prices, /trading, /backoffice)',
        security: [],
        response: { 200: z.record(z.string(), z.unknown()) },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return document;
    },
  );
}
