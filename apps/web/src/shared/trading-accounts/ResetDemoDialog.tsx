import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Alert, Button, Modal } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { type TradingAccount, tradingAccountsApi } from '../../api/tradingAccounts.js';
import { type TextMessage, useMessageText } from '../../ui/forms.js';
import { useToast } from '../../ui/ToastProvider.js';
import { useAuth } from '../session/useAuth.js';
import { refusalText, useAccountMoney } from './accountText.js';
import { DemoBadge } from './DemoBadge.js';
import { reloadAccountViews, takeList } from './useTradingAccounts.js';

/** "Reset demo balance", after a confirmation: the demo account goes back to the brand's virtual balance. */
export function ResetDemoDialog({
  account,
  demoBalance,
  onClose,
}: {
  account: TradingAccount;
  demoBalance: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const token = useAuth()?.access_token ?? '';
  const queryClient = useQueryClient();
  const toast = useToast();
  const text = useMessageText();
  const money = useAccountMoney();
  const [failure, setFailure] = useState<TextMessage | null>(null);

  const reset = useMutation({
    mutationFn: () => tradingAccountsApi.resetDemo(token, account.id),
    onSuccess: (answer) => {
      takeList(queryClient, token, answer);
      // the current account's balance (and what it held) changed: its views read it again
      reloadAccountViews(queryClient);
      toast('success', { key: 'accounts.reset.done', params: { number: account.number } });
      onClose();
    },
    onError: (error) => setFailure(refusalText(error, 'accounts.reset.failed')),
  });

  return (
    <Modal show onHide={onClose} centered data-testid="reset-demo-dialog">
      <Modal.Header closeButton closeLabel={t('accounts.close')}>
        <Modal.Title as="h2" className="h5">
          {t('accounts.reset.title')} <DemoBadge />
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {failure && (
          <Alert variant="danger" role="alert">
            {text(failure)}
          </Alert>
        )}
        <p className="mb-0">
          {t('accounts.reset.body', { number: account.number, amount: money(demoBalance, account.currency) })}
        </p>
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={onClose}>
          {t('accounts.cancel')}
        </Button>
        <Button variant="warning" disabled={reset.isPending} onClick={() => reset.mutate()}>
          {t('accounts.reset.confirm')}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
