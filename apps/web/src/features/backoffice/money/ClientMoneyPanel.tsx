import { ADJUSTMENT_KINDS, type AdjustmentKind, ClientDetail, type MoneyRequest } from '@openbroker/domain';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { Button, Form, InputGroup, ToggleButton, ToggleButtonGroup } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import type { TranslationKey } from '../../../lib/i18n/keys.js';
import { useToast } from '../../../ui/ToastProvider.js';
import { staffRequest } from '../api.js';
import { BoPanel } from '../shell/BoPage.js';
import { useStaffSession } from '../shell/session.js';
import { AdjustmentConfirmDialog } from './AdjustmentConfirmDialog.js';
import { KIND_LABEL } from './ApprovalContextView.js';
import {
  ADJUSTMENT_DIRECTION,
  KIND_HINT,
  type Pending,
  parseAdjustmentAmount,
  requestedAmount,
} from './adjustment.js';
import { ClientRequests } from './ClientRequests.js';
import { useBoFormat } from './format.js';
import { useCreateMoneyRequest } from './useMoneyRequests.js';
import './money.css';
import './moneyRequests.css';

/** The client's balance when the panel is not given it (GET /api/backoffice/clients/:id). */
function useClientBalance(clientId: number, given: string | undefined) {
  return useQuery({
    queryKey: ['bo', 'money', 'balance', clientId],
    queryFn: ({ signal }) =>
      staffRequest(`/api/backoffice/clients/${clientId}`, { schema: ClientDetail, signal }),
    enabled: given === undefined,
    select: (client) => String(client.balance),
  });
}

/**
 * Money requests on a client's account under two keys: bonus, promotional bonus, credit, a correction in
 * either direction, wire and card withdrawals. Each needs a reason (audit trail) and is confirmed in a dialog
 * that shows the balance before and after approval; it books nothing until a second colleague approves it.
 * The client's pending and decided requests are listed below the form.
 */
