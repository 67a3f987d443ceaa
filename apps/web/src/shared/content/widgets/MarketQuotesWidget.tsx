import { formatPrice, type MarketQuoteGroup, WIDGET_HEIGHTS } from '@openbroker/domain';
import { memo, useMemo, useState } from 'react';
import { Nav } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Instrument } from '../../../api/types.js';
import type { TranslationKey } from '../../../lib/i18n/keys.js';
import { FlashPrice } from '../../market/FlashPrice.js';
import { useInstruments } from '../../market/useMarketData.js';
import { useQuote } from '../../market/useQuotes.js';
import { ChangeText } from './ChangeText.js';
import { groupInstruments, MARKET_QUOTE_GROUPS } from './marketData.js';
import { type DailyCloses, useDailyCloses } from './useDailyCloses.js';
import { WidgetFrame } from './WidgetFrame.js';

const GROUP_LABEL: Record<MarketQuoteGroup, TranslationKey> = {
  Crypto: 'markets.tab.crypto',
  Forex: 'markets.tab.forex',
  Stocks: 'markets.tab.stocks',
  Commodities: 'markets.tab.commodities',
};

const QuoteRow = memo(function QuoteRow({
  instrument,
  closes,
}: {
  instrument: Instrument;
  closes: DailyCloses | undefined;
}) {
  const { t } = useTranslation();
  const state = useQuote(instrument.symbol);
  const chart = `/platform/${instrument.symbol}`;
  const mid = state.status === 'live' ? (state.dealing.buy + state.dealing.sell) / 2 : null;
  return (
    <tr data-testid={`quote-row-${instrument.symbol}`} data-status={state.status}>
      <th scope="row" className="ob-quotes-name">
        <Link to={chart} className="stretched-link text-reset text-decoration-none">
          <span className="ob-quotes-symbol">{instrument.symbol}</span>
          <span className="ob-quotes-display">{instrument.displayName}</span>
        </Link>
      </th>
      {state.status === 'live' ? (
        <>
          <td className="text-end">
            <FlashPrice value={state.dealing.sell} tick={state.tick} testId="quote-sell" />
          </td>
          <td className="text-end">
            <FlashPrice value={state.dealing.buy} tick={state.tick} testId="quote-buy" />
          </td>
          <td className="text-end d-none d-sm-table-cell">
            <ChangeText from={closes?.previousClose ?? null} to={mid} />
          </td>
        </>
      ) : state.status === 'unavailable' && (state.last ?? instrument.last) ? (
        // a closed market shows its last prices, greyed, and says so
        <>
          <td className="text-end">
            <span className="ob-price ob-price-last" data-testid="quote-last-sell">
              {formatPrice((state.last ?? instrument.last)?.sell ?? 0)}
            </span>
          </td>
          <td className="text-end">
            <span className="ob-price ob-price-last" data-testid="quote-last-buy">
              {formatPrice((state.last ?? instrument.last)?.buy ?? 0)}
            </span>
          </td>
          <td className="text-end d-none d-sm-table-cell ob-quotes-status">{t('price.closed')}</td>
        </>
      ) : (
        <td colSpan={3} className="text-end ob-quotes-status">
          {state.status === 'unavailable' ? t('price.unavailable') : <span className="ob-skeleton" />}
        </td>
      )}
      <td className="ob-quotes-chart text-end">
        <i className="bi bi-graph-up-arrow" aria-hidden="true" />
        <span className="visually-hidden">{t('site.widget.largeChart')}</span>
      </td>
    </tr>
  );
});

function QuotesTable({ instruments }: { instruments: Instrument[] }) {
  const { t } = useTranslation();
  const symbols = useMemo(() => instruments.map((instrument) => instrument.symbol), [instruments]);
  const closes = useDailyCloses(symbols);
  return (
    <table className="table ob-table ob-quotes-table mb-0">
      <thead>
        <tr>
          <th scope="col">{t('site.widget.instrument')}</th>
          <th scope="col" className="text-end">
            {t('site.widget.sell')}
          </th>
          <th scope="col" className="text-end">
            {t('site.widget.buy')}
          </th>
          <th scope="col" className="text-end d-none d-sm-table-cell">
            {t('site.widget.change')}
          </th>
          <th scope="col">
            <span className="visually-hidden">{t('site.widget.largeChart')}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {instruments.map((instrument) => (
          <QuoteRow key={instrument.symbol} instrument={instrument} closes={closes.get(instrument.symbol)} />
        ))}
      </tbody>
    </table>
  );
}

/**
 * spec §2 market quotes widget: Crypto, Forex, Stocks and Commodities on our live prices, height 500,
 * always in the light theme; each row opens the large chart at /platform/{symbol}.
 */
export function MarketQuotesWidget({ height = WIDGET_HEIGHTS.marketQuotes }: { height?: number }) {
  const { t } = useTranslation();
  const instruments = useInstruments();
  const [group, setGroup] = useState<MarketQuoteGroup>('Crypto');
  const rows = useMemo(() => groupInstruments(group, instruments.list ?? []), [group, instruments.list]);
  return (
    <WidgetFrame
      kind="market-quotes"
      title={t('site.widget.marketQuotes')}
      height={height}
      light
      state={instruments}
      header={
        <Nav variant="underline" className="ob-tabs ob-widget-tabs" role="tablist">
          {MARKET_QUOTE_GROUPS.map((name) => (
            <Nav.Item key={name}>
              <Nav.Link
                as="button"
                type="button"
                role="tab"
                aria-selected={group === name}
                active={group === name}
                onClick={() => setGroup(name)}
                data-testid={`quotes-tab-${name}`}
              >
                {t(GROUP_LABEL[name])}
              </Nav.Link>
            </Nav.Item>
          ))}
        </Nav>
      }
    >
      <QuotesTable instruments={rows} />
    </WidgetFrame>
  );
}
