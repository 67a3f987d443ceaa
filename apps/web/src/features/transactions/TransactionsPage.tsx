import {
  normalizeTransactionRouteType,
  TRANSACTION_ROUTE_TYPES,
  type TransactionRouteType,
} from '@openbroker/domain';
import { Button, Card, Nav, Placeholder, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useParams } from 'react-router';
import { formatDate } from '../../lib/dates.js';
import type { TranslationKey } from '../../lib/i18n/keys.js';
import { useDocumentTitle } from '../../lib/useDocumentTitle.js';
import { DownloadCsvButton } from '../../shared/exports/DownloadCsvButton.js';
import { useMoney } from '../../shared/market/numbers.js';
import { CancelWithdrawal, isCancellableWithdrawal } from '../../shared/transactions/CancelWithdrawal.js';
import { isExpiredDeposit, StatusBadge } from '../../shared/transactions/StatusBadge.js';
import {
  signedAmount,
  transactionsForTab,
  useTransactions,
} from '../../shared/transactions/useTransactions.js';
import { useTypeName } from '../../shared/transactions/useTypeName.js';
import { EmptyState } from '../../ui/EmptyState.js';
import { FormAlert } from '../../ui/forms.js';
import { PageHeader } from '../../ui/PageHeader.js';
import { TradingCosts } from './TradingCosts.js';
import './transactions.css';

const TAB_LABELS: Record<TransactionRouteType, TranslationKey> = {
  deposits: 'transactions.tab.deposits',
  withdrawals: 'transactions.tab.withdrawals',
  bonuses: 'transactions.tab.bonuses',
  credits: 'transactions.tab.credits',
  corrections: 'transactions.tab.corrections',
};

const TAB_ICONS: Record<TransactionRouteType, string> = {
  deposits: 'bi-box-arrow-in-down',
  withdrawals: 'bi-box-arrow-up',
  bonuses: 'bi-gift',
  credits: 'bi-plus-circle',
  corrections: 'bi-sliders',
};

/**
 * spec §2 /transactions/{type}: tabs deposits, withdrawals, bonuses and credits, each listing the client's
 * transactions of its spec §9 type ids with number, amount, type, status, transaction id and time; below
 * them the trading costs (commissions and swaps, each with its position). A pending withdrawal
 * can be cancelled from its status.
 */
