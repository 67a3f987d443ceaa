import { PAYMENT_METHOD, parseNumberInput, TIMING, WITHDRAW_COMMENTS_MAX } from '@openbroker/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { Alert, Button, Card, Col, Form, InputGroup, Placeholder, Row, Spinner } from 'react-bootstrap';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isApiError } from '../../api/ApiError.js';
import { paymentsApi } from '../../api/payments.js';
import { useMoney } from '../../shared/market/numbers.js';
import { useAuth } from '../../shared/session/useAuth.js';
import { useFunds, WITHDRAW_BALANCE_QUERY_KEY } from '../../shared/transactions/useFreeMargin.js';
import { TRANSACTIONS_QUERY_KEY } from '../../shared/transactions/useTransactions.js';
import { applyServerError, FieldFeedback, FormAlert, trimOnBlur } from '../../ui/forms.js';
import { PageHeader } from '../../ui/PageHeader.js';
import { PendingWithdrawals } from './PendingWithdrawals.js';
import { UnreachableAlert, useKeyedRequest } from './useKeyedRequest.js';
import { WithdrawSteps } from './WithdrawSteps.js';
import { FAILURE, type WithdrawInput, type WithdrawValues, withdrawResolver } from './withdrawForm.js';
import './payments.css';
import { useAccountCurrency } from '../../shared/trading-accounts/currentAccount.js';

/**
 * spec §2 /payment/withdraw: amount and comments limited by the free margin (spec §5), the seven business
 * days agreement (spec §9), a success request message that closes after 1.5 s (spec §4), and the client's
 * pending requests below.
 */
