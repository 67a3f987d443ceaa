/**
 * Compliance tasks (docs/compliance.md "Compliance tasks"): what the back office's task routes take and answer.
 * The routes declare these as their inputs and 200 answers; the back office parses every answer with them.
 */
import { z } from 'zod';
import { hasForbiddenCharacters } from '../bounds.js';
import { COMPLIANCE_TASK_KINDS } from '../compliance.js';
import { Instant, StaffPage } from './common.js';

const INVALID = { error: 'field.invalid' } as const;

export const COMPLIANCE_TASK_STATUSES = ['open', 'closed'] as const;
export type ComplianceTaskStatus = (typeof COMPLIANCE_TASK_STATUSES)[number];

/** The task list's page size. */
export const COMPLIANCE_TASK_PAGE_SIZE = 50;

/** A query-string flag: 'true'/'1' or 'false'/'0' ('' or absent: no filter). */
const flag = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0', ''])], INVALID)
  .optional()
  .transform((v) => (v === undefined || v === '' ? undefined : v === true || v === 'true' || v === '1'));

/** A positive id from a query string or JSON ('' or absent: none). */
const optionalId = z
  .union([z.number(), z.string()], INVALID)
  .optional()
  .transform((v, ctx) => {
    if (v === undefined || v === '') return undefined;
    const n = typeof v === 'number' ? v : /^\d{1,10}$/.test(v.trim()) ? Number(v) : Number.NaN;
    if (!Number.isSafeInteger(n) || n <= 0 || n > 2_147_483_647) {
      ctx.addIssue({ code: 'custom', message: 'field.invalid' });
      return z.NEVER;
    }
    return n;
  });

/** A due date as the form sends it: 'YYYY-MM-DD' (end of that day, UTC) or an ISO instant. */
const dueDate = z
  .string(INVALID)
  .trim()
  .refine((v) => /^\d{4}-\d{2}-\d{2}(T[\d:.]+Z)?$/.test(v) && !Number.isNaN(Date.parse(v)), {
    message: 'tasks.dueInvalid',
  });

/** The instant a due date stands for: a bare day means the end of that day (UTC). */
export const dueInstant = (value: string): Date =>
  new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T23:59:59.999Z` : value);

/** GET /api/backoffice/compliance/tasks: filters and page. */
export const ComplianceTaskListQuery = z.object(
  {
    brandId: optionalId,
    /** One client's tasks (the client page). */
    userId: optionalId,
    /** Only tasks assigned to the signed-in member. */
    mine: flag,
    kind: z
      .union([z.enum(COMPLIANCE_TASK_KINDS, INVALID), z.literal('')])
      .optional()
      .transform((v) => (v ? v : undefined)),
    /** Open tasks past their due date. */
    overdue: flag,
    /** Default: open. */
    status: z
      .enum([...COMPLIANCE_TASK_STATUSES, 'all'], INVALID)
      .optional()
      .default('open'),
    page: optionalId.refine((v) => v === undefined || v <= 100_000, { message: 'field.invalid' }),
  },
  INVALID,
);
export type ComplianceTaskListQuery = z.output<typeof ComplianceTaskListQuery>;

/** A compliance task as the task list, the dashboard and the client page show it. */
export const ComplianceTask = z.object({
  id: z.number().int(),
  brandId: z.number().int(),
  brandSlug: z.string(),
  userId: z.number().int(),
  clientName: z.string(),
  clientPin: z.string(),
  kind: z.enum(COMPLIANCE_TASK_KINDS),
  subject: z.string(),
  summary: z.string(),
  dueAt: Instant,
  /** Open and past its due date. */
  overdue: z.boolean(),
  assignedTo: z.number().int().nullable(),
  assigneeName: z.string().nullable(),
  status: z.enum(COMPLIANCE_TASK_STATUSES),
  closingNote: z.string().nullable(),
  closedByName: z.string().nullable(),
  closedAt: Instant.nullable(),
  createdAt: Instant,
});
export type ComplianceTask = z.infer<typeof ComplianceTask>;

export const ComplianceTaskPage = StaffPage(ComplianceTask);
export type ComplianceTaskPage = z.infer<typeof ComplianceTaskPage>;

/** The dashboard's tasks block: counts in scope and the member's most urgent open tasks. */
export const ComplianceTaskSummary = z.object({
  open: z.number().int(),
  overdue: z.number().int(),
  mine: z.number().int(),
  /** Open tasks assigned to the member or to nobody, soonest due first (at most 10). */
  next: z.array(ComplianceTask),
});
export type ComplianceTaskSummary = z.infer<typeof ComplianceTaskSummary>;

/** A member of the task's brand staff who can take it (compliance or admin). */
export const ComplianceTaskAssignee = z.object({ id: z.number().int(), name: z.string() });
export type ComplianceTaskAssignee = z.infer<typeof ComplianceTaskAssignee>;
export const ComplianceTaskAssignees = z.array(ComplianceTaskAssignee);

/** PATCH /api/backoffice/compliance/tasks/:id: assign (null: to nobody) and/or move the due date. */
export const ComplianceTaskUpdateInput = z
  .object(
    {
      assignedTo: z
        .number(INVALID)
        .int(INVALID)
        .positive(INVALID)
        .max(2_147_483_647, INVALID)
        .nullable()
        .optional(),
      dueAt: dueDate.optional(),
    },
    INVALID,
  )
  .refine((v) => v.assignedTo !== undefined || v.dueAt !== undefined, { message: 'field.invalid' });
export type ComplianceTaskUpdateInput = z.infer<typeof ComplianceTaskUpdateInput>;

const note = z
  .string(INVALID)
  .trim()
  .min(1, { message: 'tasks.noteRequired' })
  .max(2000, { message: 'field.maxChars' })
  .refine((v) => !hasForbiddenCharacters(v, { multiline: true }), { message: 'field.forbiddenCharacters' });

/** POST /api/backoffice/compliance/tasks/:id/close: the closing note is required. */
export const ComplianceTaskCloseInput = z.object({ note }, INVALID);
export type ComplianceTaskCloseInput = z.infer<typeof ComplianceTaskCloseInput>;

/** POST /api/backoffice/clients/:id/compliance-tasks: a manual review of the client. */
export const ManualReviewInput = z.object(
  {
    summary: note.refine((v) => v.length <= 500, { message: 'field.maxChars' }),
    dueAt: dueDate,
  },
  INVALID,
);
export type ManualReviewInput = z.infer<typeof ManualReviewInput>;
