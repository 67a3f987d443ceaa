import type { PriceAlertCreateInput, PriceAlertDto, PriceAlertList } from '@openbroker/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { useAuth } from '../../../shared/session/useAuth.js';
import { useNotices } from '../trading/useTrading.js';
import { alertsApi } from './alertsApi.js';

export interface Alerts {
  /** The client's alerts, newest first; undefined until loaded. */
  alerts: PriceAlertDto[] | undefined;
  maxActive: number;
  isError: boolean;
  retry: () => void;
  /** Sets an alert (or sets `id` anew); rejects with the server's ApiError, the list is replaced on success. */
  save: (input: PriceAlertCreateInput, id?: number) => Promise<void>;
  remove: (id: number) => Promise<void>;
}

/**
 * The client's price alerts, as the server keeps them. Every change answers the whole list, which replaces the
 * copy here; a fired alert's notice (over the trading socket) reloads it.
 */
export function useAlerts(): Alerts {
  const token = useAuth()?.access_token ?? '';
  const queryClient = useQueryClient();
  const key = useMemo(() => ['price-alerts', token] as const, [token]);
  const query = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => alertsApi.list(token, signal),
    enabled: !!token,
    staleTime: 60_000,
  });
  const { list } = useNotices();
  const firedCount = list.filter((n) => n.kind === 'priceAlert').length;
  useEffect(() => {
    if (firedCount > 0) void queryClient.invalidateQueries({ queryKey: key });
  }, [firedCount, key, queryClient]);
  const put = (answer: PriceAlertList) => queryClient.setQueryData(key, answer);
  return {
    alerts: query.data?.alerts,
    maxActive: query.data?.max_active ?? 200,
    isError: query.isError,
    retry: () => void query.refetch(),
    save: async (input, id) => {
      put(id === undefined ? await alertsApi.create(token, input) : await alertsApi.update(token, id, input));
    },
    remove: async (id) => {
      put(await alertsApi.remove(token, id));
    },
  };
}
