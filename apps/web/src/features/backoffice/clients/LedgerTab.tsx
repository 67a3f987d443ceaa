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
import { LiveAccountPicker, useLiveAccountChoice } from './AccountsSection.js';
import { clientKeys } from './useClients.js';

/**
 * One live account's balance, the money adjustments form (finance) and its ledger entries, 50 a page. Staff pick
 * the account (the client's first live one by default); demo accounts are not offered.
 */
export function LedgerTab({ client }: { client: ClientDetail }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const { accounts, live, selected, choose } = useLiveAccountChoice(client.id);
  const accountId = selected?.id;
  const currency = selected?.currency ?? client.currency;
  const balance = selected?.balance ?? client.balance;
  const ledger = useQuery({
    queryKey: clientKeys.part(client.id, 'ledger', accountId ?? null, page),
    queryFn: ({ signal }) =>
      staffRequest(
        `/api/backoffice/clients/${client.id}/ledger?page=${page}${accountId ? `&accountId=${accountId}` : ''}`,
        { schema: ClientLedgerPage, signal },
      ),
    // wait for the accounts: the ledger shown is the chosen account's
    enabled: accounts.isSuccess || accounts.isError,
    placeholderData: keepPreviousData,
  });
  return (
    <div className="bo-stack">
      <LiveAccountPicker
        live={live}
        selected={selected}
        onChoose={(id) => {
          choose(id);
          setPage(1);
        }}
      />
      {(live.length > 0 || accounts.isError) && (
        <ClientMoneyPanel
          key={accountId ?? 'default'}
          clientId={client.id}
          {...(accountId === undefined ? {} : { accountId })}
          currency={currency}
          balance={balance}
        />
      )}
      <BoPanel
        title={t('bo.ledger.entries')}
        actions={
          <span className="bo-panel-figure">
            {t('bo.ledger.balance')} <Amount value={balance} currency={currency} />
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
                  cell: (row) => <Amount value={row.amount} currency={currency} signed />,
                },
                {
                  key: 'after',
                  header: t('bo.ledger.col.balanceAfter'),
                  align: 'end',
                  cell: (row) => <Amount value={row.balanceAfter} currency={currency} />,
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
