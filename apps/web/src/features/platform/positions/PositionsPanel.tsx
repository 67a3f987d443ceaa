import { useState } from 'react';
import { Button, Card, Form, Nav } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { DownloadCsvButton } from '../../../shared/exports/DownloadCsvButton.js';
import { EmptyState } from '../../../ui/EmptyState.js';
import { PanelBoundary } from '../../../ui/PanelBoundary.js';
import { AlertsTab } from '../alerts/AlertsTab.js';
import { OrdersTab } from '../orders/OrdersTab.js';
import type { PositionView } from '../trading/tradingContract.js';
import { useOrders, useTrading } from '../trading/useTrading.js';
import { CloseNotices } from './CloseNotices.js';
import { type CloseMode, ClosePositionModal } from './ClosePositionModal.js';
import { useConfirmClose } from './confirmCloseSetting.js';
import { EditPositionModal } from './EditPositionModal.js';
import { HistoryRow } from './HistoryRow.js';
import { OPEN_COLUMNS, OpenPositionRow } from './OpenPositionRow.js';
import { LoadingRows } from './PositionCells.js';
import { useLiquidationPrices } from './useLiquidationPrices.js';
import '../../../shared/market/positionFigures.css';
import './positions.css';

type PositionDto = PositionView;
export type PositionsTab = 'open' | 'orders' | 'history' | 'alerts';

const TABS: readonly PositionsTab[] = ['open', 'orders', 'history', 'alerts'];

/** How many closed positions show before 'Show more'. */
const HISTORY_PAGE = 25;

/**
 * Open positions, pending orders and history (spec §2). Open ones show their live profit at the
 * closing price, liquidation price and costs, close (confirmed unless the client turned that off), partial
 * close and the SL/TP/trailing editor, or 'Will be back soon' without a price (spec §8); closed ones their
 * closing reason, closed rate and realised profit, with the explanation of the close on demand. Notices of
 * automatic closes show on top until dismissed. The alerts tab lists the client's price alerts.
 */
