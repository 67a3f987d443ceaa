import { formatPrice } from '@openbroker/domain';
import { type FormEvent, useId, useState } from 'react';
import { Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { signClass, useMoney } from '../../../shared/market/numbers.js';
import { useToast } from '../../../ui/ToastProvider.js';
import { ClosedMarket } from '../markets/NextOpen.js';
import { FieldFeedback } from '../ticket/FieldFeedback.js';
import { TicketError } from '../ticket/TicketAlert.js';
import { TicketDialog } from '../ticket/TicketDialog.js';
import { TradeFacts } from '../ticket/TradeFacts.js';
import { useTicketServer } from '../ticket/useTicketServer.js';
import { closingDealing, liveProfit, useClosingQuote } from '../trading/liveFigures.js';
import type { PositionView } from '../trading/tradingContract.js';
import { useTrading } from '../trading/useTrading.js';
import { useConfirmClose } from './confirmCloseSetting.js';
import { checkPartialClose } from './partialClose.js';

export type CloseMode = 'all' | 'part';

/**
 * Closes a position after the client has seen what it closes at: all of it (with "don't ask again", which
 * turns the confirmation off for this browser) or a part of it, an amount of its margin in EUR.
 */
export function ClosePositionModal({
  position,
  mode,
  onClose,
}: {
  position: PositionView;
  mode: CloseMode;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const money = useMoney();
  const toast = useToast();
  const { quote, now, facts } = useClosingQuote(position.symbol);
  const { closePosition } = useTrading();
  const [, setConfirmClose] = useConfirmClose();
  const [dontAsk, setDontAsk] = useState(false);
  const [amount, setAmount] = useState('');
  const [touched, setTouched] = useState(false);
  const [pending, setPending] = useState(false);
  const server = useTicketServer();
  const profit = liveProfit(position, quote);
  const partial = mode === 'part' ? checkPartialClose(position.amount, amount) : null;
  const amountTitle = t('ord.close.amount');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    server.clearError();
    const current = now();
    if (current.status !== 'live' || (partial && !partial.ok)) return;
    if (dontAsk) setConfirmClose(false);
    setPending(true);
    // spec §4: closing is sent at the current opposite price
    const price = closingDealing(position.direction, current.dealing);
    const ack = await closePosition(position.id, price, partial?.ok ? partial.value : undefined);
    setPending(false);
    if (!ack.status) {
      server.refused(ack);
      return;
    }
    if (partial?.ok)
      toast('success', { key: 'ord.close.partDone', params: { amount: money.format(partial.value) } });
    onClose();
  };

  return (
    <TicketDialog
      testId="position-close-modal"
      title={t(mode === 'part' ? 'ord.close.partTitle' : 'ord.close.title', {
        id: position.id,
        symbol: position.symbol,
      })}
      onClose={onClose}
      onSubmit={submit}
      submitLabel={t(mode === 'part' ? 'ord.close.partConfirm' : 'ord.close.confirm')}
      submitVariant="danger"
      submitDisabled={pending || profit.status !== 'live'}
      submitTestId="position-close-confirm"
      pending={pending}
    >
      <TradeFacts direction={position.direction}>
        <div>
          <dt>{t('positions.col.amount')}</dt>
          <dd className="ob-num">
            {money.format(position.amount)} · 1:{position.leverage}
          </dd>
        </div>
        <div>
          <dt>{t('positions.edit.closePrice')}</dt>
          <dd className="ob-num" data-testid="position-close-price">
            {profit.status === 'live' ? (
              formatPrice(profit.closePrice)
            ) : profit.status === 'unavailable' ? (
              <ClosedMarket nextOpen={facts.nextOpen} testId="position-close-closed" />
            ) : (
              '—'
            )}
          </dd>
        </div>
        <div>
          <dt>{t('positions.col.profit')}</dt>
          <dd className={`ob-num ${profit.status === 'live' ? signClass(profit.profit) : ''}`}>
            {profit.status === 'live' ? money.signed(profit.profit) : '—'}
          </dd>
        </div>
      </TradeFacts>
      {mode === 'part' ? (
        <Form.Group controlId={`${id}-amount`}>
          <Form.Label>{amountTitle}</Form.Label>
          <Form.Control
            type="number"
            inputMode="decimal"
            step="0.01"
            min={1}
            value={amount}
            onChange={(event) => {
              setAmount(event.target.value);
              server.clearError();
            }}
            onBlur={() => setTouched(true)}
            isInvalid={touched && !!partial && !partial.ok}
            className="ob-num"
            data-testid="position-close-amount"
            autoFocus
          />
          <FieldFeedback
            message={touched && partial && !partial.ok ? partial.error : null}
            title={amountTitle}
            testId="position-close-amount-error"
          />
          <Form.Text>{t('ord.close.partHint', { amount: money.format(position.amount) })}</Form.Text>
        </Form.Group>
      ) : (
        <Form.Check
          id={`${id}-dont-ask`}
          type="checkbox"
          label={t('ord.close.dontAsk')}
          checked={dontAsk}
          onChange={(event) => setDontAsk(event.target.checked)}
          data-testid="position-close-dont-ask"
        />
      )}
      <TicketError error={server.error} />
    </TicketDialog>
  );
}
