/**
 * SQL of the reports (docs/reports.md). Every figure is one grouped query per brand, account currency and UTC day
 * over the range (no query per day or per client); money is summed by the database in NUMERIC and read as text.
 * Money figures count live trading accounts only: a demo account's virtual deposits, trades and P/L are never
 * part of a report, a KPI or the retail-loss figure; demo sign-ups are counted apart.
 */
import { RETAIL_LOSS_KINDS, TRANSACTION_STATUS, TRANSACTION_TABS } from '@openbroker/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { ScopeFilter } from '../staff/policy.js';

/** A brand as the reports group it: by its account currency. */
export interface ReportBrand {
  id: number;
  slug: string;
  name: string;
  currency: string;
  currencySymbol: string;
}

/**
 * One brand's figures of one UTC day ('YYYY-MM-DD') in one account currency; absent figures are 0. `currency` is
 * null for the figures of clients (registrations, demo sign-ups, verified), which belong to the brand's currency.
 */
export interface BrandDayRow {
  brandId: number;
  day: string;
  currency?: string | null;
  registrations?: number;
  demoSignups?: number;
  verified?: number;
  ftdCount?: number;
  ftdAmount?: string;
  depositCount?: number;
  deposits?: string;
  withdrawalCount?: number;
  withdrawals?: string;
  activeTraders?: number;
  positionsOpened?: number;
  volume?: string;
  realisedPnl?: string;
  costs?: string;
}

const DEPOSIT_TYPES = TRANSACTION_TABS.deposits;
const WITHDRAWAL_TYPES = TRANSACTION_TABS.withdrawals;
const APPROVED = TRANSACTION_STATUS.approved;

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** `column in (…)` for the brands in scope (nothing for every brand). */
const brandIn = (column: SQL, brandIds: ScopeFilter): SQL =>
  brandIds === null
    ? sql`true`
    : brandIds.length === 0
      ? sql`false`
      : sql`${column} in (${sql.join(
          brandIds.map((id) => sql`${id}`),
          sql`, `,
        )})`;

