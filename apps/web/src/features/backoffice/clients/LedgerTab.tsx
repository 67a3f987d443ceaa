import { BACKOFFICE_PAGE_SIZE, type ClientDetail, ClientLedgerPage } from '@openbroker/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { staffRequest } from '../api.js';
import { ClientMoneyPanel } from '../money/index.js';
import { BoPanel } from '../shell/BoPage.js';
import { BoTable } from '../shell/BoTable.js';
import { Amount, DateTime } from '../shell/cells.js';
import { Pager } from '../shell/Pager.js';
import { ErrorBlock } from '../shell/states.js';
import { clientKeys } from './useClients.js';

/** Balance, the money adjustments form (finance) and the ledger entries, 50 a page. */
export function LedgerTab({ client }: { client: ClientDetail }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const ledger = useQuery({
    queryKey: clientKeys.part(client.id, 'ledger', page),
    queryFn: ({ signal }) =>
      staffRequest(`/api/backoffice/clients/${client.id}/ledger?page=${page}`, {
        schema: ClientLedgerPage,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
  return (
    <div className="bo-stack">
      <ClientMoneyPanel clientId={client.id} currency={client.currency} balance={client.balance} />
      <BoPanel
        title={t('bo.ledger.entries')}
        actions={
          <span className="bo-panel-figure">
            {t('bo.ledger.balance')} <Amount value={client.balance} currency={client.currency} />
          </span>
        }
        flush
      >
        {ledger.isError ? (
          <div className="p-3">
            <ErrorBlock error={ledger.error} onRetry={() => void ledger.refetch()} />
          </div>
        ) : (
          <>
            <BoTable
              testId="bo-ledger"
              rows={ledger.data?.items}
              rowKey={(row) => row.id}
              empty={t('bo.ledger.empty')}
              emptyIcon="bi-journal"
              columns={[
                {
                  key: 'date',
                  header: t('bo.ledger.col.date'),
                  cell: (row) => <DateTime value={row.createdAt} />,
                },
                {
                  key: 'kind',
                  header: t('bo.ledger.col.kind'),
                  cell: (row) => <span className="bo-chip">{row.kind}</span>,
                },
                {
                  key: 'reference',
                  header: t('bo.ledger.col.reference'),
                  cell: (row) => (
                    <span className="bo-mono">
                      {row.reference ?? (row.positionId ? `#${row.positionId}` : '—')}
                    </span>
                  ),
                },
                {
                  key: 'amount',
                  header: t('bo.ledger.col.amount'),
                  align: 'end',
                  cell: (row) => <Amount value={row.amount} currency={client.currency} signed />,
                },
                {
                  key: 'after',
                  header: t('bo.ledger.col.balanceAfter'),
                  align: 'end',
                  cell: (row) => <Amount value={row.balanceAfter} currency={client.currency} />,
                },
              ]}
            />
            {ledger.data && ledger.data.total > (ledger.data.pageSize || BACKOFFICE_PAGE_SIZE) && (
              <Pager
                page={ledger.data.page}
                pageSize={ledger.data.pageSize || BACKOFFICE_PAGE_SIZE}
                total={ledger.data.total}
                onPage={setPage}
              />
            )}
          </>
        )}
      </BoPanel>
    </div>
  );
}
