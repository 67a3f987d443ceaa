/**
 * Reports and KPIs (docs/reports.md): per-day figures per brand over a range, grouped by account currency
 * (amounts of accounts with different currencies are never added), as JSON and CSV; and the ESMA retail-loss
 * disclosure of a brand computed from the ledger and the engine's floating profit. Live accounts only: demo
 * accounts' virtual money never enters a figure, and demo sign-ups are counted apart from registrations.
 */
import {
  BRAND_CURRENCIES,
  type FieldMessage,
  type KpiDay,
  type KpiFigures,
  type KpiGroup,
  type KpiReport,
  money,
  parseMoney,
  RETAIL_LOSS_MIN_ACCOUNTS,
  type RetailLossAccount,
  type RetailLossReport,
  retailLossMeaningful,
  retailLossOf,
  retailLossPeriodStart,
  toDecimal,
} from '@openbroker/domain';
import type { Database } from '../../db/client.js';
import { csvLine } from '../../lib/csv.js';
import { invalidFields, notFound } from '../../lib/errors.js';
import { assertBrandInScope, type StaffAuth, scopeFilter } from '../staff/policy.js';
import type { AccountBooks } from '../trading/account-books.js';
import { type BrandDayRow, ReportsRepo } from './reports.repo.js';

/** The longest range a report covers, in days. */
export const MAX_REPORT_DAYS = 366;
/** Without a range: the last 30 days up to today. */
export const DEFAULT_REPORT_DAYS = 30;

const DAY_MS = 86_400_000;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The counts of a day (or a range). */
const COUNTS = [
  'registrations',
  'demoSignups',
  'verified',
  'ftdCount',
  'depositCount',
  'withdrawalCount',
  'activeTraders',
  'positionsOpened',
] as const satisfies readonly (keyof KpiFigures)[];
/** The amounts of a day (or a range), decimal strings in the group's currency. */
const AMOUNTS = [
  'ftdAmount',
  'deposits',
  'withdrawals',
  'netDeposits',
  'volume',
  'realisedPnl',
  'costs',
] as const satisfies readonly (keyof KpiFigures)[];

/** The CSV columns after currency and day, in order. */
export const KPI_CSV_COLUMNS = [
  'registrations',
  'demoSignups',
  'verified',
  'ftdCount',
  'ftdAmount',
  'depositCount',
  'deposits',
  'withdrawalCount',
  'withdrawals',
  'netDeposits',
  'activeTraders',
  'positionsOpened',
  'volume',
  'realisedPnl',
  'costs',
] as const satisfies readonly (keyof KpiFigures)[];

const add = (a: string, b: string | undefined) => (b === undefined ? a : toDecimal(a).plus(b).toFixed(2));
const sub = (a: string, b: string) => toDecimal(a).minus(b).toFixed(2);

const emptyFigures = (): KpiFigures => ({
  registrations: 0,
  demoSignups: 0,
  verified: 0,
  ftdCount: 0,
  depositCount: 0,
  withdrawalCount: 0,
  activeTraders: 0,
  positionsOpened: 0,
  ftdAmount: '0.00',
  deposits: '0.00',
  withdrawals: '0.00',
  netDeposits: '0.00',
  volume: '0.00',
  realisedPnl: '0.00',
  costs: '0.00',
});

/** A day 'YYYY-MM-DD' as its UTC midnight, or undefined when it is no real day. */
function parseDay(text: string): Date | undefined {
  if (!DAY.test(text)) return undefined;
  const at = new Date(`${text}T00:00:00.000Z`);
  return Number.isNaN(at.getTime()) || at.toISOString().slice(0, 10) !== text ? undefined : at;
}

/** The symbol of an account currency that no brand in the group books in ('$' for USD). */
const currencySymbolOf = (code: string): string => (BRAND_CURRENCIES as Record<string, string>)[code] ?? code;

const dayText = (at: Date) => at.toISOString().slice(0, 10);

