/**
 * Back-office audit screen and staff management: the audit list's filters and the inputs
 * of creating and changing staff members. Pure: the server validates requests with them, the web
 * app its forms.
 */
import { z } from 'zod';
import { MAX_LIST_PAGE } from './backoffice-clients.js';
import { hasForbiddenCharacters } from './bounds.js';
import { emailField } from './schemas/fields.js';
import { STAFF_ROLES } from './staff.js';
import { STAFF_DISABLE_REASON_MAX, StaffAllowList } from './staff-credentials.js';

const INVALID = { error: 'field.invalid' } as const;

/** A positive whole number from a query string ('' or absent: none); anything else is invalid. */
const optionalId = z
  .union([z.number(), z.string()], INVALID)
  .optional()
  .transform((v, ctx) => {
    if (v === undefined || v === '') return undefined;
    const n = typeof v === 'number' ? v : /^\d{1,15}$/.test(v.trim()) ? Number(v) : Number.NaN;
    if (!Number.isSafeInteger(n) || n <= 0 || n > 2_147_483_647) {
      ctx.addIssue({ code: 'custom', message: 'field.invalid' });
      return z.NEVER;
    }
    return n;
  });

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})$/;

/**
 * A bound of the audit list's date range: a day ('2026-05-01') or an instant with its offset
 * ('2026-05-01T00:00:00.000Z'). Both bounds are inclusive, a day as `to` includes that whole day
 * (UTC); parsed, `from` is the first instant and `to` the first instant after the range.
 */
const optionalBound = (end: boolean) =>
  z
    .string(INVALID)
    .trim()
    .max(40, { message: 'field.invalid' })
    .optional()
    .transform((v, ctx) => {
      if (!v) return undefined;
      const day = DAY.test(v);
      if (!day && !INSTANT.test(v)) {
        ctx.addIssue({ code: 'custom', message: 'field.invalid' });
        return z.NEVER;
      }
      const at = new Date(day ? `${v}T00:00:00.000Z` : v);
      if (Number.isNaN(at.getTime())) {
        ctx.addIssue({ code: 'custom', message: 'field.invalid' });
        return z.NEVER;
      }
      if (!end) return at;
      // `to` is inclusive; answered as the exclusive bound: the next day, or the next millisecond.
      return new Date(at.getTime() + (day ? 86_400_000 : 1));
    });

/** GET /api/backoffice/audit (and its CSV export): filters and page, newest first. */
export const AuditListQuery = z.object(
  {
    /** Rows of this staff member (actor `staff:<id>`). */
    staffId: optionalId,
    /** Rows about this client. */
    clientId: optionalId,
    /** Rows about the clients whose name or e-mail contains this text (a number: the client of that id). */
    client: z
      .string(INVALID)
      .trim()
      .max(200, { message: 'field.maxChars' })
      .refine((v) => !hasForbiddenCharacters(v), { message: 'field.forbiddenCharacters' })
      .optional()
      .transform((v) => (v ? v : undefined)),
    /** An action ('withdrawal.approve') or a group of them ('withdrawal' matches 'withdrawal.*'). */
    action: z
      .string(INVALID)
      .trim()
      .max(64, { message: 'field.maxChars' })
      .refine((v) => !hasForbiddenCharacters(v), { message: 'field.forbiddenCharacters' })
      .optional()
      .transform((v) => (v ? v : undefined)),
    from: optionalBound(false),
    to: optionalBound(true),
    brandId: optionalId,
    page: optionalId.refine((v) => v === undefined || v <= MAX_LIST_PAGE, { message: 'field.invalid' }),
  },
  INVALID,
);
export type AuditListQuery = z.output<typeof AuditListQuery>;

const roles = z
  .array(z.enum(STAFF_ROLES, INVALID), INVALID)
  .min(1, { message: 'field.required' })
  .max(STAFF_ROLES.length, { message: 'field.invalid' })
  .transform((list) => [...new Set(list)]);

/** A brand scope as sent: the brand ids, or null for every brand. */
const brandIds = z
  .array(z.number(INVALID).int(INVALID).positive(INVALID), INVALID)
  .min(1, { message: 'field.required' })
  .max(1000, { message: 'field.invalid' })
  .nullable()
  .transform((list) => (list === null ? null : [...new Set(list)].sort((a, b) => a - b)));

/** POST /api/backoffice/staff: a new staff member (they set up two-factor sign-in at first sign-in). */
export const StaffCreateInput = z.object(
  {
    email: emailField('email', { lowerCase: true }),
    name: z
      .string(INVALID)
      .trim()
      .min(1, { message: 'field.required' })
      .max(120, { message: 'field.maxChars' })
      .refine((v) => !hasForbiddenCharacters(v), { message: 'field.forbiddenCharacters' }),
    roles,
    brandIds,
  },
  INVALID,
);
export type StaffCreateInput = z.output<typeof StaffCreateInput>;

/**
 * POST /api/backoffice/staff/:id: roles, brand scope, disabled, or the address allow-list (each optional).
 * Disabling a member needs a reason (it is audited).
 */
export const StaffUpdateInput = z
  .object(
    {
      roles: roles.optional(),
      brandIds: brandIds.optional(),
      disabled: z.boolean(INVALID).optional(),
      /** Addresses or CIDR networks the member may sign in from; null (or empty) for any address. */
      ipAllowList: StaffAllowList.optional(),
      reason: z
        .string(INVALID)
        .trim()
        .max(STAFF_DISABLE_REASON_MAX, { message: 'field.maxChars' })
        .refine((v) => !hasForbiddenCharacters(v), { message: 'field.forbiddenCharacters' })
        .optional(),
    },
    INVALID,
  )
  .superRefine((value, ctx) => {
    if (value.disabled === true && !value.reason) {
      ctx.addIssue({ code: 'custom', path: ['reason'], message: 'staff.disableReasonRequired' });
    }
  });
export type StaffUpdateInput = z.output<typeof StaffUpdateInput>;
