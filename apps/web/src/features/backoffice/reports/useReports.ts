import { KpiReport, RetailLossReport } from '@openbroker/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { queryString, staffRequest } from '../api.js';

export interface KpiRange {
  brandId: number | undefined;
  /** UTC days, YYYY-MM-DD, both inclusive. */
  from: string;
  until: string;
}

export const kpiPath = (range: KpiRange, csv = false) =>
  `/api/backoffice/reports/kpis${csv ? '.csv' : ''}${queryString({ brandId: range.brandId, from: range.from, until: range.until })}`;

/** The KPI report of a range (one brand or every brand in scope, per currency). */
export function useKpis(range: KpiRange, enabled = true) {
  return useQuery({
    queryKey: ['bo', 'reports', 'kpis', range.brandId ?? 'all', range.from, range.until],
    queryFn: ({ signal }) => staffRequest(kpiPath(range), { schema: KpiReport, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: 5 * 60_000,
    enabled,
  });
}

/** A brand's retail-loss figure over the last 12 months. */
export function useRetailLoss(brandId: number | undefined) {
  return useQuery({
    queryKey: ['bo', 'reports', 'retail-loss', brandId],
    queryFn: ({ signal }) =>
      staffRequest(`/api/backoffice/reports/retail-loss${queryString({ brandId })}`, {
        schema: RetailLossReport,
        signal,
      }),
    enabled: brandId !== undefined,
    staleTime: 5 * 60_000,
  });
}

const DAY_MS = 86_400_000;

/** A UTC day as YYYY-MM-DD. */
export const dayOf = (at: Date) => at.toISOString().slice(0, 10);

/** The range presets of the reports screen. */
export const PRESETS = ['7d', '30d', '90d', '12m'] as const;
export type Preset = (typeof PRESETS)[number];

/** The days of a preset ending today (UTC): 7, 30, 90 days, or 12 months (365 days). */
export function presetRange(preset: Preset, now: Date): { from: string; until: string } {
  const days = { '7d': 7, '30d': 30, '90d': 90, '12m': 365 }[preset];
  const until = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  return { from: dayOf(new Date(until.getTime() - (days - 1) * DAY_MS)), until: dayOf(until) };
}

/** Today and this month so far (UTC), for the dashboard's tiles. */
export function monthRange(now: Date): { from: string; until: string } {
  return { from: dayOf(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1))), until: dayOf(now) };
}
