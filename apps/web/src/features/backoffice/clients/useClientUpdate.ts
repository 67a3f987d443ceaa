import { ClientDetail } from '@openbroker/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TranslationKey } from '../../../lib/i18n/keys.js';
import { useToast } from '../../../ui/ToastProvider.js';
import { staffRequest } from '../api.js';
import { clientKeys } from './useClients.js';

/** Saves a change of a client's verification or trading settings, then toasts and refreshes the client. */
export function useClientUpdate(
  client: ClientDetail,
  path: 'verification' | 'trading',
  done: TranslationKey,
) {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: (body: Record<string, unknown>) =>
      staffRequest(`/api/backoffice/clients/${client.id}/${path}`, {
        schema: ClientDetail,
        method: 'POST',
        body,
      }),
    onSuccess: (saved) => {
      queryClient.setQueryData(clientKeys.detail(client.id), saved);
      void queryClient.invalidateQueries({ queryKey: clientKeys.part(client.id, 'audit') });
      void queryClient.invalidateQueries({ queryKey: ['bo', 'clients'] });
      toast('success', { key: done });
    },
  });
}
