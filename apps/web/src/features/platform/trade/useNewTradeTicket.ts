import {
  checkTradeAmount,
  type Direction,
  type Message,
  messagesByPath,
  parseNumberInput,
  type SizeMode,
  type TradeSize,
  tradeBlock,
  tradeSize,
  triggersValid,
  validateNewTrade,
} from '@openbroker/domain';
import { type FormEvent, useRef, useState } from 'react';
import type { Asset, Instrument } from '../../../api/types.js';
import { useComplianceStatus } from '../../../shared/compliance/useComplianceStatus.js';
import { useLiveHalts, useOpeningRefresh } from '../../../shared/market/useMarketData.js';
import { useQuoteStore } from '../../../shared/market/useQuotes.js';
import { useAuth } from '../../../shared/session/useAuth.js';
import { useToast } from '../../../ui/ToastProvider.js';
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
import { checkLevelsOnTick, levelTextOnTick, sentLevel } from '../priceOnTick.js';
import { useDealingQuote } from '../risk/useDealing.js';
import { useTicketServer } from '../ticket/useTicketServer.js';
import { useOrders, useTrading } from '../trading/useTrading.js';
import { leverageChoices } from './leverageChoices.js';
import { tradeUserOf, useAccountRights } from './tradeUser.js';
import { useTicketKeys } from './useTicketKeys.js';

/** What the ticket trades: the symbol, its instrument and asset as the catalogue has them. */
export interface NewTradeTicketProps {
  symbol: string;
  instrument: Instrument | undefined;
  asset: Asset | undefined;
  /** The assets are still loading: no block is shown until they are in. */
  assetsLoading: boolean;
}

/**
 * The new-trade ticket's state and live checks: direction, amount, leverage, SL/TP and the pending-order
 * fields, checked with the domain rules of spec §5 and §6 as the client types, what blocks trading the symbol,
 * the keyboard (B, S, Esc) and the send of a market trade or a pending order.
 */
