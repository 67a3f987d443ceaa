import { type DocumentDetails, type DocumentType, EXPIRING_DOCUMENT_TYPES } from '@openbroker/domain';
import { and, asc, desc, eq, inArray, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { assetCategories, type DocumentField, documentReviews, documents } from '../../db/schema.js';
import { AccountsRepo, type UserRow } from '../accounts/accounts.repo.js';

export type DocumentRow = typeof documents.$inferSelect;
export type DocumentReviewRow = typeof documentReviews.$inferSelect;
export type NewDocument = Pick<
  typeof documents.$inferInsert,
  'type' | 'storedName' | 'originalName' | 'mime' | 'size'
>;

/** A step of an upload's history: the upload, a decision, or details edited. */
export type DocumentReviewAction = 'uploaded' | 'approve' | 'reject' | 'details';

/** Details to store on a document and who entered them; parts left undefined stay as they are. */
export interface DetailsWrite {
  details: Partial<DocumentDetails>;
  by: 'client' | 'staff';
}

/** The user column that shows each document's state (spec §3 doc_* fields). */
export const DOCUMENT_COLUMNS = {
  doc_passport: 'docPassport',
  doc_address: 'docAddress',
  doc_funding_front: 'docFundingFront',
  doc_funding_back: 'docFundingBack',
} as const satisfies Record<DocumentType, keyof UserRow>;

const detailsSet = (write: DetailsWrite | undefined) => {
  if (!write) return {};
  const set: Partial<typeof documents.$inferInsert> = {};
  const { documentNumber, issuingCountry, expiresOn } = write.details;
  if (documentNumber !== undefined) set.documentNumber = documentNumber;
  if (issuingCountry !== undefined) set.issuingCountry = issuingCountry;
  if (expiresOn !== undefined) {
    set.expiresOn = expiresOn;
    // a new expiry date is swept afresh: the client and compliance hear about it when it comes near
    set.expiringNotifiedAt = null;
    set.expiredNotifiedAt = null;
  }
  if (Object.keys(set).length > 0) set.detailsBy = write.by;
  return set;
};

const presentDetails = (write: DetailsWrite | undefined) =>
  write && Object.values(write.details).some((v) => v !== undefined)
    ? Object.fromEntries(Object.entries(write.details).filter(([, v]) => v !== undefined))
    : null;

export class DocumentsRepo {
  constructor(private readonly db: Db) {}

  /** Runs `work` in one transaction with a repository on it. */
  transaction<T>(work: (repo: DocumentsRepo, tx: Db) => Promise<T>): Promise<T> {
    return this.db.transaction(async (tx) => work(new DocumentsRepo(tx), tx));
  }

  /**
   * Records an upload and shows it on the user as Processing, together. Every upload is a row of its own: an
   * earlier one of the same type (and its review history) stays. Answers the updated user.
   */
  async recordUpload(
    userId: number,
    document: NewDocument,
    field: DocumentField,
    details?: DetailsWrite,
  ): Promise<UserRow> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(documents)
        .values({ ...document, userId, status: field.status, ...detailsSet(details) })
        .returning({ id: documents.id });
      if (!row) throw new Error('document not stored');
      await tx.insert(documentReviews).values({
        documentId: row.id,
        action: 'uploaded',
        actor: 'client',
        note: '',
        details: presentDetails(details),
      });
      const column = DOCUMENT_COLUMNS[document.type as DocumentType];
      return new AccountsRepo(tx).write(userId, { [column]: field }, 'an upload');
    });
  }

  /** A client's uploads, newest first: the client timeline. */
  async uploadsBefore(userId: number, before: Date, limit: number) {
    return this.db
      .select({
        id: documents.id,
        type: documents.type,
        status: documents.status,
        createdAt: documents.createdAt,
      })
      .from(documents)
      .where(and(eq(documents.userId, userId), lt(documents.createdAt, before)))
      .orderBy(desc(documents.createdAt), desc(documents.id))
      .limit(limit);
  }

  /** The client's latest upload of a type. */
  async latest(userId: number, type: DocumentType): Promise<DocumentRow | undefined> {
    const [row] = await this.db
      .select()
      .from(documents)
      .where(and(eq(documents.userId, userId), eq(documents.type, type)))
      .orderBy(desc(documents.id))
      .limit(1);
    return row;
  }

  /** The client's latest approved document of each type that expires (proof of identity, proof of address). */
  async latestApproved(userId: number): Promise<DocumentRow[]> {
    return this.db
      .selectDistinctOn([documents.type])
      .from(documents)
      .where(
        and(
          eq(documents.userId, userId),
          eq(documents.status, '2'),
          inArray(documents.type, [...EXPIRING_DOCUMENT_TYPES]),
        ),
      )
      .orderBy(documents.type, desc(documents.id));
  }

  async listFor(userId: number): Promise<DocumentRow[]> {
    return this.db.select().from(documents).where(eq(documents.userId, userId)).orderBy(desc(documents.id));
  }

  /** The history of these uploads, oldest step first. */
  async historyOf(documentIds: readonly number[]): Promise<DocumentReviewRow[]> {
    if (documentIds.length === 0) return [];
    return this.db
      .select()
      .from(documentReviews)
      .where(inArray(documentReviews.documentId, [...documentIds]))
      .orderBy(asc(documentReviews.id));
  }

  /**
   * A review decision on a document and the user's doc_* field, in one transaction, with the details compliance
   * entered and a step of the upload's history; `then` runs in it too (the audit rows, automatic verification), so
   * all of it commits or none.
   */
  async review(
    document: DocumentRow,
    field: DocumentField,
    reviewedAt: Date,
    step: { action: 'approve' | 'reject'; actor: string; details?: DetailsWrite },
    then: (tx: Db, user: UserRow) => Promise<UserRow>,
  ): Promise<UserRow> {
    return this.db.transaction(async (tx) => {
      await tx
        .update(documents)
        .set({ status: field.status, note: field.note, reviewedAt, ...detailsSet(step.details) })
        .where(eq(documents.id, document.id));
      await tx.insert(documentReviews).values({
        documentId: document.id,
        action: step.action,
        actor: step.actor,
        note: field.note,
        details: presentDetails(step.details),
        createdAt: reviewedAt,
      });
      const column = DOCUMENT_COLUMNS[document.type as DocumentType];
      const user = await new AccountsRepo(tx).write(document.userId, { [column]: field }, 'a review');
      return then(tx, user);
    });
  }

  /**
   * Approved proofs of identity or address whose expiry needs the sweep: expiring by `noticeUntil` (YYYY-MM-DD) and
   * not yet told, or expired before `today` and not yet handled. Only the client's latest approved document of a
   * type counts: an older one a newer approval replaced is not swept.
   */
  async dueForExpiry(today: string, noticeUntil: string, limit = 500): Promise<DocumentRow[]> {
    return this.db
      .select()
      .from(documents)
      .where(
        and(
          eq(documents.status, '2'),
          inArray(documents.type, [...EXPIRING_DOCUMENT_TYPES]),
          isNotNull(documents.expiresOn),
          lte(documents.expiresOn, noticeUntil),
          or(
            isNull(documents.expiringNotifiedAt),
            and(sql`${documents.expiresOn} < ${today}`, isNull(documents.expiredNotifiedAt)),
          ),
          sql`not exists (select 1 from documents newer where newer.user_id = ${documents.userId}
                and newer.type = ${documents.type} and newer.status = '2' and newer.id > ${documents.id})`,
        ),
      )
      .orderBy(asc(documents.id))
      .limit(limit);
  }

  /**
   * Claims telling the client and compliance that a document expires soon (or handling its expiry): true for the one
   * caller that set the marker, so with two cluster nodes sweeping each document is handled once.
   */
  async claimExpiry(documentId: number, stage: 'expiring' | 'expired', at: Date): Promise<boolean> {
    const marker = stage === 'expiring' ? documents.expiringNotifiedAt : documents.expiredNotifiedAt;
    const set =
      stage === 'expiring'
        ? { expiringNotifiedAt: at }
        : {
            expiredNotifiedAt: at,
            expiringNotifiedAt: sql`coalesce(${documents.expiringNotifiedAt}, ${at.toISOString()}::timestamptz)`,
          };
    const rows = await this.db
      .update(documents)
      .set(set)
      .where(and(eq(documents.id, documentId), isNull(marker)))
      .returning({ id: documents.id });
    return rows.length === 1;
  }

  /** Every asset category id (verification without brand defaults grants them all, as the seed's verified client). */
  async categoryIds(tx: Db): Promise<number[]> {
    const rows = await tx
      .select({ id: assetCategories.id })
      .from(assetCategories)
      .orderBy(assetCategories.id);
    return rows.map((r) => r.id);
  }

  /** Marks a client verified with the permissions verification grants (inside the review's transaction). */
  async verify(
    tx: Db,
    userId: number,
    grants: { assetsGroupPermission: number[]; customLeverage: Record<string, number[]> },
  ): Promise<UserRow> {
    return new AccountsRepo(tx).write(userId, { verifiedAccount: true, ...grants }, 'verification');
  }
}
