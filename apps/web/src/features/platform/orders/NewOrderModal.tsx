import { checkTradeAmount, type Direction, type OrderType, parseNumberInput } from '@openbroker/domain';
import { type FormEvent, useId, useState } from 'react';
import { ButtonGroup, Form, ToggleButton } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useAssets, useInstruments } from '../../../shared/market/useMarketData.js';
import { useAuth } from '../../../shared/session/useAuth.js';
import { useToast } from '../../../ui/ToastProvider.js';
import { useDealingQuote } from '../risk/useDealing.js';
import { FieldFeedback } from '../ticket/FieldFeedback.js';
import { PriceLevelPair } from '../ticket/PriceLevelField.js';
import { TicketError } from '../ticket/TicketAlert.js';
import { TicketDialog } from '../ticket/TicketDialog.js';
import { useTicketServer } from '../ticket/useTicketServer.js';
import { leverageChoices } from '../trade/leverageChoices.js';
import { useOrders, useTrading } from '../trading/useTrading.js';
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
 * for the opening; the form shows the last prices and when it opens. `initial` prefills the side, type and level
 * (an order offered at a price on the chart).
 */
export function NewOrderModal({
  symbol,
  onClose,
  initial,
}: {
  symbol: string;
  onClose: () => void;
  initial?: { direction: Direction; type: OrderType; level: string };
}) {
  const { t } = useTranslation();
  const id = useId();
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
  const [direction, setDirection] = useState<Direction>(initial?.direction ?? 'buy');
  const [value, setValue] = useState<PendingOrderValue>({
    type: initial?.type ?? 'limit',
    level: initial?.level ?? '',
    expiry: 'gtc',
    expiryDate: '',
  });
  const [amount, setAmount] = useState('');
  const [leverage, setLeverage] = useState('');
  const [stopLoss, setStopLoss] = useState('');
  const [takeProfit, setTakeProfit] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [pending, setPending] = useState(false);
  const server = useTicketServer();

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
    server.clear();
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
    server.refused(ack);
  };

  return (
    <TicketDialog
      testId="order-new-modal"
      title={t('ord.new.title', { symbol })}
      onClose={onClose}
      onSubmit={submit}
      submitLabel={t('ord.new.submit')}
      submitDisabled={pending || !symbol}
      submitTestId="order-new-submit"
      pending={pending}
    >
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
          server.clearError();
        }}
        errors={{ ...levelErrors, ...(server.fields.price ? { level: server.fields.price } : {}) }}
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
            isInvalid={!!(amountError ?? server.fields.amount)}
            className="ob-num"
            data-testid="order-new-amount"
          />
          <FieldFeedback message={amountError ?? server.fields.amount} title={t('positions.col.amount')} />
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
        <PriceLevelPair
          idPrefix={id}
          testIdPrefix="order-new"
          stopLoss={stopLoss}
          takeProfit={takeProfit}
          onStopLoss={setStopLoss}
          onTakeProfit={setTakeProfit}
          errors={{
            stop_lost: triggers.stop_lost ?? server.fields.stop_lost,
            take_profit: triggers.take_profit ?? server.fields.take_profit,
          }}
          tick={tick}
        />
      </div>
      <TicketError error={server.error} />
    </TicketDialog>
  );
}
