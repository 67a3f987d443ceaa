import { DEFAULT_SYMBOL } from '@openbroker/domain';
import { Col, Row } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { CalculatorPanel } from './CalculatorPanel.js';
import { ChartPanel } from './ChartPanel.js';
import { MarketListPanel } from './MarketListPanel.js';
import { NewTradePanel } from './NewTradePanel.js';
import { PositionsPanel } from './PositionsPanel.js';
import { SummaryBar } from './SummaryBar.js';

/**
 * spec §2 /platform/{symbol}: the trading screen. Its layout is complete; prices, positions and balances
 * arrive with the price feed and trading engine, so until then every live figure is an honest blank.
 */
export function PlatformPage() {
  const { t } = useTranslation();
  const symbol = (useParams().symbol ?? DEFAULT_SYMBOL).toUpperCase();
  return (
    <div className="container-fluid ob-platform" data-testid="platform-screen">
      <h1 className="visually-hidden">{t('platform.title')}</h1>
      <SummaryBar />
      <Row className="g-3 mt-0">
        <Col xs={12} xl={6} className="order-1 order-xl-2 d-flex flex-column gap-3">
          <ChartPanel symbol={symbol} />
          <PositionsPanel />
        </Col>
        <Col xs={12} md={6} xl={3} className="order-2 order-xl-3 d-flex flex-column gap-3">
          <NewTradePanel symbol={symbol} />
          <CalculatorPanel />
        </Col>
        <Col xs={12} md={6} xl={3} className="order-3 order-xl-1">
          <MarketListPanel />
        </Col>
      </Row>
    </div>
  );
}
