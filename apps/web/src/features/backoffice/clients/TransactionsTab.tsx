import { type ClientDetail, StaffTransaction } from '@openbroker/domain';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { staffRequest } from '../api.js';
import { BoPanel } from '../shell/BoPage.js';
import { BoTable } from '../shell/BoTable.js';
import { Amount, DateTime, StatusBadge, type Tone } from '../shell/cells.js';
import { ErrorBlock } from '../shell/states.js';
import { LiveAccountPicker, useLiveAccountChoice } from './AccountsSection.js';
import { clientKeys } from './useClients.js';

/** Status tone by the spec's status names (Pending, Approved, Rejected, ...). */
const toneOf = (status: string): Tone => {
  const name = status.toLowerCase();
  if (/approv|complet|success|confirm/.test(name)) return 'success';
  if (/reject|declin|fail|cancel/.test(name)) return 'danger';
  if (/pend|wait|process/.test(name)) return 'warning';
  return 'neutral';
};

/** One live account's deposits, withdrawals, bonuses, credits and corrections (the first live one by default). */
export function TransactionsTab({ client }: { client: ClientDetail }) {
  const { accounts, live, selected, choose } = useLiveAccountChoice(client.id);
  const accountId = selected?.id;
  const list = useQuery({
    queryKey: clientKeys.part(client.id, 'transactions', accountId ?? null),
    queryFn: ({ signal }) =>
      staffRequest(
        `/api/backoffice/clients/${client.id}/transactions${accountId ? `?accountId=${accountId}` : ''}`,
        { schema: StaffTransaction.array(), signal },
      ),
    enabled: accounts.isSuccess || accounts.isError,
  });
  if (list.isError) return <ErrorBlock error={list.error} onRetry={() => void list.refetch()} />;
  return (
    <div className="bo-stack">
      <LiveAccountPicker live={live} selected={selected} onChoose={choose} />
      <TransactionsTable list={list.data} />
    </div>
  );
}

function TransactionsTable({ list }: { list: StaffTransaction[] | undefined }) {
  const { t } = useTranslation();
  return (
    <BoPanel flush>
      <BoTable
        testId="bo-transactions"
        rows={list}
        rowKey={(row) => row.id}
        empty={t('bo.tx.empty')}
        emptyIcon="bi-arrow-left-right"
        columns={[
          { key: 'date', header: t('bo.tx.col.date'), cell: (row) => <DateTime value={row.createdAt} /> },
          {
            key: 'reference',
            header: t('bo.tx.col.reference'),
            cell: (row) => <span className="bo-mono">{row.reference}</span>,
          },
          { key: 'type', header: t('bo.tx.col.type'), cell: (row) => row.typeName },
          { key: 'method', header: t('bo.tx.col.method'), cell: (row) => row.provider || '—' },
          {
            key: 'amount',
            header: t('bo.tx.col.amount'),
            align: 'end',
            cell: (row) => <Amount value={row.amount} currency={row.currency} />,
          },
          {
            key: 'status',
            header: t('bo.tx.col.status'),
            cell: (row) => <StatusBadge tone={toneOf(row.statusName)}>{row.statusName}</StatusBadge>,
          },
          {
            key: 'note',
            header: t('bo.tx.col.note'),
            className: 'bo-cell-wrap',
            cell: (row) => <span className="text-body-secondary">{row.note || row.comments || '—'}</span>,
          },
        ]}
      />
    </BoPanel>
  );
}
