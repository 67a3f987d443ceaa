import { type FormEvent, useId, useState } from 'react';
import { Alert, Button, Form, Modal, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useInstruments } from '../../../shared/market/useMarketData.js';
import { type TextMessage, useMessageText } from '../../../ui/forms.js';
import { useToast } from '../../../ui/ToastProvider.js';
import { ClosedMarket } from '../markets/NextOpen.js';
import { formatOnTick, levelTextOnTick } from '../priceOnTick.js';
import { useDealingQuote } from '../risk/useDealing.js';
import { ackFieldMessages, ackMessage } from '../trading/ackMessage.js';
import type { OrderView } from '../trading/tradingContract.js';
import { useOrders } from '../trading/useTrading.js';
import { PendingOrderFields } from './PendingOrderFields.js';
import {
  checkOrderTriggers,
  checkPendingOrder,
  levelOrNull,
  orderReferenceQuote,
  type PendingOrderValue,
  toLocalInput,
  waitsForOpen,
} from './pendingOrder.js';
import { WaitsForOpen } from './WaitsForOpen.js';

const text = (value: number | null | undefined) => (value ? String(value) : '');

/** A triggers field (SL or TP) of an order form; leaving it puts the level on the instrument's tick. */
export function OrderLevelField({
  name,
  controlId,
  value,
  onChange,
  error,
  tick = null,
  testId,
}: {
  name: 'stop_lost' | 'take_profit';
  controlId: string;
  value: string;
  onChange: (value: string) => void;
  error: TextMessage | undefined;
  /** The instrument's tick (null: the level is left as typed). */
  tick?: number | null;
  testId: string;
}) {
  const { t } = useTranslation();
  const message = useMessageText();
  const title = t(name === 'stop_lost' ? 'trade.stopLoss' : 'trade.takeProfit');
  return (
    <Form.Group className="col-6" controlId={controlId}>
      <Form.Label>{title}</Form.Label>
      <Form.Control
        type="number"
        inputMode="decimal"
        step={tick ?? 'any'}
        min={0}
        placeholder={t('trade.optional')}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onBlur={() => {
          const rounded = levelTextOnTick(value, tick);
          if (rounded !== value) onChange(rounded);
        }}
        isInvalid={!!error}
        className="ob-num"
        data-testid={testId}
      />
      {error && (
        <Form.Control.Feedback type="invalid" className="d-block">
          {message(error, title)}
        </Form.Control.Feedback>
      )}
    </Form.Group>
  );
}

/**
 * Moves a pending order's level, SL/TP and expiry; the level is checked live against the price it fills at — or,
 * while the market is closed, against the last prices before the close, and the order waits for the
 * opening.
 */
export function EditOrderModal({ order, onClose }: { order: OrderView; onClose: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const message = useMessageText();
  const toast = useToast();
  const instruments = useInstruments();
  const instrument = instruments.bySymbol.get(order.symbol);
  const { quote, facts } = useDealingQuote(order.symbol, instrument);
  const { updateOrder } = useOrders();
  const [value, setValue] = useState<PendingOrderValue>({
    type: order.type,
    level: String(order.price),
    expiry: order.expiry?.kind ?? 'gtc',
    expiryDate: toLocalInput(order.expiry?.kind === 'date' ? order.expiry.at : order.expires_at),
  });
  const [stopLoss, setStopLoss] = useState(text(order.stop_lost));
  const [takeProfit, setTakeProfit] = useState(text(order.take_profit));
  const [pending, setPending] = useState(false);
  const [serverError, setServerError] = useState<TextMessage | null>(null);
  const [serverFields, setServerFields] = useState<Record<string, TextMessage>>({});

  const dealing = quote.status === 'live' ? quote.dealing : null;
  // the level and SL/TP as they are sent: on the instrument's tick
  const tick = facts.tick;
  // live, or the last prices before the market closed
  const check = checkPendingOrder(value, order.direction, orderReferenceQuote(quote), Date.now(), tick);
  const level = check.ok ? check.price : levelOrNull(value.level, tick);
  const triggers = checkOrderTriggers(order.direction, level, stopLoss, takeProfit, tick);
  const errors = check.ok ? {} : check.errors;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setServerError(null);
    setServerFields({});
    if (!check.ok || triggers.stop_lost || triggers.take_profit) return;
    setPending(true);
    const ack = await updateOrder({
      id: order.id,
      price: check.price,
      stop_lost: levelOrNull(stopLoss, tick),
      take_profit: levelOrNull(takeProfit, tick),
      expiry: check.expiry,
    });
    setPending(false);
    if (ack.status) {
      toast('success', { key: 'data.saved' });
      onClose();
      return;
    }
    setServerError(ackMessage(ack));
    setServerFields(ackFieldMessages(ack));
  };

  const current = dealing ? (order.direction === 'buy' ? dealing.buy : dealing.sell) : null;

  return (
    <Modal show onHide={onClose} centered aria-labelledby={`${id}-title`} data-testid="order-edit-modal">
      <Form noValidate onSubmit={submit}>
        <Modal.Header closeButton closeLabel={t('app.close')}>
          <Modal.Title id={`${id}-title`} className="fs-6">
            {t('ord.edit.title', {
              id: order.id,
              symbol: order.symbol,
              type: t(`ord.type.${order.direction}.${order.type}`),
            })}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {quote.status === 'unavailable' ? (
            // spec §8 'Will be back soon', with the market's next opening
            <div className="small mb-2" data-testid="order-edit-current">
              <ClosedMarket
                nextOpen={facts.nextOpen}
                className="ob-closed-start"
                testId="order-edit-closed"
              />
              {waitsForOpen(quote, instrument?.halted === true) && (
                <WaitsForOpen
                  quote={quote}
                  nextOpen={facts.nextOpen}
                  testId="order-edit-waits"
                  showClosed={false}
                />
              )}
            </div>
          ) : (
            <p className="small mb-2" data-testid="order-edit-current">
              {t('ord.edit.current', { price: current === null ? '—' : formatOnTick(current, tick) })}
            </p>
          )}
          <PendingOrderFields
            direction={order.direction}
            value={value}
            onChange={(next) => {
              setValue(next);
              setServerError(null);
            }}
            errors={{ ...errors, ...(serverFields.price ? { level: serverFields.price } : {}) }}
            hideType
            tick={tick}
          />
          <div className="row g-2 mt-1">
            <OrderLevelField
              name="stop_lost"
              controlId={`${id}-sl`}
              value={stopLoss}
              onChange={setStopLoss}
              error={triggers.stop_lost ?? serverFields.stop_lost}
              tick={tick}
              testId="order-edit-stop-loss"
            />
            <OrderLevelField
              name="take_profit"
              controlId={`${id}-tp`}
              value={takeProfit}
              onChange={setTakeProfit}
              error={triggers.take_profit ?? serverFields.take_profit}
              tick={tick}
              testId="order-edit-take-profit"
            />
          </div>
          {serverError && (
            <Alert variant="danger" className="ob-form-alert py-2 small mt-3 mb-0" role="alert">
              {message(serverError)}
            </Alert>
          )}
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={onClose}>
            {t('positions.edit.cancel')}
          </Button>
          <Button type="submit" variant="primary" disabled={pending} data-testid="order-edit-save">
            {pending && <Spinner size="sm" animation="border" className="me-2" aria-hidden="true" />}
            {t('form.save')}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
