/** POST /api/accounts/upload fields besides the file (spec §7). */
import type { z } from 'zod';
import { DOCUMENT_TYPES } from '../documents.js';
import { choiceField, formObject } from './fields.js';

/** {type}: doc_passport, doc_address, doc_funding_front or doc_funding_back. */
export const UploadInput = formObject({ type: choiceField('type', DOCUMENT_TYPES) });
export type UploadInput = z.infer<typeof UploadInput>;
