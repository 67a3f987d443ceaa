import { formatPrice } from '@openbroker/domain';
import { useTranslation } from 'react-i18next';
import type { QuoteState } from '../../../shared/market/quoteStore.js';
import { ClosedMarket } from '../markets/NextOpen.js';

/**
 * what an order form says while the instrument's market is closed — the last prices before the close,
 * greyed (the ones the level is checked against), when it opens next, and that the order waits for the opening
 * (the gap rule: the first price after the opening fills it if it has reached the level).
 */
export function WaitsForOpen({
  quote,
  nextOpen,
  testId,
  showClosed = true,
  showLast = true,
}: {
  quote: QuoteState;
  nextOpen: number | null;
  testId: string;
  /** Also say 'Will be back soon' / 'Opens …' (off where the form says it already). */
  showClosed?: boolean;
  /** Also list the last prices (off where they are shown already: the ticket's greyed buy and sell buttons). */
  showLast?: boolean;
}) {
  const { t } = useTranslation();
  const last = showLast && quote.status === 'unavailable' ? (quote.last ?? null) : null;
  return (
    <div className="small mb-2" data-testid={testId}>
      {showClosed && (
        <ClosedMarket nextOpen={nextOpen} className="ob-closed-start d-block" testId={`${testId}-closed`} />
      )}
      {last && (
        <div className="text-body-secondary ob-num" data-testid={`${testId}-last`}>
          {t('ord.closed.last', { sell: formatPrice(last.sell), buy: formatPrice(last.buy) })}
        </div>
      )}
      <div className="text-body-secondary" data-testid={`${testId}-note`}>
        <i className="bi bi-hourglass-split me-1" aria-hidden="true" />
        {t('ord.closed.waits')}
      </div>
    </div>
  );
}
