import { type AffiliateFilterInput, accountTotals } from '@openbroker/domain';
import { Button, Card } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import type { AffiliateAccount } from '../../api/affiliate.js';
import { formatDate } from '../../lib/dates.js';
import { formatAmount, formatRate } from '../../shared/affiliate/format.js';
import { type Column, DataTable } from '../../ui/DataTable.js';
import { accountsCsv, downloadText } from './accountsCsv.js';

/** The referred accounts of the filter (spec §3 Affiliate account) with their first deposit, totals and CSV export. */
export function AccountsCard({
  rows,
  filter,
  currency,
  loading,
}: {
  rows: readonly AffiliateAccount[];
  filter: AffiliateFilterInput;
  /** The brand's currency, for the total of an empty list. */
  currency: string;
  loading: boolean;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const totals = accountTotals(rows);
  const columns: Column<AffiliateAccount>[] = [
    { key: 'id', header: t('affiliate.col.id'), cell: (row) => <span className="ob-num">{row.id}</span> },
    { key: 'first_name', header: t('affiliate.col.firstName'), cell: (row) => row.first_name },
    { key: 'last_name', header: t('affiliate.col.lastName'), cell: (row) => row.last_name },
    { key: 'email', header: t('affiliate.col.email'), cell: (row) => row.email },
    { key: 'country', header: t('affiliate.col.country'), cell: (row) => row.country ?? '—' },
    {
      key: 'created_at',
      header: t('affiliate.col.createdAt'),
      cell: (row) => <span className="text-nowrap">{formatDate(row.created_at, language, true)}</span>,
    },
    {
      key: 'source_page',
      header: t('affiliate.col.source'),
      cell: (row) =>
        row.source_page ? (
          <span className="ob-aff-source" title={row.source_page}>
            {row.source_page}
          </span>
        ) : (
          '—'
        ),
    },
    {
      key: 'transaction',
      header: t('affiliate.col.firstDeposit'),
      align: 'end',
      cell: (row) =>
        row.transaction ? (
          <span className="text-nowrap" data-testid={`affiliate-deposit-${row.id}`}>
            <strong className="ob-num">
              {formatAmount(row.transaction.amount, row.transaction.currency, language)}
            </strong>
            <span className="ob-aff-sub">{formatDate(row.transaction.completed_at, language)}</span>
          </span>
        ) : (
          <span className="text-body-secondary" title={t('affiliate.noDeposit')}>
            —<span className="visually-hidden"> {t('affiliate.noDeposit')}</span>
          </span>
        ),
    },
  ];
  const depositCurrency = rows.find((r) => r.transaction)?.transaction?.currency ?? currency;

  return (
    <Card className="ob-card" data-testid="affiliate-accounts-card">
      <Card.Header className="ob-card-header d-flex flex-wrap gap-2 align-items-center justify-content-between">
        <div>
          <h2 className="ob-card-title">{t('affiliate.accounts.title')}</h2>
          <span className="ob-aff-note">
            {t(
              filter.where === 'transactions'
                ? 'affiliate.accounts.byTransactions'
                : 'affiliate.accounts.byCreated',
            )}
          </span>
        </div>
        <Button
          variant="outline-primary"
          size="sm"
          disabled={rows.length === 0}
          data-testid="affiliate-export"
          onClick={() =>
            downloadText(
              `affiliate-accounts-${filter.where}-${filter.from}-${filter.until}.csv`,
              accountsCsv(rows),
            )
          }
        >
          <i className="bi bi-download me-1" aria-hidden="true" />
          {t('affiliate.export')}
        </Button>
      </Card.Header>
      <DataTable
        columns={columns}
        rows={rows}
        rowKey={(row) => String(row.id)}
        empty={loading ? t('affiliate.loading') : t('list.empty')}
        testId="affiliate-accounts"
      />
      {rows.length > 0 && (
        <div className="ob-aff-totals" data-testid="affiliate-totals">
          {t('affiliate.accounts.total', {
            accounts: totals.accounts,
            depositors: totals.first_time_depositors,
            rate: formatRate(totals.conversion_rate, language),
            amount: formatAmount(totals.first_deposits_total, depositCurrency, language),
          })}
        </div>
      )}
    </Card>
  );
}
