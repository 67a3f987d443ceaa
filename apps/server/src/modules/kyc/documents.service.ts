import {
  DOCUMENT_STATUS,
  type DocumentType,
  formatMessage,
  type Message,
  titleFor,
  UPLOAD_MAX_BYTES,
  UploadFileInput,
  validateInput,
} from '@openbroker/domain';
import { AppError, invalidFields } from '../../lib/errors.js';
import type { AccountsRepo, UserRow } from '../accounts/accounts.repo.js';
import type { Brand } from '../brands/brands.service.js';
import type { DocumentStore } from './document-store.js';
import { DOCUMENT_COLUMNS, type DocumentRow, type DocumentsRepo } from './documents.repo.js';
import { inspectUpload } from './upload-content.js';

export interface UploadedFile {
  content: Buffer;
  originalName: string;
  /** The multipart limit cut the file off: it is bigger than UPLOAD_MAX_BYTES. */
  truncated: boolean;
}

// spec §8: 'File not supported' (or why exactly, decision 0013); `errors` points the form at its file field.
export const fileNotSupported = (message: Message = { key: 'document.notSupported' }) =>
  new AppError(400, 'FILE_NOT_SUPPORTED', message.key, message.params, [
    { path: 'files', ...message, message: formatMessage(message) },
  ]);
export const documentApproved = () => new AppError(400, 'DOCUMENT_APPROVED', 'document.alreadyApproved');

export type ReviewDecision = 'approve' | 'reject';
export type ReviewResult =
  | { ok: true; user: UserRow; document: DocumentRow }
  | { ok: false; reason: 'no-client' | 'no-document' };

/** Verification documents (spec §3, §4, §5): uploads by clients, reviews by staff. */
export class DocumentsService {
  constructor(
    private readonly repo: DocumentsRepo,
    private readonly accounts: AccountsRepo,
    readonly store: DocumentStore,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /**
   * Stores an upload and shows the document as Processing (spec §4). Only real JPEG or PDF
   * content up to 2 MB is accepted, named with a matching extension, with no markup in an image
   * and no scripts, actions, embedded files or encryption in a PDF (architecture §8, decision
   * 0013); an approved document stays as it is.
   */
  async upload(user: UserRow, type: DocumentType, file: UploadedFile | undefined): Promise<UserRow> {
    if (user[DOCUMENT_COLUMNS[type]].status === DOCUMENT_STATUS.approved) throw documentApproved();
    if (!file || (file.content.length === 0 && !file.truncated)) {
      throw invalidFields([{ path: 'files', key: 'field.required', params: { title: titleFor('file') } }]);
    }
    if (file.truncated || file.content.length > UPLOAD_MAX_BYTES) throw fileNotSupported();
    // the client's name is kept for staff: control characters are refused, never sent to SQL
    const name = validateInput(UploadFileInput, { files: file.originalName });
    if (!name.ok) throw invalidFields(name.errors);
    const verdict = await inspectUpload(name.value.files, file.content);
    if (!verdict.ok) throw fileNotSupported(verdict.message);

    const storedName = await this.store.save(user.id, verdict.mime, file.content);
    try {
      return await this.repo.recordUpload(
        user.id,
        {
          type,
          storedName,
          originalName: name.value.files,
          mime: verdict.mime,
          size: file.content.length,
        },
        { status: DOCUMENT_STATUS.processing, note: '', updated: this.now().toISOString() },
      );
    } catch (error) {
      await this.store.remove(user.id, storedName).catch(() => {});
      throw error;
    }
  }

  /** Staff decision on a client's latest document of a type: Approved ('2') or Rejected ('3') with a note. */
  async review(
    brand: Brand,
    input: { email: string; type: DocumentType; decision: ReviewDecision; note: string; actor: string },
  ): Promise<ReviewResult> {
    const user = await this.accounts.findByEmail(brand.id, input.email);
    if (!user) return { ok: false, reason: 'no-client' };
    const document = await this.repo.latest(user.id, input.type);
    if (!document) return { ok: false, reason: 'no-document' };
    const status = input.decision === 'approve' ? DOCUMENT_STATUS.approved : DOCUMENT_STATUS.rejected;
    const now = this.now();
    const updated = await this.repo.review(
      document,
      { status, note: input.note, updated: now.toISOString() },
      now,
      {
        actor: input.actor,
        action: `document.${input.decision}`,
        subject: `user:${user.id}`,
        details: { brand: brand.slug, type: input.type, documentId: document.id, note: input.note },
      },
    );
    return { ok: true, user: updated, document: { ...document, status, note: input.note, reviewedAt: now } };
  }
}
