/** Verification documents (spec §3, §4, §5): types, statuses, the upload rule and content sniffing. */
import { hasForbiddenCharacters } from './bounds.js';
import { UPLOAD_EXTENSIONS, UPLOAD_MAX_BYTES, UPLOAD_MIME_TYPES, type UploadExtension } from './constants.js';
import type { Message } from './messages.js';
import { titleFor } from './titles.js';

// spec §3: passport (doc_passport), address proof (doc_address), funding proof (doc_funding_front, doc_funding_back)
export const DOCUMENT_TYPES = [
  'doc_passport',
  'doc_address',
  'doc_funding_front',
  'doc_funding_back',
] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

export const DOCUMENT_TYPE_LABELS: Readonly<Record<DocumentType, string>> = Object.freeze({
  doc_passport: 'Passport or ID card',
  doc_address: 'Proof of address',
  doc_funding_front: 'Proof of funding (front)',
  doc_funding_back: 'Proof of funding (back)',
});

/** Whether a value is one of the four document fields. */
export function isDocumentType(value: unknown): value is DocumentType {
  return (DOCUMENT_TYPES as readonly unknown[]).includes(value);
}

/** The document types as an operator types them: `passport`, `address`, `funding_front`, `funding_back`. */
export const DOCUMENT_TYPE_NAMES: readonly string[] = DOCUMENT_TYPES.map((type) => type.slice('doc_'.length));

/** The document type a short name (`passport`) or a field name (`doc_passport`) means, in any case. */
export function documentTypeFromName(value: string): DocumentType | undefined {
  const name = value.trim().toLowerCase();
  const field = name.startsWith('doc_') ? name : `doc_${name}`;
  return isDocumentType(field) ? field : undefined;
}

// spec §4: Document status (strings): 0 Waiting, 1 Processing, 2 Approved, 3 Rejected
export const DOCUMENT_STATUS = Object.freeze({
  waiting: '0',
  processing: '1',
  approved: '2',
  rejected: '3',
} as const);
export type DocumentStatus = (typeof DOCUMENT_STATUS)[keyof typeof DOCUMENT_STATUS];

export const DOCUMENT_STATUS_LABELS: Readonly<Record<DocumentStatus, string>> = Object.freeze({
  '0': 'Waiting',
  '1': 'Processing',
  '2': 'Approved',
  '3': 'Rejected',
});

/** Whether a value is a document status string. */
export function isDocumentStatus(value: unknown): value is DocumentStatus {
  return typeof value === 'string' && Object.hasOwn(DOCUMENT_STATUS_LABELS, value);
}

/** Whether the upload form shows for a status: Waiting, or Rejected (again, with the note) (spec §4). */
export function showsUploadForm(status: DocumentStatus): boolean {
  return status === DOCUMENT_STATUS.waiting || status === DOCUMENT_STATUS.rejected;
}

/** A document field's content (spec §3: JSON with status, note, updated). */
export interface DocumentField {
  status: DocumentStatus;
  note: string;
  updated: string | null;
}

/**
 * Parses a doc_* field from its JSON string or object; missing or malformed parts default to
 * `{status: '0' (Waiting), note: '', updated: null}`. A numeric status (2) is read as its string ('2').
 */
export function parseDocumentField(raw: string | object | null | undefined): DocumentField {
  let value: unknown = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw);
    } catch {
      value = null;
    }
  }
  const record = value !== null && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  const status = typeof record.status === 'number' ? String(record.status) : record.status;
  return {
    status: isDocumentStatus(status) ? status : DOCUMENT_STATUS.waiting,
    note: typeof record.note === 'string' ? record.note : '',
    updated: typeof record.updated === 'string' && record.updated !== '' ? record.updated : null,
  };
}

/** Lower-case extension of a file name without the dot ('scan.JPG' → 'jpg'); '' when there is none. */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 || dot === name.length - 1 ? '' : name.slice(dot + 1).toLowerCase();
}

