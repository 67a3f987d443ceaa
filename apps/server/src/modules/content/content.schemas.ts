import { MAX_LENGTH, PlatformContactInput } from '@openbroker/domain';
import { z } from 'zod';

/** `?token=`: the brand's content token (reads) or forms token (submissions), spec §7. */
export const TokenQuery = z.object({ token: z.string().max(MAX_LENGTH.token).optional() });

/** spec §7 body of `POST /api/collections/get/page`. Only published pages are ever answered. */
export const PageQueryBody = z.object({
  filter: z.object({
    published: z.boolean().optional(),
    title_slug: z.string().trim().min(1).max(120),
  }),
  populate: z.unknown().optional(),
  simple: z.unknown().optional(),
  lang: z.string().max(10).optional(),
});

export const PageListQuery = TokenQuery.extend({
  prefix: z.string().trim().min(1).max(120),
  lang: z.string().max(10).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(10),
});

/** spec §7 body of `POST /api/forms/submit/{form}`: `{form: values}`; the values are checked per form. */
export const FormSubmitBody = z.object({ form: z.record(z.string(), z.unknown()) });

/** The platform contact page (spec §3, §5) plus the client's token when logged in. */
export const PlatformContactBody = PlatformContactInput.extend({
  token: z.string().max(MAX_LENGTH.token).optional(),
});

const isoDate = z
  .string()
  .trim()
  .refine((value) => !Number.isNaN(Date.parse(value)));
/** A date or date-time; a bare date 'YYYY-MM-DD' means its start (from) or its end (until), UTC. */
const fromParam = isoDate.transform((value) => new Date(value));
const untilParam = isoDate.transform((value) =>
  /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(Date.parse(value) + 86_400_000 - 1) : new Date(value),
);

const commaList = z
  .string()
  .trim()
  .transform((value) =>
    value
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean),
  );

/** `GET /api/economics/events?from&until&impact&currency`; impact and currency are comma lists. */
export const EventsQuery = z.object({
  from: fromParam.optional(),
  until: untilParam.optional(),
  impact: commaList
    .pipe(
      z
        .array(
          z
            .string()
            .regex(/^[1-3]$/)
            .transform(Number),
        )
        .max(3),
    )
    .optional(),
  currency: commaList
    .pipe(
      z
        .array(
          z
            .string()
            .regex(/^[A-Za-z]{3}$/)
            .transform((c) => c.toUpperCase()),
        )
        .max(20),
    )
    .optional(),
});
