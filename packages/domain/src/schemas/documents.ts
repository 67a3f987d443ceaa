/** POST /api/accounts/upload fields besides the file (spec §7). */
import { z } from 'zod';
import { hasForbiddenCharacters } from '../bounds.js';
import { DOCUMENT_TYPES } from '../documents.js';
import { choiceField, formObject } from './fields.js';

/** {type}: doc_passport, doc_address, doc_funding_front or doc_funding_back. */
export const UploadInput = formObject({ type: choiceField('type', DOCUMENT_TYPES) });
export type UploadInput = z.infer<typeof UploadInput>;

/**
 * The uploaded file's name as the multipart form sends it (`files`): kept for staff, so control
 * characters are refused ('document.nameNotAllowed') rather than stored; a name longer than the
 * column is shortened, not refused (the stored file itself gets a random name).
 */
export const UploadFileInput = formObject({
  files: z
    .string({ error: 'field.invalid' })
    .refine((v) => !hasForbiddenCharacters(v), { message: 'document.nameNotAllowed' })
    // by code point, as the varchar(255) column counts, so a pair of surrogates is never split
    .transform((v) => [...v.trim()].slice(0, 255).join('')),
});
export type UploadFileInput = z.infer<typeof UploadFileInput>;
