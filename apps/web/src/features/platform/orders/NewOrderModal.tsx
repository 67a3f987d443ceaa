import { checkTradeAmount, type Direction, parseNumberInput } from '@openbroker/domain';
import { type FormEvent, useId, useState } from 'react';
import { Alert, Button, ButtonGroup, Form, Modal, Spinner, ToggleButton } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { type TextMessage, useMessageText } from '../../../ui/forms.js';
import { useToast } from '../../../ui/ToastProvider.js';
import { useAuth } from '../../auth/useAuth.js';
import { useDealingQuote } from '../risk/useDealing.js';
import { leverageChoices } from '../trade/leverageChoices.js';
import { ackFieldMessages, ackMessage } from '../trading/ackMessage.js';
import { useOrders, useTrading } from '../trading/useTrading.js';
import { useAssets, useInstruments } from '../useMarketData.js';
import { OrderLevelField } from './EditOrderModal.js';
import { PendingOrderFields } from './PendingOrderFields.js';
import {
  checkOrderTriggers,
  checkPendingOrder,
  levelOrNull,
  orderReferenceQuote,
  type PendingOrderValue,
  waitsForOpen,
} from './pendingOrder.js';
import { WaitsForOpen } from './WaitsForOpen.js';

/**
 * Places a pending order on `symbol` from the Orders tab: direction, limit or stop at a level, amount,
 * leverage, optional SL/TP (relative to the level) and expiry. The server checks the free margin again
 * when the order fires. While the market is closed the order is placed all the same and waits
 * for the opening; the form shows the last prices and when it opens.
 */