export function useNewTradeTicket({ symbol, instrument, asset, assetsLoading }: NewTradeTicketProps) {
  const toast = useToast();
  const auth = useAuth();
  const rights = useAccountRights();
  const user = auth ? tradeUserOf(auth.user, rights) : null;
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
  // the size as typed: the margin amount (the spec's, what is sent), or units or lots worked out into one
  const [sizeMode, setSizeMode] = useState<SizeMode>('amount');
  const [typedAmount, setAmount] = useState('');
  const [sizeText, setSizeText] = useState('');
  const [chosenLeverage, setChosenLeverage] = useState('');
  const [stopLoss, setStopLoss] = useState('');
  const [takeProfit, setTakeProfit] = useState('');
  const [amountTouched, setAmountTouched] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const [pending, setPending] = useState(false);
  const server = useTicketServer();

  // The category's list with the client's custom_leverage, and the brand's preset caps (server's instruments
  // `leverages`); the server checks both again. The calculator lists the same choices.
  // what the client's compliance standing stops on this account (the server's answer, the domain's message) and the
  // appropriateness test's leverage cap: the ticket never offers a trade or a leverage the server refuses
  const compliance = useComplianceStatus();
  const options = leverageChoices(asset, user, instrument, compliance?.leverageCap);
  // The lowest allowed leverage is preselected: the least risky choice, and one click less.
  const leverage = chosenLeverage || String(options.find((o) => !o.disabled)?.value ?? '');
  /** The size typed in any mode at this price (the dealing price of the direction, or the pending order's level). */
  const sizeAt = (price: number | null): TradeSize | null => {
    const leverageNumber = Number(leverage);
    if (!instrument || !price || !(price > 0) || !(leverageNumber > 0)) return null;
    const typed = parseNumberInput(sizeMode === 'amount' ? typedAmount : sizeText);
    if (typed === null || Number.isNaN(typed)) return null;
    return tradeSize(sizeMode, String(typed), {
      leverage: leverageNumber,
      price,
      contractSize: instrument.contractSize,
    });
  };
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
        ? (compliance?.blocks.trade ??
          tradeBlock({ user, asset, priceAvailable: !halted && (available || quote.status === 'loading') }))
        : { key: 'account.noAccess' };
  // a closed market (or a stale feed), not halted, for a client who may trade it: pending orders can still
  // be placed and wait for the opening; a market order cannot
  const ordersWhileClosed = waitsForOpen(quote, halted) && block?.key === 'trade.temporarilyUnavailable';
  const freeMargin = summary?.freeMargin;
  // units and lots are worked out at the price the trade opens at: the direction's dealing price, or the level
  const sizePrice = orderLevel ?? (quote.status === 'live' ? quote.dealing[direction] : null);
  const size = sizeAt(sizePrice);
  /** The amount a size typed in units or lots means: what is checked and sent (empty without a price). */
  const amountOf = (converted: TradeSize | null) =>
    sizeMode === 'amount'
      ? typedAmount
      : converted
        ? String(converted.amount)
        : Number.isNaN(parseNumberInput(sizeText))
          ? sizeText
          : '';
  const amount = amountOf(size);

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
    server.fields.amount ??
    null;
  const leverageError = formErrors.leverage ?? server.fields.leverage ?? null;
  // SL/TP as they are sent, on the tick; a message names the price as the buttons show it
  const triggers = pendingType
    ? checkOrderTriggers(direction, orderLevel, stopLoss, takeProfit, facts.tick)
    : available
      ? checkLevelsOnTick(
          { direction, stop_lost: stopLoss, take_profit: takeProfit, quote: quote.dealing },
          facts.tick,
        )
      : {};
  const stopLossError = triggers.stop_lost ?? server.fields.stop_lost ?? null;
  const takeProfitError = triggers.take_profit ?? server.fields.take_profit ?? null;

  const disabled = (!!block && !ordersWhileClosed) || !user || !asset || freeMargin === undefined || pending;

  const choose = (next: Direction) => {
    setDirection(next);
    server.clear();
    setOrderErrors({});
  };

  // Esc: the ticket back to empty (nothing is sent), the focus out of its fields.
  const clearTicket = () => {
    setAmount('');
    setSizeText('');
    setStopLoss('');
    setTakeProfit('');
    setAmountTouched(false);
    setSubmitted(false);
    setOrder(MARKET_ORDER);
    setOrderErrors({});
    server.clear();
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

  /** A field edited by the client: the server's last word on the ticket no longer holds. */
  const edited =
    <T>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      server.clear();
    };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    server.clear();
    const current = store.get(symbol);
    // a pending order needs no live price: while the market is closed it waits for the opening
    const orderWhileClosed = pendingType !== null && waitsForOpen(current, halted);
    if (!user || !asset || freeMargin === undefined || (current.status !== 'live' && !orderWhileClosed))
      return;
    // spec §5 'Price sent': the brand quote on screen, as the price socket sent it
    const dealing = current.status === 'live' ? current.dealing : null;
    // a size in units or lots is worked out into the amount at the price of this send
    const sendAmount = amountOf(
      sizeAt(pendingType ? levelOrNull(order.level, facts.tick) : dealing ? dealing[direction] : null),
    );
    const valid = validateNewTrade({
      amount: sendAmount,
      leverage,
      freeMargin,
      user,
      asset,
      priceAvailable: true,
    });
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
      server.refused(ack);
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
    server.refused(ack);
  };

  const leverageValue = Number(leverage);
  return {
    auth,
    instrument,
    quote,
    facts,
    refs: { ticket, buyButton, sellButton },
    direction,
    choose,
    halted,
    available,
    block,
    ordersWhileClosed,
    freeMargin,
    amount,
    setAmount: edited(setAmount),
    sizeMode,
    /** Switches how the size is typed, keeping the same size: the field shows it in the new mode. */
    setSizeMode: (next: SizeMode) => {
      if (next === sizeMode) return;
      if (size) {
        if (next === 'amount') setAmount(String(size.amount));
        else setSizeText(String(next === 'units' ? size.units : size.lots));
      } else if (next !== 'amount') setSizeText('');
      setSizeMode(next);
      server.clear();
    },
    sizeText,
    setSizeText: edited(setSizeText),
    size,
    sizePrice,
    touchAmount: () => setAmountTouched(true),
    amountError,
    amountValue: parseNumberInput(amount),
    options,
    leverage,
    setLeverage: edited(setChosenLeverage),
    leverageError,
    leverageValue: leverageValue > 0 ? leverageValue : 0,
    order,
    setOrder: (next: PendingOrderValue) => {
      setOrder(next);
      setOrderErrors({});
      server.clear();
    },
    orderErrors,
    pendingType,
    orderLevel,
    stopLoss,
    setStopLoss: edited(setStopLoss),
    stopLossError,
    takeProfit,
    setTakeProfit: edited(setTakeProfit),
    takeProfitError,
    disabled,
    canSubmit: !disabled && (available || (ordersWhileClosed && pendingType !== null)),
    pending,
    serverError: server.error,
    submit,
  };
}

export type NewTradeTicket = ReturnType<typeof useNewTradeTicket>;
