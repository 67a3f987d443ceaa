import { type AuditListQuery, BACKOFFICE_PAGE_SIZE, type BrandScope } from '@openbroker/domain';
import { and, count, desc, eq, gte, ilike, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { auditLog, brands, staffUsers, users } from '../../db/schema.js';
import { csvLine } from '../../lib/csv.js';

/** An audit row as the back office shows it (AuditRow of the API contract). */
export interface AuditRowDto {
  id: number;
  createdAt: string;
  actor: string;
  staffName: string | null;
  role: string | null;
  brandId: number | null;
  brandSlug: string | null;
  userId: number | null;
  /** The client's name (their e-mail when they have none), for rows about a client. */
  clientName: string | null;
  clientEmail: string | null;
  action: string;
  subject: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  reason: string | null;
  ip: string | null;
  details: Record<string, unknown>;
}

/** The columns of the CSV export, in order (before, after and details as JSON). */
export const AUDIT_CSV_COLUMNS = [
  'id',
  'createdAt',
  'actor',
  'staffName',
  'role',
  'brandId',
  'brandSlug',
  'userId',
  'clientName',
  'clientEmail',
  'action',
  'subject',
  'reason',
  'ip',
  'before',
  'after',
  'details',
] as const satisfies readonly (keyof AuditRowDto)[];

/** Characters LIKE treats specially, escaped so an action filter matches literally. */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The WHERE of an audit query: the filters, and the reader's brand scope (a member limited to some
 * brands sees only rows of those brands; rows without a brand only members of every brand).
 */
export function auditWhere(scope: BrandScope, query: AuditListQuery): SQL | undefined {
  const conditions: SQL[] = [];
  if (!scope.all) {
    // An empty scope sees nothing (never `IN ()`).
    conditions.push(scope.brandIds.length ? inArray(auditLog.brandId, [...scope.brandIds]) : sql`false`);
  }
  if (query.brandId !== undefined) conditions.push(eq(auditLog.brandId, query.brandId));
  if (query.staffId !== undefined) conditions.push(eq(auditLog.actor, `staff:${query.staffId}`));
  if (query.clientId !== undefined) {
    // Rows written before the user_id column name the client only in their subject.
    conditions.push(
      or(eq(auditLog.userId, query.clientId), eq(auditLog.subject, `user:${query.clientId}`)) as SQL,
    );
  }
  if (query.client !== undefined) {
    // a name or e-mail, in part and in any case; a number is the client's id
    const text = query.client;
    const id = /^\d{1,9}$/.test(text) ? Number(text) : undefined;
    const pattern = `%${likeLiteral(text)}%`;
    const matching = sql`(select ${users.id} from ${users} where ${or(
      ilike(users.email, pattern),
      sql`(${users.firstName} || ' ' || ${users.lastName}) ilike ${pattern}`,
      ...(id === undefined ? [] : [eq(users.id, id)]),
    )})`;
    conditions.push(inArray(auditLog.userId, matching));
  }
  if (query.action !== undefined) {
    conditions.push(
      or(
        eq(auditLog.action, query.action),
        sql`${auditLog.action} like ${`${likeLiteral(query.action)}.%`} escape '\\'`,
      ) as SQL,
    );
  }
  if (query.from) conditions.push(gte(auditLog.createdAt, query.from));
  if (query.to) conditions.push(lt(auditLog.createdAt, query.to));
  return conditions.length ? and(...conditions) : undefined;
}

type JoinedRow = {
  row: typeof auditLog.$inferSelect;
  staffName: string | null;
  brandSlug: string | null;
  clientFirstName: string | null;
  clientLastName: string | null;
  clientEmail: string | null;
};

function present({ row, staffName, brandSlug, ...client }: JoinedRow): AuditRowDto {
  const name = `${client.clientFirstName ?? ''} ${client.clientLastName ?? ''}`.trim();
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    actor: row.actor,
    staffName,
    role: row.role,
    brandId: row.brandId,
    brandSlug,
    userId: row.userId,
    clientName: name || client.clientEmail,
    clientEmail: client.clientEmail,
    action: row.action,
    subject: row.subject,
    before: row.before,
    after: row.after,
    reason: row.reason,
    ip: row.ip,
    details: row.details,
  };
}

/** Reads the audit log for the back office's audit screen: filtered, scoped, newest first. */
export class AuditQuery {
  constructor(private readonly db: Db) {}

  private rows(where: SQL | undefined) {
    return this.db
      .select({
        row: auditLog,
        staffName: staffUsers.name,
        brandSlug: brands.slug,
        clientFirstName: users.firstName,
        clientLastName: users.lastName,
        clientEmail: users.email,
      })
      .from(auditLog)
      .leftJoin(staffUsers, sql`${auditLog.actor} = 'staff:' || ${staffUsers.id}`)
      .leftJoin(brands, eq(brands.id, auditLog.brandId))
      .leftJoin(users, eq(users.id, auditLog.userId))
      .where(where)
      .orderBy(desc(auditLog.id));
  }

  /** One page (50 rows) with the number of matching rows. */
  async page(
    scope: BrandScope,
    query: AuditListQuery,
  ): Promise<{ items: AuditRowDto[]; total: number; page: number; pageSize: number }> {
    const page = query.page ?? 1;
    const where = auditWhere(scope, query);
    const [items, [totals]] = await Promise.all([
      this.rows(where)
        .limit(BACKOFFICE_PAGE_SIZE)
        .offset((page - 1) * BACKOFFICE_PAGE_SIZE),
      this.db.select({ total: count() }).from(auditLog).where(where),
    ]);
    return {
      items: items.map(present),
      total: Number(totals?.total ?? 0),
      page,
      pageSize: BACKOFFICE_PAGE_SIZE,
    };
  }

  /**
   * Every matching row as CSV (a header line first), newest first, read in batches by id so a long
   * log never sits in memory.
   */
  async *csv(scope: BrandScope, query: AuditListQuery, batch = 500): AsyncGenerator<string> {
    yield csvLine(AUDIT_CSV_COLUMNS);
    const where = auditWhere(scope, query);
    let beforeId: number | undefined;
    for (;;) {
      const rows = await this.rows(
        beforeId === undefined ? where : and(where, lt(auditLog.id, beforeId)),
      ).limit(batch);
      if (rows.length === 0) return;
      let chunk = '';
      for (const joined of rows) {
        const dto = present(joined);
        chunk += csvLine(AUDIT_CSV_COLUMNS.map((column) => dto[column]));
      }
      yield chunk;
      beforeId = rows[rows.length - 1]?.row.id;
      if (rows.length < batch) return;
    }
  }
}
