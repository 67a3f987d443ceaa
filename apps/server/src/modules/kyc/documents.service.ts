import {
  DOCUMENT_STATUS,
  type DocumentType,
  detectFileKind,
  type FileKind,
  formatMessage,
  titleFor,
  UPLOAD_MAX_BYTES,
} from '@openbroker/domain';
import { AppError, invalidFields } from '../../lib/errors.js';
import type { AccountsRepo, UserRow } from '../accounts/accounts.repo.js';
import type { Brand } from '../brands/brands.service.js';
import type { DocumentStore } from './document-store.js';
import { DOCUMENT_COLUMNS, type DocumentRow, type DocumentsRepo } from './documents.repo.js';

export interface UploadedFile {
  content: Buffer;
  originalName: string;
  /** The multipart limit cut the file off: it is bigger than UPLOAD_MAX_BYTES. */
  truncated: boolean;
}

const MIME: Record<FileKind, string> = { jpeg: 'image/jpeg', pdf: 'application/pdf' };

// spec §8: 'File not supported'; `errors` points the form at its file field.
export const fileNotSupported = () =>
  new AppError(400, 'FILE_NOT_SUPPORTED', 'document.notSupported', undefined, [
    { path: 'files', key: 'document.notSupported', message: formatMessage({ key: 'document.notSupported' }) },
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
   * content up to 2 MB is accepted, whatever the file is called (architecture §8); an approved
   * document stays as it is.
   */
  async upload(user: UserRow, type: DocumentType, file: UploadedFile | undefined): Promise<UserRow> {
    if (user[DOCUMENT_COLUMNS[type]].status === DOCUMENT_STATUS.approved) throw documentApproved();
    if (!file || (file.content.length === 0 && !file.truncated)) {
      throw invalidFields([{ path: 'files', key: 'field.required', params: { title: titleFor('file') } }]);
    }
    if (file.truncated || file.content.length > UPLOAD_MAX_BYTES) throw fileNotSupported();
    const kind = detectFileKind(file.content.subarray(0, 8));
    if (!kind) throw fileNotSupported();

    const storedName = await this.store.save(user.id, kind, file.content);
    try {
      return await this.repo.recordUpload(
        user.id,
        {
          type,
          storedName,
          originalName: file.originalName.slice(0, 255),
          mime: MIME[kind],
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
