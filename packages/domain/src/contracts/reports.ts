/** Back-office contracts of the reports area: every answer a staff route of this area gives (see common.ts). */
import { z } from 'zod';
import { DecimalText } from './common.js';

/** One period's KPI figures: counts, and exact amounts in the group's currency. */
export const KpiFigures = z.object({
  /** Clients who registered for a live account (demo sign-ups are not among them). */
  registrations: z.number(),
  /** Clients whose first account was a demo one ("Try a demo"), counted apart from registrations. */
  demoSignups: z.number(),
  verified: z.number(),
  ftdCount: z.number(),
  depositCount: z.number(),
  withdrawalCount: z.number(),
  activeTraders: z.number(),
  positionsOpened: z.number(),
  ftdAmount: DecimalText,
  deposits: DecimalText,
  withdrawals: DecimalText,
  netDeposits: DecimalText,
  volume: DecimalText,
  realisedPnl: DecimalText,
  costs: DecimalText,
});
export type KpiFigures = z.infer<typeof KpiFigures>;

/** The figures of one UTC day. */
export const KpiDay = KpiFigures.extend({
  /** UTC day, YYYY-MM-DD. */
  day: z.string(),
});
export type KpiDay = z.infer<typeof KpiDay>;

/** The figures of one account currency (live accounts only), with the brands that have any, day by day and in total. */
export const KpiGroup = z.object({
  currency: z.string(),
  currencySymbol: z.string(),
  brands: z.array(z.object({ id: z.number(), slug: z.string(), name: z.string() })),
  days: z.array(KpiDay),
  totals: KpiFigures,
});
export type KpiGroup = z.infer<typeof KpiGroup>;

/** The KPI report (GET /api/backoffice/reports/kpis): one brand or every brand in scope, grouped by currency. */
export const KpiReport = z.object({
  /** UTC days, YYYY-MM-DD, both inclusive. */
  from: z.string(),
  until: z.string(),
  /** The one brand asked for; null for every brand in scope. */
  brandId: z.number().nullable(),
  groups: z.array(KpiGroup),
});
export type KpiReport = z.infer<typeof KpiReport>;

/** The retail-loss report of one brand (GET /api/backoffice/reports/retail-loss). */
export const RetailLossReport = z.object({
  brandId: z.number(),
  /** Whole percent; null when no retail account traded in the period. */
  percent: z.number().nullable(),
  /** Accounts whose net result over the period is below zero. */
  losing: z.number(),
  /** The sample size: retail accounts that traded in the period. */
  accounts: z.number(),
  /** The fewest accounts for a meaningful figure (RETAIL_LOSS_MIN_ACCOUNTS). */
  minimumAccounts: z.number(),
  /** Whether `accounts` reaches `minimumAccounts`; below it the figure is not yet meaningful. */
  meaningful: z.boolean(),
  /** The period, ISO instants. */
  from: z.string(),
  until: z.string(),
  computedAt: z.string(),
});
export type RetailLossReport = z.infer<typeof RetailLossReport>;
