import { formatPrice } from '@openbroker/domain';
import { memo, useState } from 'react';
import { Badge, Button, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { shortDateTime } from '../../../lib/dates.js';
import { useMoney } from '../../../shared/market/numbers.js';
import { useInstruments } from '../../../shared/market/useMarketData.js';
import { useMessageText } from '../../../ui/forms.js';
import { useToast } from '../../../ui/ToastProvider.js';
import { ClosedMarket } from '../markets/NextOpen.js';
import { sentMessage } from '../positions/noticeMessage.js';
import { useDealingQuote } from '../risk/useDealing.js';
import { ackMessage } from '../trading/ackMessage.js';
import type { OrderView } from '../trading/tradingContract.js';
import { useOrders } from '../trading/useTrading.js';

/** The order's kind: buy or sell, limit or stop. */
function OrderType({ order }: { order: OrderView }) {
  const { t } = useTranslation();
  return (
    <span className={`ob-dir ob-dir-${order.direction}`} data-testid="order-type">
      {t(`ord.type.${order.direction}.${order.type}`)}
    </span>
  );
}

function SymbolCell({ order }: { order: OrderView }) {
  return (
    <th scope="row" className="ob-position-symbol c-symbol">
      <Link to={`/platform/${order.symbol}`} className="ob-market-symbol">
        {order.symbol}
      </Link>
      <span className="ob-position-sub">
        <OrderType order={order} /> <span className="text-body-secondary">#{order.id}</span>
      </span>
    </th>
  );
}

/** Good till cancelled, end of day, or the date it expires (in the client's time zone). */
export function ExpiryText({ order }: { order: OrderView }) {
  const { t, i18n } = useTranslation();
  const kind = order.expiry?.kind ?? (order.expires_at ? 'date' : 'gtc');
  if (kind === 'gtc') return <>{t('ord.expiry.gtc')}</>;
  const at = order.expires_at ?? (order.expiry?.kind === 'date' ? order.expiry.at : null);
  if (kind === 'eod')
    return <>{at ? t('ord.expiry.eodAt', { at: shortDateTime(at, i18n.language) }) : t('ord.expiry.eod')}</>;
  return <>{shortDateTime(at, i18n.language)}</>;
}

/** An open order's row: its level, the price it fills at now and the distance, edit and cancel. */
export const OpenOrderRow = memo(function OpenOrderRow({
  order,
  onEdit,
}: {
  order: OrderView;
  onEdit: (order: OrderView) => void;
}) {
  const { t } = useTranslation();
  const money = useMoney();
  const toast = useToast();
  const instruments = useInstruments();
  const { cancelOrder } = useOrders();
  const { quote, facts } = useDealingQuote(order.symbol, instruments.bySymbol.get(order.symbol));
  const [cancelling, setCancelling] = useState(false);
  // a buy order fills at the buy price, a sell order at the sell price
  const current =
    quote.status === 'live' ? (order.direction === 'buy' ? quote.dealing.buy : quote.dealing.sell) : null;
  const distance = current === null ? null : order.price - current;
  const distanceText =
    distance === null || current === null
      ? null
      : `${distance > 0 ? '+' : distance < 0 ? '−' : ''}${formatPrice(Math.abs(distance))}`;
  const distancePercent =
    distance === null || current === null ? null : `${((Math.abs(distance) / current) * 100).toFixed(2)} %`;

  const cancel = async () => {
    setCancelling(true);
    const ack = await cancelOrder(order.id);
    setCancelling(false);
    if (ack.status) toast('success', { key: 'ord.cancelled', params: { id: order.id } });
    else toast('danger', ackMessage(ack));
  };

  return (
    <tr data-testid={`order-row-${order.id}`}>
      <SymbolCell order={order} />
      <td className="ob-r c-level" data-label={t('ord.col.level')} data-testid="order-level">
        {formatPrice(order.price)}
      </td>
      <td
        className="ob-r c-current"
        data-label={t('positions.col.current')}
        // where the distance column gives way, the distance shows under the current price (positions.css)
        data-distance={distanceText ?? undefined}
        data-testid="order-current"
      >
        {current === null ? (
          quote.status === 'unavailable' ? (
            <ClosedMarket nextOpen={facts.nextOpen} testId={`order-closed-${order.id}`} />
          ) : (
            '—'
          )
        ) : (
          formatPrice(current)
        )}
      </td>
      <td className="ob-r c-distance" data-label={t('ord.col.distance')} data-testid="order-distance">
        {distanceText === null ? (
          '—'
        ) : (
          <>
            {distanceText}
            <span className="ob-position-sub text-body-secondary">{distancePercent}</span>
          </>
        )}
      </td>
      <td className="ob-r c-amount" data-label={t('positions.col.amount')}>
        {money.format(order.amount)}
        <span className="ob-position-sub text-body-secondary">1:{order.leverage}</span>
      </td>
      <td className="ob-r c-sltp" data-label={t('positions.col.slTp')}>
        <span className="ob-level">{order.stop_lost ? formatPrice(order.stop_lost) : '—'}</span>
        <span className="ob-level text-body-secondary">
          {order.take_profit ? formatPrice(order.take_profit) : '—'}
        </span>
      </td>
      <td className="c-expiry" data-label={t('ord.col.expiry')} data-testid="order-expiry">
        <ExpiryText order={order} />
      </td>
      <td className="ob-r ob-actions c-actions">
        <Button
          size="sm"
          variant="outline-secondary"
          className="ob-icon-action"
          onClick={() => onEdit(order)}
          aria-label={t('ord.edit', { id: order.id })}
          title={t('ord.edit', { id: order.id })}
          data-testid={`order-edit-${order.id}`}
        >
          <i className="bi bi-sliders" aria-hidden="true" />
        </Button>
        <Button
          size="sm"
          variant="outline-danger"
          className="ob-icon-action"
          onClick={cancel}
          disabled={cancelling}
          aria-label={t('ord.cancel', { id: order.id })}
          title={t('ord.cancel', { id: order.id })}
          data-testid={`order-cancel-${order.id}`}
        >
          {cancelling ? (
            <Spinner size="sm" animation="border" aria-hidden="true" className="ob-action-spinner" />
          ) : (
            <i className="bi bi-x-lg" aria-hidden="true" />
          )}
        </Button>
      </td>
    </tr>
  );
});

const STATUS_BG: Record<OrderView['status'], string> = {
  open: 'primary-subtle',
  filled: 'success-subtle',
  cancelled: 'secondary-subtle',
  expired: 'secondary-subtle',
  rejected: 'danger-subtle',
};

/** A past order's row: what became of it, and why. */
export function OrderHistoryRow({ order }: { order: OrderView }) {
  const { t, i18n } = useTranslation();
  const text = useMessageText();
  const money = useMoney();
  const reason = sentMessage(order.message);
  return (
    <tr data-testid={`order-row-${order.id}`}>
      <SymbolCell order={order} />
      <td className="ob-r" data-label={t('ord.col.level')}>
        {formatPrice(order.price)}
      </td>
      <td className="ob-r c-amount" data-label={t('positions.col.amount')}>
        {money.format(order.amount)}
        <span className="ob-position-sub text-body-secondary">1:{order.leverage}</span>
      </td>
      <td data-label={t('ord.col.status')} data-testid="order-status">
        <Badge bg={STATUS_BG[order.status]} text="body" className="ob-reason">
          {t(`ord.status.${order.status}`)}
        </Badge>
        <span className="ob-position-sub text-body-secondary">
          {shortDateTime(order.closed_at ?? order.created_at, i18n.language)}
        </span>
      </td>
      <td className="small" data-label={t('ord.col.reason')} data-testid="order-reason">
        {reason
          ? text(reason)
          : order.status === 'filled' && order.position_id != null
            ? t('ord.filledAs', { id: order.position_id })
            : order.status === 'cancelled'
              ? t('ord.reason.client')
              : order.status === 'expired'
                ? t('ord.reason.expired')
                : '—'}
      </td>
    </tr>
  );
}
