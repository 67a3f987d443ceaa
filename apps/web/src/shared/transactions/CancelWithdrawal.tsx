import { TRANSACTION_STATUS, TRANSACTION_TABS, type TransactionDto } from '@openbroker/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/ApiError.js';
import { paymentsApi } from '../../api/payments.js';
import { useToast } from '../../ui/ToastProvider.js';
import { useMoney } from '../market/numbers.js';
import { useAuth } from '../session/useAuth.js';
import { WITHDRAW_BALANCE_QUERY_KEY } from './useFreeMargin.js';
import { TRANSACTIONS_QUERY_KEY } from './useTransactions.js';
import './transactions.css';

/** A withdrawal that still waits for staff: its client may cancel it. */
export const isCancellableWithdrawal = (
  row: Pick<TransactionDto, 'transaction_type_id' | 'transaction_status_id'>,
) =>
  (TRANSACTION_TABS.withdrawals as readonly number[]).includes(row.transaction_type_id) &&
  row.transaction_status_id === TRANSACTION_STATUS.pending;

/**
 * Cancel for a pending withdrawal: asks once more, then POST /api/transactions/cancel; the server
 * gives the reserved amount back. Either way the list and the balances are read again, since a refusal means
 * the withdrawal was decided meanwhile.
 */
export function CancelWithdrawal({ row }: { row: TransactionDto }) {
  const { t } = useTranslation();
  const token = useAuth()?.access_token ?? '';
  const toast = useToast();
  const money = useMoney();
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState(false);
  const amount = money.format(Math.abs(Number(row.amount)));

  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: TRANSACTIONS_QUERY_KEY });
    void queryClient.invalidateQueries({ queryKey: WITHDRAW_BALANCE_QUERY_KEY });
    void queryClient.invalidateQueries({ queryKey: ['getBalance'] });
  };
  const cancel = useMutation({
    mutationFn: () => paymentsApi.cancel(token, { transaction_id: row.transaction_id }),
    onSuccess: () => {
      toast('success', { key: 'safety.withdraw.cancelled', params: { amount } });
      refresh();
    },
    onError: (error) => {
      setAsking(false);
      toast(
        'danger',
        isApiError(error) ? error.toMessage({ key: 'error.internal' }) : { key: 'error.internal' },
      );
      refresh();
    },
  });

  if (!asking) {
    return (
      <Button
        size="sm"
        variant="outline-danger"
        className="ob-tx-cancel"
        data-testid="cancel-withdrawal"
        onClick={() => setAsking(true)}
      >
        <i className="bi bi-x-lg me-1" aria-hidden="true" />
        {t('safety.withdraw.cancel')}
      </Button>
    );
  }
  return (
    <div className="ob-tx-cancel-ask" data-testid="cancel-withdrawal-ask">
      <span className="small" role="status">
        {t('safety.withdraw.cancelQuestion', { amount })}
      </span>
      <div className="d-flex gap-2">
        <Button
          size="sm"
          variant="danger"
          data-testid="cancel-withdrawal-confirm"
          disabled={cancel.isPending}
          onClick={() => cancel.mutate()}
        >
          {cancel.isPending && <Spinner size="sm" animation="border" className="me-1" aria-hidden="true" />}
          {t('safety.withdraw.cancelConfirm')}
        </Button>
        <Button
          size="sm"
          variant="outline-secondary"
          disabled={cancel.isPending}
          onClick={() => setAsking(false)}
        >
          {t('safety.withdraw.cancelKeep')}
        </Button>
      </div>
    </div>
  );
}
