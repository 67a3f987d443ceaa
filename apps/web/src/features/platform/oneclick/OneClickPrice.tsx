import type { Direction } from '@openbroker/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Instrument } from '../../../api/types.js';

/**
 * A price that trades when clicked (one-click trading on): the market list's sell and buy prices and the chart's
 * bar. The click does not reach the row (which would open the chart); the button is busy while the trade is sent.
 */
export function OneClickPrice({
  instrument,
  direction,
  price,
  busy,
  onTrade,
  children,
  className = '',
  testId,
}: {
  instrument: Instrument;
  direction: Direction;
  /** The price as shown, for the label. */
  price: string;
  busy: boolean;
  onTrade: (instrument: Instrument, direction: Direction) => void;
  children: ReactNode;
  className?: string;
  /** Defaults to oc-{direction}-{symbol} (the market list's). */
  testId?: string;
}) {
  const { t } = useTranslation();
  const { symbol } = instrument;
  return (
    <button
      type="button"
      className={`ob-oc-price ob-oc-${direction} ${className}`}
      aria-label={t(direction === 'buy' ? 'oc.buy' : 'oc.sell', { symbol, price })}
      title={t(direction === 'buy' ? 'oc.buy' : 'oc.sell', { symbol, price })}
      aria-busy={busy}
      disabled={busy}
      onClick={(event) => {
        event.stopPropagation();
        onTrade(instrument, direction);
      }}
      data-testid={testId ?? `oc-${direction}-${symbol}`}
    >
      {children}
    </button>
  );
}
