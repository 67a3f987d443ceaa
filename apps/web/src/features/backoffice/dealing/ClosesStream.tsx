import { type DeskClose, type DeskCloseKind, formatPrice } from '@openbroker/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TranslationKey } from '../../../lib/i18n/keys.js';
import { EmptyState } from '../../../ui/EmptyState.js';
import { useBoFormat } from '../money/format.js';
import { BoPanel } from '../shell/BoPage.js';
import { StatusBadge } from '../shell/cells.js';
import { useMoney } from '../shell/currency.js';
import { tone } from './deskFigures.js';

const KIND_KEY: Record<DeskCloseKind, TranslationKey> = {
  stop_loss: 'bod.kind.stop_loss',
  take_profit: 'bod.kind.take_profit',
  low_margin: 'bod.kind.low_margin',
  ai_trade: 'bod.kind.ai_trade',
  client: 'bod.kind.client',
  staff: 'bod.kind.staff',
};

/** The closes stream: newest first, why, at which quote, and the staff reason of a broker close. */
export function ClosesStream({ closes, loading }: { closes: DeskClose[]; loading: boolean }) {
  const { t } = useTranslation();
  const format = useBoFormat();
  const money = useMoney();
  return (
    <BoPanel title={t('bod.closes.title')} flush className="bod-closes">
      <ol className="bod-stream" data-testid="bod-closes" aria-live="polite">
        {loading && closes.length === 0 && (
          <li className="bod-stream-item">
            <span className="bo-skeleton" style={{ width: '70%' }} />
          </li>
        )}
        {closes.map((close) => (
          <li key={close.positionId} className="bod-stream-item" data-testid="bod-close-row">
            <div className="bod-stream-top">
              <span className={`bod-kind bod-kind-${close.kind}`}>{t(KIND_KEY[close.kind])}</span>
              <span className="ob-symbol">{close.symbol}</span>
              <span className={`ob-num fw-semibold ms-auto ${tone(close.profit)}`}>
                {money(close.profit, close.currency)}
              </span>
            </div>
            <div className="bom-sub bod-stream-facts">
              <span>
                #{close.positionId}
                {close.partial && <> · {t('bod.closes.partial')}</>}
              </span>
              <Link to={`/backoffice/clients/${close.userId}`}>{close.clientName || `#${close.userId}`}</Link>
              <span className="ob-num" data-testid="bod-close-account">
                {close.accountNumber}
              </span>
              {close.demo && (
                <StatusBadge tone="warning" icon="bi-controller">
                  {t('bo.accounts.demo')}
                </StatusBadge>
              )}
              <span className="bom-brand-tag">{close.brandSlug}</span>
              <time dateTime={close.at} className="ob-num">
                {format.dateTime(close.at)}
              </time>
            </div>
            <div className="bom-sub ob-num">
              {close.closedRate !== null && t('bod.closes.rate', { rate: formatPrice(close.closedRate) })}
              {close.quote && (
                <>
                  {' · '}
                  {t('bod.closes.quote', {
                    sell: formatPrice(close.quote.sell),
                    buy: formatPrice(close.quote.buy),
                  })}
                </>
              )}
            </div>
            {close.reason && (
              <div className="bod-stream-reason" data-testid="bod-close-reason">
                <i className="bi bi-chat-left-quote" aria-hidden="true" /> {close.reason}
              </div>
            )}
          </li>
        ))}
      </ol>
      {!loading && closes.length === 0 && (
        <EmptyState icon="bi-clock-history">{t('bod.closes.empty')}</EmptyState>
      )}
    </BoPanel>
  );
}
