import {
  depositInputFor,
  depositLimitError,
  formatDepositLimit,
  type Message,
  type PaymentMethodDto,
  type PaymentOptions,
  type PostedForm,
  parseNumberInput,
  type TransactionCreated,
} from '@openbroker/domain';
import { useEffect, useId, useMemo, useState } from 'react';
import { Button, Form, InputGroup, Spinner } from 'react-bootstrap';
import { type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { z } from 'zod';
import { isApiError } from '../../api/ApiError.js';
import { paymentsApi } from '../../api/payments.js';
import { useMoney } from '../../shared/market/numbers.js';
import {
  applyServerError,
  domainResolver,
  FieldFeedback,
  FormAlert,
  useMessageText,
} from '../../ui/forms.js';
import { MethodTiles } from './MethodTiles.js';
import { KIND_INFO, quickAmounts } from './methods.js';
import { submitPostedForm } from './providerSteps.js';
import { UnreachableAlert, useKeyedRequest } from './useKeyedRequest.js';
import { useWholeMoney } from './useWholeMoney.js';

type DepositSchema = ReturnType<typeof depositInputFor>;
type DepositValues = z.input<DepositSchema>;

const FAILURE: Message = { key: 'error.validation' };

/** What the page shows after a deposit was created on this page (redirects and posted forms leave it). */
export interface DepositCreated {
  created: TransactionCreated;
  amount: number;
  method: PaymentMethodDto;
}

interface DepositInput {
  amount: number;
  method: number;
  provider: string;
}

/** Typed amounts may use a decimal comma ('250,50'); the domain reads a dot. */
const withDecimalPoint = (value: unknown): unknown =>
  typeof value === 'string' ? value.replace(',', '.') : value;

/**
 * spec §2 deposit form: the methods, the amount within the brand's limits (spec §5 'Minimum Deposit € 250'
 * and the brand's maximum), submit then spinner (spec §4). Each submit attempt carries its own
 * Idempotency-Key; resending after the server could not be reached reuses it. Redirect and
 * posted-form providers are followed from here.
 */
export function DepositForm({
  token,
  options,
  selected,
  onSelect,
  blocked,
  onAmountChange,
  onCreated,
}: {
  token: string;
  options: PaymentOptions;
  selected: PaymentMethodDto | undefined;
  onSelect: (method: PaymentMethodDto) => void;
  /** spec §5: an incomplete profile blocks deposits. */
  blocked: boolean;
  onAmountChange: (amount: number | null) => void;
  onCreated: (result: DepositCreated) => void;
}) {
  const { t } = useTranslation();
  const money = { ...useMoney(), whole: useWholeMoney() };
  const text = useMessageText();
  const ids = { methods: useId(), amount: useId(), hint: useId() };
  const [leaving, setLeaving] = useState(false);

  const resolver = useMemo<Resolver<DepositValues, unknown, z.output<DepositSchema>>>(() => {
    // The domain's own limits rule, the one the server applies: minimum and the brand's maximum.
    const base = domainResolver(
      depositInputFor(options.minDeposit, options.currencySymbol, options.maxDeposit),
    );
    return (values, context, resolverOptions) =>
      base(
        { ...values, amount: withDecimalPoint(values.amount) as DepositValues['amount'] },
        context,
        resolverOptions,
      );
  }, [options.minDeposit, options.currencySymbol, options.maxDeposit]);

  const form = useForm<DepositValues, unknown, z.output<DepositSchema>>({
    resolver,
    defaultValues: { amount: '', method: selected?.method ?? '' },
  });

  useEffect(() => {
    form.setValue('method', selected?.method ?? '', { shouldValidate: form.formState.isSubmitted });
  }, [selected, form]);

  const typed = form.watch('amount');
  const amount = parseNumberInput(withDecimalPoint(typed) as string);
  const validAmount = amount !== null && !Number.isNaN(amount) ? amount : null;
  const withinLimits = validAmount !== null && depositLimitError(validAmount, options) === null;
  useEffect(() => onAmountChange(validAmount), [validAmount, onAmountChange]);

  const create = useKeyedRequest({
    request: async (
      input: DepositInput,
      key: string,
    ): Promise<{ created: TransactionCreated; posted?: PostedForm }> => {
      const created = await paymentsApi.create(token, input, key);
      if (created.next.type !== 'form') return { created };
      // Resent after a network failure, the same key returns this transaction again, not a new one.
      const posted = await paymentsApi.send(token, created.next.provider, created.transaction_id);
      return { created, posted };
    },
    onSuccess: ({ created, posted }, input) => {
      const next = created.next;
      if (next.type === 'redirect') {
        setLeaving(true);
        window.location.assign(next.url);
        return;
      }
      if (next.type === 'form' && posted) {
        setLeaving(true);
        submitPostedForm(posted);
        return;
      }
      if (selected) onCreated({ created, amount: input.amount, method: selected });
    },
    onRefused: (error) => (isApiError(error) ? applyServerError(form, error, FAILURE) : FAILURE),
  });

  const submit = form.handleSubmit((values) => {
    if (!selected || blocked) return;
    create.submit({ amount: values.amount, method: values.method, provider: selected.provider });
  });

  const pending = create.pending || leaving;
  const amountError = form.formState.errors.amount;
  const methodError = form.formState.errors.method;
  const chips = quickAmounts(options.minDeposit);
  const next = selected ? KIND_INFO[selected.kind].next : null;

  return (
    <Form noValidate onSubmit={submit} data-testid="deposit-form" aria-busy={pending}>
      <fieldset disabled={blocked || pending}>
        <h2 className="ob-pay-step" id={ids.methods}>
          <span className="ob-pay-step-no">1</span>
          {t('payments.step.method')}
        </h2>
        <MethodTiles
          methods={options.methods}
          selected={selected?.provider}
          onSelect={onSelect}
          invalid={!!methodError}
          labelledBy={ids.methods}
        />
        <FieldFeedback error={methodError} title={t('payments.method')} />

        <h2 className="ob-pay-step">
          <span className="ob-pay-step-no">2</span>
          <label htmlFor={ids.amount} className="m-0">
            {t('payments.step.amount')}
          </label>
        </h2>
        <InputGroup size="lg" hasValidation className="ob-amount">
          <InputGroup.Text className="ob-amount-currency">{options.currencySymbol}</InputGroup.Text>
          <Form.Control
            id={ids.amount}
            {...form.register('amount')}
            type="text"
            inputMode="decimal"
            autoComplete="off"
            placeholder={String(options.minDeposit)}
            isInvalid={!!amountError}
            aria-describedby={ids.hint}
            data-testid="deposit-amount"
          />
          <InputGroup.Text className="ob-amount-code">{options.currency}</InputGroup.Text>
        </InputGroup>
        <FieldFeedback error={amountError} title={t('transactions.col.amount')} />
        <div className="ob-chips">
          {chips.map((chip) => (
            <Button
              key={chip}
              size="sm"
              variant="outline-secondary"
              className={`ob-chip ${validAmount === chip ? 'active' : ''}`}
              aria-pressed={validAmount === chip}
              onClick={() =>
                form.setValue('amount', String(chip), {
                  shouldDirty: true,
                  shouldValidate: form.formState.isSubmitted,
                })
              }
              data-testid={`deposit-chip-${chip}`}
            >
              {money.whole(chip)}
            </Button>
          ))}
        </div>
        <p id={ids.hint} className="ob-pay-min">
          <i className="bi bi-info-circle me-1" aria-hidden="true" />
          <span data-testid="deposit-minimum">
            {t('deposit.minimum', { currency: options.currencySymbol, min: options.minDeposit })}
          </span>
          {' · '}
          <span data-testid="deposit-maximum">
            {t('deposit.maximum', {
              currency: options.currencySymbol,
              max: formatDepositLimit(options.maxDeposit),
            })}
          </span>
        </p>
      </fieldset>

      <FormAlert message={create.failure}>
        {create.failure?.key === 'account.completeFirst' && (
          <>
            {' '}
            <Link to="/my-account/info" className="alert-link">
              {t('account.fillDetails.link')}
            </Link>
          </>
        )}
      </FormAlert>
      {create.unreachable && <UnreachableAlert onRetry={create.retry} testId="deposit" />}

      <div className="ob-pay-submit">
        <Button
          type="submit"
          size="lg"
          variant="primary"
          className="w-100"
          disabled={blocked || pending || !selected}
          data-testid="deposit-submit"
        >
          {pending ? (
            <>
              <Spinner size="sm" animation="border" className="me-2" aria-hidden="true" />
              {leaving ? t('payments.leaving') : t('form.submitting')}
            </>
          ) : (
            <>
              <i className="bi bi-lock-fill me-2" aria-hidden="true" />
              {validAmount !== null && withinLimits
                ? t('payments.submit.amount', { amount: money.format(validAmount) })
                : t('payments.submit')}
            </>
          )}
        </Button>
        {selected && next && (
          <p className="ob-pay-next">
            <i className={`bi ${KIND_INFO[selected.kind].icon} me-2 ob-pay-next-icon`} aria-hidden="true" />
            {text({ key: next, params: { method: selected.title } })}
          </p>
        )}
      </div>
    </Form>
  );
}
