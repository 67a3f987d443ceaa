import { queryString } from '../api.js';

/** The filters of the audit screen, as kept in the address (a filtered view can be shared). */
export const AUDIT_FILTERS = ['staffId', 'client', 'action', 'from', 'to', 'brandId'] as const;
export type FilterName = (typeof AUDIT_FILTERS)[number];
export type Filters = Record<FilterName, string>;

/** No filter set: the whole trail. */
export const EMPTY: Filters = { staffId: '', client: '', action: '', from: '', to: '', brandId: '' };

/** A picked day (yyyy-mm-dd) as the instant its local day starts, or ends (inclusive `to`). */
function dayBound(day: string, end: boolean): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return undefined;
  const start = new Date(`${day}T00:00:00`);
  if (Number.isNaN(start.getTime())) return undefined;
  if (!end) return start.toISOString();
  const next = new Date(start);
  next.setDate(next.getDate() + 1);
  return new Date(next.getTime() - 1).toISOString();
}

/** The API query of the filters and page: only what is set; days as instants of the reader's day. */
export function auditQuery(filters: Filters, page?: number): string {
  return queryString({
    staffId: filters.staffId,
    client: filters.client.trim(),
    action: filters.action.trim(),
    from: dayBound(filters.from, false),
    to: dayBound(filters.to, true),
    brandId: filters.brandId,
    page,
  });
}
