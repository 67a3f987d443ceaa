import { WIDGET_HEIGHTS } from '@openbroker/domain';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useInstruments } from '../../market/useMarketData.js';
import { useQuotesOf } from '../../market/useQuotes.js';
import { CROSS_CURRENCIES, crossRate, crossRateDecimals, crossRatePairs } from './marketData.js';
import { useDailyCloses } from './useDailyCloses.js';
import { WidgetFrame } from './WidgetFrame.js';
import '../../market/prices.css';

const FLASH = ['ob-flash-up', 'ob-flash-up-b', 'ob-flash-down', 'ob-flash-down-b'];

/** One rate that flashes green or red when it moves (the market list's flash, on a plain number). */
function RateCell({ rate, closed, testId }: { rate: number | null; closed: boolean; testId: string }) {
  const ref = useRef<HTMLTableCellElement>(null);
  const previous = useRef(rate);
  const parity = useRef(false);
  useEffect(() => {
    const element = ref.current;
    const before = previous.current;
    previous.current = rate;
    if (!element || rate === null || before === null || before === rate) return;
    element.classList.remove(...FLASH);
    parity.current = !parity.current;
    element.classList.add(`ob-flash-${rate > before ? 'up' : 'down'}${parity.current ? '' : '-b'}`);
  }, [rate]);
  return (
    <td ref={ref} className={`text-end ${closed ? 'ob-cross-closed' : ''}`} data-testid={testId}>
      {rate === null ? '—' : rate.toFixed(crossRateDecimals(rate))}
    </td>
  );
}

/**
 * spec §2 forex cross rates: the EUR USD JPY GBP CHF AUD CAD NZD matrix (height 400) from the live
 * forex pairs, crossed through USD where the pair itself is not quoted. While forex is closed the
 * rates are the last closes, marked as such; '—' where a rate cannot be derived at all.
 */
export function CrossRatesWidget({ height = WIDGET_HEIGHTS.forexCrossRates }: { height?: number }) {
  const { t } = useTranslation();
  const instruments = useInstruments();
  const pairs = useMemo(() => crossRatePairs(instruments.list ?? []), [instruments.list]);
  const store = useQuotesOf(pairs);
  const live = new Map<string, number>();
  const missing: string[] = [];
  for (const pair of pairs) {
    const state = store.get(pair);
    if (state.status === 'live') live.set(pair, (state.dealing.buy + state.dealing.sell) / 2);
    else if (state.status === 'unavailable') missing.push(pair);
  }
  // While forex is closed, the last closes of the USD pairs are enough: every other rate crosses through
  // USD, and the widget asks for seven price histories instead of twenty-odd.
  const closedUsdPairs = missing.filter((pair) => pair.includes('USD'));
  const closes = useDailyCloses(closedUsdPairs, closedUsdPairs.length > 0);
  const mids = new Map(live);
  for (const pair of closedUsdPairs) {
    const close = closes.get(pair)?.lastClose;
    if (close != null) mids.set(pair, close);
  }
  const closed = live.size === 0 && missing.length > 0;

  return (
    <WidgetFrame
      kind="cross-rates"
      title={t('site.widget.crossRates')}
      height={height}
      state={instruments}
      footer={closed ? <span>{t('site.widget.lastClose')}</span> : undefined}
    >
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: the table scrolls; keyboards reach a scrolling region through its focus (axe scrollable-region-focusable) */}
      <section className="table-responsive h-100" tabIndex={0} aria-label={t('site.widget.crossRates')}>
        <table className="table ob-table ob-cross-table mb-0">
          <thead>
            <tr>
              <th scope="col">
                <span className="visually-hidden">{t('site.widget.base')}</span>
              </th>
              {CROSS_CURRENCIES.map((quote) => (
                <th key={quote} scope="col" className="text-end">
                  {quote}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {CROSS_CURRENCIES.map((base) => (
              <tr key={base}>
                <th scope="row">{base}</th>
                {CROSS_CURRENCIES.map((quote) =>
                  base === quote ? (
                    <td key={quote} className="ob-cross-same" aria-hidden="true" />
                  ) : (
                    <RateCell
                      key={quote}
                      rate={crossRate(base, quote, mids)}
                      closed={closed}
                      testId={`cross-${base}-${quote}`}
                    />
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </WidgetFrame>
  );
}
