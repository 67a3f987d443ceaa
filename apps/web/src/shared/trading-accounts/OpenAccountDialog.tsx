import type { BrandCurrency, TradingAccountKind } from '@openbroker/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { Alert, Button, Form, Modal } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { type TradingAccountList, tradingAccountsApi } from '../../api/tradingAccounts.js';
import { useBrand } from '../../lib/BrandProvider.js';
import { type TextMessage, useMessageText } from '../../ui/forms.js';
import { useToast } from '../../ui/ToastProvider.js';
import { useAuth } from '../session/useAuth.js';
import { refusalText, useAccountMoney } from './accountText.js';
import { DemoBadge } from './DemoBadge.js';
import { TRADING_ACCOUNTS_QUERY_KEY, takeList } from './useTradingAccounts.js';

/**
 * "Open account": a live account in one of the currencies the brand offers (`liveCurrencies`), or a demo account
 * with the brand's virtual balance. The new account joins the list; the session stays on its current account.
 */
export function OpenAccountDialog({ list, onClose }: { list: TradingAccountList; onClose: () => void }) {
  const { t } = useTranslation();
  const brand = useBrand();
  const token = useAuth()?.access_token ?? '';
  const queryClient = useQueryClient();
  const toast = useToast();
  const text = useMessageText();
  const money = useAccountMoney();
  const ids = { kind: useId(), currency: useId() };
  const currencies: BrandCurrency[] =
    list.liveCurrencies.length > 0 ? list.liveCurrencies : [brand.currency as BrandCurrency];
  const [kind, setKind] = useState<TradingAccountKind>('live');
  const [currency, setCurrency] = useState<BrandCurrency>(
    currencies.find((code) => code === brand.currency) ?? currencies[0] ?? (brand.currency as BrandCurrency),
  );
  const [failure, setFailure] = useState<TextMessage | null>(null);

  const openAccount = useMutation({
    mutationFn: () => tradingAccountsApi.open(token, { kind, currency }),
    onSuccess: (answer) => {
      takeList(queryClient, token, answer);
      void queryClient.invalidateQueries({ queryKey: TRADING_ACCOUNTS_QUERY_KEY });
      const number = 'number' in answer && typeof answer.number === 'string' ? answer.number : null;
      if (number) toast('success', { key: 'accounts.open.done', params: { number } });
      onClose();
    },
    onError: (error) => setFailure(refusalText(error, 'accounts.open.failed')),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    openAccount.mutate();
  };

  return (
    <Modal show onHide={onClose} centered data-testid="open-account-dialog">
      <Form onSubmit={submit} noValidate>
        <Modal.Header closeButton closeLabel={t('accounts.close')}>
          <Modal.Title as="h2" className="h5">
            {t('accounts.open.title')}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {failure && (
            <Alert variant="danger" role="alert">
              {text(failure)}
            </Alert>
          )}
          <fieldset className="mb-3">
            <legend className="form-label fs-6">{t('accounts.open.kind')}</legend>
            <Form.Check
              type="radio"
              id={`${ids.kind}-live`}
              name="kind"
              checked={kind === 'live'}
              onChange={() => setKind('live')}
              label={
                <>
                  <strong>{t('accounts.open.live')}</strong>
                  <span className="d-block small text-body-secondary">{t('accounts.open.liveHint')}</span>
                </>
              }
            />
            <Form.Check
              type="radio"
              id={`${ids.kind}-demo`}
              name="kind"
              className="mt-2"
              checked={kind === 'demo'}
              onChange={() => setKind('demo')}
              label={
                <>
                  <strong>{t('accounts.open.demo')}</strong> <DemoBadge />
                  <span className="d-block small text-body-secondary">
                    {t('accounts.open.demoHint', { amount: money(list.demoBalance, currency) })}
                  </span>
                </>
              }
            />
          </fieldset>
          <Form.Group controlId={ids.currency}>
            <Form.Label>{t('accounts.open.currency')}</Form.Label>
            <Form.Select
              value={currency}
              onChange={(event) => setCurrency(event.target.value as BrandCurrency)}
            >
              {currencies.map((code) => (
                <option key={code} value={code}>
                  {code}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={onClose}>
            {t('accounts.cancel')}
          </Button>
          <Button type="submit" variant="primary" disabled={openAccount.isPending}>
            {t('accounts.open.submit')}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
