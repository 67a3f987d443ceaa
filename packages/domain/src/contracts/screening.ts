/**
 * Contracts of sanctions and PEP screening in the back office (docs/api.md "Screening"): list imports, the review
 * queue, a match's decision and a client's screening history.
 */
import { z } from 'zod';
import { hasForbiddenCharacters } from '../bounds.js';
import { SCREENING_STATUSES } from '../compliance.js';
import { SCREENING_LIST_FORMATS, SCREENING_MATCH_STATUSES } from '../screening.js';

const INVALID = { error: 'field.invalid' } as const;

/** One list import. */
export const ScreeningListImport = z.object({
  id: z.number().int(),
  source: z.enum(SCREENING_LIST_FORMATS),
  fileName: z.string(),
  fileHash: z.string(),
  entryCount: z.number().int(),
  importedBy: z.string(),
  importedAt: z.string(),
  /** When every client was screened again (null: still running). */
  screenedAt: z.string().nullable(),
});
export type ScreeningListImport = z.infer<typeof ScreeningListImport>;

/** The import's answer: the stored list; the screening of every client runs on in batches. */
export const ScreeningImportResult = z.object({ list: ScreeningListImport });
export type ScreeningImportResult = z.infer<typeof ScreeningImportResult>;

/** The import form's fields besides the file (multipart). */
export const ScreeningImportFields = z.object({ format: z.enum(SCREENING_LIST_FORMATS, INVALID) });

/** A possible match as the queue and the client page show it: the client's data beside the list entry. */
export const ScreeningMatch = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  brandId: z.number().int(),
  brandSlug: z.string(),
  source: z.enum(SCREENING_LIST_FORMATS),
  entryRef: z.string(),
  entry: z.object({
    names: z.array(z.string()),
    birthDates: z.array(z.string()),
    programme: z.string(),
    countries: z.array(z.string()),
  }),
  matchedName: z.string(),
  score: z.number().int(),
  birthDateAgreement: z.enum(['same', 'year', 'unknown']),
  /** The client's data the match was raised on. */
  client: z.object({
    firstName: z.string(),
    lastName: z.string(),
    birthDate: z.string().nullable(),
    country: z.string().nullable(),
    email: z.string(),
  }),
  status: z.enum(SCREENING_MATCH_STATUSES),
  reason: z.string().nullable(),
  decidedBy: z.string().nullable(),
  decidedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type ScreeningMatch = z.infer<typeof ScreeningMatch>;

export const ScreeningQueueQuery = z.object({
  status: z.enum(SCREENING_MATCH_STATUSES, INVALID).optional(),
  brandId: z.coerce.number(INVALID).int(INVALID).positive(INVALID).max(2_147_483_647).optional(),
});
export type ScreeningQueueQuery = z.infer<typeof ScreeningQueueQuery>;

export const ScreeningQueuePage = z.object({ items: z.array(ScreeningMatch), total: z.number().int() });
export type ScreeningQueuePage = z.infer<typeof ScreeningQueuePage>;

/** Compliance's decision on a possible match: clear (not the listed person) or confirm, always with a reason. */
export const ScreeningDecisionInput = z.object({
  decision: z.enum(['clear', 'confirm'], INVALID),
  reason: z
    .string(INVALID)
    .trim()
    .min(1, { message: 'screening.reasonRequired' })
    .max(1000, { message: 'field.maxChars' })
    .refine((v) => !hasForbiddenCharacters(v, { multiline: true }), { message: 'field.forbiddenCharacters' }),
});
export type ScreeningDecisionInput = z.infer<typeof ScreeningDecisionInput>;

/** A client's screening: the standing's status and every match, newest first. */
export const ClientScreening = z.object({
  status: z.enum(SCREENING_STATUSES),
  matches: z.array(ScreeningMatch),
});
export type ClientScreening = z.infer<typeof ClientScreening>;