/**
 * The range of a report: `from` and `until` are UTC days, both inclusive. Absent: the last 30 days to today.
 * Answers [from, end) with `end` the midnight after `until`; 400 with field messages for a bad range.
 */
export function reportRange(
  query: { from?: string | undefined; until?: string | undefined },
  now: Date,
): { from: Date; end: Date; days: string[] } {
  const problems: FieldMessage[] = [];
  const today = parseDay(dayText(now)) as Date;
  const until = query.until ? parseDay(query.until) : today;
  if (!until) problems.push({ path: 'until', key: 'reports.dayInvalid' });
  const from = query.from
    ? parseDay(query.from)
    : new Date((until ?? today).getTime() - (DEFAULT_REPORT_DAYS - 1) * DAY_MS);
  if (!from) problems.push({ path: 'from', key: 'reports.dayInvalid' });
  if (from && until) {
    const count = (until.getTime() - from.getTime()) / DAY_MS + 1;
    if (count < 1) problems.push({ path: 'until', key: 'reports.rangeOrder' });
    else if (count > MAX_REPORT_DAYS)
      problems.push({ path: 'from', key: 'reports.rangeTooLong', params: { max: MAX_REPORT_DAYS } });
  }
  if (problems.length > 0 || !from || !until) throw invalidFields(problems);
  const days: string[] = [];
  for (let at = from.getTime(); at <= until.getTime(); at += DAY_MS) days.push(dayText(new Date(at)));
  return { from, end: new Date(until.getTime() + DAY_MS), days };
}

/** Merges a brand-day row into a day's figures (exact sums). */
function mergeInto(target: KpiFigures, row: BrandDayRow): void {
  for (const key of COUNTS) target[key] += Number(row[key] ?? 0);
  for (const key of AMOUNTS) {
    if (key === 'netDeposits') continue;
    target[key] = add(target[key], row[key]);
  }
}

/** Per client of `accounts`: the floating profit of their open positions at the engine's latest prices. */
export type UnrealisedSource = (accountIds: readonly number[]) => Promise<Map<number, string>>;

/** What reports use. */
export interface ReportsServiceDeps {
  database: Database;
  /** The engine's floating profit of open positions (retail loss). */
  gateway: Pick<AccountBooks, 'view'>;
}

export class ReportsService {
  private readonly repo: ReportsRepo;

  constructor(
    private readonly deps: ReportsServiceDeps,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.repo = new ReportsRepo(deps.database.db);
  }

  /** The KPI report of one brand (outside the scope: 404) or every brand in scope, per currency. */
  async kpis(
    auth: StaffAuth,
    query: { brandId?: number | undefined; from?: string | undefined; until?: string | undefined },
  ): Promise<KpiReport> {
    const brandIds = scopeFilter(auth, query.brandId);
    const range = reportRange(query, this.now());
    const brands = await this.repo.brands(brandIds);
    if (query.brandId !== undefined && brands.length === 0) throw notFound();
    const [rows, traders] = await Promise.all([
      this.repo.days(brandIds, range.from, range.end),
      this.repo.activeTraders(brandIds, range.from, range.end),
    ]);
    // a row belongs to its account's currency; clients' counts (no currency) to their brand's
    const brandById = new Map(brands.map((b) => [b.id, b]));
    const currencyOf = (row: BrandDayRow) => row.currency ?? brandById.get(row.brandId)?.currency ?? '';
    const byCurrency = new Map<string, Set<number>>();
    const note = (currency: string, brandId: number) =>
      byCurrency.set(currency, (byCurrency.get(currency) ?? new Set()).add(brandId));
    for (const brand of brands) note(brand.currency, brand.id);
    for (const row of rows) if (brandById.has(row.brandId)) note(currencyOf(row), row.brandId);
    const groups: KpiGroup[] = [];
    for (const [currency, ids] of [...byCurrency].sort(([a], [b]) => a.localeCompare(b))) {
      const members = brands.filter((b) => ids.has(b.id));
      const days = new Map(range.days.map((day) => [day, { day, ...emptyFigures() } as KpiDay]));
      for (const row of rows) {
        const day = ids.has(row.brandId) && currencyOf(row) === currency ? days.get(row.day) : undefined;
        if (day) mergeInto(day, row);
      }
      const totals = emptyFigures();
      for (const day of days.values()) {
        day.netDeposits = sub(day.deposits, day.withdrawals);
        mergeInto(totals, { ...day, brandId: 0, activeTraders: 0 });
      }
      totals.netDeposits = sub(totals.deposits, totals.withdrawals);
      totals.activeTraders = members.reduce((sum, b) => sum + (traders.get(`${b.id}|${currency}`) ?? 0), 0);
      groups.push({
        currency,
        currencySymbol:
          members.find((b) => b.currency === currency)?.currencySymbol ?? currencySymbolOf(currency),
        brands: members.map(({ id, slug, name }) => ({ id, slug, name })),
        days: [...days.values()],
        totals,
      });
    }
    return {
      from: range.days[0] as string,
      until: range.days[range.days.length - 1] as string,
      brandId: query.brandId ?? null,
      groups,
    };
  }