export function ClientMoneyPanel({
  clientId,
  accountId,
  currency,
  balance: givenBalance,
}: {
  clientId: number;
  /** The client's live account the request books on; absent: the server's default (the first live account). */
  accountId?: number;
  /** The client's account currency (ISO code, e.g. "EUR"). */
  currency: string;
  /** The current balance, when the page has it already (else it is loaded). */
  balance?: string | number;
}) {
  const { t } = useTranslation();
  const { can } = useStaffSession();
  const format = useBoFormat();
  const toast = useToast();
  const ids = { kind: useId(), amount: useId(), reason: useId() };
  const balanceQuery = useClientBalance(
    clientId,
    givenBalance === undefined ? undefined : String(givenBalance),
  );
  const balance = givenBalance === undefined ? balanceQuery.data : String(givenBalance);

  const [kind, setKind] = useState<AdjustmentKind>('bonus');
  const [direction, setDirection] = useState<'in' | 'out'>('in');
  const [amountText, setAmountText] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ amount?: TranslationKey; reason?: TranslationKey }>({});
  const [pending, setPending] = useState<Pending | null>(null);
  const [requested, setRequested] = useState<MoneyRequest | null>(null);

  const mutation = useCreateMoneyRequest(clientId);
  const send = (input: Pending) =>
    mutation.mutate(
      {
        kind: input.kind,
        amount: requestedAmount(input),
        reason: input.reason,
        ...(accountId === undefined ? {} : { accountId }),
      },
      {
        onSuccess: (request) => {
          setPending(null);
          setAmountText('');
          setReason('');
          setRequested(request);
          toast('success', { key: 'bomr.toast.requested' });
        },
      },
    );

  if (!can('adjustments.create')) return null;

  const sign = ADJUSTMENT_DIRECTION[kind] === 'signed' ? direction : ADJUSTMENT_DIRECTION[kind];

  const review = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseAdjustmentAmount(amountText);
    const next: typeof errors = {};
    if ('error' in parsed) next.amount = parsed.error;
    if (!reason.trim()) next.reason = 'staff.reasonRequired';
    setErrors(next);
    if ('error' in parsed || next.reason) return;
    setRequested(null);
    mutation.reset();
    setPending({ kind, signed: sign === 'out' ? `-${parsed.amount}` : parsed.amount, reason: reason.trim() });
  };

  return (
    <>
      <BoPanel
        title={t('bomr.panel.title')}
        actions={
          <span className="bom-sub">
            {t('bom.adjust.balance')}{' '}
            <strong className="ob-num text-body" data-testid="bo-adjust-balance">
              {balance === undefined ? '—' : format.money(balance, currency)}
            </strong>
          </span>
        }
      >
        <p className="bom-sub mt-0 mb-2">{t('bomr.panel.lead')}</p>
        <Form noValidate onSubmit={review} className="bom-adjust" data-testid="bo-adjust-form">
          <div className="bom-adjust-grid">
            <Form.Group controlId={ids.kind}>
              <Form.Label>{t('bom.adjust.kind')}</Form.Label>
              <Form.Select
                size="sm"
                value={kind}
                onChange={(event) => setKind(event.target.value as AdjustmentKind)}
                data-testid="bo-adjust-kind"
              >
                <optgroup label={t('bom.adjust.group.in')}>
                  {ADJUSTMENT_KINDS.filter((k) => ADJUSTMENT_DIRECTION[k] === 'in').map((k) => (
                    <option key={k} value={k}>
                      {t(KIND_LABEL[k])}
                    </option>
                  ))}
                </optgroup>
                <optgroup label={t('bom.adjust.group.correct')}>
                  <option value="correction">{t(KIND_LABEL.correction)}</option>
                </optgroup>
                <optgroup label={t('bom.adjust.group.out')}>
                  {ADJUSTMENT_KINDS.filter((k) => ADJUSTMENT_DIRECTION[k] === 'out').map((k) => (
                    <option key={k} value={k}>
                      {t(KIND_LABEL[k])}
                    </option>
                  ))}
                </optgroup>
              </Form.Select>
              <Form.Text muted>{t(KIND_HINT[kind])}</Form.Text>
            </Form.Group>
            <Form.Group controlId={ids.amount}>
              <Form.Label>{t('bom.adjust.amount')}</Form.Label>
              <InputGroup size="sm" hasValidation>
                {ADJUSTMENT_DIRECTION[kind] === 'signed' ? (
                  <ToggleButtonGroup
                    type="radio"
                    name={`${ids.amount}-direction`}
                    value={direction}
                    onChange={(value: 'in' | 'out') => setDirection(value)}
                  >
                    <ToggleButton
                      id={`${ids.amount}-in`}
                      value="in"
                      variant="outline-secondary"
                      size="sm"
                      aria-label={t('bom.adjust.direction.in')}
                      title={t('bom.adjust.direction.in')}
                      data-testid="bo-adjust-in"
                    >
                      +
                    </ToggleButton>
                    <ToggleButton
                      id={`${ids.amount}-out`}
                      value="out"
                      variant="outline-secondary"
                      size="sm"
                      aria-label={t('bom.adjust.direction.out')}
                      title={t('bom.adjust.direction.out')}
                      data-testid="bo-adjust-out"
                    >
                      −
                    </ToggleButton>
                  </ToggleButtonGroup>
                ) : (
                  <InputGroup.Text className="ob-num" aria-hidden="true">
                    {sign === 'out' ? '−' : '+'}
                  </InputGroup.Text>
                )}
                <Form.Control
                  value={amountText}
                  inputMode="decimal"
                  autoComplete="off"
                  placeholder="0.00"
                  className="text-end ob-num"
                  isInvalid={!!errors.amount}
                  onChange={(event) => {
                    setAmountText(event.target.value);
                    if (errors.amount) setErrors((e) => ({ ...e, amount: undefined }));
                  }}
                  data-testid="bo-adjust-amount"
                />
                <InputGroup.Text>{currency}</InputGroup.Text>
                {errors.amount && (
                  <Form.Control.Feedback type="invalid">{t(errors.amount)}</Form.Control.Feedback>
                )}
              </InputGroup>
            </Form.Group>
            <Form.Group controlId={ids.reason} className="bom-adjust-reason">
              <Form.Label>{t('bom.reason.required')}</Form.Label>
              <Form.Control
                as="textarea"
                rows={2}
                size="sm"
                maxLength={500}
                value={reason}
                isInvalid={!!errors.reason}
                onChange={(event) => {
                  setReason(event.target.value);
                  if (errors.reason) setErrors((e) => ({ ...e, reason: undefined }));
                }}
                data-testid="bo-adjust-reason"
              />
              {errors.reason ? (
                <Form.Control.Feedback type="invalid">{t(errors.reason)}</Form.Control.Feedback>
              ) : (
                <Form.Text muted>{t('bom.reason.hint')}</Form.Text>
              )}
            </Form.Group>
          </div>
          <div className="d-flex align-items-center gap-3 mt-3 flex-wrap">
            <Button type="submit" size="sm" variant="primary" data-testid="bo-adjust-review">
              <i className="bi bi-journal-check me-1" aria-hidden="true" />
              {t('bomr.panel.review')}
            </Button>
            {requested !== null && (
              <span className="bom-sub text-info-emphasis" role="status" data-testid="bo-adjust-requested">
                <i className="bi bi-hourglass-split me-1" aria-hidden="true" />
                {t('bomr.panel.requested')} <code className="bom-ref">{requested.reference}</code>
              </span>
            )}
          </div>
        </Form>
        {pending && (
          <AdjustmentConfirmDialog
            pending={pending}
            balance={balance}
            currency={currency}
            sending={mutation.isPending}
            error={mutation.error}
            onConfirm={() => send(pending)}
            onHide={() => setPending(null)}
          />
        )}
      </BoPanel>
      <ClientRequests clientId={clientId} />
    </>
  );
}
