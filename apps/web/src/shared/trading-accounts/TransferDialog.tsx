import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { Alert, Button, Form, InputGroup, Modal, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/ApiError.js';
import {
  type TradingAccount,
  type TradingAccountList,
  type TransferBooked,
  type TransferFigures,
  type TransferRequest,
  tradingAccountsApi,
} from '../../api/tradingAccounts.js';
import { type TextMessage, useMessageText } from '../../ui/forms.js';
import { useAuth } from '../session/useAuth.js';
import { refusalText, useAccountMoney } from './accountText.js';
import { refreshAccountViews } from './useTradingAccounts.js';

/** An amount the client may type: above 0, at most two decimals (the server's rule for a transfer). */
const AMOUNT = /^(?:\d+(?:\.\d{0,2})?|\.\d{1,2})$/;
const readAmount = (text: string): string | null => {
  const value = text.trim().replace(',', '.');
  return AMOUNT.test(value) && Number(value) > 0 ? value : null;
};

/** The figures of a transfer: what is debited, the rate and its pair, what is credited. */
function Figures({
  figures,
  from,
  to,
}: {
  figures: TransferFigures;
  from: TradingAccount;
  to: TradingAccount;
}) {
  const { t, i18n } = useTranslation();
  const money = useAccountMoney();
  const rate = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 6 }).format(
    Number(figures.rate),
  );
  return (
    <dl className="ob-transfer-figures" data-testid="transfer-figures">
      <dt>{t('accounts.transfer.debit', { number: from.number })}</dt>
      <dd className="ob-num" data-testid="transfer-debit">
        {money(figures.debit.amount, figures.debit.currency)}
      </dd>
      <dt>{t('accounts.transfer.rate')}</dt>
      <dd className="ob-num" data-testid="transfer-rate">
        {figures.pair
          ? t('accounts.transfer.rateValue', {
              from: figures.debit.currency,
              to: figures.credit.currency,
              rate,
              pair: figures.pair,
            })
          : t('accounts.transfer.noConversion')}
      </dd>
      <dt>{t('accounts.transfer.credit', { number: to.number })}</dt>
      <dd className="ob-num" data-testid="transfer-credit">
        {money(figures.credit.amount, figures.credit.currency)}
      </dd>
    </dl>
  );
}

/**
 * "Transfer between accounts": between two of the client's live accounts, the amount in the source
 * account's currency. The server's quote (debit, the brand's dealing rate with its pair, credit) shows before the
 * confirm button; confirming books it and shows what was booked. A refusal (free margin, a closed market, ...) is
 * the server's own message, translated.
 */
