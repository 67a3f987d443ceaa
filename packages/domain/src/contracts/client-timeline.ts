/**
 * The back office's client timeline (docs/compliance.md "Client timeline"): what a client did and what staff did on
 * them, one chronological view, newest first, a page at a time (the next page starts before the last entry).
 */
import { z } from 'zod';
import { DecimalText, Instant } from './common.js';

export const TIMELINE_KINDS = ['login', 'upload', 'money', 'trading', 'staff', 'note'] as const;
export type TimelineKind = (typeof TIMELINE_KINDS)[number];

/** The timeline's page size. */
export const TIMELINE_PAGE_SIZE = 50;

const INVALID = { error: 'field.invalid' } as const;

/** GET /api/backoffice/clients/:id/timeline: one kind (absent or '': all) and the page's start. */
export const TimelineQuery = z.object(
  {
    kind: z
      .union([z.enum(TIMELINE_KINDS, INVALID), z.literal('')])
      .optional()
      .transform((v) => (v ? v : undefined)),
    /** Entries strictly before this instant (the previous page's `nextBefore`); absent: from now. */
    before: z
      .string(INVALID)
      .max(40, INVALID)
      .refine((v) => !Number.isNaN(Date.parse(v)), { message: 'field.invalid' })
      .optional(),
  },
  INVALID,
);
export type TimelineQuery = z.output<typeof TimelineQuery>;

const base = { id: z.string(), at: Instant };

export const TimelineEntry = z.discriminatedUnion('kind', [
  /** A sign-in: the session's address and the device as the browser named itself. */
  z.object({ ...base, kind: z.literal('login'), ip: z.string(), device: z.string() }),
  /** A document upload and its current review status ('1' processing, '2' approved, '3' rejected). */
  z.object({ ...base, kind: z.literal('upload'), documentType: z.string(), status: z.string() }),
  /** A deposit or a withdrawal request and its current status. */
  z.object({
    ...base,
    kind: z.literal('money'),
    direction: z.enum(['deposit', 'withdrawal']),
    reference: z.string(),
    status: z.string(),
    amount: DecimalText,
    currency: z.string(),
  }),
  /** One day's trading on one account: positions opened and closed, the opened volume (margin × leverage). */
  z.object({
    ...base,
    kind: z.literal('trading'),
    accountNumber: z.string(),
    opens: z.number().int(),
    closes: z.number().int(),
    volume: DecimalText,
    currency: z.string(),
  }),
  /** A staff (or operator, or system) action on the client, from the audit log. */
  z.object({
    ...base,
    kind: z.literal('staff'),
    action: z.string(),
    who: z.string(),
    reason: z.string().nullable(),
  }),
  /** An internal note on the client. */
  z.object({ ...base, kind: z.literal('note'), who: z.string(), body: z.string() }),
]);
export type TimelineEntry = z.infer<typeof TimelineEntry>;

export const TimelinePage = z.object({
  items: z.array(TimelineEntry),
  /** Pass as `before` for the next page; null: nothing older. */
  nextBefore: Instant.nullable(),
});
export type TimelinePage = z.infer<typeof TimelinePage>;
