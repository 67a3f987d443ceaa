import { formatPrice } from '@openbroker/domain';
import { lazy, Suspense, useCallback, useState } from 'react';
import { Button, Card, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { CANDLE_RESOLUTIONS, type CandleResolution, type Instrument } from '../../../api/types.js';
import { readItem, writeItem } from '../../../lib/storage.js';
import { EmptyState } from '../../../ui/EmptyState.js';
import { ClosedMarket } from '../markets/NextOpen.js';
import { useDealingQuote } from '../risk/useDealing.js';
import { ChartToolbar } from './ChartToolbar.js';
import { DrawingToolbar } from './drawings/DrawingToolbar.js';
import { useDrawingTools } from './drawings/useDrawingTools.js';
import { IndicatorChips } from './IndicatorChips.js';
import { OneClickBar } from './OneClickBar.js';
import { useChartTrading } from './tradeLines/useChartTrading.js';
import { useCandles } from './useCandles.js';
import { useChartView } from './useChartView.js';
import './chart.css';
import { SetAlertButton } from '../alerts/SetAlertButton.js';

// lightweight-charts and the indicators' library are only needed here: they load with the chart, not with the app.
const ChartView = lazy(() => import('./ChartView.js').then((module) => ({ default: module.ChartView })));

/** The chart's timeframe is remembered across visits. */
export const RESOLUTION_STORAGE_KEY = 'ob.chart.resolution';
const DEFAULT_RESOLUTION: CandleResolution = '1h';

const isResolution = (value: unknown): value is CandleResolution =>
  (CANDLE_RESOLUTIONS as readonly unknown[]).includes(value);

function LivePrice({ symbol, instrument }: { symbol: string; instrument: Instrument | undefined }) {
  const { quote, facts } = useDealingQuote(symbol, instrument);
  if (quote.status === 'unavailable')
    return <ClosedMarket nextOpen={facts.nextOpen} className="small" testId="chart-closed" />;
  if (quote.status !== 'live') return null;
  return (
    <span className="ob-chart-quote ob-num small">
      <span className="ob-down">{formatPrice(quote.dealing.sell)}</span>
      <span className="text-body-secondary"> / </span>
      <span className="ob-up">{formatPrice(quote.dealing.buy)}</span>
    </span>
  );
}

/**
 * The chart (spec §2): prices as candles, bars, a line, an area or Heikin-Ashi candles with a timeframe switch, 12
 * months of UTC history (spec §9), a live last candle from the price stream, the client's indicators, and the open
 * positions' entry, stop loss and take profit as lines. The chart type and indicators are kept per symbol.
 */
export function ChartPanel({ symbol, instrument }: { symbol: string; instrument: Instrument | undefined }) {
  const { t, i18n } = useTranslation();
  const [resolution, setResolution] = useState<CandleResolution>(() => {
    const stored = readItem(RESOLUTION_STORAGE_KEY);
    return isResolution(stored) ? stored : DEFAULT_RESOLUTION;
  });
  const [broken, setBroken] = useState(false);
  const candles = useCandles(symbol, resolution);
  const chartView = useChartView(symbol);
  const { view } = chartView;
  const trading = useChartTrading(symbol, instrument);
  const drawing = useDrawingTools(
    symbol,
    chartView.drawings,
    chartView.setDrawings,
    instrument?.precision ?? 2,
  );

  const choose = (next: CandleResolution) => {
    setResolution(next);
    writeItem(RESOLUTION_STORAGE_KEY, next);
  };
  const { loadOlder } = candles;
  const onNeedOlder = useCallback(() => loadOlder(), [loadOlder]);
  const onFailure = useCallback(() => setBroken(true), []);
  const empty = !candles.isLoading && !candles.isError && candles.history.length === 0 && !candles.live;

  return (
    <Card
      className="ob-card ob-chart-card"
      data-testid="chart"
      data-dataset={candles.key}
      data-loading={candles.isLoading || candles.isLoadingOlder}
    >
      <Card.Header className="ob-card-header ob-chart-header">
        <div className="d-flex align-items-center gap-2 min-w-0">
          <h2 className="ob-card-title text-truncate">
            <span className="ob-symbol me-2">{symbol}</span>
            <span className="d-none d-sm-inline">{instrument?.displayName ?? t('platform.chart')}</span>
          </h2>
          <LivePrice symbol={symbol} instrument={instrument} />
          <SetAlertButton symbol={symbol} precision={instrument?.precision ?? 2} />
        </div>
        <ChartToolbar
          resolution={resolution}
          onResolution={choose}
          type={view.type}
          onType={chartView.setType}
          indicatorCount={view.indicators.length}
          onAddIndicator={chartView.add}
        />
      </Card.Header>
      {!broken && <DrawingToolbar tools={drawing} />}
      <IndicatorChips indicators={view.indicators} onUpdate={chartView.update} onRemove={chartView.remove} />
      <div className="ob-chart-body">
        <OneClickBar symbol={symbol} instrument={instrument} />
        {broken ? (
          <EmptyState icon="bi-graph-up">{t('chart.unsupported')}</EmptyState>
        ) : (
          <Suspense fallback={null}>
            <ChartView
              datasetKey={candles.key}
              type={view.type}
              history={candles.history}
              live={candles.live}
              lines={trading.lines}
              onLineDrop={trading.onLineDrop}
              onPriceMenu={trading.onPriceMenu}
              indicators={view.indicators}
              intraday={resolution !== '1D'}
              precision={instrument?.precision ?? 2}
              locale={i18n.language}
              onNeedOlder={onNeedOlder}
              onFailure={onFailure}
              drawing={drawing}
            />
          </Suspense>
        )}
        {!broken && candles.isLoading && (
          <div className="ob-chart-overlay" role="status">
            <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />
            {t('app.loading')}
          </div>
        )}
        {!broken && candles.isError && (
          <div className="ob-chart-overlay">
            <EmptyState icon="bi-exclamation-triangle" hint={t('chart.failedHint')}>
              {t('chart.failed')}
            </EmptyState>
            <Button variant="outline-primary" size="sm" onClick={candles.retry}>
              {t('app.retry')}
            </Button>
          </div>
        )}
        {!broken && empty && (
          <div className="ob-chart-overlay">
            <EmptyState icon="bi-moon-stars">{t('chart.noData')}</EmptyState>
          </div>
        )}
        {candles.isLoadingOlder && (
          <div className="ob-chart-older" role="status">
            <Spinner animation="border" size="sm" aria-hidden="true" />
            <span className="visually-hidden">{t('app.loading')}</span>
          </div>
        )}
      </div>
      {trading.overlay}
      <div className="ob-chart-foot">
        <span className="ob-chart-trade-hint d-none d-md-inline" title={t('chart.trade.hint')}>
          {t('chart.trade.hint')}
        </span>
        {t('chart.utc')}
      </div>
    </Card>
  );
}