export function NewOrderModal({ symbol, onClose }: { symbol: string; onClose: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const message = useMessageText();
  const toast = useToast();
  const user = useAuth()?.user;
  const instruments = useInstruments();
  const assets = useAssets();
  const asset = assets.bySymbol.get(symbol);
  const instrument = instruments.bySymbol.get(symbol);
  const { quote, facts } = useDealingQuote(symbol, instrument, asset);
  const closed = waitsForOpen(quote, instrument?.halted === true);
  const { summary } = useTrading();
  const { placeOrder } = useOrders();
  // the ticket's choices: the category's list, the client's custom_leverage and the brand's cap
  const options = leverageChoices(asset, user, instrument);
  // the level and SL/TP as they are sent: on the instrument's tick
  const tick = facts.tick;
  const [direction, setDirection] = useState<Direction>('buy');
  const [value, setValue] = useState<PendingOrderValue>({
    type: 'limit',
    level: '',
    expiry: 'gtc',
    expiryDate: '',
  });
  const [amount, setAmount] = useState('');
  const [leverage, setLeverage] = useState('');
  const [stopLoss, setStopLoss] = useState('');
  const [takeProfit, setTakeProfit] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [pending, setPending] = useState(false);
  const [serverError, setServerError] = useState<TextMessage | null>(null);
  const [serverFields, setServerFields] = useState<Record<string, TextMessage>>({});

  // live, or the last prices before the market closed
  const dealing = orderReferenceQuote(quote);
  const check = checkPendingOrder(value, direction, dealing, Date.now(), tick);
  const triggers = checkOrderTriggers(
    direction,
    check.ok ? check.price : levelOrNull(value.level, tick),
    stopLoss,
    takeProfit,
    tick,
  );
  const amountError =
    summary && (submitted || amount !== '') ? checkTradeAmount(amount, summary.freeMargin) : null;
  const chosenLeverage = leverage || String(options.find((o) => !o.disabled)?.value ?? '');
  const levelErrors = check.ok || (!submitted && value.level === '') ? {} : check.errors;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    setServerError(null);
    setServerFields({});
    const amountValue = parseNumberInput(amount);
    const leverageValue = Number(chosenLeverage);
    if (
      !check.ok ||
      triggers.stop_lost ||
      triggers.take_profit ||
      !summary ||
      checkTradeAmount(amount, summary.freeMargin) ||
      amountValue === null ||
      !(leverageValue > 0) ||
      value.type === 'market'
    )
      return;
    setPending(true);
    const ack = await placeOrder({
      symbol,
      direction,
      type: value.type,
      price: check.price,
      amount: amountValue,
      leverage: leverageValue,
      stop_lost: levelOrNull(stopLoss, tick),
      take_profit: levelOrNull(takeProfit, tick),
      expiry: check.expiry,
    });
    setPending(false);
    if (ack.status) {
      toast('success', { key: 'ord.placed' });
      onClose();
      return;
    }
    setServerError(ackMessage(ack));
    setServerFields(ackFieldMessages(ack));
  };

  return (
    <Modal show onHide={onClose} centered aria-labelledby={`${id}-title`} data-testid="order-new-modal">
      <Form noValidate onSubmit={submit}>
        <Modal.Header closeButton closeLabel={t('app.close')}>
          <Modal.Title id={`${id}-title`} className="fs-6">
            {t('ord.new.title', { symbol })}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {closed && <WaitsForOpen quote={quote} nextOpen={facts.nextOpen} testId="order-new-closed" />}
          <ButtonGroup className="w-100 mb-2" aria-label={t('positions.col.direction')}>
            {(['buy', 'sell'] as const).map((side) => (
              <ToggleButton
                key={side}
                id={`${id}-${side}`}
                type="radio"
                name={`${id}-direction`}
                value={side}
                variant={side === 'buy' ? 'outline-success' : 'outline-danger'}
                checked={direction === side}
                onChange={() => setDirection(side)}
                data-testid={`order-new-${side}`}
              >
                {t(side === 'buy' ? 'trade.buy' : 'trade.sell')}
              </ToggleButton>
            ))}
          </ButtonGroup>
          <PendingOrderFields
            direction={direction}
            value={value}
            onChange={(next) => {
              setValue(next);
              setServerError(null);
            }}
            errors={{ ...levelErrors, ...(serverFields.price ? { level: serverFields.price } : {}) }}
            pendingOnly
            tick={tick}
          />
          <div className="row g-2 mt-1">
            <Form.Group className="col-6" controlId={`${id}-amount`}>
              <Form.Label>{t('positions.col.amount')}</Form.Label>
              <Form.Control
                type="number"
                inputMode="decimal"
                step="0.01"
                min={1}
                value={amount}
                onChange={(event) => setAmount(event.target.value)}
                isInvalid={!!(amountError ?? serverFields.amount)}
                className="ob-num"
                data-testid="order-new-amount"
              />
              {(amountError ?? serverFields.amount) && (
                <Form.Control.Feedback type="invalid" className="d-block">
                  {message((amountError ?? serverFields.amount) as TextMessage, t('positions.col.amount'))}
                </Form.Control.Feedback>
              )}
            </Form.Group>
            <Form.Group className="col-6" controlId={`${id}-leverage`}>
              <Form.Label>{t('positions.col.leverage')}</Form.Label>
              <Form.Select
                value={chosenLeverage}
                onChange={(event) => setLeverage(event.target.value)}
                data-testid="order-new-leverage"
              >
                {options.map((option) => (
                  <option key={option.value} value={option.value} disabled={option.disabled}>
                    1:{option.value}
                  </option>
                ))}
              </Form.Select>
            </Form.Group>
            <OrderLevelField
              name="stop_lost"
              controlId={`${id}-sl`}
              value={stopLoss}
              onChange={setStopLoss}
              error={triggers.stop_lost ?? serverFields.stop_lost}
              tick={tick}
              testId="order-new-stop-loss"
            />
            <OrderLevelField
              name="take_profit"
              controlId={`${id}-tp`}
              value={takeProfit}
              onChange={setTakeProfit}
              error={triggers.take_profit ?? serverFields.take_profit}
              tick={tick}
              testId="order-new-take-profit"
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
          <Button
            type="submit"
            variant="primary"
            disabled={pending || !symbol}
            data-testid="order-new-submit"
          >
            {pending && <Spinner size="sm" animation="border" className="me-2" aria-hidden="true" />}
            {t('ord.new.submit')}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
