import type { Watchlist, WatchlistSet } from '@openbroker/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { isApiError } from '../../../api/ApiError.js';
import { useAuth } from '../../../shared/session/useAuth.js';
import type { TextMessage } from '../../../ui/forms.js';
import { useToast } from '../../../ui/ToastProvider.js';
import { applyChange, type WatchlistChange, watchlistsApi } from './watchlistsApi.js';

export interface Watchlists {
  /** The client's lists, the favourites first; undefined until loaded (or without a session). */
  lists: Watchlist[] | undefined;
  /** The favourites list, once loaded. */
  favourites: Watchlist | undefined;
  /** Whether a symbol carries the star. */
  isFavourite: (symbol: string) => boolean;
  /** Saves a change: shown at once, undone with a message when the server refuses it. */
  change: (change: WatchlistChange) => void;
}

/** Why a change was undone: the server's own reason (a limit, an unknown symbol), else that saving failed. */
function refusalOf(error: unknown): TextMessage {
  if (isApiError(error) && error.key?.startsWith('watchlists.')) return { key: error.key };
  return { key: 'watch.saveFailed' };
}

/**
 * The client's watchlists and favourites, kept on the server. Every change shows at once (optimistic) and is
 * replaced by the lists the server answers; a refused or failed change is rolled back and a toast says why.
 */
export function useWatchlists(): Watchlists {
  const token = useAuth()?.access_token ?? '';
  const queryClient = useQueryClient();
  const toast = useToast();
  const key = useMemo(() => ['watchlists', token] as const, [token]);
  const query = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => watchlistsApi.lists(token, signal),
    enabled: !!token,
    staleTime: 5 * 60_000,
  });
  const mutation = useMutation({
    mutationFn: (change: WatchlistChange) => watchlistsApi.change(token, change),
    onMutate: async (change) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<WatchlistSet>(key);
      if (before) queryClient.setQueryData<WatchlistSet>(key, { lists: applyChange(before.lists, change) });
      return { before };
    },
    onError: (error, _change, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before);
      toast('danger', refusalOf(error));
      void queryClient.invalidateQueries({ queryKey: key });
    },
    onSuccess: (answer) => queryClient.setQueryData(key, answer),
  });
  const lists = query.data?.lists;
  const favourites = lists?.find((l) => l.favourites);
  const starred = useMemo(() => new Set(favourites?.symbols ?? []), [favourites]);
  const isFavourite = useCallback((symbol: string) => starred.has(symbol), [starred]);
  const { mutate } = mutation;
  const change = useCallback((next: WatchlistChange) => mutate(next), [mutate]);
  return { lists, favourites, isFavourite, change };
}
