import type { DocumentType } from '@openbroker/domain';
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { assetCategories, type DocumentField, documents } from '../../db/schema.js';
import { AccountsRepo, type UserRow } from '../accounts/accounts.repo.js';

export type DocumentRow = typeof documents.$inferSelect;
export type NewDocument = Pick<
  typeof documents.$inferInsert,
  'type' | 'storedName' | 'originalName' | 'mime' | 'size'
>;

/** The user column that shows each document's state (spec §3 doc_* fields). */
export const DOCUMENT_COLUMNS = {
  doc_passport: 'docPassport',
  doc_address: 'docAddress',
  doc_funding_front: 'docFundingFront',
  doc_funding_back: 'docFundingBack',
} as const satisfies Record<DocumentType, keyof UserRow>;

export class DocumentsRepo {
  constructor(private readonly db: Db) {}

  /** Records an upload and shows it on the user as Processing, together. Answers the updated user. */
  async recordUpload(userId: number, document: NewDocument, field: DocumentField): Promise<UserRow> {
    return this.db.transaction(async (tx) => {
      await tx.insert(documents).values({ ...document, userId, status: field.status });
      const column = DOCUMENT_COLUMNS[document.type as DocumentType];
      return new AccountsRepo(tx).write(userId, { [column]: field }, 'an upload');
    });
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

  async listFor(userId: number): Promise<DocumentRow[]> {
    return this.db.select().from(documents).where(eq(documents.userId, userId)).orderBy(desc(documents.id));
  }

  /**
   * A review decision on a document and the user's doc_* field, in one transaction; `then` runs in
   * it too (the audit rows, automatic verification), so all of it commits or none.
   */
  async review(
    document: DocumentRow,
    field: DocumentField,
    reviewedAt: Date,
    then: (tx: Db, user: UserRow) => Promise<UserRow>,
  ): Promise<UserRow> {
    return this.db.transaction(async (tx) => {
      await tx
        .update(documents)
        .set({ status: field.status, note: field.note, reviewedAt })
        .where(eq(documents.id, document.id));
      const column = DOCUMENT_COLUMNS[document.type as DocumentType];
      const user = await new AccountsRepo(tx).write(document.userId, { [column]: field }, 'a review');
      return then(tx, user);
    });
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