  /** The report as CSV lines: a header, one line per currency and day, and a total line per currency. */
  async *kpisCsv(report: KpiReport): AsyncGenerator<string> {
    yield csvLine(['currency', 'day', ...KPI_CSV_COLUMNS]);
    for (const group of report.groups) {
      for (const day of group.days)
        yield csvLine([group.currency, day.day, ...KPI_CSV_COLUMNS.map((c) => day[c])]);
      yield csvLine([group.currency, 'total', ...KPI_CSV_COLUMNS.map((c) => group.totals[c])]);
    }
  }

  /** The brand's retail-loss figure for a staff member (outside the scope: 404). */
  async retailLossFor(auth: StaffAuth, brandId: number): Promise<RetailLossReport> {
    assertBrandInScope(auth, brandId);
    const [brand] = await this.repo.brands([brandId]);
    if (!brand) throw notFound();
    return this.retailLoss(brandId);
  }

  /**
   * The ESMA retail-loss figure of a brand over the 12 months up to now (docs/reports.md): every client is a
   * retail client (the platform has no professional classification) and every live trading account is one
   * account of the figure; demo accounts are never counted. Realised: the ledger's trading entries of the period;
   * unrealised: the engine's floating profit of the positions open now.
   */
  async retailLoss(brandId: number): Promise<RetailLossReport> {
    const until = this.now();
    const from = retailLossPeriodStart(until);
    const [traded, realised, open] = await Promise.all([
      this.repo.tradedAccounts(brandId, from, until),
      this.repo.realisedByAccount(brandId, from, until),
      this.repo.accountsWithOpenPositions(brandId),
    ]);
    const unrealised = await this.unrealised(open);
    const accounts: RetailLossAccount[] = traded.map((accountId) => ({
      accountId,
      realised: parseMoney(realised.get(accountId) ?? '0.00'),
      unrealised: unrealised.get(accountId) ?? money(0),
    }));
    const figure = retailLossOf(accounts);
    return {
      brandId,
      ...figure,
      // the sample size and whether it is large enough, so the card can say how far to trust the figure
      minimumAccounts: RETAIL_LOSS_MIN_ACCOUNTS,
      meaningful: retailLossMeaningful(figure.accounts),
      from: from.toISOString(),
      until: until.toISOString(),
      computedAt: until.toISOString(),
    };
  }

  /** The engine's floating profit per account (a price not available yet counts 0). */
  private async unrealised(accountIds: readonly number[]) {
    const result = new Map<number, ReturnType<typeof money>>();
    for (const id of accountIds) {
      // the engine keeps every account with open positions loaded; this loads one it has not seen yet
      let total = money(0);
      for (const p of (await this.deps.gateway.view(id))?.positions.open ?? []) {
        if (p.profit !== null) total = money(toDecimal(total).plus(p.profit));
      }
      result.set(id, total);
    }
    return result;
  }
}
