import {
  formatPrice,
  type Message,
  type PositionDto,
  parseTriggerLevel,
  triggersValid,
  validateStopLossTakeProfit,
} from '@openbroker/domain';
import { type FormEvent, useId, useState } from 'react';
import { Alert, Button, Form, Modal, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../app/ToastProvider.js';
import { type TextMessage, useMessageText } from '../../../ui/forms.js';
import { PriceLevelField } from '../PriceLevelField.js';
import { useQuote, useQuoteStore } from '../quotes/useQuotes.js';
import { ackFieldMessages, ackMessage } from '../trading/ackMessage.js';
import { useTrading } from '../trading/useTrading.js';

const levelText = (value: number | null) => (value ? String(value) : '');

/**
 * Sets or removes a position's stop loss and take profit (spec §5), checked live against the price the
 * position would close at now; an empty field removes the level. spec §8: 'The data was successfully saved'.
 */
export function EditPositionModal({ position, onClose }: { position: PositionDto; onClose: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const text = useMessageText();
  const toast = useToast();
  const store = useQuoteStore();
  const quote = useQuote(position.symbol);
  const { updatePosition } = useTrading();
  const [stopLoss, setStopLoss] = useState(levelText(position.stop_lost));
  const [takeProfit, setTakeProfit] = useState(levelText(position.take_profit));
  const [pending, setPending] = useState(false);
  const [serverError, setServerError] = useState<TextMessage | null>(null);
  const [serverFields, setServerFields] = useState<Record<string, Message>>({});

  const levels = { direction: position.direction, stop_lost: stopLoss, take_profit: takeProfit };
  const errors = quote.status === 'live' ? validateStopLossTakeProfit({ ...levels, quote: quote.quote }) : {};
  const stopLossError = errors.stop_lost ?? serverFields.stop_lost ?? null;
  const takeProfitError = errors.take_profit ?? serverFields.take_profit ?? null;
  const reference =
    quote.status === 'live' ? (position.direction === 'buy' ? quote.dealing.sell : quote.dealing.buy) : null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setServerError(null);
    setServerFields({});
    const current = store.get(position.symbol);
    if (
      current.status !== 'live' ||
      !triggersValid(validateStopLossTakeProfit({ ...levels, quote: current.quote }))
    )
      return;
    setPending(true);
    const ack = await updatePosition(position.id, parseTriggerLevel(stopLoss), parseTriggerLevel(takeProfit));
    setPending(false);
    if (ack.status) {
      toast('success', { key: 'data.saved' });
      onClose();
      return;
    }
    setServerError(ackMessage(ack));
    setServerFields(ackFieldMessages(ack));
  };

  const field = (
    name: 'stop_lost' | 'take_profit',
    value: string,
    set: (value: string) => void,
    error: Message | null,
  ) => (
    <PriceLevelField
      name={name}
      controlId={`${id}-${name}`}
      value={value}
      onChange={(next) => {
        set(next);
        setServerError(null);
        setServerFields({});
      }}
      error={error}
      testId={name === 'stop_lost' ? 'position-edit-stop-loss' : 'position-edit-take-profit'}
    />
  );

  return (
    <Modal show onHide={onClose} centered aria-labelledby={`${id}-title`} data-testid="position-edit-modal">
      <Form noValidate onSubmit={submit}>
        <Modal.Header closeButton closeLabel={t('app.close')}>
          <Modal.Title id={`${id}-title`} className="fs-6">
            {t('positions.edit.title', { id: position.id, symbol: position.symbol })}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <dl className="ob-trade-facts mb-3">
            <div>
              <dt>{t('positions.col.direction')}</dt>
              <dd className={position.direction === 'buy' ? 'ob-up' : 'ob-down'}>
                {t(position.direction === 'buy' ? 'trade.buy' : 'trade.sell')}
              </dd>
            </div>
            <div>
              <dt>{t('positions.col.openRate')}</dt>
              <dd className="ob-num">{formatPrice(position.open_rate)}</dd>
            </div>
            <div>
              <dt>{t('positions.edit.closePrice')}</dt>
              <dd className="ob-num" data-testid="position-edit-reference">
                {reference !== null
                  ? formatPrice(reference)
                  : quote.status === 'unavailable'
                    ? t('price.unavailable')
                    : '—'}
              </dd>
            </div>
          </dl>
          <div className="row g-2">
            {field('stop_lost', stopLoss, setStopLoss, stopLossError)}
            {field('take_profit', takeProfit, setTakeProfit, takeProfitError)}
          </div>
          <p className="small text-body-secondary mt-2 mb-0">{t('positions.edit.hint')}</p>
          {serverError && (
            <Alert variant="danger" className="ob-form-alert py-2 small mt-3 mb-0" role="alert">
              {text(serverError)}
            </Alert>
          )}
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={onClose}>
            {t('positions.edit.cancel')}
          </Button>
          <Button
            type="submit"
            variant="primary"
            disabled={pending || quote.status !== 'live'}
            data-testid="position-edit-save"
          >
            {pending && <Spinner size="sm" animation="border" className="me-2" aria-hidden="true" />}
            {t('form.save')}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