export function TransferDialog({ list, onClose }: { list: TradingAccountList; onClose: () => void }) {
  const { t } = useTranslation();
  const token = useAuth()?.access_token ?? '';
  const queryClient = useQueryClient();
  const text = useMessageText();
  const money = useAccountMoney();
  const ids = { from: useId(), to: useId(), amount: useId() };
  const live = list.accounts.filter((a) => a.kind === 'live');
  const start = live.find((a) => a.current) ?? live[0];
  const [fromId, setFromId] = useState<number | undefined>(start?.id);
  const [toId, setToId] = useState<number | undefined>(live.find((a) => a.id !== start?.id)?.id);
  const [amount, setAmount] = useState('');
  const [touched, setTouched] = useState(false);
  const [quote, setQuote] = useState<TransferFigures | null>(null);
  const [booked, setBooked] = useState<TransferBooked | null>(null);
  const [failure, setFailure] = useState<TextMessage | null>(null);

  const from = live.find((a) => a.id === fromId);
  const to = live.find((a) => a.id === toId);
  const value = readAmount(amount);
  const same = fromId !== undefined && fromId === toId;
  const request = (): TransferRequest | null =>
    from && to && value && !same ? { fromAccountId: from.id, toAccountId: to.id, amount: value } : null;

  const quoting = useMutation({
    mutationFn: (input: TransferRequest) => tradingAccountsApi.quoteTransfer(token, input),
    onSuccess: setQuote,
    onError: (error) => setFailure(refusalText(error, 'accounts.transfer.failed')),
  });
  const booking = useMutation({
    mutationFn: (input: TransferRequest) => tradingAccountsApi.transfer(token, input),
    onSuccess: (result) => {
      setBooked(result);
      setQuote(null);
      // both balances changed: the list, the balance and the transactions read them again
      refreshAccountViews(queryClient);
    },
    onError: (error, input) => {
      setQuote(null);
      setFailure(refusalText(error, 'accounts.transfer.failed'));
      // the brand's rate moved since the quote: nothing was booked; the new figures show for a fresh confirmation
      if (isApiError(error) && error.code === 'TRANSFER_REQUOTE') {
        const { quotedRate: _seen, ...again } = input;
        quoting.mutate(again);
      }
    },
  });

  const edit = () => {
    setQuote(null);
    setFailure(null);
  };
  const review = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    setFailure(null);
    const input = request();
    if (input) quoting.mutate(input);
  };
  const confirm = () => {
    const input = request();
    setFailure(null);
    // the rate the client confirms: the server books at it (within a small tolerance) or answers a requote
    if (input && quote) booking.mutate({ ...input, quotedRate: quote.rate });
  };

  const option = (account: TradingAccount) => (
    <option key={account.id} value={account.id}>
      {t('accounts.transfer.account', {
        number: account.number,
        currency: account.currency,
        balance: money(account.balance, account.currency),
      })}
    </option>
  );

  let body: ReactNode;
  if (live.length < 2) {
    body = <p className="mb-0">{t('accounts.transfer.needTwo')}</p>;
  } else if (booked && from && to) {
    body = (
      <>
        <Alert variant="success" role="status" data-testid="transfer-booked">
          {t('accounts.transfer.done', {
            debit: money(booked.debit.amount, booked.debit.currency),
            from: from.number,
            credit: money(booked.credit.amount, booked.credit.currency),
            to: to.number,
          })}
        </Alert>
        <Figures figures={booked} from={from} to={to} />
      </>
    );
  } else {
    const amountError = touched && !value ? t('accounts.transfer.amountInvalid') : null;
    body = (
      <>
        {failure && (
          <Alert variant="danger" role="alert" data-testid="transfer-refusal">
            {text(failure)}
          </Alert>
        )}
        <fieldset disabled={!!quote || quoting.isPending || booking.isPending}>
          <Form.Group className="mb-3" controlId={ids.from}>
            <Form.Label>{t('accounts.transfer.from')}</Form.Label>
            <Form.Select value={fromId} onChange={(event) => setFromId(Number(event.target.value))}>
              {live.map(option)}
            </Form.Select>
          </Form.Group>
          <Form.Group className="mb-3" controlId={ids.to}>
            <Form.Label>{t('accounts.transfer.to')}</Form.Label>
            <Form.Select
              value={toId}
              isInvalid={touched && same}
              onChange={(event) => setToId(Number(event.target.value))}
            >
              {live.map(option)}
            </Form.Select>
            {touched && same && (
              <Form.Control.Feedback type="invalid">
                {t('accounts.transfer.sameAccount')}
              </Form.Control.Feedback>
            )}
          </Form.Group>
          <Form.Group className="mb-3" controlId={ids.amount}>
            <Form.Label>{t('accounts.transfer.amount', { currency: from?.currency ?? '' })}</Form.Label>
            <InputGroup hasValidation>
              <Form.Control
                value={amount}
                inputMode="decimal"
                autoComplete="off"
                isInvalid={!!amountError}
                onChange={(event) => setAmount(event.target.value)}
              />
              <InputGroup.Text>{from?.currency}</InputGroup.Text>
              {amountError && <Form.Control.Feedback type="invalid">{amountError}</Form.Control.Feedback>}
            </InputGroup>
          </Form.Group>
        </fieldset>
        {quoting.isPending && (
          <div className="text-body-secondary mb-3" role="status">
            <Spinner animation="border" size="sm" aria-hidden="true" /> {t('accounts.transfer.quoting')}
          </div>
        )}
        {quote && from && to && <Figures figures={quote} from={from} to={to} />}
      </>
    );
  }

  const footer =
    live.length < 2 || booked ? (
      <Button variant="primary" onClick={onClose}>
        {t('accounts.close')}
      </Button>
    ) : quote ? (
      <>
        <Button variant="outline-secondary" onClick={edit} disabled={booking.isPending}>
          {t('accounts.transfer.change')}
        </Button>
        <Button
          variant="primary"
          onClick={confirm}
          disabled={booking.isPending}
          data-testid="transfer-confirm"
        >
          {t('accounts.transfer.confirm')}
        </Button>
      </>
    ) : (
      <>
        <Button variant="outline-secondary" onClick={onClose}>
          {t('accounts.cancel')}
        </Button>
        <Button type="submit" variant="primary" disabled={quoting.isPending}>
          {t('accounts.transfer.review')}
        </Button>
      </>
    );

  return (
    <Modal show onHide={onClose} centered data-testid="transfer-dialog">
      <Form onSubmit={review} noValidate>
        <Modal.Header closeButton closeLabel={t('accounts.close')}>
          <Modal.Title as="h2" className="h5">
            {t('accounts.transfer')}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>{body}</Modal.Body>
        <Modal.Footer>{footer}</Modal.Footer>
      </Form>
    </Modal>
  );
}