export function WithdrawPage() {
  const { t } = useTranslation();
  const { currencySymbol } = useAccountCurrency();
  const money = useMoney();
  const token = useAuth()?.access_token ?? '';
  const queryClient = useQueryClient();
  const ids = { amount: useId(), comments: useId(), commentsHint: useId() };
  const funds = useFunds();
  const free = funds.data?.freeMargin ?? 0;
  const noBalance = funds.isSuccess && !(free > 0);
  const [success, setSuccess] = useState<number | null>(null);

  const form = useForm<WithdrawValues, unknown, { amount: number; comments: string }>({
    resolver: withdrawResolver(free, currencySymbol),
    defaultValues: { amount: '', comments: '' },
  });

  useEffect(() => {
    if (success === null) return;
    const timer = setTimeout(() => setSuccess(null), TIMING.thankYouCloseMs);
    return () => clearTimeout(timer);
  }, [success]);

  const request = useKeyedRequest({
    request: (input: WithdrawInput, key: string) => paymentsApi.create(token, input, key),
    onSuccess: (_created, input) => {
      setSuccess(Math.abs(input.amount));
      form.reset({ amount: '', comments: '' });
      void queryClient.invalidateQueries({ queryKey: TRANSACTIONS_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: WITHDRAW_BALANCE_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: ['getBalance'] });
    },
    onRefused: (error) => {
      // The free margin may have changed since the page read it (a trade, another request).
      void queryClient.invalidateQueries({ queryKey: WITHDRAW_BALANCE_QUERY_KEY });
      return isApiError(error) ? applyServerError(form, error, FAILURE) : FAILURE;
    },
  });

  const submit = form.handleSubmit((values) => {
    setSuccess(null);
    // spec §7: a withdrawal is sent as a negative amount with method 6 and the comments.
    request.submit({ amount: -values.amount, method: PAYMENT_METHOD.withdraw, comments: values.comments });
  });

  const amountError = form.formState.errors.amount;
  const commentsError = form.formState.errors.comments;
  const typed = parseNumberInput(form.watch('amount').replace(',', '.'));
  const disabled = !funds.isSuccess || noBalance;

  return (
    <div className="container-xl ob-section" data-testid="withdraw-screen">
      <PageHeader
        title={t('payment.withdraw.title')}
        lead={t('payment.withdraw.lead')}
        actions={
          <div className="d-flex flex-wrap gap-2">
            <Link
              to="/payment/deposit"
              className="btn btn-outline-secondary"
              data-testid="withdraw-to-deposit"
            >
              <i className="bi bi-plus-lg me-1" aria-hidden="true" />
              {t('payments.action.deposit')}
            </Link>
            <Link to="/transactions/withdrawals" className="btn btn-outline-secondary">
              <i className="bi bi-list-ul me-1" aria-hidden="true" />
              {t('payments.action.history')}
            </Link>
          </div>
        }
      />
      <Row className="g-4">
        <Col lg={7}>
          <Card className="ob-card">
            <div className="ob-funds">
              <div>
                <div className="ob-funds-label">{t('payments.withdraw.available')}</div>
                <div className="ob-funds-value" data-testid="free-margin" data-value={funds.data?.freeMargin}>
                  {funds.data ? (
                    money.format(funds.data.freeMargin)
                  ) : (
                    <Placeholder animation="glow">
                      <Placeholder xs={6} />
                    </Placeholder>
                  )}
                </div>
              </div>
              {funds.data && (
                <dl className="ob-funds-facts">
                  <div>
                    <dt>{t('summary.balance')}</dt>
                    <dd>{money.format(funds.data.balance)}</dd>
                  </div>
                  <div>
                    <dt>{t('payments.withdraw.inPositions')}</dt>
                    <dd>{money.format(funds.data.inPositions)}</dd>
                  </div>
                </dl>
              )}
            </div>
            <Card.Body className="ob-pay-body">
              {success !== null && (
                <Alert
                  variant="success"
                  className="ob-form-alert d-flex gap-2"
                  data-testid="withdraw-success"
                  role="status"
                >
                  <i className="bi bi-check-circle-fill" aria-hidden="true" />
                  <span>{t('payments.withdraw.success', { amount: money.format(success) })}</span>
                </Alert>
              )}
              {funds.isError && (
                <FormAlert message={{ key: 'error.internal' }}>
                  <div className="mt-2">
                    <Button size="sm" variant="outline-danger" onClick={() => void funds.refetch()}>
                      {t('app.retry')}
                    </Button>
                  </div>
                </FormAlert>
              )}
              {/* spec §5: no positive free margin → "You don't have balance to withdraw" */}
              {noBalance && (
                <Alert
                  variant="warning"
                  className="ob-form-alert ob-pay-blocked"
                  data-testid="withdraw-no-balance"
                >
                  <i className="bi bi-wallet2" aria-hidden="true" />
                  <div>
                    <strong className="d-block">{t('withdraw.noBalance')}</strong>
                    <span className="d-block mb-2">{t('payments.withdraw.noBalanceHint')}</span>
                    <Link to="/payment/deposit" className="btn btn-warning btn-sm">
                      {t('payments.action.deposit')}
                    </Link>
                  </div>
                </Alert>
              )}
              <FormAlert message={request.failure} />
              {request.unreachable && <UnreachableAlert onRetry={request.retry} testId="withdraw" />}
              <Form noValidate onSubmit={submit} data-testid="withdraw-form">
                <fieldset disabled={disabled || request.pending}>
                  <Form.Group className="mb-3">
                    <Form.Label htmlFor={ids.amount}>{t('payment.withdraw.amount')}</Form.Label>
                    <InputGroup hasValidation size="lg" className="ob-amount">
                      <InputGroup.Text className="ob-amount-currency">{currencySymbol}</InputGroup.Text>
                      <Form.Control
                        id={ids.amount}
                        {...form.register('amount')}
                        type="text"
                        inputMode="decimal"
                        autoComplete="off"
                        placeholder="0.00"
                        isInvalid={!!amountError}
                        data-testid="withdraw-amount"
                      />
                      <Button
                        variant="outline-secondary"
                        className="ob-amount-max"
                        onClick={() =>
                          form.setValue('amount', free.toFixed(2), {
                            shouldDirty: true,
                            shouldValidate: form.formState.isSubmitted,
                          })
                        }
                        data-testid="withdraw-max"
                      >
                        {t('payments.withdraw.max')}
                      </Button>
                    </InputGroup>
                    <FieldFeedback error={amountError} title={t('payment.withdraw.amount')} />
                    {!amountError && typed !== null && !Number.isNaN(typed) && typed > 0 && typed <= free && (
                      <Form.Text muted>
                        {t('payments.withdraw.remaining', { amount: money.format(free - typed) })}
                      </Form.Text>
                    )}
                  </Form.Group>
                  <Form.Group className="mb-3">
                    <Form.Label htmlFor={ids.comments}>{t('payment.withdraw.comments')}</Form.Label>
                    <Form.Control
                      id={ids.comments}
                      as="textarea"
                      rows={3}
                      maxLength={WITHDRAW_COMMENTS_MAX}
                      {...trimOnBlur(form, form.register('comments'))}
                      isInvalid={!!commentsError}
                      aria-describedby={ids.commentsHint}
                      data-testid="withdraw-comments"
                    />
                    {!commentsError && (
                      <Form.Text id={ids.commentsHint} muted>
                        {t('payments.withdraw.commentsHint')}
                      </Form.Text>
                    )}
                    <FieldFeedback error={commentsError} title={t('payment.withdraw.comments')} />
                  </Form.Group>
                  <div className="ob-agreement" data-testid="withdraw-agreement">
                    <i className="bi bi-clock-history ob-agreement-icon" aria-hidden="true" />
                    <span>{t('withdraw.agreement')}</span>
                  </div>
                </fieldset>
                <div className="ob-pay-submit">
                  <Button
                    type="submit"
                    size="lg"
                    variant="primary"
                    className="w-100"
                    disabled={disabled || request.pending}
                    data-testid="withdraw-submit"
                  >
                    {request.pending ? (
                      <>
                        <Spinner size="sm" animation="border" className="me-2" aria-hidden="true" />
                        {t('form.submitting')}
                      </>
                    ) : (
                      t('payment.withdraw.submit')
                    )}
                  </Button>
                </div>
              </Form>
            </Card.Body>
          </Card>
        </Col>
        <Col lg={5}>
          <PendingWithdrawals />
          <WithdrawSteps />
        </Col>
      </Row>
    </div>
  );
}
