import {
  DOCUMENT_STATUS,
  type DocumentType,
  formatMessage,
  grantsOnVerification,
  type Message,
  titleFor,
  UPLOAD_MAX_BYTES,
  UploadFileInput,
  uploadTooLarge,
  validateInput,
  verifiesAutomatically,
} from '@openbroker/domain';
import type { Db } from '../../db/client.js';
import { AppError, invalidFields } from '../../lib/errors.js';
import { inspectUpload } from '../../lib/upload-content.js';
import type { AccountsRepo, UserRow } from '../accounts/accounts.repo.js';
import { writeAudit } from '../audit/audit.repo.js';
import type { Brand } from '../brands/brands.service.js';
import type { DocumentStore } from './document-store.js';
import { DOCUMENT_COLUMNS, type DocumentRow, type DocumentsRepo } from './documents.repo.js';

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
/** a file over the 2 MB limit says so ('File is too large: at most 2 MB'), on the file field. */
export const fileTooLarge = () =>
  new AppError(413, 'FILE_TOO_LARGE', 'document.tooLarge', undefined, [
    { path: 'files', ...uploadTooLarge(), message: formatMessage(uploadTooLarge()) },
  ]);
export const documentApproved = () => new AppError(400, 'DOCUMENT_APPROVED', 'document.alreadyApproved');

export type ReviewDecision = 'approve' | 'reject';
export type ReviewResult =
  | { ok: true; user: UserRow; document: DocumentRow; verified: boolean }
  | { ok: false; reason: 'no-client' | 'no-document' };

/** One audited step of a review (the decision, then an automatic verification), written in its transaction. */
export interface ReviewAuditStep {
  action: string;
  before: Record<string, unknown>;
  after: Record<string, unknown>;
  reason: string | null;
  details: Record<string, unknown>;
}
/** Writes a review step's audit row in the review's transaction: the CLI's operator row or a staff row. */
export type ReviewAuditor = (tx: Db, step: ReviewAuditStep) => Promise<unknown>;

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
   * content up to 2 MB is accepted (a bigger file: 413 'File is too large: at most 2 MB'), named with a matching extension, with no markup in an image
   * and no scripts, actions, embedded files or encryption in a PDF (architecture §8, decision
   * 0013); an approved document stays as it is.
   */
  async upload(user: UserRow, type: DocumentType, file: UploadedFile | undefined): Promise<UserRow> {
    if (user[DOCUMENT_COLUMNS[type]].status === DOCUMENT_STATUS.approved) throw documentApproved();
    if (!file || (file.content.length === 0 && !file.truncated)) {
      throw invalidFields([{ path: 'files', key: 'field.required', params: { title: titleFor('file') } }]);
    }
    if (file.truncated || file.content.length > UPLOAD_MAX_BYTES) throw fileTooLarge();
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

  /** Operator decision (CLI `review-document`) on a client's latest document, found by e-mail; see `reviewClient`. */
  async review(
    brand: Brand,
    input: { email: string; type: DocumentType; decision: ReviewDecision; note: string; actor: string },
  ): Promise<ReviewResult> {
    const user = await this.accounts.findByEmail(brand.id, input.email);
    if (!user) return { ok: false, reason: 'no-client' };
    return this.reviewClient(brand, user, input, (tx, step) =>
      writeAudit(tx, {
        actor: input.actor,
        action: step.action,
        subject: `user:${user.id}`,
        brandId: brand.id,
        userId: user.id,
        before: step.before,
        after: step.after,
        reason: step.reason,
        details: { brand: brand.slug, ...step.details },
      }),
    );
  }

  /**
   * A decision on a client's latest document of a type: Approved ('2') or Rejected ('3') with a note
   * the client sees (spec §4). When the brand verifies automatically (the default) and the
   * passport and address proof are now both approved, the client is verified in the same
   * transaction and gets the brand's default permissions and leverages (unless compliance set
   * others). Back office and CLI both come here. The caller reloads the trading account afterwards.
   */
  async reviewClient(
    brand: Brand,
    user: UserRow,
    input: { type: DocumentType; decision: ReviewDecision; note: string },
    audit: ReviewAuditor,
  ): Promise<ReviewResult> {
    const document = await this.repo.latest(user.id, input.type);
    if (!document) return { ok: false, reason: 'no-document' };
    const status = input.decision === 'approve' ? DOCUMENT_STATUS.approved : DOCUMENT_STATUS.rejected;
    const now = this.now();
    const field = { status, note: input.note, updated: now.toISOString() };
    let verified = false;
    const updated = await this.repo.review(document, field, now, async (tx, reviewed) => {
      await audit(tx, {
        action: `document.${input.decision}`,
        before: { [input.type]: user[DOCUMENT_COLUMNS[input.type]] },
        after: { [input.type]: field },
        reason: input.note || null,
        details: { type: input.type, documentId: document.id, note: input.note },
      });
      const settings = brand.settings.backoffice ?? {};
      if (
        !verifiesAutomatically({ ...reviewed, verified: reviewed.verifiedAccount }, settings.verification)
      ) {
        return reviewed;
      }
      const grants = grantsOnVerification(reviewed, settings, await this.repo.categoryIds(tx));
      const after = await this.repo.verify(tx, reviewed.id, grants);
      verified = true;
      await audit(tx, {
        action: 'client.verify',
        before: {
          verifiedAccount: false,
          assetsGroupPermission: reviewed.assetsGroupPermission,
          customLeverage: reviewed.customLeverage,
        },
        after: { verifiedAccount: true, ...grants },
        reason: 'Passport and address proof approved: automatic verification',
        details: { automatic: true },
      });
      return after;
    });
    return {
      ok: true,
      user: updated,
      document: { ...document, status, note: input.note, reviewedAt: now },
      verified,
    };
  }
}
