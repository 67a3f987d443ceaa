import {
  DEFAULT_PLATFORM_PATH,
  isFinalStatus,
  type PaymentReturnResult,
  TRANSACTION_STATUS,
  type TransactionDto,
} from '@openbroker/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Button, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useMoney } from '../../shared/market/numbers.js';
import { registerFlag } from '../../shared/session/authStore.js';
import { StatusBadge } from '../../shared/transactions/StatusBadge.js';
import { useTransactions } from '../../shared/transactions/useTransactions.js';
import { useTypeName } from '../../shared/transactions/useTypeName.js';

/** While a payment is still pending, the list is asked again this often … */
export const RESULT_POLL_MS = 2000;
/** … this many times (about 16 s) before the page says it is still being confirmed. */
export const RESULT_POLL_MAX = 8;

/**
 * What the result panel shows. Only our own records can say a deposit was received: an 'approved' from the
 * provider's return shows as pending until the transaction is approved here. A decline or cancel reported
 * by the provider is shown at once (nothing was booked either way).
 */
export function displayedResult(
  row: Pick<TransactionDto, 'transaction_status_id'> | undefined,
  reported: PaymentReturnResult | null,
): PaymentReturnResult {
  const status = row?.transaction_status_id;
  if (status === TRANSACTION_STATUS.approved) return 'approved';
  if (status === TRANSACTION_STATUS.declined) return 'declined';
  if (status === TRANSACTION_STATUS.cancelled) return 'cancelled';
  if (reported === 'declined' || reported === 'cancelled') return reported;
  return 'pending';
}

const LOOK: Record<PaymentReturnResult, { icon: string; tone: string }> = {
  approved: { icon: 'bi-check-lg', tone: 'success' },
  pending: { icon: 'bi-hourglass-split', tone: 'warning' },
  declined: { icon: 'bi-x-lg', tone: 'danger' },
  cancelled: { icon: 'bi-slash-circle', tone: 'secondary' },
};

/**
 * The result of a provider payment: after the return to /payment/{method}?transaction=…&result=… or the
 * cashier's event. The status is confirmed from GET /api/transactions/get/{token}, asked again every 2 s
 * while it is pending.
 */
export function DepositResult({
  transactionId,
  reported,
  onAgain,
}: {
  transactionId: string;
  reported: PaymentReturnResult | null;
  onAgain: () => void;
}) {
  const { t } = useTranslation();
  const money = useMoney();
  const typeName = useTypeName();
  const queryClient = useQueryClient();
  const [polling, setPolling] = useState(true);
  const [polls, setPolls] = useState(0);
  const query = useTransactions({ refetchInterval: polling ? RESULT_POLL_MS : false });
  const row = query.data?.find((candidate) => candidate.transaction_id === transactionId);
  const final = !!row && isFinalStatus(row.transaction_status_id);
  const result = displayedResult(row, reported);

  useEffect(() => {
    if (query.dataUpdatedAt) setPolls((count) => count + 1);
  }, [query.dataUpdatedAt]);
  useEffect(() => {
    if (final || polls >= RESULT_POLL_MAX) setPolling(false);
  }, [final, polls]);
  useEffect(() => {
    // The platform's balance was read before the deposit; the next visit reads it again.
    if (result === 'approved') void queryClient.invalidateQueries({ queryKey: ['getBalance'] });
  }, [result, queryClient]);

  const checking = !final && polling;
  const look = LOOK[result];
  const amount = row ? money.format(Math.abs(Number(row.amount))) : null;

  return (
    <div className="ob-pay-outcome" data-testid="deposit-result" data-result={result} aria-live="polite">
      <div className="ob-pay-outcome-head">
        <span className={`ob-pay-outcome-icon ob-pay-outcome-icon-${look.tone}`} aria-hidden="true">
          <i className={`bi ${look.icon}`} />
        </span>
        <div>
          <h2 className="ob-pay-outcome-title">{t(`payments.result.${result}.title`)}</h2>
          <p className="ob-pay-outcome-text">
            {amount
              ? t(`payments.result.${result}.body`, { amount })
              : t(`payments.result.${result}.bodyNoAmount`)}
          </p>
        </div>
      </div>
      {checking && (
        <p
          className="small text-body-secondary d-flex align-items-center"
          data-testid="deposit-result-checking"
        >
          <Spinner size="sm" animation="border" className="me-2" aria-hidden="true" />
          {t('payments.result.checking')}
        </p>
      )}
      <dl className="ob-bank">
        {row && (
          <>
            <div className="ob-bank-row">
              <dt>{t('transactions.col.amount')}</dt>
              <dd className="ob-num fw-semibold">{amount}</dd>
            </div>
            <div className="ob-bank-row">
              <dt>{t('transactions.col.type')}</dt>
              <dd>{typeName(row)}</dd>
            </div>
            <div className="ob-bank-row">
              <dt>{t('transactions.col.status')}</dt>
              <dd>
                <StatusBadge row={row} />
              </dd>
            </div>
          </>
        )}
        <div className="ob-bank-row">
          <dt>{t('payments.result.transactionId')}</dt>
          <dd>
            <code className="ob-tx-id">{transactionId}</code>
          </dd>
        </div>
      </dl>
      <div className="ob-pay-actions">
        {result === 'approved' && (
          <Link
            to={DEFAULT_PLATFORM_PATH}
            className="btn btn-primary"
            onClick={() => registerFlag.clear()}
            data-testid="deposit-result-platform"
          >
            <i className="bi bi-graph-up-arrow me-1" aria-hidden="true" />
            {t('payments.action.trade')}
          </Link>
        )}
        {(result === 'declined' || result === 'cancelled') && (
          <Button variant="primary" onClick={onAgain} data-testid="deposit-result-again">
            <i className="bi bi-arrow-counterclockwise me-1" aria-hidden="true" />
            {t('payments.action.tryAgain')}
          </Button>
        )}
        <Link to="/transactions/deposits" className="btn btn-outline-secondary">
          {t('payments.action.viewDeposits')}
        </Link>
        {result !== 'declined' && result !== 'cancelled' && (
          <Button variant="link" onClick={onAgain}>
            {t('payments.action.again')}
          </Button>
        )}
      </div>
    </div>
  );
}
