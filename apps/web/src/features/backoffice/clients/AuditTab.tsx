import { ClientAuditRow, type ClientDetail } from '@openbroker/domain';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { staffRequest } from '../api.js';
import { BoPanel } from '../shell/BoPage.js';
import { BoTable } from '../shell/BoTable.js';
import { DateTime } from '../shell/cells.js';
import { ErrorBlock } from '../shell/states.js';
import { clientKeys } from './useClients.js';

const show = (value: unknown): string => {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
};

/** before → after, one line per changed field. */
function Change({ before, after }: { before: unknown; after: unknown }) {
  if (before === null && after === null) return <span className="text-body-secondary">—</span>;
  const isObject = (value: unknown): value is Record<string, unknown> =>
    !!value && typeof value === 'object' && !Array.isArray(value);
  if (isObject(before) || isObject(after)) {
    const from = isObject(before) ? before : {};
    const to = isObject(after) ? after : {};
    const keys = [...new Set([...Object.keys(from), ...Object.keys(to)])];
    return (
      <ul className="bo-diff-list">
        {keys.map((key) => (
          <li key={key}>
            <span className="bo-diff-key">{key}</span> <span className="bo-diff-old">{show(from[key])}</span>
            <i className="bi bi-arrow-right mx-1" aria-hidden="true" />
            <span className="bo-diff-new">{show(to[key])}</span>
          </li>
        ))}
      </ul>
    );
  }
  return (
    <span>
      <span className="bo-diff-old">{show(before)}</span>
      <i className="bi bi-arrow-right mx-1" aria-hidden="true" />
      <span className="bo-diff-new">{show(after)}</span>
    </span>
  );
}

/** The client's audit trail: the last 100 staff actions on them, newest first. */
export function AuditTab({ client }: { client: ClientDetail }) {
  const { t } = useTranslation();
  const audit = useQuery({
    queryKey: clientKeys.part(client.id, 'audit'),
    queryFn: ({ signal }) =>
      staffRequest(`/api/backoffice/clients/${client.id}/audit`, { schema: ClientAuditRow.array(), signal }),
  });
  if (audit.isError) return <ErrorBlock error={audit.error} onRetry={() => void audit.refetch()} />;
  return (
    <BoPanel flush>
      <BoTable
        testId="bo-client-audit"
        rows={audit.data}
        rowKey={(row) => row.id}
        empty={t('bo.audit.empty')}
        emptyIcon="bi-journal-text"
        columns={[
          { key: 'date', header: t('bo.audit.col.date'), cell: (row) => <DateTime value={row.createdAt} /> },
          {
            key: 'who',
            header: t('bo.audit.col.who'),
            cell: (row) => (
              <span>
                {row.staffName ?? row.actor}
                {row.role && <span className="bo-chip ms-1">{row.role}</span>}
              </span>
            ),
          },
          {
            key: 'action',
            header: t('bo.audit.col.action'),
            cell: (row) => <code className="bo-action">{row.action}</code>,
          },
          {
            key: 'change',
            header: t('bo.audit.col.change'),
            className: 'bo-cell-wrap',
            cell: (row) => <Change before={row.before} after={row.after} />,
          },
          {
            key: 'reason',
            header: t('bo.audit.col.reason'),
            className: 'bo-cell-wrap',
            cell: (row) => row.reason || <span className="text-body-secondary">—</span>,
          },
          {
            key: 'ip',
            header: t('bo.audit.col.ip'),
            cell: (row) => <span className="bo-mono">{row.ip ?? '—'}</span>,
          },
        ]}
      />
    </BoPanel>
  );
}
