import { type ClientAccount, ClientAccountList } from '@openbroker/domain';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { staffRequest } from '../api.js';
import { BoPanel } from '../shell/BoPage.js';
import { BoTable } from '../shell/BoTable.js';
import { Amount, DateTime, StatusBadge } from '../shell/cells.js';
import { ErrorBlock } from '../shell/states.js';
import { clientKeys } from './useClients.js';

/** The client's trading accounts (live first, then demo), as GET /api/backoffice/clients/:id/accounts answers. */
export function useClientAccounts(clientId: number) {
  return useQuery({
    queryKey: clientKeys.part(clientId, 'accounts'),
    queryFn: ({ signal }) =>
      staffRequest(`/api/backoffice/clients/${clientId}/accounts`, { schema: ClientAccountList, signal }),
  });
}

/**
 * The live account a money view works on (ledger, transactions, adjustments): staff pick one of the client's live
 * accounts, the first live one by default. Demo accounts are never offered: their money is virtual.
 */
export function useLiveAccountChoice(clientId: number) {
  const accounts = useClientAccounts(clientId);
  const live = accounts.data?.filter((a) => a.kind === 'live') ?? [];
  const [chosen, setChosen] = useState<number | null>(null);
  const selected = live.find((a) => a.id === chosen) ?? live[0];
  return { accounts, live, selected, choose: setChosen };
}

/** The live-account picker of a money view: number and currency of each live account. */
export function LiveAccountPicker({
  live,
  selected,
  onChoose,
}: {
  live: readonly ClientAccount[];
  selected: ClientAccount | undefined;
  onChoose: (accountId: number) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  if (live.length === 0) return null;
  return (
    <Form.Group controlId={id} className="bo-account-pick">
      <Form.Label className="small mb-0">{t('bo.accounts.pick')}</Form.Label>
      <Form.Select
        size="sm"
        value={selected?.id ?? ''}
        onChange={(event) => onChoose(Number(event.target.value))}
        data-testid="bo-account-pick"
      >
        {live.map((a) => (
          <option key={a.id} value={a.id}>
            {a.number} · {a.currency}
          </option>
        ))}
      </Form.Select>
    </Form.Group>
  );
}

/** A DEMO badge: the account holds virtual money, left out of every money report. */
export function DemoBadge() {
  const { t } = useTranslation();
  return (
    <StatusBadge tone="warning" icon="bi-controller">
      {t('bo.accounts.demo')}
    </StatusBadge>
  );
}

/**
 * The client page's accounts: each trading account's number, kind (demo accounts marked DEMO), currency, booked
 * balance, the engine's equity and margin, and when it was opened.
 */
export function AccountsSection({ clientId }: { clientId: number }) {
  const { t } = useTranslation();
  const accounts = useClientAccounts(clientId);
  return (
    <BoPanel
      title={t('bo.accounts.title')}
      className="bo-accounts"
      actions={
        accounts.data && (
          <span className="bo-panel-figure">{t('bo.accounts.count', { count: accounts.data.length })}</span>
        )
      }
      flush
    >
      {accounts.isError ? (
        <div className="p-3">
          <ErrorBlock error={accounts.error} onRetry={() => void accounts.refetch()} />
        </div>
      ) : (
        <BoTable<ClientAccount>
          testId="bo-client-accounts"
          rows={accounts.data}
          rowKey={(row) => row.id}
          empty={t('bo.accounts.empty')}
          emptyIcon="bi-wallet"
          columns={[
            {
              key: 'number',
              header: t('bo.accounts.col.number'),
              cell: (row) => <span className="bo-mono">{row.number}</span>,
            },
            {
              key: 'kind',
              header: t('bo.accounts.col.kind'),
              cell: (row) =>
                row.kind === 'demo' ? (
                  <DemoBadge />
                ) : (
                  <StatusBadge tone="success" icon="bi-cash-coin">
                    {t('bo.accounts.live')}
                  </StatusBadge>
                ),
            },
            {
              key: 'currency',
              header: t('bo.accounts.col.currency'),
              cell: (row) => <span className="bo-chip">{row.currency}</span>,
            },
            {
              key: 'balance',
              header: t('bo.accounts.col.balance'),
              align: 'end',
              cell: (row) => <Amount value={row.balance} currency={row.currency} />,
            },
            {
              key: 'equity',
              header: t('bo.accounts.col.equity'),
              align: 'end',
              cell: (row) => <Amount value={row.equity} currency={row.currency} />,
            },
            {
              key: 'margin',
              header: t('bo.accounts.col.margin'),
              align: 'end',
              cell: (row) => <Amount value={row.margin} currency={row.currency} />,
            },
            {
              key: 'positions',
              header: t('bo.accounts.col.positions'),
              align: 'end',
              cell: (row) => <span className="bo-num">{row.openPositions}</span>,
            },
            {
              key: 'created',
              header: t('bo.accounts.col.created'),
              cell: (row) => <DateTime value={row.createdAt} dateOnly />,
            },
          ]}
        />
      )}
    </BoPanel>
  );
}
