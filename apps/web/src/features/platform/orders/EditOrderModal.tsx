import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useInstruments } from '../../../shared/market/useMarketData.js';
import { useToast } from '../../../ui/ToastProvider.js';
import { ClosedMarket } from '../markets/NextOpen.js';
import { formatOnTick } from '../priceOnTick.js';
import { useDealingQuote } from '../risk/useDealing.js';
import { PriceLevelPair } from '../ticket/PriceLevelField.js';
import { TicketError } from '../ticket/TicketAlert.js';
import { TicketDialog } from '../ticket/TicketDialog.js';
import { useTicketServer } from '../ticket/useTicketServer.js';
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

/**
 * Moves a pending order's level, SL/TP and expiry; the level is checked live against the price it fills at — or,
 * while the market is closed, against the last prices before the close, and the order waits for the
 * opening. `initial` prefills the level or a SL/TP (a line dragged on the chart), checked like a typed one.
 */
export function EditOrderModal({
  order,
  onClose,
  initial,
}: {
  order: OrderView;
  onClose: () => void;
  initial?: { level?: string; stop_lost?: string; take_profit?: string };
}) {
  const { t } = useTranslation();
  const id = useId();
  const toast = useToast();
  const instruments = useInstruments();
  const instrument = instruments.bySymbol.get(order.symbol);
  const { quote, facts } = useDealingQuote(order.symbol, instrument);
  const { updateOrder } = useOrders();
  const [value, setValue] = useState<PendingOrderValue>({
    type: order.type,
    level: initial?.level ?? String(order.price),
    expiry: order.expiry?.kind ?? 'gtc',
    expiryDate: toLocalInput(order.expiry?.kind === 'date' ? order.expiry.at : order.expires_at),
  });
  const [stopLoss, setStopLoss] = useState(initial?.stop_lost ?? text(order.stop_lost));
  const [takeProfit, setTakeProfit] = useState(initial?.take_profit ?? text(order.take_profit));
  const [pending, setPending] = useState(false);
  const server = useTicketServer();

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
    server.clear();
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
    server.refused(ack);
  };

  const current = dealing ? (order.direction === 'buy' ? dealing.buy : dealing.sell) : null;

  return (
    <TicketDialog
      testId="order-edit-modal"
      title={t('ord.edit.title', {
        id: order.id,
        symbol: order.symbol,
        type: t(`ord.type.${order.direction}.${order.type}`),
      })}
      onClose={onClose}
      onSubmit={submit}
      submitLabel={t('form.save')}
      submitDisabled={pending}
      submitTestId="order-edit-save"
      pending={pending}
    >
      {quote.status === 'unavailable' ? (
        // spec §8 'Will be back soon', with the market's next opening
        <div className="small mb-2" data-testid="order-edit-current">
          <ClosedMarket nextOpen={facts.nextOpen} className="ob-closed-start" testId="order-edit-closed" />
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
          server.clearError();
        }}
        errors={{ ...errors, ...(server.fields.price ? { level: server.fields.price } : {}) }}
        hideType
        tick={tick}
      />
      <div className="row g-2 mt-1">
        <PriceLevelPair
          idPrefix={id}
          testIdPrefix="order-edit"
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
