import { formatPrice } from '@openbroker/domain';
import { memo, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Instrument } from '../../../api/types.js';
import { FlashPrice } from '../../market/FlashPrice.js';
import { useInstruments } from '../../market/useMarketData.js';
import { useQuote } from '../../market/useQuotes.js';
import { ChangeText } from './ChangeText.js';
import { tickerInstruments } from './marketData.js';
import { type DailyCloses, useDailyCloses } from './useDailyCloses.js';

/** 'Gold (troy ounce)' → 'Gold'; pairs and shares by their symbol ('BTCUSD', 'AAPL'). */
export const tickerLabel = (instrument: Instrument): string =>
  instrument.category === 'commodities'
    ? instrument.displayName.replace(/\s*\(.*\)\s*$/, '')
    : instrument.symbol;

const TickerItem = memo(function TickerItem({
  instrument,
  closes,
  copy,
}: {
  instrument: Instrument;
  closes: DailyCloses | undefined;
  /** The second, decorative copy that makes the loop seamless: hidden from assistive technology. */
  copy: boolean;
}) {
  const { t } = useTranslation();
  const state = useQuote(instrument.symbol);
  const mid = state.status === 'live' ? (state.dealing.buy + state.dealing.sell) / 2 : null;
  return (
    <Link
      to={`/platform/${instrument.symbol}`}
      className="ob-ticker-item"
      tabIndex={copy ? -1 : undefined}
      data-testid={copy ? undefined : `ticker-${instrument.symbol}`}
      data-status={state.status}
    >
      <span className="ob-ticker-name">{tickerLabel(instrument)}</span>
      {mid !== null && state.status === 'live' ? (
        <>
          {copy ? (
            <span className="ob-price">{formatPrice(mid)}</span>
          ) : (
            <FlashPrice value={mid} tick={state.tick} testId="ticker-price" />
          )}
          <ChangeText from={closes?.previousClose ?? null} to={mid} />
        </>
      ) : (
        <span className="ob-ticker-status">
          {state.status === 'unavailable' ? t('price.unavailable') : '…'}
        </span>
      )}
    </Link>
  );
});

/**
 * spec §2 ticker tape: gold, palladium, platinum, natural gas, crude oil, shares and crypto pairs on the
 * live prices, running across the page (paused on hover; still for reduced motion).
 */
export function TickerTape() {
  const { t } = useTranslation();
  const instruments = useInstruments();
  const items = useMemo(() => tickerInstruments(instruments.list ?? []), [instruments.list]);
  const symbols = useMemo(() => items.map((instrument) => instrument.symbol), [items]);
  const closes = useDailyCloses(symbols);
  if (items.length === 0) return null;
  return (
    <section className="ob-ticker" aria-label={t('site.widget.tickerTape')} data-testid="widget-ticker-tape">
      <div className="ob-ticker-track">
        {[false, true].map((copy) => (
          <div className="ob-ticker-group" key={String(copy)} aria-hidden={copy || undefined}>
            {items.map((instrument) => (
              <TickerItem
                key={instrument.symbol}
                instrument={instrument}
                closes={closes.get(instrument.symbol)}
                copy={copy}
              />
            ))}
          </div>
        ))}
      </div>
    </section>
  );
}