const list = (values: readonly (number | string)[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

/** The UTC day of a timestamptz column, as 'YYYY-MM-DD'. */
const dayOf = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD')`;

/** Joins the live trading account of a money row (`alias.account_id`): demo accounts' rows are left out. */
const liveAccount = (alias: string) =>
  sql.raw(`join trading_accounts a on a.id = ${alias}.account_id and a.kind = 'live'`);

export class ReportsRepo {
  constructor(private readonly db: Db) {}

  /** The brands in scope with their currency, by id. */
  async brands(brandIds: ScopeFilter): Promise<ReportBrand[]> {
    const rows = rowsOf<{ id: number; slug: string; name: string; currency: string; symbol: string }>(
      await this.db.execute(sql`
        select id, slug, name, settings->>'currency' as currency, settings->>'currencySymbol' as symbol
        from brands where ${brandIn(sql`id`, brandIds)} order by id`),
    );
    return rows.map((r) => ({
      id: Number(r.id),
      slug: r.slug,
      name: r.name,
      currency: r.currency ?? '',
      currencySymbol: r.symbol ?? '',
    }));
  }

  /**
   * Every figure per brand and UTC day over [from, until) (until exclusive), several rows per brand and day
   * (one per figure; the service merges them).
   */
  async days(brandIds: ScopeFilter, from: Date, until: Date): Promise<BrandDayRow[]> {
    const range = (column: SQL) =>
      sql`${column} >= ${from.toISOString()} and ${column} < ${until.toISOString()}`;
    const u = brandIn(sql`u.brand_id`, brandIds);
    const t = brandIn(sql`t.brand_id`, brandIds);
    const queries: Promise<BrandDayRow[]>[] = [
      // registrations: clients created that day; one whose first trading account is a demo one ("Try a demo")
      // is a demo sign-up, counted apart (upgrading to live later does not move it)
      this.query(sql`
        select u.brand_id as "brandId", ${dayOf(sql`u.created_at`)} as day,
               count(*) filter (where f.kind is distinct from 'demo')::int as registrations,
               count(*) filter (where f.kind = 'demo')::int as "demoSignups"
        from users u
        left join lateral (
          select a.kind from trading_accounts a where a.user_id = u.id order by a.id limit 1
        ) f on true
        where ${u} and ${range(sql`u.created_at`)} group by 1, 2`),
      // verified: accounts verified that day (audit 'client.verify', by staff or automatically)
      this.query(sql`
        select u.brand_id as "brandId", ${dayOf(sql`a.created_at`)} as day,
               count(distinct a.user_id)::int as verified
        from audit_log a join users u on u.id = a.user_id
        where a.action = 'client.verify' and ${u} and ${range(sql`a.created_at`)} group by 1, 2`),
      // deposits and withdrawals: approved transactions of live accounts, on the day they were approved
      this.query(sql`
        select t.brand_id as "brandId", ${dayOf(sql`t.completed_at`)} as day, a.currency,
               count(*) filter (where t.type_id in (${list(DEPOSIT_TYPES)}))::int as "depositCount",
               coalesce(sum(t.amount) filter (where t.type_id in (${list(DEPOSIT_TYPES)})), 0)::numeric(24,2)::text
                 as deposits,
               count(*) filter (where t.type_id in (${list(WITHDRAWAL_TYPES)}))::int as "withdrawalCount",
               coalesce(-sum(t.amount) filter (where t.type_id in (${list(WITHDRAWAL_TYPES)})), 0)::numeric(24,2)::text
                 as withdrawals
        from transactions t ${liveAccount('t')}
        where t.status_id = ${APPROVED} and t.type_id in (${list([...DEPOSIT_TYPES, ...WITHDRAWAL_TYPES])})
          and ${t} and ${range(sql`t.completed_at`)}
        group by 1, 2, 3`),
      // first-time deposits: each client's first approved deposit ever (to a live account), when it falls in the
      // range, in the currency of the account it went to
      this.query(sql`
        select "brandId", ${dayOf(sql`completed_at`)} as day, currency, count(*)::int as "ftdCount",
               sum(amount)::numeric(24,2)::text as "ftdAmount"
        from (
          select distinct on (t.user_id) t.brand_id as "brandId", t.completed_at, t.amount, a.currency
          from transactions t ${liveAccount('t')}
          where t.status_id = ${APPROVED} and t.type_id in (${list(DEPOSIT_TYPES)}) and ${t}
            and t.completed_at is not null
          order by t.user_id, t.completed_at, t.id
        ) first
        where ${range(sql`completed_at`)}
        group by 1, 2, 3`),
      // trading volume: notional (margin × leverage) of positions opened that day; a partly closed position's
      // parts keep its opening time, so together they count its whole notional once
      this.query(sql`
        select u.brand_id as "brandId", ${dayOf(sql`p.opened_at`)} as day, a.currency,
               count(*) filter (where p.part_of is null)::int as "positionsOpened",
               sum(p.amount * p.leverage)::numeric(24,2)::text as volume
        from positions p ${liveAccount('p')} join users u on u.id = p.user_id
        where ${u} and ${range(sql`p.opened_at`)} group by 1, 2, 3`),
      // active traders: clients who opened or closed a position on a live account that day
      this.query(sql`
        select u.brand_id as "brandId", e.day, e.currency, count(distinct e.user_id)::int as "activeTraders"
        from (
          select p.user_id, a.currency, ${dayOf(sql`p.opened_at`)} as day
          from positions p ${liveAccount('p')} where ${range(sql`p.opened_at`)}
          union
          select p.user_id, a.currency, ${dayOf(sql`p.closed_at`)} as day
          from positions p ${liveAccount('p')} where ${range(sql`p.closed_at`)}
        ) e join users u on u.id = e.user_id
        where ${u} group by 1, 2, 3`),
      // clients' realised P/L (closes, net of negative balance protection) and costs (commission, swaps) booked
      // on live accounts
      this.query(sql`
        select u.brand_id as "brandId", ${dayOf(sql`l.created_at`)} as day, a.currency,
               coalesce(sum(l.amount) filter (where l.kind in ('realised_pnl', 'negative_balance_protection')), 0)
                 ::numeric(24,2)::text as "realisedPnl",
               coalesce(sum(l.amount) filter (where l.kind in ('commission', 'swap')), 0)::numeric(24,2)::text
                 as costs
        from ledger_entries l ${liveAccount('l')} join users u on u.id = l.user_id
        where l.kind in (${list(RETAIL_LOSS_KINDS)}) and ${u} and ${range(sql`l.created_at`)}
        group by 1, 2, 3`),
    ];
    return (await Promise.all(queries)).flat();
  }

  /**
   * Distinct active traders (on live accounts) per brand and account currency over the whole range (a day's
   * count cannot be summed), keyed `brandId|currency`.
   */
  async activeTraders(brandIds: ScopeFilter, from: Date, until: Date): Promise<Map<string, number>> {
    const f = from.toISOString();
    const t = until.toISOString();
    const rows = rowsOf<{ brandId: number; currency: string; count: number }>(
      await this.db.execute(sql`
        select u.brand_id as "brandId", a.currency, count(distinct p.user_id)::int as count
        from positions p ${liveAccount('p')} join users u on u.id = p.user_id
        where ${brandIn(sql`u.brand_id`, brandIds)}
          and ((p.opened_at >= ${f} and p.opened_at < ${t}) or (p.closed_at >= ${f} and p.closed_at < ${t}))
        group by 1, 2`),
    );
    return new Map(rows.map((r) => [`${Number(r.brandId)}|${r.currency}`, Number(r.count)]));
  }

  private async query(query: SQL): Promise<BrandDayRow[]> {
    return rowsOf<BrandDayRow>(await this.db.execute(query)).map((r) => ({
      ...r,
      brandId: Number(r.brandId),
    }));
  }

  /** Live trading accounts of a brand that held a position open at any moment of [from, until] (never demo). */
  async tradedAccounts(brandId: number, from: Date, until: Date): Promise<number[]> {
    const rows = rowsOf<{ id: number }>(
      await this.db.execute(sql`
        select distinct p.account_id as id from positions p ${liveAccount('p')}
        where a.brand_id = ${brandId} and p.opened_at <= ${until.toISOString()}
          and (p.closed_at is null or p.closed_at >= ${from.toISOString()})`),
    );
    return rows.map((r) => Number(r.id));
  }

  /**
   * Per live trading account of a brand: the trading entries (closes, protection, commission, swaps) booked in
   * [from, until], in the account's currency (the figure only asks whether each account lost, so none is converted).
   */
  async realisedByAccount(brandId: number, from: Date, until: Date): Promise<Map<number, string>> {
    const rows = rowsOf<{ id: number; total: string }>(
      await this.db.execute(sql`
        select l.account_id as id, sum(l.amount)::numeric(24,2)::text as total
        from ledger_entries l ${liveAccount('l')}
        where a.brand_id = ${brandId} and l.kind in (${list(RETAIL_LOSS_KINDS)})
          and l.created_at >= ${from.toISOString()} and l.created_at <= ${until.toISOString()}
        group by 1`),
    );
    return new Map(rows.map((r) => [Number(r.id), r.total]));
  }

  /** Live trading accounts of a brand with a position open now. */
  async accountsWithOpenPositions(brandId: number): Promise<number[]> {
    const rows = rowsOf<{ id: number }>(
      await this.db.execute(sql`
        select distinct p.account_id as id from positions p ${liveAccount('p')}
        where a.brand_id = ${brandId} and p.closed_at is null`),
    );
    return rows.map((r) => Number(r.id));
  }
}
