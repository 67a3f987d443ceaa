import { type ClientDetail, ClientSession, ClientSessionsRevoked } from '@openbroker/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../ui/ToastProvider.js';
import { staffRequest } from '../api.js';
import { BoPanel } from '../shell/BoPage.js';
import { BoTable } from '../shell/BoTable.js';
import { ConfirmDialog } from '../shell/ConfirmDialog.js';
import { DateTime } from '../shell/cells.js';
import { useStaffSession } from '../shell/session.js';
import { ErrorBlock, useErrorText } from '../shell/states.js';
import { clientKeys } from './useClients.js';

/** The client's active sessions, and "sign out everywhere" (clients.edit). */
export function SessionsTab({ client }: { client: ClientDetail }) {
  const { t } = useTranslation();
  const { can } = useStaffSession();
  const toast = useToast();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const sessions = useQuery({
    queryKey: clientKeys.part(client.id, 'sessions'),
    queryFn: ({ signal }) =>
      staffRequest(`/api/backoffice/clients/${client.id}/sessions`, {
        schema: ClientSession.array(),
        signal,
      }),
  });
  const revoke = useMutation({
    mutationFn: () =>
      staffRequest(`/api/backoffice/clients/${client.id}/sessions/revoke`, {
        schema: ClientSessionsRevoked,
        method: 'POST',
        body: {},
      }),
    onSuccess: ({ revoked }) => {
      setConfirming(false);
      // Plural forms are picked by count; the typed key is the base one.
      toast('success', { key: 'bo.sessions.revoked', params: { count: revoked } } as never);
      void queryClient.invalidateQueries({ queryKey: clientKeys.part(client.id, 'sessions') });
      void queryClient.invalidateQueries({ queryKey: clientKeys.part(client.id, 'audit') });
    },
  });
  if (sessions.isError) return <ErrorBlock error={sessions.error} onRetry={() => void sessions.refetch()} />;
  return (
    <BoPanel
      flush
      actions={
        can('clients.edit') && (
          <Button
            size="sm"
            variant="outline-danger"
            disabled={!sessions.data?.length}
            onClick={() => setConfirming(true)}
            data-testid="bo-sessions-revoke"
          >
            <i className="bi bi-power me-1" aria-hidden="true" />
            {t('bo.sessions.revokeAll')}
          </Button>
        )
      }
    >
      <BoTable
        testId="bo-sessions"
        rows={sessions.data}
        rowKey={(row) => row.id}
        empty={t('bo.sessions.empty')}
        emptyIcon="bi-laptop"
        columns={[
          {
            key: 'device',
            header: t('bo.sessions.col.device'),
            className: 'bo-cell-wrap',
            cell: (row) => <span className="bo-ua">{deviceOf(row.info)}</span>,
          },
          {
            key: 'ip',
            header: t('bo.sessions.col.ip'),
            cell: (row) => <span className="bo-mono">{row.ip ?? '—'}</span>,
          },
          {
            key: 'created',
            header: t('bo.sessions.col.created'),
            cell: (row) => <DateTime value={row.createdAt} />,
          },
          {
            key: 'seen',
            header: t('bo.sessions.col.lastSeen'),
            cell: (row) => <DateTime value={row.lastSeenAt} />,
          },
          {
            key: 'expires',
            header: t('bo.sessions.col.expires'),
            cell: (row) => <DateTime value={row.expiresAt} />,
          },
        ]}
      />
      <ConfirmDialog
        show={confirming}
        title={t('bo.sessions.revokeTitle')}
        body={t('bo.sessions.revokeBody')}
        confirmLabel={t('bo.sessions.revokeAll')}
        variant="danger"
        pending={revoke.isPending}
        error={revoke.isError ? errorText(revoke.error) : null}
        onConfirm={() => revoke.mutate()}
        onCancel={() => {
          setConfirming(false);
          revoke.reset();
        }}
      />
    </BoPanel>
  );
}

/**
 * What the client's device said at sign-in (spec §7 `info`): a user agent, or the JSON object some
 * clients send; an empty one shows as a dash.
 */
export function deviceOf(info: string | null): string {
  const text = (info ?? '').trim();
  if (text.startsWith('{')) {
    try {
      const values = Object.values(JSON.parse(text) as Record<string, unknown>)
        .filter((v) => typeof v === 'string' && v.trim() !== '')
        .join(' · ');
      return values || '—';
    } catch {
      return text;
    }
  }
  return text || '—';
}
