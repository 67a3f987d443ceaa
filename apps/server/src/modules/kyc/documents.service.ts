import {
  asksForNewUpload,
  DOCUMENT_STATUS,
  type DocumentDetails,
  DocumentDetailsInput,
  type DocumentType,
  documentCountryProblem,
  documentExpires,
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
import {
  type DetailsWrite,
  DOCUMENT_COLUMNS,
  type DocumentRow,
  type DocumentsRepo,
} from './documents.repo.js';

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

/** What a document's details and expiry need beside the documents themselves (docs/compliance.md, "Documents"). */
export interface DocumentsServiceOptions {
  /** The alpha-2 codes of the reference list's countries (an issuing country must be one). */
  countries?: () => Promise<readonly string[]>;
  /** Re-derives the client's expired-documents standing after an approval (document-expiry.ts). */
  standing?: { recompute(brand: Brand, userId: number): Promise<void> };
}

/** What a client may send with an upload: the document's details, where the brand lets clients enter them. */
export interface UploadDetailsForm {
  brand: Pick<Brand, 'settings'>;
  fields: Record<string, string>;
}

/** Whether a brand lets its clients enter a document's number, country and expiry at upload. */
export const clientEntersDocumentDetails = (brand: Pick<Brand, 'settings'>): boolean =>
  brand.settings.compliance?.clientEntersDocumentDetails === true;

const DETAIL_FIELDS = ['documentNumber', 'issuingCountry', 'expiresOn'] as const;

/** Verification documents (spec §3, §4, §5): uploads by clients, reviews by staff. */
export class DocumentsService {
  constructor(
    private readonly repo: DocumentsRepo,
    private readonly accounts: AccountsRepo,
    readonly store: DocumentStore,
    private readonly now: () => Date = () => new Date(),
    private readonly options: DocumentsServiceOptions = {},
  ) {}

  /**
   * Checks a document's details: the shape (domain DocumentDetailsInput) and the issuing country against the
   * reference list. `required`: all three must be there (a client's upload where the brand asks for them).
   */
  async checkDetails(raw: Record<string, unknown>, required: boolean): Promise<Partial<DocumentDetails>> {
    const input = validateInput(DocumentDetailsInput, raw);
    if (!input.ok) throw invalidFields(input.errors);
    const details = input.value;
    if (required) {
      const missing = DETAIL_FIELDS.filter((field) => details[field] === undefined);
      if (missing.length > 0) {
        throw invalidFields(missing.map((path) => ({ path, key: 'document.detailsRequired' })));
      }
    }
    if (details.issuingCountry !== undefined && this.options.countries) {
      const problem = documentCountryProblem(details.issuingCountry, await this.options.countries());
      if (problem) throw invalidFields([{ path: 'issuingCountry', ...problem }]);
    }
    return Object.fromEntries(Object.entries(details).filter(([, v]) => v !== undefined));
  }

  /** Whether an approved document may be replaced: its proof of identity or address is expiring or expired. */
  private async replaceable(userId: number, type: DocumentType): Promise<boolean> {
    if (!documentExpires(type)) return false;
    const approved = (await this.repo.latestApproved(userId)).find((d) => d.type === type);
    return approved ? asksForNewUpload(type, approved.expiresOn, this.now().getTime()) : false;
  }

  /** The client's uploads, newest first, each with its review history (oldest step first). */
  async uploadsOf(userId: number) {
    const uploads = await this.repo.listFor(userId);
    const history = await this.repo.historyOf(uploads.map((u) => u.id));
    return uploads.map((upload) => ({
      upload,
      history: history.filter((step) => step.documentId === upload.id),
    }));
  }

  /** The client's latest approved proof of identity and address (their expiry is what the client area shows). */
  latestApproved(userId: number): Promise<DocumentRow[]> {
    return this.repo.latestApproved(userId);
  }

  /**
   * Stores an upload and shows the document as Processing (spec §4). Only real JPEG or PDF
   * content up to 2 MB is accepted (a bigger file: 413 'File is too large: at most 2 MB'), named with a matching extension, with no markup in an image
   * and no scripts, actions, embedded files or encryption in a PDF (architecture §8, decision
   * 0013); an approved document stays as it is unless its proof of identity or address is expiring or expired,
   * when a new one is asked for. Every upload is kept: the new one is a row of its own. Where the brand lets
   * clients enter a proof's details (`compliance.clientEntersDocumentDetails`), its number, issuing country and
   * expiry come with it.
   */
  async upload(
    user: UserRow,
    type: DocumentType,
    file: UploadedFile | undefined,
    form?: UploadDetailsForm,
  ): Promise<UserRow> {
    if (
      user[DOCUMENT_COLUMNS[type]].status === DOCUMENT_STATUS.approved &&
      !(await this.replaceable(user.id, type))
    ) {
      throw documentApproved();
    }
    const withDetails =
      form !== undefined && clientEntersDocumentDetails(form.brand) && documentExpires(type);
    const details: DetailsWrite | undefined = withDetails
      ? { details: await this.checkDetails(form.fields, true), by: 'client' }
      : undefined;
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
        details,
      );
    } catch (error) {
      await this.store.remove(user.id, storedName).catch(() => {});
      throw error;
    }
  }

  /** Operator decision (CLI `review-document`) on a client's latest document, found by e-mail; see `reviewClient`. */
  async review(
    brand: Brand,
    input: {
      email: string;
      type: DocumentType;
      decision: ReviewDecision;
      note: string;
      actor: string;
      details?: Partial<DocumentDetails>;
    },
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
   * Compliance may enter or correct the document's details (number, issuing country, expiry) with the decision;
   * the decision and its note join the upload's history under `actor`. Approving a proof of identity or address
   * re-derives the expired-documents standing: a valid new one lifts the stop.
   */
  async reviewClient(
    brand: Brand,
    user: UserRow,
    input: {
      type: DocumentType;
      decision: ReviewDecision;
      note: string;
      actor?: string;
      details?: Partial<DocumentDetails>;
    },
    audit: ReviewAuditor,
  ): Promise<ReviewResult> {
    const document = await this.repo.latest(user.id, input.type);
    if (!document) return { ok: false, reason: 'no-document' };
    const entered = input.details ? await this.checkDetails(input.details, false) : {};
    const details: DetailsWrite | undefined =
      Object.keys(entered).length > 0 ? { details: entered, by: 'staff' } : undefined;
    const status = input.decision === 'approve' ? DOCUMENT_STATUS.approved : DOCUMENT_STATUS.rejected;
    const now = this.now();
    const field = { status, note: input.note, updated: now.toISOString() };
    let verified = false;
    const step = { action: input.decision, actor: input.actor ?? 'staff', details };
    const updated = await this.repo.review(document, field, now, step, async (tx, reviewed) => {
      await audit(tx, {
        action: `document.${input.decision}`,
        before: { [input.type]: user[DOCUMENT_COLUMNS[input.type]] },
        after: { [input.type]: field },
        reason: input.note || null,
        details: {
          type: input.type,
          documentId: document.id,
          note: input.note,
          ...(details ? { details: details.details } : {}),
        },
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
    if (input.decision === 'approve' && documentExpires(input.type)) {
      await this.options.standing?.recompute(brand, user.id);
    }
    return {
      ok: true,
      user: updated,
      document: { ...document, ...entered, status, note: input.note, reviewedAt: now },
      verified,
    };
  }
}
