import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** The Fastify instance type every module registers its routes on (zod-typed requests). */
export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** The success envelope of architecture §4: `{status: true, data}`. */
export const ok = <T extends z.ZodType>(data: T) => z.object({ status: z.literal(true), data });

/** The error envelope of architecture §4, documented on every route. */
export const ErrorBody = z.object({
  status: z.literal(false),
  code: z.string(),
  key: z.string(),
  message: z.string(),
  errors: z
    .array(
      z.object({
        path: z.string(),
        key: z.string(),
        params: z.record(z.string(), z.unknown()).optional(),
        message: z.string(),
      }),
    )
    .optional(),
});
