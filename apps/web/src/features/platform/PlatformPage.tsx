import { DEFAULT_SYMBOL } from '@openbroker/domain';
import { type ReactNode, useState } from 'react';
import { Button, Card, Col, Nav, Row, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { TranslationKey } from '../../lib/i18n/keys.js';
import { useDocumentTitle } from '../../lib/useDocumentTitle.js';
import { useAssets, useInstruments } from '../../shared/market/useMarketData.js';
import { useFeedStatus } from '../../shared/market/useQuotes.js';
import { EmptyState } from '../../ui/EmptyState.js';
import { PanelBoundary } from '../../ui/PanelBoundary.js';
import { CalculatorPanel } from './CalculatorPanel.js';
import { ChartPanel } from './chart/ChartPanel.js';
import { addTerminalResources } from './i18n.js';
import { TerminalLayout } from './layout/TerminalLayout.js';
import { useMediaQuery, WIDE_QUERY } from './layout/useWideScreen.js';
import { MarketListPanel } from './markets/MarketListPanel.js';
import { PositionsPanel, type PositionsTab } from './positions/PositionsPanel.js';
import { MarginCallBanner } from './risk/MarginCallBanner.js';
import { MarginCallPopupLink } from './risk/MarginCallPopupLink.js';
import { SummaryBar } from './SummaryBar.js';
import { NewTradePanel } from './trade/NewTradePanel.js';
import { TradingProvider, useTrading } from './trading/useTrading.js';
import '../../shared/site/notFound.css';
import './platform.css';
import './terminal.css';

/** The sections a phone shows one at a time (spec §2 screen on a 390 px wide screen). */
type PhoneTab = 'chart' | 'trade' | 'positions' | 'markets';

const PHONE_TABS: readonly { key: PhoneTab; label: TranslationKey; icon: string }[] = [
  { key: 'chart', label: 'platform.tab.chart', icon: 'bi-graph-up' },
  { key: 'trade', label: 'platform.tab.trade', icon: 'bi-arrow-left-right' },
  { key: 'positions', label: 'platform.tab.positions', icon: 'bi-briefcase' },
  { key: 'markets', label: 'platform.tab.markets', icon: 'bi-list-ul' },
];

/** spec §2: a 404 box on the trading screen when the symbol is unknown. */
function UnknownSymbol({ symbol }: { symbol: string }) {
  const { t } = useTranslation();
  return (
    <Card className="ob-card" data-testid="platform-not-found">
      <Card.Body className="ob-notfound py-5">
        <div className="ob-notfound-code" aria-hidden="true">
          404
        </div>
        <h2 className="ob-notfound-text">{t('page.notFound')}</h2>
        <p className="text-body-secondary mt-2 mb-0">{t('platform.unknownSymbol', { symbol })}</p>
        <Link to={`/platform/${DEFAULT_SYMBOL}`} className="btn btn-outline-primary mt-4">
          {t('platform.toDefault', { symbol: DEFAULT_SYMBOL })}
        </Link>
      </Card.Body>
    </Card>
  );
}

/** A quiet line when a socket is down: prices or positions may be out of date until it is back. */
function ConnectionNote() {
  const { t } = useTranslation();
  const feed = useFeedStatus();
  const { connection } = useTrading();
  const reconnecting = (feed.ready && !feed.connected) || connection === 'offline';
  if (!reconnecting) return null;
  return (
    <div className="ob-connection" role="status" data-testid="platform-reconnecting">
      <Spinner animation="grow" size="sm" aria-hidden="true" />
      {t('platform.reconnecting')}
    </div>
  );
}

function Section({
  tab,
  active,
  className,
  children,
}: {
  tab: PhoneTab;
  active: PhoneTab;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={`${className ?? ''} ${tab === active ? '' : 'ob-phone-hidden'}`} data-section={tab}>
      {children}
    </div>
  );
}

function PlatformScreen({ symbol }: { symbol: string }) {
  const { t } = useTranslation();
  const instruments = useInstruments();
  const assets = useAssets();
  const [phoneTab, setPhoneTab] = useState<PhoneTab>('chart');
  // kept here, above the layouts: a window crossing the wide breakpoint lays the panels out anew, on the same tab
  const [positionsTab, setPositionsTab] = useState<PositionsTab>('open');
  const wide = useMediaQuery(WIDE_QUERY);
  const instrument = instruments.bySymbol.get(symbol);
  const unknown = !!instruments.list && !instrument;
  const asset = assets.bySymbol.get(symbol);

  // every panel has its own error boundary, so one that fails leaves the others (positions first) usable
  const markets = (
    <PanelBoundary name="markets" title={t('platform.markets')}>
      <MarketListPanel
        symbol={symbol}
        instruments={instruments.list}
        onSelected={() => setPhoneTab('chart')}
      />
    </PanelBoundary>
  );
  const positions = (
    <PanelBoundary name="positions" title={t('platform.tab.positions')}>
      <PositionsPanel symbol={symbol} tab={positionsTab} onTab={setPositionsTab} />
    </PanelBoundary>
  );

  if (instruments.isError) {
    return (
      <Card className="ob-card">
        <EmptyState icon="bi-wifi-off" hint={t('platform.instrumentsFailedHint')}>
          {t('platform.instrumentsFailed')}
        </EmptyState>
        <div className="text-center pb-4">
          <Button variant="outline-primary" size="sm" onClick={instruments.retry}>
            {t('app.retry')}
          </Button>
        </div>
      </Card>
    );
  }

  if (unknown) {
    return (
      <Row className="g-3">
        <Col xs={12} lg={8}>
          <UnknownSymbol symbol={symbol} />
        </Col>
        <Col xs={12} lg={4}>
          {markets}
        </Col>
      </Row>
    );
  }

  const chart = (
    <PanelBoundary name="chart" title={t('platform.chart')} resetKey={symbol}>
      <ChartPanel symbol={symbol} instrument={instrument} />
    </PanelBoundary>
  );
  const ticket = (
    <div className="d-flex flex-column gap-3">
      <PanelBoundary name="ticket" title={t('platform.newTrade')} resetKey={symbol}>
        <NewTradePanel
          key={symbol}
          symbol={symbol}
          instrument={instrument}
          asset={asset}
          assetsLoading={assets.isLoading}
        />
      </PanelBoundary>
      <PanelBoundary name="calculator" title={t('platform.calculator')}>
        <CalculatorPanel />
      </PanelBoundary>
    </div>
  );

  if (wide) return <TerminalLayout markets={markets} chart={chart} positions={positions} ticket={ticket} />;

  return (
    <>
      <Nav
        variant="pills"
        className="ob-phone-tabs d-md-none"
        activeKey={phoneTab}
        onSelect={(key) => key && setPhoneTab(key as PhoneTab)}
        role="tablist"
      >
        {PHONE_TABS.map((tab) => (
          <Nav.Item key={tab.key}>
            <Nav.Link eventKey={tab.key} as="button" type="button" data-testid={`platform-tab-${tab.key}`}>
              <i className={`bi ${tab.icon}`} aria-hidden="true" />
              <span>{t(tab.label)}</span>
            </Nav.Link>
          </Nav.Item>
        ))}
      </Nav>
      <Row className="g-3 ob-platform-grid">
        <Col xs={12} xl={6} className="order-1 order-xl-2 d-flex flex-column gap-3">
          <Section tab="chart" active={phoneTab}>
            {chart}
          </Section>
          <Section tab="positions" active={phoneTab}>
            {positions}
          </Section>
        </Col>
        <Col xs={12} md={6} xl={3} className="order-2 order-xl-3">
          <Section tab="trade" active={phoneTab}>
            {ticket}
          </Section>
        </Col>
        <Col xs={12} md={6} xl={3} className="order-3 order-xl-1">
          <Section tab="markets" active={phoneTab}>
            {markets}
          </Section>
        </Col>
      </Row>
    </>
  );
}

/**
 * spec §2 /platform/{symbol}: the trading screen. Wide screens: one screen of resizable panels (markets,
 * chart over positions, ticket); tablets stack them; phones show one section at a time under
 * tabs, with the summary always on top, and the margin-call banner under it while it applies.
 */
export function PlatformPage() {
  const { t, i18n } = useTranslation();
  addTerminalResources(i18n);
  const symbol = (useParams().symbol ?? DEFAULT_SYMBOL).toUpperCase();
  useDocumentTitle(t('fix.title.platform', { symbol }));
  return (
    <TradingProvider>
      <div className="container-fluid ob-platform ob-terminal" data-testid="platform-screen">
        <h1 className="visually-hidden">{t('platform.title')}</h1>
        <PanelBoundary name="notices" title={t('term.notices.title')} compact>
          <ConnectionNote />
        </PanelBoundary>
        <PanelBoundary name="summary" title={t('platform.summary')} compact>
          <SummaryBar />
        </PanelBoundary>
        <PanelBoundary name="margin" title={t('term.marginLevel')} compact>
          <MarginCallBanner />
          <MarginCallPopupLink />
        </PanelBoundary>
        <div className="ob-terminal-body">
          <PanelBoundary name="terminal" title={t('platform.title')} resetKey={symbol}>
            <PlatformScreen symbol={symbol} />
          </PanelBoundary>
        </div>
      </div>
    </TradingProvider>
  );
}
