import {
  normalizeTransactionRouteType,
  TRANSACTION_ROUTE_TYPES,
  type TransactionRouteType,
} from '@openbroker/domain';
import { Card, Nav } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { NavLink, useParams } from 'react-router';
import type { TranslationKey } from '../../app/i18n/resources.js';
import { type Column, DataTable } from '../../ui/DataTable.js';
import { PageHeader } from '../../ui/PageHeader.js';

/** One row of the transactions table (spec §3 Transaction). */
export interface TransactionRow {
  amount: number | string;
  transaction_type?: { name: string } | null;
  transaction_status?: { name: string } | null;
  transaction_id?: string | null;
  created_at?: string | null;
}

const TAB_LABELS: Record<TransactionRouteType, TranslationKey> = {
  deposits: 'transactions.tab.deposits',
  withdrawals: 'transactions.tab.withdrawals',
  bonuses: 'transactions.tab.bonuses',
  credits: 'transactions.tab.credits',
};

/**
 * spec §2 /transactions/{type}: four tabs and the table (number, amount, type, status, transaction id,
 * time). The transactions call arrives with the payments work; until then every tab lists nothing.
 */
export function TransactionsPage() {
  const { t } = useTranslation();
  const type = normalizeTransactionRouteType(useParams().type);
  const rows: TransactionRow[] = [];

  const columns: Column<TransactionRow>[] = [
    { key: 'number', header: t('transactions.col.number'), cell: (_row, index) => index + 1 },
    { key: 'amount', header: t('transactions.col.amount'), cell: (row) => row.amount, align: 'end' },
    { key: 'type', header: t('transactions.col.type'), cell: (row) => row.transaction_type?.name ?? '—' },
    {
      key: 'status',
      header: t('transactions.col.status'),
      cell: (row) => row.transaction_status?.name ?? '—',
    },
    { key: 'id', header: t('transactions.col.transactionId'), cell: (row) => row.transaction_id ?? '—' },
    { key: 'time', header: t('transactions.col.time'), cell: (row) => row.created_at ?? '—' },
  ];

  return (
    <div className="container-xl ob-section" data-testid="transactions-screen">
      <PageHeader title={t('transactions.title')} />
      <Card className="ob-card">
        <Card.Header className="ob-card-header ob-tabs-header">
          <Nav variant="underline" className="ob-tabs">
            {TRANSACTION_ROUTE_TYPES.map((tab) => (
              <Nav.Item key={tab}>
                <Nav.Link as={NavLink} to={`/transactions/${tab}`}>
                  {t(TAB_LABELS[tab])}
                </Nav.Link>
              </Nav.Item>
            ))}
          </Nav>
        </Card.Header>
        <DataTable
          caption={t(TAB_LABELS[type])}
          columns={columns}
          rows={rows}
          rowKey={(row, index) => row.transaction_id ?? String(index)}
          empty={t('list.empty')}
          testId={`transactions-${type}`}
        />
      </Card>
    </div>
  );
}
