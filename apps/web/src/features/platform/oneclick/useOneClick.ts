import type { OneClickSizeInput, OneClickSwitchInput, TradingSettings } from '@openbroker/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { isApiError } from '../../../api/ApiError.js';
import { useAuth } from '../../../shared/session/useAuth.js';
import type { TextMessage } from '../../../ui/forms.js';
import { useToast } from '../../../ui/ToastProvider.js';
import { oneClickApi } from './oneClickApi.js';

/** Why a change was not saved: the server's own reason (no acknowledgement, a bad size), else that saving failed. */
export function oneClickRefusal(error: unknown): TextMessage {
  if (isApiError(error)) {
    const field = error.errors.find((e) => typeof e.key === 'string' && e.key.startsWith('oneClick.'));
    if (field?.key?.startsWith('oneClick.')) return { key: field.key as TextMessage['key'] };
    if (error.key?.startsWith('oneClick.')) return { key: error.key };
  }
  return { key: 'oc.saveFailed' };
}

/**
 * The client's trading settings, kept on the server (they follow the client to every device): one-click trading on
 * or off, when it was acknowledged, and the default sizes. A change is saved first and shown from the server's answer.
 */
export function useOneClickSettings() {
  const token = useAuth()?.access_token ?? '';
  const queryClient = useQueryClient();
  const toast = useToast();
  const key = useMemo(() => ['trading-settings', token] as const, [token]);
  const query = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => oneClickApi.settings(token, signal),
    enabled: !!token,
    staleTime: 60_000,
  });
  const onSuccess = (answer: TradingSettings) => queryClient.setQueryData(key, answer);
  const onError = (error: unknown) => toast('danger', oneClickRefusal(error));
  const switching = useMutation({
    mutationFn: (body: OneClickSwitchInput) => oneClickApi.switch(token, body),
    onSuccess,
    onError,
  });
  const sizing = useMutation({
    mutationFn: (body: OneClickSizeInput) => oneClickApi.size(token, body),
    onSuccess,
    onError,
  });
  return {
    settings: query.data,
    on: query.data?.oneClick === true,
    /** On, with the ticked acknowledgement; resolves whether it was saved. */
    switchOn: () =>
      switching.mutateAsync({ on: true, acknowledged: true }).then(
        () => true,
        () => false,
      ),
    switchOff: () =>
      switching.mutateAsync({ on: false }).then(
        () => true,
        () => false,
      ),
    saveSize: (size: OneClickSizeInput) =>
      sizing.mutateAsync(size).then(
        () => true,
        () => false,
      ),
    saving: switching.isPending || sizing.isPending,
  };
}
