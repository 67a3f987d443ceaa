import { TRANSACTION_STATUS, TRANSACTION_TABS } from '@openbroker/domain';
import { and, asc, desc, eq, gte, inArray, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { affiliates, countries, referralClicks, transactions, users } from '../../db/schema.js';

export type AffiliateRow = typeof affiliates.$inferSelect;
export type NewAffiliate = typeof affiliates.$inferInsert;

/** Name of the unique index that keeps one affiliate per e-mail and brand (schema.ts). */
export const AFFILIATES_EMAIL_INDEX = 'affiliates_brand_email_uq';

/** Which date of a referred account a period applies to. */
export type PeriodOf = 'created_at' | 'transactions' | 'either';

/** A half-open period [start, end) of instants. */
export interface Period {
  start: Date;
  end: Date;
}

/** A referred account with its first-time deposit, as the affiliate report needs it. */
export interface ReferredAccountRow {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  country: string | null;
  createdAt: Date;
  sourcePage: string | null;
  firstDeposit: { amount: string; currency: string; at: Date } | null;
  /** A demo sign-up: the client's first trading account was a demo one. */
  demo: boolean;
  /** Whether the client holds a live account (one with demo accounts only is no client of the report). */
  live: boolean;
}

const DEPOSIT_TYPE_IDS = [...TRANSACTION_TABS.deposits];

export class AffiliatesRepo {
  constructor(readonly db: Db) {}

  async findByEmail(brandId: number, email: string): Promise<AffiliateRow | undefined> {
    const [row] = await this.db
      .select()
      .from(affiliates)
      .where(and(eq(affiliates.brandId, brandId), sql`lower(${affiliates.email}) = ${email.toLowerCase()}`))
      .limit(1);
    return row;
  }

  async findById(id: number): Promise<AffiliateRow | undefined> {
    const [row] = await this.db.select().from(affiliates).where(eq(affiliates.id, id)).limit(1);
    return row;
  }

  /** The affiliate of a brand with a tracking code, case-insensitively. */
  async findByCode(brandId: number, code: string): Promise<AffiliateRow | undefined> {
    const [row] = await this.db
      .select()
      .from(affiliates)
      .where(and(eq(affiliates.brandId, brandId), sql`lower(${affiliates.code}) = ${code.toLowerCase()}`))
      .limit(1);
    return row;
  }

  async insert(values: NewAffiliate): Promise<AffiliateRow> {
    const [row] = await this.db.insert(affiliates).values(values).returning();
    if (!row) throw new Error('affiliate insert returned nothing');
    return row;
  }

  /** A new password hash; `tx` is the caller's transaction when it is written together with its audit row. */
  async setPasswordHash(id: number, passwordHash: string, tx: Db = this.db): Promise<void> {
    await tx.update(affiliates).set({ passwordHash }).where(eq(affiliates.id, id));
  }

  /** Disables (from `at`) or enables (null) an affiliate, in the caller's transaction with its audit row. */
  async setDisabledAt(tx: Db, id: number, at: Date | null): Promise<void> {
    await tx.update(affiliates).set({ disabledAt: at }).where(eq(affiliates.id, id));
  }

  /** The affiliates of these brands (null: every brand), newest first, at most 1000. */
  listInBrands(brandIds: readonly number[] | null): Promise<AffiliateRow[]> {
    return this.db
      .select()
      .from(affiliates)
      .where(brandIds === null ? undefined : inArray(affiliates.brandId, [...brandIds]))
      .orderBy(desc(affiliates.createdAt), desc(affiliates.id))
      .limit(1000);
  }

  /**
   * How many clients each of these affiliates brought (affiliates without clients are absent): clients with a live
   * account; those with demo accounts only are counted apart (`demo`).
   */
  clientCounts(affiliateIds: readonly number[]) {
    const live = sql`exists (select 1 from trading_accounts a where a.user_id = ${users.id} and a.kind = 'live')`;
    return this.db
      .select({
        affiliateId: users.affiliateId,
        n: sql<number>`(count(*) filter (where ${live}))::int`,
        demo: sql<number>`(count(*) filter (where not ${live}))::int`,
      })
      .from(users)
      .where(inArray(users.affiliateId, [...affiliateIds]))
      .groupBy(users.affiliateId);
  }

  /**
   * The affiliate's accounts on its brand with their first-time deposit (the earliest approved
   * deposit by completion time), whose registration, first deposit, or either lies in `period`.
   * Newest registration first.
   */
  async referredAccounts(
    affiliate: AffiliateRow,
    period: Period,
    of: PeriodOf,
  ): Promise<ReferredAccountRow[]> {
    const depositedAt = sql<Date>`coalesce(${transactions.completedAt}, ${transactions.createdAt})`;
    const referred = this.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.affiliateId, affiliate.id), eq(users.brandId, affiliate.brandId)));
    const firstDeposits = this.db
      .selectDistinctOn([transactions.userId], {
        userId: transactions.userId,
        amount: transactions.amount,
        currency: transactions.currency,
        at: depositedAt.as('first_deposit_at'),
      })
      .from(transactions)
      .where(
        and(
          eq(transactions.brandId, affiliate.brandId),
          eq(transactions.statusId, TRANSACTION_STATUS.approved),
          inArray(transactions.typeId, DEPOSIT_TYPE_IDS),
          inArray(transactions.userId, referred),
          // real money only: a deposit to a live account (demo accounts never deposit, and never count)
          sql`exists (select 1 from trading_accounts a where a.id = ${transactions.accountId} and a.kind = 'live')`,
        ),
      )
      .orderBy(transactions.userId, asc(depositedAt), asc(transactions.id))
      .as('first_deposits');

    const registered = and(gte(users.createdAt, period.start), lt(users.createdAt, period.end));
    const deposited = and(gte(firstDeposits.at, period.start), lt(firstDeposits.at, period.end));
    const inPeriod =
      of === 'created_at' ? registered : of === 'transactions' ? deposited : or(registered, deposited);

    const rows = await this.db
      .select({
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
        country: countries.name,
        createdAt: users.createdAt,
        sourcePage: users.sourcePage,
        demo: sql<boolean>`coalesce((select a.kind = 'demo' from trading_accounts a where a.user_id = ${users.id} order by a.id limit 1), false)`,
        live: sql<boolean>`exists (select 1 from trading_accounts a where a.user_id = ${users.id} and a.kind = 'live')`,
        amount: firstDeposits.amount,
        currency: firstDeposits.currency,
        at: firstDeposits.at,
      })
      .from(users)
      .leftJoin(firstDeposits, eq(firstDeposits.userId, users.id))
      .leftJoin(countries, eq(countries.id, users.countryId))
      .where(and(eq(users.affiliateId, affiliate.id), eq(users.brandId, affiliate.brandId), inPeriod))
      .orderBy(desc(users.createdAt), desc(users.id));
    return rows.map(({ amount, currency, at, demo, live, ...row }) => ({
      ...row,
      demo: Boolean(demo),
      live: Boolean(live),
      firstDeposit:
        amount !== null && currency !== null && at !== null
          ? { amount, currency, at: at instanceof Date ? at : new Date(at) }
          : null,
    }));
  }

  /** Clicks on a tracking code per day, for the days `from`…`until` (ISO dates, both included). */
  async clicksPerDay(brandId: number, code: string, from: string, until: string) {
    return this.db
      .select({ day: referralClicks.day, clicks: referralClicks.clicks })
      .from(referralClicks)
      .where(
        and(
          eq(referralClicks.brandId, brandId),
          eq(referralClicks.code, code),
          gte(referralClicks.day, from),
          sql`${referralClicks.day} <= ${until}`,
        ),
      )
      .orderBy(asc(referralClicks.day));
  }

  /** Adds one click to a code's count of a day (one row per brand, code and day). */
  async addClick(brandId: number, code: string, day: string): Promise<void> {
    await this.db
      .insert(referralClicks)
      .values({ brandId, code, day, clicks: 1 })
      .onConflictDoUpdate({
        target: [referralClicks.brandId, referralClicks.code, referralClicks.day],
        set: { clicks: sql`${referralClicks.clicks} + 1` },
      });
  }
}
