import {
  type BrandScope,
  type ClientListQuery,
  type ClientSort,
  TRANSACTION_STATUS,
  TRANSACTION_TABS,
} from '@openbroker/domain';
import { and, asc, desc, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import {
  assetCategories,
  auditLog,
  brands,
  clientNotes,
  countries,
  documents,
  ledgerEntries,
  sessions,
  staffUsers,
  tradingAccounts,
  users,
} from '../../../db/schema.js';
import type { Brand } from '../../brands/brands.service.js';
import type { DocumentRow } from '../../kyc/documents.repo.js';
import { AccountsRepo, type NewUser, type UserRow } from '../accounts.repo.js';

/** One row of the client list, as SQL answers it (snake_case columns, money as a string). */
export interface ClientListRow {
  id: number;
  brand_id: number;
  brand_slug: string;
  pin: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  country_id: number | null;
  country_name: string | null;
  verified_account: boolean;
  level: string;
  /** The main account's balance (first live account, else first demo one); null without any account. */
  balance: string | null;
  /** The brand's account currency code as stored in its settings (null: the EUR default). */
  brand_currency: string | null;
  /** The main account's number, kind and currency; null without any account. */
  account_number: string | null;
  account_kind: 'live' | 'demo' | null;
  account_currency: string | null;
  documents_waiting: number | string;
  has_deposited: boolean;
  trading_enabled: boolean;
  created_at: Date | string;
}

/** Columns staff change on a client (profile, verification, trading settings). */
export type StaffUserChanges = Partial<
  Pick<
    NewUser,
    | 'firstName'
    | 'lastName'
    | 'email'
    | 'phone'
    | 'birthDate'
    | 'countryId'
    | 'state'
    | 'city'
    | 'street'
    | 'zipCode'
    | 'level'
    | 'verifiedAccount'
    | 'tradingEnabled'
    | 'restrictedMode'
    | 'assetsGroupPermission'
    | 'customLeverage'
  >
>;

/** The list's filters after scope: the brand ids to look in (null: every brand). */
export type ClientFilter = Omit<ClientListQuery, 'brandId' | 'page' | 'sort' | 'order'> & {
  brandIds: readonly number[] | null;
};

const DEPOSIT_TYPES = TRANSACTION_TABS.deposits;

// Sort keys map to columns only (never to input), with the id as the tie-breaker so pages are stable.
const ORDER_COLUMNS: Record<ClientSort, string> = {
  createdAt: 'u.created_at',
  name: 'lower(u.last_name), lower(u.first_name)',
  email: 'lower(u.email)',
  balance: 'coalesce(acc.balance,0)',
  pin: 'u.pin',
};

/** `%text%` for ILIKE with the pattern characters of the search taken literally. */
const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const waitingSql = sql.raw(
  ['doc_passport', 'doc_address', 'doc_funding_front', 'doc_funding_back']
    .map((c) => `(case when u.${c}->>'status' = '1' then 1 else 0 end)`)
    .join(' + '),
);

/**
 * The client's main trading account as the list shows it: the first live one, else the first demo one (a client
 * with demo accounts only is marked DEMO).
 */
const mainAccountJoin = sql`left join lateral (
  select a.number, a.kind, a.currency, a.balance from trading_accounts a where a.user_id = u.id
  order by case when a.kind = 'live' then 0 else 1 end, a.id limit 1
) acc on true`;

const depositedSql = sql`exists (select 1 from transactions t where t.user_id = u.id and t.type_id in (${sql.join(
  DEPOSIT_TYPES.map((id) => sql`${id}`),
  sql`, `,
)}) and t.status_id = ${TRANSACTION_STATUS.approved})`;

function whereOf(filter: ClientFilter) {
  const parts = [sql`true`];
  if (filter.brandIds) {
    parts.push(
      filter.brandIds.length === 0
        ? sql`false`
        : sql`u.brand_id in (${sql.join(
            filter.brandIds.map((id) => sql`${id}`),
            sql`, `,
          )})`,
    );
  }
  if (filter.q) {
    // One comparison over the searched fields joined by a character a search cannot hold (control
    // characters are refused), answered by the trigram index on this exact expression (migration
    // 0008_client_search); `npm run bench -- clients` has the figures. Keep the two in step.
    const like = containsPattern(filter.q.toLowerCase());
    const digits = filter.q.replace(/[^0-9]/g, '');
    // '+44 7400 123456' finds '+447400123456' and the other way round: phone digits without separators
    const phoneDigits =
      digits.length >= 3 && digits !== filter.q
        ? sql` or translate(u.phone, ' -()./', '') like ${`%${digits}%`}`
        : sql``;
    parts.push(
      sql`(lower(u.first_name || ' ' || u.last_name || chr(1) || u.email || chr(1) || u.phone || chr(1) || u.pin) like ${like}${phoneDigits})`,
    );
  }
  if (filter.verified !== undefined) parts.push(sql`u.verified_account = ${filter.verified}`);
  if (filter.documentsWaiting !== undefined) {
    parts.push(filter.documentsWaiting ? sql`(${waitingSql}) > 0` : sql`(${waitingSql}) = 0`);
  }
  if (filter.countryId !== undefined) parts.push(sql`u.country_id = ${filter.countryId}`);
  if (filter.registeredFrom)
    parts.push(sql`u.created_at >= ${`${filter.registeredFrom}T00:00:00Z`}::timestamptz`);
  // the "to" day is included: before the next midnight
  if (filter.registeredTo) {
    parts.push(sql`u.created_at < (${`${filter.registeredTo}T00:00:00Z`}::timestamptz + interval '1 day')`);
  }
  if (filter.hasDeposited !== undefined) {
    parts.push(filter.hasDeposited ? depositedSql : sql`not ${depositedSql}`);
  }
  return sql.join(parts, sql` and `);
}

/** Runs a raw query; `execute` answers `{rows}` on both drivers (PGlite and node-postgres). */
async function query<T>(db: Db, statement: ReturnType<typeof sql>): Promise<T[]> {
  const result = await db.execute(statement);
  return (result as unknown as { rows: T[] }).rows;
}

export type NoteRow = { id: number; body: string; staffName: string; createdAt: Date };
export type LedgerRow = typeof ledgerEntries.$inferSelect;
export type ClientAuditRow = typeof auditLog.$inferSelect & {
  staffName: string | null;
  brandSlug: string | null;
};

/** SQL of the back office's client views. Every lookup here is by id; scope is the service's job. */
export class ClientsRepo {
  constructor(private readonly db: Db) {}

  /** A page of the client list with the total count of matching clients. */
  async list(
    filter: ClientFilter,
    sort: { sort: ClientSort; order: 'asc' | 'desc' },
    page: { limit: number; offset: number },
  ): Promise<{ rows: ClientListRow[]; total: number }> {
    const where = whereOf(filter);
    const direction = sort.order === 'asc' ? 'asc' : 'desc';
    const orderBy = sql.raw(
      `${ORDER_COLUMNS[sort.sort]
        .split(', ')
        .map((c) => `${c} ${direction}`)
        .join(', ')}, u.id ${direction}`,
    );
    // A search matches few rows and needs a full scan anyway: its total comes from the same scan
    // (a window count). An unfiltered page reads 50 rows by index, so its count is a query apart.
    const windowCount = filter.q !== undefined;
    const rows = await query<ClientListRow & { total_count?: number | string }>(
      this.db,
      sql`select u.id, u.brand_id, b.slug as brand_slug, u.pin, u.first_name, u.last_name, u.email, u.phone,
            u.country_id, c.name as country_name, u.verified_account, u.level, acc.balance::text as balance,
            b.settings->>'currency' as brand_currency,
            acc.number as account_number, acc.kind as account_kind, acc.currency as account_currency,
            (${waitingSql}) as documents_waiting, ${depositedSql} as has_deposited, u.trading_enabled, u.created_at
            ${windowCount ? sql`, count(*) over () as total_count` : sql``}
          from users u
          join brands b on b.id = u.brand_id
          left join countries c on c.id = u.country_id
          ${mainAccountJoin}
          where ${where}
          order by ${orderBy}
          limit ${page.limit} offset ${page.offset}`,
    );
    if (windowCount && (rows.length > 0 || page.offset === 0)) {
      return { rows, total: Number(rows[0]?.total_count ?? 0) };
    }
    const [counted] = await query<{ n: number | string }>(
      this.db,
      sql`select count(*) as n from users u where ${where}`,
    );
    return { rows, total: Number(counted?.n ?? 0) };
  }

  /** One client as a list row (the client page's header). */
  async row(userId: number): Promise<ClientListRow | undefined> {
    const [row] = await query<ClientListRow>(
      this.db,
      sql`select u.id, u.brand_id, b.slug as brand_slug, u.pin, u.first_name, u.last_name, u.email, u.phone,
            u.country_id, c.name as country_name, u.verified_account, u.level, acc.balance::text as balance,
            b.settings->>'currency' as brand_currency,
            acc.number as account_number, acc.kind as account_kind, acc.currency as account_currency,
            (${waitingSql}) as documents_waiting, ${depositedSql} as has_deposited, u.trading_enabled, u.created_at
          from users u
          join brands b on b.id = u.brand_id
          left join countries c on c.id = u.country_id
          ${mainAccountJoin}
          where u.id = ${userId}`,
    );
    return row;
  }

  /** The client's trading accounts, live ones first, each kind oldest first. */
  async accounts(userId: number) {
    return this.db
      .select({
        id: tradingAccounts.id,
        number: tradingAccounts.number,
        kind: tradingAccounts.kind,
        currency: tradingAccounts.currency,
        balance: tradingAccounts.balance,
        createdAt: tradingAccounts.createdAt,
      })
      .from(tradingAccounts)
      .where(eq(tradingAccounts.userId, userId))
      .orderBy(sql`case when ${tradingAccounts.kind} = 'live' then 0 else 1 end`, asc(tradingAccounts.id));
  }

  async user(userId: number): Promise<UserRow | undefined> {
    const [row] = await this.db.select().from(users).where(eq(users.id, userId));
    return row;
  }

  async brand(brandId: number): Promise<Brand | undefined> {
    const [row] = await this.db
      .select({
        id: brands.id,
        slug: brands.slug,
        name: brands.name,
        hosts: brands.hosts,
        settings: brands.settings,
      })
      .from(brands)
      .where(eq(brands.id, brandId));
    return row;
  }

  /** Brands in a scope, by id. */
  async brandsIn(scope: BrandScope): Promise<Brand[]> {
    const base = this.db
      .select({
        id: brands.id,
        slug: brands.slug,
        name: brands.name,
        hosts: brands.hosts,
        settings: brands.settings,
      })
      .from(brands);
    if (scope.all) return base.orderBy(asc(brands.id));
    if (scope.brandIds.length === 0) return [];
    return base.where(inArray(brands.id, [...scope.brandIds])).orderBy(asc(brands.id));
  }

  async categories() {
    return this.db.select().from(assetCategories).orderBy(asc(assetCategories.id));
  }

  async countries() {
    return this.db
      .select({ id: countries.id, name: countries.name, alpha2: countries.alpha2 })
      .from(countries)
      .orderBy(asc(countries.name));
  }

  /** The latest upload of each document type of a client. */
  async latestDocuments(userId: number): Promise<DocumentRow[]> {
    const rows = await this.db
      .select()
      .from(documents)
      .where(eq(documents.userId, userId))
      .orderBy(desc(documents.id));
    const seen = new Set<string>();
    return rows.filter((row) => {
      if (seen.has(row.type)) return false;
      seen.add(row.type);
      return true;
    });
  }

  async document(userId: number, documentId: number): Promise<DocumentRow | undefined> {
    const [row] = await this.db
      .select()
      .from(documents)
      .where(and(eq(documents.id, documentId), eq(documents.userId, userId)));
    return row;
  }

  /** Whether another client of the brand has this e-mail (case-insensitive, as the unique index). */
  async emailTaken(brandId: number, email: string, exceptUserId: number): Promise<boolean> {
    const [row] = await this.db
      .select({ id: users.id })
      .from(users)
      .where(
        and(
          eq(users.brandId, brandId),
          sql`lower(${users.email}) = lower(${email})`,
          sql`${users.id} <> ${exceptUserId}`,
        ),
      )
      .limit(1);
    return row !== undefined;
  }

  async updateUser(tx: Db, userId: number, changes: StaffUserChanges): Promise<UserRow> {
    return new AccountsRepo(tx).write(userId, changes, 'an update');
  }

  /** A client's ledger entries, newest first; with `accountId`, those of that trading account only. */
  async ledger(userId: number, page: { limit: number; offset: number }, accountId?: number) {
    const where = and(
      eq(ledgerEntries.userId, userId),
      accountId === undefined ? undefined : eq(ledgerEntries.accountId, accountId),
    );
    const rows = await this.db
      .select()
      .from(ledgerEntries)
      .where(where)
      .orderBy(desc(ledgerEntries.id))
      .limit(page.limit)
      .offset(page.offset);
    const [counted] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(ledgerEntries)
      .where(where);
    return { rows, total: Number(counted?.n ?? 0) };
  }

  /** The client's sessions that are live now (not revoked, not expired), newest first. */
  async liveSessions(userId: number, now: Date) {
    return this.db
      .select({
        id: sessions.id,
        info: sessions.info,
        ip: sessions.ip,
        createdAt: sessions.createdAt,
        lastSeenAt: sessions.lastSeenAt,
        expiresAt: sessions.expiresAt,
      })
      .from(sessions)
      .where(
        and(
          eq(sessions.subjectType, 'client'),
          eq(sessions.subjectId, userId),
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, now),
        ),
      )
      .orderBy(desc(sessions.id))
      .limit(200);
  }

  async notes(userId: number): Promise<NoteRow[]> {
    return this.db
      .select({
        id: clientNotes.id,
        body: clientNotes.body,
        staffName: staffUsers.name,
        createdAt: clientNotes.createdAt,
      })
      .from(clientNotes)
      .innerJoin(staffUsers, eq(staffUsers.id, clientNotes.staffId))
      .where(eq(clientNotes.userId, userId))
      .orderBy(desc(clientNotes.id))
      .limit(500);
  }

  async addNote(tx: Db, note: { userId: number; staffId: number; body: string }) {
    const [row] = await tx.insert(clientNotes).values(note).returning();
    if (!row) throw new Error('note not stored');
    return row;
  }

  /** The client's audit rows, newest first (at most `limit`). */
  async audit(userId: number, limit: number): Promise<ClientAuditRow[]> {
    const rows = await this.db
      .select({ row: auditLog, staffName: staffUsers.name, brandSlug: brands.slug })
      .from(auditLog)
      .leftJoin(staffUsers, sql`${auditLog.actor} = 'staff:' || ${staffUsers.id}`)
      .leftJoin(brands, eq(brands.id, auditLog.brandId))
      .where(eq(auditLog.userId, userId))
      .orderBy(desc(auditLog.id))
      .limit(limit);
    return rows.map((r) => ({ ...r.row, staffName: r.staffName, brandSlug: r.brandSlug }));
  }

  /** Staff actions on a client before an instant, newest first: the client timeline. */
  async staffActionsBefore(userId: number, before: Date, limit: number) {
    return this.db
      .select({
        id: auditLog.id,
        action: auditLog.action,
        actor: auditLog.actor,
        reason: auditLog.reason,
        staffName: staffUsers.name,
        createdAt: auditLog.createdAt,
      })
      .from(auditLog)
      .leftJoin(staffUsers, sql`${auditLog.actor} = 'staff:' || ${staffUsers.id}`)
      .where(and(eq(auditLog.userId, userId), lt(auditLog.createdAt, before)))
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(limit);
  }

  /** Notes on a client before an instant, newest first: the client timeline. */
  async notesBefore(userId: number, before: Date, limit: number) {
    return this.db
      .select({
        id: clientNotes.id,
        body: clientNotes.body,
        staffName: staffUsers.name,
        createdAt: clientNotes.createdAt,
      })
      .from(clientNotes)
      .innerJoin(staffUsers, eq(staffUsers.id, clientNotes.staffId))
      .where(and(eq(clientNotes.userId, userId), lt(clientNotes.createdAt, before)))
      .orderBy(desc(clientNotes.createdAt), desc(clientNotes.id))
      .limit(limit);
  }
}