/** a file over UPLOAD_MAX_BYTES says so ('File is too large: at most 2 MB'), not 'File not supported'. */
export const uploadTooLarge = (): Message => ({ key: 'document.tooLarge' });

/**
 * Upload rule (spec §5): a file is required; jpg, jpeg or pdf by name (and by MIME type when given),
 * otherwise 'File not supported'; at most 2 MB (UPLOAD_MAX_BYTES), otherwise 'File is too large: at most
 * 2 MB'. Returns null when acceptable.
 */
export function validateUpload(
  file: { name: string; size: number; mimeType?: string | null } | null | undefined,
): Message | null {
  if (!file || file.name.trim() === '' || !(file.size > 0))
    return { key: 'field.required', params: { title: titleFor('file') } };
  if (hasForbiddenCharacters(file.name)) return { key: 'document.nameNotAllowed' };
  const extensionOk = (UPLOAD_EXTENSIONS as readonly string[]).includes(extensionOf(file.name.trim()));
  const mime = file.mimeType?.trim().toLowerCase();
  const mimeOk = !mime || (UPLOAD_MIME_TYPES as readonly string[]).includes(mime);
  // spec §5: jpg, jpeg or pdf, at most 2MB; spec §8: 'File not supported'
  if (!extensionOk || !mimeOk) return { key: 'document.notSupported' };
  if (file.size > UPLOAD_MAX_BYTES) return uploadTooLarge();
  return null;
}

export type FileKind = 'jpeg' | 'pdf';

/**
 * What a file really is, from its first bytes (architecture §8: type checked by content, not by name):
 * JPEG starts FF D8 FF, PDF starts '%PDF-'. null for anything else.
 */
export function detectFileKind(firstBytes: Uint8Array): FileKind | null {
  const b = firstBytes;
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpeg';
  if (b.length >= 5 && b[0] === 0x25 && b[1] === 0x50 && b[2] === 0x44 && b[3] === 0x46 && b[4] === 0x2d)
    return 'pdf';
  return null;
}

/** Whether sniffed content agrees with the file name's extension (a .pdf must be a PDF, a .jpg a JPEG). */
export function fileKindMatchesName(kind: FileKind | null, name: string): boolean {
  const ext = extensionOf(name);
  return kind === 'pdf' ? ext === 'pdf' : kind === 'jpeg' ? ext === 'jpg' || ext === 'jpeg' : false;
}

/** The content type each accepted extension must hold (spec §5: jpg, jpeg or pdf). */
export const UPLOAD_CONTENT_TYPES: Readonly<Record<UploadExtension, UploadContentType>> = Object.freeze({
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  pdf: 'application/pdf',
});
export type UploadContentType = 'image/jpeg' | 'application/pdf';

/** Whether a MIME type is one the upload accepts as content. */
export function isUploadContentType(mime: string | null | undefined): mime is UploadContentType {
  return mime === 'image/jpeg' || mime === 'application/pdf';
}

/**
 * The upload's type rule (architecture §8; decision 0013): the content type detected from the bytes
 * must be an accepted one ('File not supported'), and the file name's extension must be one that
 * holds exactly that type — a JPEG named .exe, .html or .pdf is refused ('document.typeMismatch').
 * `detectedMime` comes from content sniffing (the server uses the file-type library). null when fine.
 */
export function checkUploadContentType(
  name: string,
  detectedMime: string | null | undefined,
): Message | null {
  // spec §8: 'File not supported'
  if (!isUploadContentType(detectedMime)) return { key: 'document.notSupported' };
  const ext = extensionOf(name.trim());
  const expected = Object.hasOwn(UPLOAD_CONTENT_TYPES, ext)
    ? UPLOAD_CONTENT_TYPES[ext as UploadExtension]
    : undefined;
  return expected === detectedMime ? null : { key: 'document.typeMismatch' };
}
