/** The reports API (GET /api/backoffice/reports/kpis, …/retail-loss; docs/reports.md). */
export interface KpiFigures {
  registrations: number;
  verified: number;
  ftdCount: number;
  depositCount: number;
  withdrawalCount: number;
  activeTraders: number;
  positionsOpened: number;
  /** Decimal strings in the group's currency. */
  ftdAmount: string;
  deposits: string;
  withdrawals: string;
  netDeposits: string;
  volume: string;
  realisedPnl: string;
  costs: string;
}

export interface KpiDay extends KpiFigures {
  /** UTC day, YYYY-MM-DD. */
  day: string;
}

export interface KpiGroup {
  currency: string;
  currencySymbol: string;
  brands: { id: number; slug: string; name: string }[];
  days: KpiDay[];
  totals: KpiFigures;
}

export interface KpiReport {
  from: string;
  until: string;
  brandId: number | null;
  groups: KpiGroup[];
}

export interface RetailLoss {
  brandId: number;
  percent: number | null;
  losing: number;
  accounts: number;
  from: string;
  until: string;
  computedAt: string;
}
