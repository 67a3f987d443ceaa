import {
  AMOUNT_MIN,
  AMOUNT_STEP,
  checkTradeAmount,
  type Direction,
  type Message,
  messagesByPath,
  parseNumberInput,
  type TradeUser,
  tradeBlock,
  triggersValid,
  validateNewTrade,
} from '@openbroker/domain';
import { type FormEvent, type RefObject, useId, useRef, useState } from 'react';
import { Alert, Button, Card, Form, InputGroup, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import type { Asset, Instrument } from '../../../api/types.js';
import { useBrand } from '../../../lib/BrandProvider.js';
import { AutoTradingSwitch } from '../../../shared/auto-trading/AutoTradingSwitch.js';
import { useMoney } from '../../../shared/market/numbers.js';
import type { QuoteState } from '../../../shared/market/quoteStore.js';
import { useLiveHalts, useOpeningRefresh } from '../../../shared/market/useMarketData.js';
import { useQuoteStore } from '../../../shared/market/useQuotes.js';
import { useAuth } from '../../../shared/session/useAuth.js';
import { type TextMessage, useMessageText } from '../../../ui/forms.js';
import { useToast } from '../../../ui/ToastProvider.js';
import { ClosedMarket } from '../markets/NextOpen.js';
import { PendingOrderFields } from '../orders/PendingOrderFields.js';
import {
  checkOrderTriggers,
  checkPendingOrder,
  levelOrNull,
  MARKET_ORDER,
  orderReferenceQuote,
  type PendingOrderErrors,
  type PendingOrderValue,
  waitsForOpen,
} from '../orders/pendingOrder.js';
import { WaitsForOpen } from '../orders/WaitsForOpen.js';
import { PriceLevelField } from '../PriceLevelField.js';
import { checkLevelsOnTick, formatOnTick, levelTextOnTick, sentLevel } from '../priceOnTick.js';
import { TicketRisk } from '../risk/TicketRisk.js';
import { useDealingQuote } from '../risk/useDealing.js';
import { ackFieldMessages, ackMessage } from '../trading/ackMessage.js';
import { useOrders, useTrading } from '../trading/useTrading.js';
import { leverageChoices } from './leverageChoices.js';
import { useTicketKeys } from './useTicketKeys.js';

/** The user fields trading depends on, from the stored user (spec §3). */
export const tradeUserOf = (user: {
  verified_account: unknown;
  assets_group_permission?: unknown;
  custom_leverage?: unknown;
}): TradeUser => ({
  verified_account: user.verified_account as TradeUser['verified_account'],
  assets_group_permission: user.assets_group_permission as TradeUser['assets_group_permission'],
  custom_leverage: user.custom_leverage as TradeUser['custom_leverage'],
});

function DealButton({
  direction,
  active,
  quote,
  tick,
  halted,
  onSelect,
  buttonRef,
}: {
  direction: Direction;
  active: boolean;
  quote: QuoteState;
  /** The instrument's tick: the price is shown with its decimals. */
  tick: number | null;
  /** A dealer halted the symbol: the button is greyed and cannot be picked, its price only shown. */
  halted: boolean;
  onSelect: () => void;
  buttonRef: RefObject<HTMLButtonElement | null>;
}) {
  const { t } = useTranslation();
  const price =
    quote.status === 'live' ? (direction === 'buy' ? quote.dealing.buy : quote.dealing.sell) : null;
  return (
    <button
      ref={buttonRef}
      type="button"
      aria-pressed={active}
      aria-keyshortcuts={direction === 'buy' ? 'B' : 'S'}
      disabled={halted}
      className={`ob-deal ob-deal-${direction}${active ? ' active' : ''}`}
      onClick={onSelect}
      data-testid={`trade-${direction}`}
    >
      <span className="ob-deal-label">{t(direction === 'buy' ? 'trade.buy' : 'trade.sell')}</span>
      {price !== null ? (
        <span
          className={`ob-deal-price${halted ? ' ob-placeholder' : ''}`}
          data-testid={`trade-${direction}-price`}
        >
          {formatOnTick(price, tick)}
        </span>
      ) : quote.status === 'unavailable' && quote.last ? (
        // closed market: the last price before the close, greyed — what a pending order is checked against
        <span
          className="ob-deal-price ob-placeholder"
          title={t('ord.closed.lastPrice')}
          data-testid={`trade-${direction}-last`}
        >
          {formatOnTick(direction === 'buy' ? quote.last.buy : quote.last.sell, tick)}
        </span>
      ) : (
        // no price: the panel's notice below says 'temporarily unavailable' (spec §8)
        <span className="ob-deal-price ob-placeholder" aria-hidden="true">
          {quote.status === 'unavailable' ? '—' : '…'}
        </span>
      )}
    </button>
  );
}

/**
 * spec §2 new-trade panel. Buy and sell show the brand's quote as the price socket sends it, with the tick's
 * decimals, and choose the direction; the amount, leverage (options of the asset's category, the
 * disallowed ones disabled) and optional stop loss and take profit — rounded to the tick on leaving the field and
 * sent so — are checked live with the domain rules of spec §5 and §6, and the server checks everything again.
 * The price sent is the brand quote on screen at the click.
 */
export function NewTradePanel({
  symbol,
  instrument,
  asset,
  assetsLoading,
}: {
  symbol: string;
  instrument: Instrument | undefined;
  asset: Asset | undefined;
  assetsLoading: boolean;
}) {
  const { t } = useTranslation();
  const id = useId();
  const text = useMessageText();
  const toast = useToast();
  const money = useMoney();
  const { currencySymbol } = useBrand();
  const auth = useAuth();
  const user = auth ? tradeUserOf(auth.user) : null;
  const store = useQuoteStore();
  const { quote, facts } = useDealingQuote(symbol, instrument, asset);
  const { summary, openPosition } = useTrading();
  const { placeOrder } = useOrders();
  const [order, setOrder] = useState<PendingOrderValue>(MARKET_ORDER);
  const [orderErrors, setOrderErrors] = useState<PendingOrderErrors>({});
  const pendingType = order.type === 'market' ? null : order.type;
  const orderLevel = pendingType ? levelOrNull(order.level, facts.tick) : null;
  const ticket = useRef<HTMLDivElement>(null);
  const buyButton = useRef<HTMLButtonElement>(null);
  const sellButton = useRef<HTMLButtonElement>(null);

  const [direction, setDirection] = useState<Direction>('buy');
  const [amount, setAmount] = useState('');
  const [chosenLeverage, setChosenLeverage] = useState('');
  const [stopLoss, setStopLoss] = useState('');
  const [takeProfit, setTakeProfit] = useState('');
  const [amountTouched, setAmountTouched] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const [pending, setPending] = useState(false);
  const [serverError, setServerError] = useState<TextMessage | null>(null);
  const [serverFields, setServerFields] = useState<Record<string, Message>>({});

  // The category's list with the client's custom_leverage, and the brand's preset caps (server's instruments
  // `leverages`); the server checks both again. The calculator lists the same choices.
  const options = leverageChoices(asset, user, instrument);
  // The lowest allowed leverage is preselected: the least risky choice, and one click less.
  const leverage = chosenLeverage || String(options.find((o) => !o.disabled)?.value ?? '');
  // a symbol a dealer halted for the brand trades like one without a price: temporarily unavailable
  useLiveHalts(useQuoteStore());
  const halted = instrument?.halted === true;
  const available = quote.status === 'live' && !halted;
  // a market that closed while the page was open: ask the catalogue when it opens next
  useOpeningRefresh(quote.status === 'unavailable' && facts.nextOpen === null);
  const block: Message | null =
    !user || assetsLoading
      ? null
      : asset
        ? tradeBlock({ user, asset, priceAvailable: !halted && (available || quote.status === 'loading') })
        : { key: 'account.noAccess' };
  // a closed market (or a stale feed), not halted, for a client who may trade it: pending orders can still
  // be placed and wait for the opening; a market order cannot
  const ordersWhileClosed = waitsForOpen(quote, halted) && block?.key === 'trade.temporarilyUnavailable';
  const freeMargin = summary?.freeMargin;

  const check =
    submitted && user && asset && freeMargin !== undefined
      ? validateNewTrade({
          amount,
          leverage,
          freeMargin,
          user,
          asset,
          priceAvailable: available || (ordersWhileClosed && pendingType !== null),
        })
      : null;
  const formErrors = check && !check.ok ? messagesByPath(check.errors) : {};
  const amountError =
    formErrors.amount ??
    (amountTouched && freeMargin !== undefined ? checkTradeAmount(amount, freeMargin) : null) ??
    serverFields.amount ??
    null;
  const leverageError = formErrors.leverage ?? serverFields.leverage ?? null;
  // SL/TP as they are sent, on the tick; a message names the price as the buttons show it
  const triggers = pendingType
    ? checkOrderTriggers(direction, orderLevel, stopLoss, takeProfit, facts.tick)
    : available
      ? checkLevelsOnTick(
          { direction, stop_lost: stopLoss, take_profit: takeProfit, quote: quote.dealing },
          facts.tick,
        )
      : {};
  const stopLossError = triggers.stop_lost ?? serverFields.stop_lost ?? null;
  const takeProfitError = triggers.take_profit ?? serverFields.take_profit ?? null;

  const amountValue = parseNumberInput(amount);
  const leverageValue = Number(leverage);
  const disabled = (!!block && !ordersWhileClosed) || !user || !asset || freeMargin === undefined || pending;

  const clearServer = () => {
    setServerError(null);
    setServerFields({});
  };

  const choose = (next: Direction) => {
    setDirection(next);
    clearServer();
    setOrderErrors({});
  };

  // Esc: the ticket back to empty (nothing is sent), the focus out of its fields.
  const clearTicket = () => {
    setAmount('');
    setStopLoss('');
    setTakeProfit('');
    setAmountTouched(false);
    setSubmitted(false);
    setOrder(MARKET_ORDER);
    setOrderErrors({});
    clearServer();
    const active = document.activeElement;
    if (active instanceof HTMLElement && ticket.current?.contains(active)) active.blur();
  };

  useTicketKeys(ticket, {
    onBuy: () => {
      choose('buy');
      buyButton.current?.focus();
    },
    onSell: () => {
      choose('sell');
      sellButton.current?.focus();
    },
    onEscape: clearTicket,
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    clearServer();
    const current = store.get(symbol);
    // a pending order needs no live price: while the market is closed it waits for the opening
    const orderWhileClosed = pendingType !== null && waitsForOpen(current, halted);
    if (!user || !asset || freeMargin === undefined || (current.status !== 'live' && !orderWhileClosed))
      return;
    const valid = validateNewTrade({ amount, leverage, freeMargin, user, asset, priceAvailable: true });
    // spec §5 'Price sent': the brand quote on screen, as the price socket sent it
    const dealing = current.status === 'live' ? current.dealing : null;
    // levels go out on the tick: the fields show what is sent
    const tick = facts.tick;
    setStopLoss(levelTextOnTick(stopLoss, tick));
    setTakeProfit(levelTextOnTick(takeProfit, tick));
    if (pendingType) {
      setOrder({ ...order, level: levelTextOnTick(order.level, tick) });
      const pending = checkPendingOrder(order, direction, orderReferenceQuote(current), Date.now(), tick);
      setOrderErrors(pending.ok ? {} : pending.errors);
      const level = pending.ok ? pending.price : null;
      const triggerErrors = checkOrderTriggers(direction, level, stopLoss, takeProfit, tick);
      if (!valid.ok || !pending.ok || triggerErrors.stop_lost || triggerErrors.take_profit) return;
      setPending(true);
      const ack = await placeOrder({
        symbol,
        direction,
        type: pendingType,
        price: pending.price,
        amount: valid.value.amount,
        leverage: valid.value.leverage,
        stop_lost: levelOrNull(stopLoss, tick),
        take_profit: levelOrNull(takeProfit, tick),
        expiry: pending.expiry,
      });
      setPending(false);
      if (ack.status) {
        toast('success', { key: 'ord.placed' });
        setOrder({ ...order, level: '' });
        setStopLoss('');
        setTakeProfit('');
        setSubmitted(false);
        setAmountTouched(false);
        return;
      }
      setServerError(ackMessage(ack));
      setServerFields(ackFieldMessages(ack));
      return;
    }
    if (!dealing) return;
    const levels = { direction, stop_lost: stopLoss, take_profit: takeProfit, quote: dealing };
    if (!valid.ok || !triggersValid(checkLevelsOnTick(levels, tick))) return;
    setPending(true);
    const ack = await openPosition({
      direction,
      amount: valid.value.amount,
      leverage: valid.value.leverage,
      price: direction === 'buy' ? dealing.buy : dealing.sell,
      symbol,
      stop_lost: sentLevel(stopLoss, tick),
      take_profit: sentLevel(takeProfit, tick),
    });
    setPending(false);
    if (ack.status) {
      toast('success', { key: 'trade.created' });
      setStopLoss('');
      setTakeProfit('');
      setSubmitted(false);
      // the free margin has just shrunk by this trade: no 'at most' warning until the amount is edited again
      setAmountTouched(false);
      return;
    }
    setServerError(ackMessage(ack));
    setServerFields(ackFieldMessages(ack));
  };

  const feedback = (message: Message | null, title: string) =>
    message && (
      <Form.Control.Feedback type="invalid" className="d-block">
        {text(message, title)}
      </Form.Control.Feedback>
    );

  return (
    <Card className="ob-card ob-ticket" data-testid="new-trade-panel" ref={ticket}>
      <Card.Header className="ob-card-header d-flex align-items-center justify-content-between gap-2">
        <h2 className="ob-card-title">{t('platform.newTrade')}</h2>
        <span className="ob-symbol" title={instrument?.displayName}>
          {symbol}
        </span>
      </Card.Header>
      <Card.Body>
        <Form noValidate onSubmit={submit}>
          <fieldset className="ob-deals mb-3">
            <legend className="visually-hidden">{t('trade.direction')}</legend>
            {(['sell', 'buy'] as const).map((value) => (
              <DealButton
                key={value}
                direction={value}
                active={direction === value}
                quote={quote}
                tick={facts.tick}
                halted={halted}
                onSelect={() => choose(value)}
                buttonRef={value === 'buy' ? buyButton : sellButton}
              />
            ))}
          </fieldset>

          {block && (
            <Alert
              variant={block.key === 'trade.temporarilyUnavailable' ? 'secondary' : 'warning'}
              className="ob-form-alert py-2 small d-flex align-items-center gap-2"
              data-testid="trade-block"
            >
              <i
                className={`bi ${block.key === 'trade.temporarilyUnavailable' ? 'bi-pause-circle' : 'bi-shield-lock'}`}
                aria-hidden="true"
              />
              {/* spec §8: the panel says 'temporarily unavailable' when there is no price */}
              <span>
                {text(
                  block.key === 'trade.temporarilyUnavailable'
                    ? { key: 'trade.temporarilyUnavailableLower' }
                    : block,
                )}
                {block.key === 'trade.temporarilyUnavailable' && facts.nextOpen !== null && (
                  <ClosedMarket nextOpen={facts.nextOpen} className="d-block" testId="trade-closed" />
                )}
              </span>
            </Alert>
          )}

          <Form.Group className="mb-3" controlId={`${id}-amount`}>
            <div className="d-flex justify-content-between align-items-baseline">
              <Form.Label>{t('trade.amount')}</Form.Label>
              <span className="small text-body-secondary ob-num">
                {t('trade.freeMargin')}{' '}
                <span data-testid="trade-free-margin">
                  {freeMargin === undefined ? '—' : money.format(freeMargin)}
                </span>
              </span>
            </div>
            <InputGroup hasValidation>
              <InputGroup.Text>{currencySymbol}</InputGroup.Text>
              <Form.Control
                type="number"
                inputMode="decimal"
                min={AMOUNT_MIN}
                step={AMOUNT_STEP}
                {...(freeMargin !== undefined && freeMargin >= AMOUNT_MIN ? { max: freeMargin } : {})}
                value={amount}
                onChange={(event) => {
                  setAmount(event.target.value);
                  clearServer();
                }}
                onBlur={() => setAmountTouched(true)}
                isInvalid={!!amountError}
                disabled={disabled}
                data-testid="trade-amount"
                className="ob-num"
              />
            </InputGroup>
            {feedback(amountError, t('trade.amount'))}
          </Form.Group>

          <Form.Group className="mb-3" controlId={`${id}-leverage`}>
            <Form.Label>{t('trade.leverage')}</Form.Label>
            <Form.Select
              value={leverage}
              onChange={(event) => {
                setChosenLeverage(event.target.value);
                clearServer();
              }}
              isInvalid={!!leverageError}
              disabled={disabled}
              data-testid="trade-leverage"
            >
              <option value="" disabled>
                {t('trade.chooseLeverage')}
              </option>
              {options.map((option) => (
                <option key={option.index} value={option.value} disabled={option.disabled}>
                  1:{option.value}
                  {option.disabled ? ` — ${t('trade.leverageLocked')}` : ''}
                </option>
              ))}
            </Form.Select>
            {feedback(leverageError, t('trade.leverage'))}
          </Form.Group>

          <div className="mb-3">
            <PendingOrderFields
              direction={direction}
              value={order}
              onChange={(next) => {
                setOrder(next);
                setOrderErrors({});
                clearServer();
              }}
              errors={orderErrors}
              disabled={disabled}
              tick={facts.tick}
            />
            {ordersWhileClosed &&
              (pendingType ? (
                <WaitsForOpen
                  quote={quote}
                  nextOpen={facts.nextOpen}
                  testId="trade-waits"
                  showClosed={false}
                  showLast={false}
                />
              ) : (
                <Form.Text className="d-block" data-testid="trade-choose-pending">
                  {t('ord.closed.chooseType')}
                </Form.Text>
              ))}
          </div>

          <div className="row g-2 mb-3">
            <PriceLevelField
              name="stop_lost"
              controlId={`${id}-sl`}
              value={stopLoss}
              onChange={(value) => {
                setStopLoss(value);
                clearServer();
              }}
              error={stopLossError}
              disabled={disabled}
              tick={facts.tick}
              testId="trade-stop-loss"
            />
            <PriceLevelField
              name="take_profit"
              controlId={`${id}-tp`}
              value={takeProfit}
              onChange={(value) => {
                setTakeProfit(value);
                clearServer();
              }}
              error={takeProfitError}
              disabled={disabled}
              tick={facts.tick}
              testId="trade-take-profit"
            />
          </div>

          <TicketRisk
            symbol={symbol}
            direction={direction}
            amount={amountValue}
            leverage={leverageValue > 0 ? leverageValue : 0}
            quote={quote}
            facts={facts}
            entry={orderLevel}
          />

          {serverError && (
            <Alert
              variant="danger"
              className="ob-form-alert py-2 small"
              role="alert"
              data-testid="trade-error"
            >
              {text(serverError)}
            </Alert>
          )}

          <Button
            type="submit"
            variant={direction === 'buy' ? 'success' : 'danger'}
            className="w-100 ob-submit"
            disabled={disabled || !(available || (ordersWhileClosed && pendingType !== null))}
            data-testid="trade-submit"
          >
            {pending && <Spinner size="sm" animation="border" className="me-2" aria-hidden="true" />}
            {pendingType
              ? `${t(`ord.type.${direction}.${pendingType}`)} ${symbol}`
              : t(direction === 'buy' ? 'trade.submitBuy' : 'trade.submitSell', { symbol })}
          </Button>
        </Form>
      </Card.Body>
      {auth && (
        <Card.Footer className="ob-card-footer py-2">
          <AutoTradingSwitch user={auth.user} token={auth.access_token} compact />
        </Card.Footer>
      )}
    </Card>
  );
}
