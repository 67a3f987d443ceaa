/**
 * A verification document's details and expiry (docs/compliance.md, "Documents"): the number, the issuing country
 * and the expiry date compliance enters when reviewing (or the client at upload, where the brand allows it), and
 * the rule of when a proof of identity or address is expiring, expired, and from when it stops the client.
 */
import { z } from 'zod';
import type { DocumentType } from './documents.js';
import type { Message } from './messages.js';

/** The documents that expire: a proof of identity and a proof of address; funding proofs do not. */
export const EXPIRING_DOCUMENT_TYPES = [
  'doc_passport',
  'doc_address',
] as const satisfies readonly DocumentType[];

/** Whether a document type has an expiry that matters (proof of identity or address). */
export function documentExpires(type: DocumentType): boolean {
  return (EXPIRING_DOCUMENT_TYPES as readonly string[]).includes(type);
}

/** How long before the expiry the client and compliance are told. */
export const DOCUMENT_EXPIRY_NOTICE_DAYS = 30;
/** The brand's grace period after an expiry when it sets none (compliance.documentGraceDays). */
export const DEFAULT_DOCUMENT_GRACE_DAYS = 14;
/** The longest grace period a brand may set. */
export const MAX_DOCUMENT_GRACE_DAYS = 365;

/** A document number: letters, digits, spaces, '-', '/' and '.', 4 to 30 characters, one letter or digit at least. */
export const DOCUMENT_NUMBER_PATTERN = /^[A-Za-z0-9][A-Za-z0-9 ./-]{2,28}[A-Za-z0-9]$/;
/** The earliest and latest expiry dates that make sense on a document still in use. */
export const DOCUMENT_EXPIRY_MIN = '1990-01-01';
export const DOCUMENT_EXPIRY_MAX = '2099-12-31';

const DAY_MS = 86_400_000;

/** Whether a text is a real calendar day written YYYY-MM-DD (2025-02-30 is not). */
export function isCalendarDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** Why a document number is refused, or null when it is fine. */
export function documentNumberProblem(value: string): Message | null {
  return DOCUMENT_NUMBER_PATTERN.test(value.trim()) ? null : { key: 'document.numberInvalid' };
}

/** Why an issuing country is refused (not an alpha-2 code of the reference list), or null. */
export function documentCountryProblem(alpha2: string, known: Iterable<string>): Message | null {
  const code = alpha2.trim().toUpperCase();
  for (const candidate of known) if (candidate.toUpperCase() === code) return null;
  return { key: 'document.countryUnknown' };
}

/** Why an expiry date is refused (not a real day, or outside 1990–2099), or null. */
export function documentExpiryProblem(value: string): Message | null {
  if (!isCalendarDay(value)) return { key: 'document.expiryInvalid' };
  if (value < DOCUMENT_EXPIRY_MIN || value > DOCUMENT_EXPIRY_MAX) return { key: 'document.expiryAbsurd' };
  return null;
}

const numberField = z
  .string({ message: 'document.numberInvalid' })
  .trim()
  .refine((v) => documentNumberProblem(v) === null, { message: 'document.numberInvalid' })
  .transform((v) => v.toUpperCase());
const countryField = z
  .string({ message: 'document.countryUnknown' })
  .trim()
  .regex(/^[A-Za-z]{2}$/, { message: 'document.countryUnknown' })
  .transform((v) => v.toUpperCase());
const expiryField = z
  .string({ message: 'document.expiryInvalid' })
  .trim()
  .superRefine((value, ctx) => {
    const problem = documentExpiryProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem.key });
  });

/**
 * A document's details as compliance or the client enters them: each part optional (an empty text is none), so a
 * review can approve without them and a later review can complete them. The issuing country must also be in the
 * reference list, which the server checks (documentCountryProblem).
 */
export const DocumentDetailsInput = z.object({
  documentNumber: z.preprocess((v) => (v === '' || v === null ? undefined : v), numberField.optional()),
  issuingCountry: z.preprocess((v) => (v === '' || v === null ? undefined : v), countryField.optional()),
  expiresOn: z.preprocess((v) => (v === '' || v === null ? undefined : v), expiryField.optional()),
});
export type DocumentDetailsInput = z.infer<typeof DocumentDetailsInput>;

/** A document's details as stored: null where nobody entered them. */
export interface DocumentDetails {
  documentNumber: string | null;
  issuingCountry: string | null;
  /** YYYY-MM-DD */
  expiresOn: string | null;
}

export const DOCUMENT_EXPIRY_STATES = ['none', 'valid', 'expiring', 'expired'] as const;
/** none: no expiry recorded (or a type that does not expire); expiring: within the notice period; expired: past it. */
export type DocumentExpiryState = (typeof DOCUMENT_EXPIRY_STATES)[number];

/** The first instant a document is no longer valid: the day after its expiry date, 00:00 UTC. */
export function expiryInstant(expiresOn: string): number {
  return Date.parse(`${expiresOn}T00:00:00Z`) + DAY_MS;
}

/** Where a document stands on `now` (epoch ms): expired once its expiry day is over, expiring from 30 days before that day. */
export function documentExpiryState(expiresOn: string | null, now: number): DocumentExpiryState {
  if (expiresOn === null || !isCalendarDay(expiresOn)) return 'none';
  if (now >= expiryInstant(expiresOn)) return 'expired';
  if (now >= Date.parse(`${expiresOn}T00:00:00Z`) - DOCUMENT_EXPIRY_NOTICE_DAYS * DAY_MS) return 'expiring';
  return 'valid';
}

/** The brand's grace period in days (compliance.documentGraceDays), within 0–365; 14 when unset. */
export function documentGraceDays(setting: number | null | undefined): number {
  if (typeof setting !== 'number' || !Number.isInteger(setting)) return DEFAULT_DOCUMENT_GRACE_DAYS;
  return Math.min(MAX_DOCUMENT_GRACE_DAYS, Math.max(0, setting));
}

/** From when an expired document stops deposits and trading: the end of its expiry day plus the grace period. */
export function documentsBlockFrom(expiresOn: string, graceDays: number): number {
  return expiryInstant(expiresOn) + graceDays * DAY_MS;
}

/**
 * Whether the client area asks for a new upload of an approved document: its proof of identity or address is
 * expiring or expired. (A waiting or rejected document shows the upload form anyway.)
 */
export function asksForNewUpload(type: DocumentType, expiresOn: string | null, now: number): boolean {
  if (!documentExpires(type)) return false;
  const state = documentExpiryState(expiresOn, now);
  return state === 'expiring' || state === 'expired';
}
