import { CloseButton } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { shortDateTime } from '../../../lib/dates.js';
import { useMoney } from '../../../shared/market/numbers.js';
import { useInstruments } from '../../../shared/market/useMarketData.js';
import { useMessageText } from '../../../ui/forms.js';
import type { TradingNotice } from '../trading/tradingContract.js';
import { useNotices } from '../trading/useTrading.js';
import { closeExplanation } from './closeExplanation.js';
import { sentMessage } from './noticeMessage.js';

/** One notice in the client's words: what happened to which position or order, why, at which quote and time. */
export function NoticeText({ notice }: { notice: TradingNotice }) {
  const { t, i18n } = useTranslation();
  const text = useMessageText();
  const money = useMoney();
  const instruments = useInstruments();
  const time = shortDateTime(notice.at, i18n.language);
  if (notice.kind === 'closed') {
    const { position } = notice;
    const lines = closeExplanation({ ...notice, automatic: true }, money.format);
    return (
      <>
        <div className="fw-semibold" data-testid="notice-title">
          {t('ord.notice.closed', {
            id: position.id,
            symbol: position.symbol,
            direction: t(position.direction === 'buy' ? 'trade.buy' : 'trade.sell'),
            time,
          })}
          {position.profit != null && <> · {money.signed(position.profit)}</>}
        </div>
        {lines.map((line) => (
          <div key={line.key} className="small">
            {text(line)}
          </div>
        ))}
      </>
    );
  }
  if (notice.kind === 'marginCall')
    return (
      <div data-testid="notice-title">
        {t('ord.notice.marginCall', {
          marginLevel: `${notice.marginLevel.toFixed(1)} %`,
          equity: money.format(notice.equity),
          usedMargin: money.format(notice.usedMargin),
          time,
        })}
      </div>
    );
  if (notice.kind === 'autoTradingStopped') {
    const why = sentMessage(notice.message);
    return (
      <>
        <div className="fw-semibold" data-testid="notice-title">
          {t('ord.notice.autoTradingStopped', { time })}
        </div>
        {why && <div className="small">{text(why)}</div>}
        <Link to="/auto-trading" className="small">
          {t('ord.notice.autoTradingOpen')}
        </Link>
      </>
    );
  }
  if (notice.kind === 'priceAlert') {
    const { alert } = notice;
    const side = t(`alerts.side.${alert.side}`);
    const precision = instruments.bySymbol.get(alert.symbol)?.precision;
    const level = (n: number | null) =>
      n === null ? '' : precision === undefined ? String(n) : n.toFixed(precision);
    const condition =
      alert.kind === 'move'
        ? t('alerts.condition.move', { side, percent: alert.value, base: level(alert.base_price) })
        : t(`alerts.condition.${alert.kind}`, { side, level: level(alert.value) });
    return (
      <>
        <div className="fw-semibold" data-testid="notice-title">
          <i className="bi bi-bell-fill me-1" aria-hidden="true" />
          {t('alerts.notice', { symbol: alert.symbol, condition, time })}
        </div>
        {alert.triggered_price !== null && (
          <div className="small">{t('alerts.notice.price', { price: level(alert.triggered_price) })}</div>
        )}
        {alert.note && <div className="small text-break">{alert.note}</div>}
      </>
    );
  }
  const { order } = notice;
  const reason = sentMessage(notice.message);
  return (
    <>
      <div className="fw-semibold" data-testid="notice-title">
        {t(`ord.notice.${notice.kind}`, {
          id: order.id,
          symbol: order.symbol,
          type: t(`ord.type.${order.direction}.${order.type}`),
          time,
        })}
      </div>
      {reason && <div className="small">{text(reason)}</div>}
      {notice.kind === 'orderFilled' && order.position_id != null && (
        <div className="small">{t('ord.filledAs', { id: order.position_id })}</div>
      )}
    </>
  );
}

const VARIANT: Record<TradingNotice['kind'], string> = {
  closed: 'info',
  marginCall: 'danger',
  orderFilled: 'success',
  orderRejected: 'warning',
  orderExpired: 'secondary',
  autoTradingStopped: 'warning',
  priceAlert: 'primary',
};

/**
 * The unread notices above the positions: every automatic close, margin call and order outcome stays
 * until the client dismisses it (the client sees why at once).
 */
export function CloseNotices() {
  const { t } = useTranslation();
  const { unread, markRead } = useNotices();
  if (unread.length === 0) return null;
  return (
    <div className="ob-notices" role="log" aria-live="polite" data-testid="notices">
      {unread.map((notice) => (
        <div
          key={notice.id}
          className={`alert alert-${VARIANT[notice.kind]} d-flex gap-2 py-2 px-3 mb-0 rounded-0 border-0 border-bottom small`}
          data-testid={`notice-${notice.id}`}
        >
          <div className="flex-grow-1">
            <NoticeText notice={notice} />
          </div>
          <CloseButton
            aria-label={t('ord.notice.dismiss')}
            onClick={() => markRead([notice.id])}
            data-testid={`notice-dismiss-${notice.id}`}
          />
        </div>
      ))}
      {unread.length > 1 && (
        <button type="button" className="btn btn-link btn-sm" onClick={() => markRead()}>
          {t('ord.notice.dismissAll')}
        </button>
      )}
    </div>
  );
}
