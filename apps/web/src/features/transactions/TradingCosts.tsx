import { Button, Card, Placeholder, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate } from '../../lib/dates.js';
import { signClass, useMoney } from '../../shared/market/numbers.js';
import { EmptyState } from '../../ui/EmptyState.js';
import { FormAlert } from '../../ui/forms.js';
import { useCharges } from './useCharges.js';

/**
 * The 'Trading costs' tab: every commission and overnight swap booked on the client's account, each
 * with its position, amount (negative: paid) and the balance after it, with the totals on top.
 */
export function TradingCosts() {
  const { t, i18n } = useTranslation();
  const money = useMoney();
  const query = useCharges();
  const rows = query.data ?? [];
  const total = (kind: 'commission' | 'swap') =>
    rows.filter((row) => row.kind === kind).reduce((sum, row) => sum + row.amount, 0);

  if (query.isError && !query.data)
    return (
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
    );

  const columns = [
    t('ord.costs.col.time'),
    t('ord.costs.col.kind'),
    t('ord.costs.col.position'),
    t('transactions.col.amount'),
    t('ord.costs.col.balanceAfter'),
  ];
  return (
    <div className="ob-table-wrap" data-testid="transactions-costs">
      {query.data && rows.length > 0 && (
        <div className="d-flex flex-wrap gap-4 px-3 py-2 border-bottom small" data-testid="costs-totals">
          <span>
            {t('ord.costs.totalCommission')}{' '}
            <strong className={signClass(total('commission'))}>{money.signed(total('commission'))}</strong>
          </span>
          <span>
            {t('ord.costs.totalSwap')}{' '}
            <strong className={signClass(total('swap'))}>{money.signed(total('swap'))}</strong>
          </span>
        </div>
      )}
      <Table responsive className="ob-table ob-tx-table mb-0 align-middle" aria-busy={query.isPending}>
        <caption className="visually-hidden">{t('ord.costs.tab')}</caption>
        <thead>
          <tr>
            {columns.map((header, index) => (
              <th key={header} scope="col" className={index >= 3 ? 'text-end' : undefined}>
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {query.isPending &&
            [0, 1, 2].map((row) => (
              <tr key={row}>
                {columns.map((header) => (
                  <td key={header}>
                    <Placeholder animation="glow">
                      <Placeholder xs={8} />
                    </Placeholder>
                  </td>
                ))}
              </tr>
            ))}
          {rows.map((row) => (
            <tr key={row.id} data-testid="charge-row">
              <td data-label={columns[0]} className="text-nowrap">
                <time dateTime={row.created_at}>{formatDate(row.created_at, i18n.language, true)}</time>
              </td>
              <td data-label={columns[1]}>
                {t(row.kind === 'commission' ? 'ord.costs.kind.commission' : 'ord.costs.kind.swap')}
              </td>
              <td data-label={columns[2]}>
                {row.position_id === null ? (
                  '—'
                ) : (
                  <>
                    #{row.position_id}
                    {row.symbol && (
                      <>
                        {' '}
                        <Link to={`/platform/${row.symbol}`}>{row.symbol}</Link>
                      </>
                    )}
                  </>
                )}
              </td>
              <td data-label={columns[3]} className={`text-end fw-semibold ob-num ${signClass(row.amount)}`}>
                {money.signed(row.amount)}
              </td>
              <td data-label={columns[4]} className="text-end ob-num">
                {money.format(row.balance_after)}
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
      {query.isSuccess && rows.length === 0 && (
        <EmptyState icon="bi-receipt" hint={t('ord.costs.emptyHint')}>
          {t('list.empty')}
        </EmptyState>
      )}
    </div>
  );
}
