import {
  BackofficeReference,
  CLIENT_SORTS,
  ClientDetail,
  ClientRowPage,
  type ClientSort,
} from '@openbroker/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { queryString, staffRequest } from '../api.js';
import type { ClientFilters } from './types.js';

const FILTER_KEYS = [
  'q',
  'brandId',
  'verified',
  'documentsWaiting',
  'countryId',
  'registeredFrom',
  'registeredTo',
  'hasDeposited',
] as const;

const isSort = (value: string | null): value is ClientSort =>
  value !== null && (CLIENT_SORTS as readonly string[]).includes(value);

const oneOf = <T extends string>(value: string | null, allowed: readonly T[]): T | '' =>
  value !== null && (allowed as readonly string[]).includes(value) ? (value as T) : '';

/** Reads the list's filters from the address bar (unknown values are dropped). */
export function filtersFromSearch(search: URLSearchParams): ClientFilters {
  const page = Number(search.get('page'));
  const sort = search.get('sort');
  return {
    q: search.get('q') ?? '',
    brandId: /^\d+$/.test(search.get('brandId') ?? '') ? (search.get('brandId') as string) : '',
    verified: oneOf(search.get('verified'), ['true', 'false'] as const),
    documentsWaiting: oneOf(search.get('documentsWaiting'), ['true'] as const),
    countryId: /^\d+$/.test(search.get('countryId') ?? '') ? (search.get('countryId') as string) : '',
    registeredFrom: search.get('registeredFrom') ?? '',
    registeredTo: search.get('registeredTo') ?? '',
    hasDeposited: oneOf(search.get('hasDeposited'), ['true', 'false'] as const),
    sort: isSort(sort) ? sort : 'createdAt',
    order: search.get('order') === 'asc' ? 'asc' : 'desc',
    page: Number.isSafeInteger(page) && page > 0 ? page : 1,
  };
}

/** The query string of the list call (and of the CSV export, which has no page). */
export function clientListQuery(filters: ClientFilters, withPage = true): string {
  const params: Record<string, string | number | undefined> = {};
  for (const key of FILTER_KEYS) params[key] = filters[key].trim() || undefined;
  params.sort = filters.sort;
  params.order = filters.order;
  if (withPage) params.page = filters.page;
  return queryString(params);
}

export const clientKeys = {
  list: (query: string) => ['bo', 'clients', 'list', query] as const,
  detail: (id: number) => ['bo', 'client', id] as const,
  part: (id: number, part: string, ...rest: unknown[]) => ['bo', 'client', id, part, ...rest] as const,
};

export function useClientList(filters: ClientFilters) {
  const query = clientListQuery(filters);
  return useQuery({
    queryKey: clientKeys.list(query),
    queryFn: ({ signal }) =>
      staffRequest(`/api/backoffice/clients${query}`, { schema: ClientRowPage, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useClient(id: number) {
  return useQuery({
    queryKey: clientKeys.detail(id),
    queryFn: ({ signal }) => staffRequest(`/api/backoffice/clients/${id}`, { schema: ClientDetail, signal }),
    retry: (count, error) => count < 1 && !(error as { httpStatus?: number }).httpStatus,
  });
}

/** Asset categories, countries and levels (GET /api/backoffice/reference), cached for the session. */
export function useReference() {
  return useQuery({
    queryKey: ['bo', 'reference'],
    queryFn: ({ signal }) =>
      staffRequest('/api/backoffice/reference', { schema: BackofficeReference, signal }),
    staleTime: 10 * 60_000,
  });
}
