/** Contracts of a document's details, expiry and review history (docs/compliance.md, "Documents"). */
import { z } from 'zod';
import { DOCUMENT_EXPIRY_STATES } from '../document-details.js';
import { DOCUMENT_TYPES } from '../documents.js';
import { Instant } from './common.js';

const Status = z.enum(['0', '1', '2', '3']);
const Day = z.string().describe('YYYY-MM-DD');

/** One step of an upload's history: the upload itself, a review decision, or compliance editing the details. */
export const DocumentReviewEntry = z.object({
  /** uploaded (by the client), approve, reject, details (details edited). */
  action: z.enum(['uploaded', 'approve', 'reject', 'details']),
  /** Who: 'client', a staff member's e-mail, or the operator. */
  actor: z.string(),
  note: z.string(),
  at: Instant,
});
export type DocumentReviewEntry = z.infer<typeof DocumentReviewEntry>;

/** One upload of a client, kept for good (a new upload never replaces it), with its details and review history. */
export const DocumentUpload = z.object({
  documentId: z.number(),
  type: z.enum(DOCUMENT_TYPES),
  status: Status,
  note: z.string(),
  originalName: z.string(),
  mime: z.string(),
  size: z.number(),
  uploadedAt: Instant,
  reviewedAt: Instant.nullable(),
  documentNumber: z.string().nullable(),
  issuingCountry: z.string().nullable(),
  expiresOn: Day.nullable(),
  /** Where the details came from: the client at upload, or staff (null: none entered). */
  detailsBy: z.enum(['client', 'staff']).nullable(),
  expiry: z.enum(DOCUMENT_EXPIRY_STATES),
  history: z.array(DocumentReviewEntry),
});
export type DocumentUpload = z.infer<typeof DocumentUpload>;

/** The back office's list of every upload of a client, newest first (GET /api/backoffice/clients/:id/documents). */
export const ClientDocumentUploads = z.array(DocumentUpload);
export type ClientDocumentUploads = z.infer<typeof ClientDocumentUploads>;

/** A document type as the client area shows it: the state of the valid (approved) document and what is asked. */
export const ClientDocumentExpiry = z.object({
  type: z.enum(DOCUMENT_TYPES),
  /** The approved document's expiry date, when recorded. */
  expiresOn: Day.nullable(),
  expiry: z.enum(DOCUMENT_EXPIRY_STATES),
  /** The client is asked for a new upload (expiring or expired proof of identity or address). */
  asksForUpload: z.boolean(),
  /** A newer upload waits for review. */
  newUploadPending: z.boolean(),
  /** From when deposits and trading stop, when the document expired. */
  blockFrom: Instant.nullable(),
});
export type ClientDocumentExpiry = z.infer<typeof ClientDocumentExpiry>;

/** GET /api/accounts/documents: the client's documents' expiry and whether the client enters details at upload. */
export const ClientDocumentsAnswer = z.object({
  clientEntersDetails: z.boolean(),
  documents: z.array(ClientDocumentExpiry),
});
export type ClientDocumentsAnswer = z.infer<typeof ClientDocumentsAnswer>;
