import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { accountsApi } from '../../api/accounts.js';
import type { Popup } from '../../api/types.js';
import { useAuth } from '../session/useAuth.js';

/** `Popup.kind` of the client's own margin-call notice, which the server stores when it warns. */
export const MARGIN_CALL_POPUP_KIND = 'margin_call';

const NONE: readonly Popup[] = Object.freeze([]);

export interface Popups {
  /** The unread pop-ups, oldest first (the same array until they change). */
  unread: readonly Popup[];
  /** Asks the server again (a notice it stored while the page is open). */
  refetch: () => void;
  /** Marks these pop-ups read on the server and drops them here at once. */
  markRead: (ids: readonly Popup['id'][]) => void;
}

/**
 * spec §2/§4: the client's unread pop-up notices, asked once per session (what is closed stays closed on the
 * server) and again on `refetch`; shared by the pop-up modal and the terminal's margin-call notice.
 */
export function usePopups(): Popups {
  const queryClient = useQueryClient();
  const token = useAuth()?.access_token;
  const query = useQuery({
    queryKey: ['popups', token],
    queryFn: () => accountsApi.popups(token ?? ''),
    enabled: !!token,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  const { refetch } = query;
  const markRead = useCallback(
    (ids: readonly Popup['id'][]) => {
      if (!token || ids.length === 0) return;
      for (const id of ids)
        accountsApi
          .popupRead(token, id)
          .catch((error) => console.warn('Could not mark the notice as read', error));
      queryClient.setQueryData<Popup[]>(['popups', token], (list) =>
        list?.filter((p) => !ids.includes(p.id)),
      );
    },
    [queryClient, token],
  );
  return {
    unread: Array.isArray(query.data) ? query.data : NONE,
    refetch: useCallback(() => void refetch(), [refetch]),
    markRead,
  };
}

// Pop-up kinds a screen shows in a form of its own for now (the terminal's margin-call notice): the modal leaves
// them for later instead of covering the screen. One module-level set, as the modal and the terminal are far apart.
const held = new Set<string>();
const holdListeners = new Set<() => void>();
let holdVersion = 0;

/** Holds back (`on`) or releases the modal's pop-ups of `kind`. */
export function holdPopups(kind: string, on: boolean): void {
  if (held.has(kind) === on) return;
  if (on) held.add(kind);
  else held.delete(kind);
  holdVersion += 1;
  for (const listener of holdListeners) listener();
}

/** The pop-up kinds held back now; re-renders when that changes. */
export function useHeldPopupKinds(): ReadonlySet<string> {
  useSyncExternalStore(
    (listener) => {
      holdListeners.add(listener);
      return () => holdListeners.delete(listener);
    },
    () => holdVersion,
  );
  return held;
}
