import type { Direction } from '@openbroker/domain';
import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { QuoteState } from '../../../shared/market/quoteStore.js';
import { formatOnTick } from '../priceOnTick.js';

/** Buy or sell on the new-trade ticket: picks the direction and shows its price with the tick's decimals. */
export function DealButton({
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
