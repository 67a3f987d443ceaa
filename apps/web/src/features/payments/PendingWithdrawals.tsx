import { Card, Placeholder } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../lib/dates.js';
import { useMoney } from '../../shared/market/numbers.js';
import { CancelWithdrawal } from '../../shared/transactions/CancelWithdrawal.js';
import { StatusBadge } from '../../shared/transactions/StatusBadge.js';
import { pendingWithdrawals, useTransactions } from '../../shared/transactions/useTransactions.js';

/** The client's withdrawal requests that staff have not decided yet; each can be cancelled. */
export function PendingWithdrawals() {
  const { t, i18n } = useTranslation();
  const money = useMoney();
  const query = useTransactions();
  const rows = pendingWithdrawals(query.data ?? []);
  return (
    <Card className="ob-card mb-4" data-testid="pending-withdrawals">
      <Card.Header className="ob-card-header d-flex align-items-center justify-content-between">
        <h2 className="ob-card-title">{t('payments.withdraw.pending')}</h2>
        {rows.length > 0 && <span className="ob-tx-count">{rows.length}</span>}
      </Card.Header>
      {query.isPending ? (
        <Card.Body aria-hidden="true">
          <Placeholder animation="glow">
            <Placeholder xs={8} />
          </Placeholder>
        </Card.Body>
      ) : rows.length === 0 ? (
        <Card.Body className="small text-body-secondary" data-testid="pending-withdrawals-empty">
          <i className="bi bi-check2-circle me-2" aria-hidden="true" />
          {t('payments.withdraw.noPending')}
        </Card.Body>
      ) : (
        <ul className="ob-pending">
          {rows.map((row) => (
            <li
              key={row.transaction_id}
              data-testid="pending-withdrawal"
              data-transaction-id={row.transaction_id}
            >
              <div>
                <div className="ob-pending-amount ob-num">{money.format(-Math.abs(Number(row.amount)))}</div>
                <div className="ob-pending-meta">
                  <time dateTime={row.created_at}>{formatDate(row.created_at, i18n.language, true)}</time>
                  <code className="ob-tx-id">{row.transaction_id}</code>
                </div>
              </div>
              <div className="d-flex flex-column align-items-end gap-2">
                <StatusBadge row={row} />
                <CancelWithdrawal row={row} />
              </div>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
