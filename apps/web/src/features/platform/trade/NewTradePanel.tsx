import {
  AMOUNT_MIN,
  AMOUNT_STEP,
  checkTradeAmount,
  type Direction,
  formatPrice,
  leverageOptionsFor,
  type Message,
  messagesByPath,
  parseNumberInput,
  parseTriggerLevel,
  type TradeUser,
  tradeBlock,
  triggersValid,
  validateNewTrade,
  validateStopLossTakeProfit,
} from '@openbroker/domain';
import { type FormEvent, type RefObject, useId, useRef, useState } from 'react';
import { Alert, Button, Card, Form, InputGroup, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import type { Asset, Instrument } from '../../../api/types.js';
import { useBrand } from '../../../app/BrandProvider.js';
import { useToast } from '../../../app/ToastProvider.js';
import { type TextMessage, useMessageText } from '../../../ui/forms.js';
import { AutoTradingSwitch } from '../../account/AutoTradingSwitch.js';
import { useAuth } from '../../auth/useAuth.js';
import { ClosedMarket } from '../markets/NextOpen.js';
import { useMoney } from '../numbers.js';
import { PendingOrderFields } from '../orders/PendingOrderFields.js';
import {
  checkOrderTriggers,
  checkPendingOrder,
  levelOrNull,
  MARKET_ORDER,
  type PendingOrderErrors,
  type PendingOrderValue,
} from '../orders/pendingOrder.js';
import { PriceLevelField } from '../PriceLevelField.js';
import type { QuoteState } from '../quotes/quoteStore.js';
import { useQuoteStore } from '../quotes/useQuotes.js';
import { TicketRisk } from '../risk/TicketRisk.js';
import { dealingOf, useTradingProfile } from '../risk/tradingProfile.js';
import { useDealingQuote } from '../risk/useDealing.js';
import { ackFieldMessages, ackMessage } from '../trading/ackMessage.js';
import { useOrders, useTrading } from '../trading/useTrading.js';
import { useOpeningRefresh } from '../useMarketData.js';
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
  onSelect,
  buttonRef,
}: {
  direction: Direction;
  active: boolean;
  quote: QuoteState;
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
      className={`ob-deal ob-deal-${direction}${active ? ' active' : ''}`}
      onClick={onSelect}
      data-testid={`trade-${direction}`}
    >
      <span className="ob-deal-label">{t(direction === 'buy' ? 'trade.buy' : 'trade.sell')}</span>
      {price !== null ? (
        <span className="ob-deal-price" data-testid={`trade-${direction}-price`}>
          {formatPrice(price)}
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
 * spec §2 new-trade panel. Buy and sell show the live dealing prices (decision 0002) and choose the
 * direction; the amount, leverage (options of the asset's category, the disallowed ones disabled) and
 * optional stop loss and take profit are checked live with the domain rules of spec §5 and §6, and the
 * server checks everything again. The price sent is the dealing price on screen at the click.
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
  const profile = useTradingProfile();
  const { summary, openPosition } = useTrading();
  const { placeOrder } = useOrders();
  const [order, setOrder] = useState<PendingOrderValue>(MARKET_ORDER);
  const [orderErrors, setOrderErrors] = useState<PendingOrderErrors>({});
  const pendingType = order.type === 'market' ? null : order.type;
  const orderLevel = pendingType ? levelOrNull(order.level) : null;
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

  // The brand's preset caps the leverages (server's instruments `leverages`); the server checks it again.
  const capped = (instrument as { leverages?: unknown } | undefined)?.leverages;
  const options = (asset && user ? leverageOptionsFor(asset, user) : []).map((option) =>
    Array.isArray(capped) && !capped.includes(option.value) ? { ...option, disabled: true } : option,
  );
  // The lowest allowed leverage is preselected: the least risky choice, and one click less.
  const leverage = chosenLeverage || String(options.find((o) => !o.disabled)?.value ?? '');
  // a symbol a dealer halted for the brand (issue 15) trades like one without a price: temporarily unavailable
  const halted = instrument?.halted === true;
  const available = quote.status === 'live' && !halted;
  // a market that closed while the page was open: ask the catalogue when it opens next (issue 14)
  useOpeningRefresh(quote.status === 'unavailable' && facts.nextOpen === null);
  const block: Message | null =
    !user || assetsLoading
      ? null
      : asset
        ? tradeBlock({ user, asset, priceAvailable: !halted && (available || quote.status === 'loading') })
        : { key: 'account.noAccess' };
  const freeMargin = summary?.freeMargin;

  const check =
    submitted && user && asset && freeMargin !== undefined
      ? validateNewTrade({ amount, leverage, freeMargin, user, asset, priceAvailable: available })
      : null;
  const formErrors = check && !check.ok ? messagesByPath(check.errors) : {};
  const amountError =
    formErrors.amount ??
    (amountTouched && freeMargin !== undefined ? checkTradeAmount(amount, freeMargin) : null) ??
    serverFields.amount ??
    null;
  const leverageError = formErrors.leverage ?? serverFields.leverage ?? null;
  const triggers = pendingType
    ? checkOrderTriggers(direction, orderLevel, stopLoss, takeProfit)
    : available
      ? validateStopLossTakeProfit({
          direction,
          stop_lost: stopLoss,
          take_profit: takeProfit,
          quote: quote.quote,
        })
      : {};
  const stopLossError = triggers.stop_lost ?? serverFields.stop_lost ?? null;
  const takeProfitError = triggers.take_profit ?? serverFields.take_profit ?? null;

  const amountValue = parseNumberInput(amount);
  const leverageValue = Number(leverage);
  const disabled = !!block || !user || !asset || freeMargin === undefined || pending;

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
    if (!user || !asset || freeMargin === undefined || current.status !== 'live') return;
    const valid = validateNewTrade({ amount, leverage, freeMargin, user, asset, priceAvailable: true });
    // spec §5 'Price sent': the dealing price on screen, i.e. the feed with the brand's markup
    const dealing = dealingOf(current.quote, facts, profile);
    if (pendingType) {
      const pending = checkPendingOrder(order, direction, dealing, Date.now());
      setOrderErrors(pending.ok ? {} : pending.errors);
      const level = pending.ok ? pending.price : null;
      const triggerErrors = checkOrderTriggers(direction, level, stopLoss, takeProfit);
      if (!valid.ok || !pending.ok || triggerErrors.stop_lost || triggerErrors.take_profit) return;
      setPending(true);
      const ack = await placeOrder({
        symbol,
        direction,
        type: pendingType,
        price: pending.price,
        amount: valid.value.amount,
        leverage: valid.value.leverage,
        stop_lost: levelOrNull(stopLoss),
        take_profit: levelOrNull(takeProfit),
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
    const levels = { direction, stop_lost: stopLoss, take_profit: takeProfit, quote: current.quote };
    if (!valid.ok || !triggersValid(validateStopLossTakeProfit(levels))) return;
    setPending(true);
    const ack = await openPosition({
      direction,
      amount: valid.value.amount,
      leverage: valid.value.leverage,
      price: direction === 'buy' ? dealing.buy : dealing.sell,
      symbol,
      stop_lost: parseTriggerLevel(stopLoss),
      take_profit: parseTriggerLevel(takeProfit),
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
            />
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
            disabled={disabled || !available}
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