export function PositionsPanel({
  symbol,
  tab: shownTab,
  onTab,
}: {
  symbol: string;
  /** The tab shown, when the terminal keeps it (so it survives the layout changing with the window's size). */
  tab?: PositionsTab;
  onTab?: (tab: PositionsTab) => void;
}) {
  const { t } = useTranslation();
  const { positions } = useTrading();
  const { orders } = useOrders();
  const [confirmClose, setConfirmClose] = useConfirmClose();
  const [ownTab, setOwnTab] = useState<PositionsTab>('open');
  const tab = shownTab ?? ownTab;
  const setTab = onTab ?? setOwnTab;
  const [editing, setEditing] = useState<PositionDto | null>(null);
  const [closing, setClosing] = useState<{ id: number; mode: CloseMode } | null>(null);
  const [historyShown, setHistoryShown] = useState(HISTORY_PAGE);
  const open = positions?.open ?? [];
  const history = positions?.history ?? [];
  const editingNow = editing && open.find((p) => p.id === editing.id);
  const closingNow = closing && open.find((p) => p.id === closing.id);
  const liquidations = useLiquidationPrices(open);
  const onClose = (position: PositionDto, mode: CloseMode) => setClosing({ id: position.id, mode });

  return (
    <Card className="ob-card" data-testid="positions-panel">
      <Card.Header className="ob-card-header ob-tabs-header d-flex flex-wrap align-items-end gap-2">
        <Nav
          variant="underline"
          className="ob-tabs"
          activeKey={tab}
          onSelect={(key) => setTab(TABS.find((k) => k === key) ?? 'open')}
        >
          <Nav.Item>
            <Nav.Link eventKey="open" data-testid="positions-tab-open">
              {t('positions.open')}
              {positions && <span className="ob-count">{open.length}</span>}
            </Nav.Link>
          </Nav.Item>
          <Nav.Item>
            <Nav.Link eventKey="orders" data-testid="positions-tab-orders">
              {t('ord.tab')}
              {orders && <span className="ob-count">{orders.open.length}</span>}
            </Nav.Link>
          </Nav.Item>
          <Nav.Item>
            <Nav.Link eventKey="history" data-testid="positions-tab-history">
              {t('positions.history')}
            </Nav.Link>
          </Nav.Item>
          <Nav.Item>
            <Nav.Link eventKey="alerts" data-testid="positions-tab-alerts">
              {t('alerts.tab')}
            </Nav.Link>
          </Nav.Item>
        </Nav>
        <Form.Check
          type="switch"
          id="ob-confirm-close"
          className="ob-confirm-close small ms-auto mb-2"
          label={t('ord.close.askSetting')}
          checked={confirmClose}
          onChange={(event) => setConfirmClose(event.target.checked)}
          data-testid="positions-confirm-close"
        />
      </Card.Header>
      <PanelBoundary name="close-notices" title={t('term.notices.title')} compact>
        <CloseNotices />
      </PanelBoundary>
      {tab === 'alerts' ? (
        <PanelBoundary name="alerts" title={t('alerts.tab')} compact>
          <AlertsTab symbol={symbol} />
        </PanelBoundary>
      ) : tab === 'orders' ? (
        <PanelBoundary name="orders" title={t('ord.tab')} compact>
          <OrdersTab />
        </PanelBoundary>
      ) : tab === 'open' ? (
        <PanelBoundary name="positions-open" title={t('positions.open')} compact>
          <div className="ob-table-wrap ob-positions-box table-responsive" data-testid="positions-open">
            <table className="table table-hover ob-table ob-positions ob-positions-open mb-0 align-middle">
              <thead>
                <tr>
                  <th scope="col">{t('positions.col.symbol')}</th>
                  <th scope="col" className="ob-r c-amount">
                    {t('positions.col.amount')}
                  </th>
                  <th scope="col" className="ob-r c-open">
                    {t('positions.col.openRate')}
                  </th>
                  <th scope="col" className="ob-r c-current">
                    {t('positions.col.current')}
                  </th>
                  <th scope="col" className="ob-r c-sltp">
                    {t('positions.col.slTp')}
                  </th>
                  <th scope="col" className="ob-r c-liquidation">
                    {t('ord.col.liquidation')}
                  </th>
                  <th scope="col" className="ob-r c-costs">
                    {t('ord.col.costs')}
                  </th>
                  <th scope="col" className="ob-r c-profit">
                    {t('positions.col.profit')}
                  </th>
                  <th scope="col" className="ob-r c-actions">
                    <span className="visually-hidden">{t('positions.col.actions')}</span>
                  </th>
                </tr>
              </thead>
              {!positions ? (
                <LoadingRows columns={OPEN_COLUMNS} />
              ) : (
                <tbody>
                  {open.map((position) => (
                    <OpenPositionRow
                      key={position.id}
                      position={position}
                      liquidation={liquidations.get(position.id)?.price}
                      liquidationCause={liquidations.get(position.id)?.cause}
                      onEdit={setEditing}
                      onClose={onClose}
                    />
                  ))}
                </tbody>
              )}
            </table>
            {positions && open.length === 0 && (
              <EmptyState icon="bi-briefcase">{t('positions.empty')}</EmptyState>
            )}
          </div>
        </PanelBoundary>
      ) : (
        <PanelBoundary name="history" title={t('positions.history')} compact>
          <div className="ob-table-wrap ob-positions-box table-responsive" data-testid="positions-history">
            <table className="table table-hover ob-table ob-positions ob-positions-history mb-0 align-middle">
              <thead>
                <tr>
                  <th scope="col">{t('positions.col.symbol')}</th>
                  <th scope="col" className="ob-r">
                    {t('positions.col.amount')}
                  </th>
                  <th scope="col" className="ob-r">
                    {t('positions.col.openRate')}
                  </th>
                  <th scope="col" className="ob-r">
                    {t('positions.col.closeRate')}
                  </th>
                  <th scope="col">{t('positions.col.reason')}</th>
                  <th scope="col" className="ob-r">
                    {t('positions.col.profit')}
                  </th>
                  <th scope="col" className="ob-r">
                    <span className="visually-hidden">{t('ord.why.column')}</span>
                  </th>
                </tr>
              </thead>
              {!positions ? (
                <LoadingRows columns={7} />
              ) : (
                <tbody>
                  {history.slice(0, historyShown).map((position) => (
                    <HistoryRow key={position.id} position={position} />
                  ))}
                </tbody>
              )}
            </table>
            {positions && history.length === 0 && (
              <EmptyState icon="bi-clock-history">{t('positions.empty')}</EmptyState>
            )}
            {history.length > 0 && (
              <div className="d-flex justify-content-end p-2 border-top ob-history-export">
                <DownloadCsvButton
                  size="sm"
                  path="/api/exports/history"
                  fallbackName="trade-history.csv"
                  testId="history-download-csv"
                />
              </div>
            )}
            {history.length > historyShown && (
              <div className="text-center p-2 border-top">
                <Button variant="link" size="sm" onClick={() => setHistoryShown((n) => n + HISTORY_PAGE)}>
                  {t('positions.showMore', { count: history.length - historyShown })}
                </Button>
              </div>
            )}
          </div>
        </PanelBoundary>
      )}
      {editingNow && (
        <PanelBoundary
          name="position-edit"
          title={t('positions.edit', { id: editingNow.id })}
          resetKey={editingNow.id}
          compact
        >
          <EditPositionModal position={editingNow} onClose={() => setEditing(null)} />
        </PanelBoundary>
      )}
      {closingNow && closing && (
        <PanelBoundary
          name="position-close"
          title={t('positions.closeOne', { id: closingNow.id })}
          resetKey={closingNow.id}
          compact
        >
          <ClosePositionModal position={closingNow} mode={closing.mode} onClose={() => setClosing(null)} />
        </PanelBoundary>
      )}
    </Card>
  );
}
