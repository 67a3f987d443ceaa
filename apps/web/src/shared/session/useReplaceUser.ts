import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { AuthData, User } from '../../api/types.js';
import { authStore } from './authStore.js';

/**
 * Replaces the stored user with the one a call answered (spec §7: the update's data replaces the user).
 * Cached session checks get it too, so returning to a screen does not bring the old user back.
 */
export function useReplaceUser(): (user: User) => void {
  const queryClient = useQueryClient();
  return useCallback(
    (user: User) => {
      const current = authStore.get();
      if (!current) return;
      authStore.set({ ...current, user });
      queryClient.setQueriesData<AuthData>({ queryKey: ['session'] }, (old) =>
        old ? { ...old, user } : old,
      );
    },
    [queryClient],
  );
}