export function TransactionsPage() {
  const { t, i18n } = useTranslation();
  const type = normalizeTransactionRouteType(useParams().type);
  useDocumentTitle(`${t(TAB_LABELS[type])} · ${t('transactions.title')}`);
  const money = useMoney();
  const typeName = useTypeName();
  const query = useTransactions();
  const all = query.data ?? [];
  const rows = transactionsForTab(all, type);

  const columns: { key: string; header: string; end?: boolean }[] = [
    { key: 'number', header: t('transactions.col.number') },
    { key: 'amount', header: t('transactions.col.amount'), end: true },
    { key: 'type', header: t('transactions.col.type') },
    { key: 'status', header: t('transactions.col.status') },
    { key: 'id', header: t('transactions.col.transactionId') },
    { key: 'time', header: t('transactions.col.time') },
  ];

  return (
    <div className="container-xl ob-section" data-testid="transactions-screen">
      <PageHeader
        title={t('transactions.title')}
        lead={t('transactions.lead')}
        actions={
          <div className="d-flex flex-wrap gap-2">
            <Link to="/payment/deposit" className="btn btn-primary" data-testid="transactions-deposit">
              <i className="bi bi-plus-lg me-1" aria-hidden="true" />
              {t('payments.action.deposit')}
            </Link>
            <Link
              to="/payment/withdraw"
              className="btn btn-outline-secondary"
              data-testid="transactions-withdraw"
            >
              <i className="bi bi-box-arrow-up me-1" aria-hidden="true" />
              {t('payments.action.withdraw')}
            </Link>
            <DownloadCsvButton
              path={`/api/exports/transactions/${type}`}
              fallbackName={`transactions-${type}.csv`}
              testId="transactions-download-csv"
            />
          </div>
        }
      />
      <Card className="ob-card">
        <Card.Header className="ob-card-header ob-tabs-header">
          <Nav variant="underline" className="ob-tabs ob-tx-tabs" aria-label={t('transactions.title')}>
            {TRANSACTION_ROUTE_TYPES.map((tab) => {
              const count = query.data ? transactionsForTab(all, tab).length : null;
              return (
                <Nav.Item key={tab}>
                  <Nav.Link as={NavLink} to={`/transactions/${tab}`} data-testid={`transactions-tab-${tab}`}>
                    <i className={`bi ${TAB_ICONS[tab]} me-2 d-none d-sm-inline`} aria-hidden="true" />
                    {t(TAB_LABELS[tab])}
                    {count !== null && count > 0 && <span className="ob-tx-count">{count}</span>}
                  </Nav.Link>
                </Nav.Item>
              );
            })}
          </Nav>
        </Card.Header>
        {query.isError && !query.data ? (
          <Card.Body>
            <FormAlert message={{ key: 'error.internal' }}>
              <div className="mt-2">
                <Button size="sm" variant="outline-danger" onClick={() => void query.refetch()}>
                  <i className="bi bi-arrow-clockwise me-1" aria-hidden="true" />
                  {t('app.retry')}
                </Button>
              </div>
            </FormAlert>
          </Card.Body>
        ) : (
          <div className="ob-table-wrap" data-testid={`transactions-${type}`}>
            <Table responsive className="ob-table ob-tx-table mb-0 align-middle" aria-busy={query.isPending}>
              <caption className="visually-hidden">{t(TAB_LABELS[type])}</caption>
              <thead>
                <tr>
                  {columns.map((column) => (
                    <th key={column.key} scope="col" className={column.end ? 'text-end' : undefined}>
                      {column.header}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {query.isPending &&
                  [0, 1, 2].map((row) => (
                    <tr key={row}>
                      {columns.map((column) => (
                        <td key={column.key}>
                          <Placeholder animation="glow">
                            <Placeholder xs={column.key === 'number' ? 4 : 8} />
                          </Placeholder>
                        </td>
                      ))}
                    </tr>
                  ))}
                {rows.map((row, index) => {
                  const amount = signedAmount(row);
                  return (
                    <tr
                      key={row.transaction_id}
                      data-testid="transaction-row"
                      data-transaction-id={row.transaction_id}
                    >
                      <td data-label={columns[0]?.header} className="text-body-secondary">
                        {index + 1}
                      </td>
                      <td
                        data-label={columns[1]?.header}
                        className={`text-end fw-semibold ob-num ${amount < 0 ? 'ob-tx-out' : ''}`}
                      >
                        {money.format(amount)}
                      </td>
                      <td data-label={columns[2]?.header}>{typeName(row)}</td>
                      <td data-label={columns[3]?.header}>
                        <StatusBadge row={row} />
                        {row.status_note ? (
                          // why staff declined it or why it expired: the client reads it here
                          <div
                            className="small text-body-secondary mt-1 ob-tx-note"
                            data-testid="transaction-note"
                          >
                            {isExpiredDeposit(row) ? t('fix.depositExpired') : row.status_note}
                          </div>
                        ) : null}
                        {isCancellableWithdrawal(row) && (
                          <div className="mt-2">
                            <CancelWithdrawal row={row} />
                          </div>
                        )}
                      </td>
                      <td data-label={columns[4]?.header}>
                        <code className="ob-tx-id">{row.transaction_id}</code>
                      </td>
                      <td data-label={columns[5]?.header} className="text-nowrap">
                        <time dateTime={row.created_at}>
                          {formatDate(row.created_at, i18n.language, true)}
                        </time>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </Table>
            {query.isSuccess && rows.length === 0 && (
              <EmptyState icon={TAB_ICONS[type]} hint={t(`transactions.emptyHint.${type}`)}>
                {t('list.empty')}
              </EmptyState>
            )}
          </div>
        )}
      </Card>
      <Card className="ob-card mt-4" data-testid="trading-costs">
        <Card.Header className="ob-card-header">
          <h2 className="h6 mb-0">
            <i className="bi bi-receipt me-2" aria-hidden="true" />
            {t('ord.costs.tab')}
          </h2>
        </Card.Header>
        <TradingCosts />
      </Card>
    </div>
  );
}
