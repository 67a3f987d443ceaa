import { closingReasonLabel, formatPrice } from '@openbroker/domain';
import { Fragment, memo, useState } from 'react';
import { Badge, Button, Card, Form, Nav, Placeholder, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { shortDateTime } from '../../../lib/dates.js';
import type { TranslationKey } from '../../../lib/i18n/keys.js';
import { signClass, useMoney } from '../../../shared/market/numbers.js';
import { EmptyState } from '../../../ui/EmptyState.js';
import { useMessageText } from '../../../ui/forms.js';
import { PanelBoundary } from '../../../ui/PanelBoundary.js';
import { useToast } from '../../../ui/ToastProvider.js';
import { ClosedMarket } from '../markets/NextOpen.js';
import { OrdersTab } from '../orders/OrdersTab.js';
import { ackMessage } from '../trading/ackMessage.js';
import { closingDealing, liveProfit, useClosingQuote } from '../trading/liveFigures.js';
import type { PositionView } from '../trading/tradingContract.js';
import { useOrders, useTrading } from '../trading/useTrading.js';
import { CloseNotices } from './CloseNotices.js';
import { type CloseMode, ClosePositionModal } from './ClosePositionModal.js';
import { closeExplanation } from './closeExplanation.js';
import { useConfirmClose } from './confirmCloseSetting.js';
import { EditPositionModal } from './EditPositionModal.js';
import { type PositionLiquidation, useLiquidationPrices } from './useLiquidationPrices.js';
import './positions.css';

type PositionDto = PositionView;
type PositionsTab = 'open' | 'orders' | 'history';

const TABS: readonly PositionsTab[] = ['open', 'orders', 'history'];

/** Columns of the open positions' table (the details row spans them). */
const OPEN_COLUMNS = 9;

/** How many closed positions show before 'Show more'. */
const HISTORY_PAGE = 25;

const REASON_KEYS: Record<string, TranslationKey> = {
  Manually: 'positions.reason.0',
  'Stop Loss': 'positions.reason.1',
  'Take Profit': 'positions.reason.2',
  'Low Margin': 'positions.reason.3',
  'AI Trade': 'positions.reason.4',
};

function DirectionBadge({ position }: { position: PositionDto }) {
  const { t } = useTranslation();
  return (
    <span className={`ob-dir ob-dir-${position.direction}`} data-testid="position-side">
      {t(position.direction === 'buy' ? 'positions.dir.buy' : 'positions.dir.sell')}
    </span>
  );
}

function SymbolCell({ position }: { position: PositionDto }) {
  return (
    <th scope="row" className="ob-position-symbol c-symbol">
      <Link to={`/platform/${position.symbol}`} className="ob-market-symbol" data-testid="position-symbol">
        {position.symbol}
      </Link>
      <span className="ob-position-sub">
        <DirectionBadge position={position} /> <span className="text-body-secondary">#{position.id}</span>
        {position.origin === 'auto' && <AutoBadge />}
      </span>
    </th>
  );
}

/** A position the client's auto-trading strategy opened. */
function AutoBadge() {
  const { t } = useTranslation();
  return (
    <Link
      to="/auto-trading"
      className="ob-ai-badge"
      title={t('at.badge.title')}
      aria-label={t('at.badge.title')}
      data-testid="position-ai-badge"
    >
      <i className="bi bi-cpu" aria-hidden="true" />
      {t('at.badge')}
    </Link>
  );
}

function AmountCell({ position }: { position: PositionDto }) {
  const { t } = useTranslation();
  const money = useMoney();
  return (
    <td className="ob-r c-amount" data-label={t('positions.col.amount')} data-testid="position-amount">
      {money.format(position.amount)}
      <span className="ob-position-sub text-body-secondary">1:{position.leverage}</span>
    </td>
  );
}

/** Commission charged at open and swaps charged since (negative: the client paid), when any. */
function CostsCell({ position }: { position: PositionDto }) {
  const { t } = useTranslation();
  const money = useMoney();
  const commission = position.commission ?? 0;
  const swap = position.swap ?? 0;
  return (
    <td className="ob-r c-costs" data-label={t('ord.col.costs')} data-testid="position-costs">
      <span className="ob-level" title={t('ord.costs.commission')} data-testid="position-commission">
        {commission === 0 ? '—' : money.signed(-Math.abs(commission))}
      </span>
      <span
        className={`ob-level text-body-secondary ${signClass(swap)}`}
        title={t('ord.costs.swap')}
        data-testid="position-swap"
      >
        {swap === 0 ? '—' : money.signed(swap)}
      </span>
    </td>
  );
}

const OpenPositionRow = memo(function OpenPositionRow({
  position,
  liquidation,
  liquidationCause,
  onEdit,
  onClose,
}: {
  position: PositionDto;
  liquidation: number | null | undefined;
  liquidationCause: PositionLiquidation['cause'] | undefined;
  onEdit: (position: PositionDto) => void;
  onClose: (position: PositionDto, mode: CloseMode) => void;
}) {
  const { t, i18n } = useTranslation();
  const money = useMoney();
  const toast = useToast();
  const { quote, now, facts } = useClosingQuote(position.symbol);
  const { closePosition } = useTrading();
  const [confirmClose] = useConfirmClose();
  const [closing, setClosing] = useState(false);
  const [details, setDetails] = useState(false);
  const profit = liveProfit(position, quote);

  const close = async () => {
    if (confirmClose) {
      onClose(position, 'all');
      return;
    }
    const current = now();
    if (current.status !== 'live') return;
    setClosing(true);
    // spec §4: closing is sent at the current opposite price
    const ack = await closePosition(position.id, closingDealing(position.direction, current.dealing));
    setClosing(false);
    if (!ack.status) toast('danger', ackMessage(ack));
  };

  const liquidationText =
    liquidation === undefined
      ? '—'
      : liquidation === null
        ? t('ord.liquidation.none')
        : formatPrice(liquidation);
  const liquidationTitle = liquidationCause ? t(`ord.liquidation.${liquidationCause}`) : undefined;
  const detailsId = `position-details-row-${position.id}`;
  // where the table is narrower than all its columns, liquidation, costs and partial close give way
  // to this toggle and a details row under the position (positions.css); the columns that matter stay
  const detailsToggle = (
    <Button
      size="sm"
      variant="link"
      className="ob-icon-action c-more"
      onClick={() => setDetails((shown) => !shown)}
      aria-expanded={details}
      aria-controls={detailsId}
      aria-label={t('term.positions.details', { id: position.id })}
      title={t('term.positions.details', { id: position.id })}
      data-testid={`position-details-${position.id}`}
    >
      <i className={`bi ${details ? 'bi-chevron-up' : 'bi-three-dots'}`} aria-hidden="true" />
    </Button>
  );

  return (
    <Fragment>
      <tr data-testid={`position-row-${position.id}`} className={details ? 'ob-row-open' : undefined}>
        <SymbolCell position={position} />
        <AmountCell position={position} />
        <td className="ob-r c-open" data-label={t('positions.col.openRate')} data-testid="position-open">
          {formatPrice(position.open_rate)}
          <span className="ob-position-sub text-body-secondary">
            {shortDateTime(position.open_date, i18n.language)}
          </span>
        </td>
        <td className="ob-r c-current" data-label={t('positions.col.current')} data-testid="position-current">
          {profit.status === 'live' ? formatPrice(profit.closePrice) : '—'}
        </td>
        <td className="ob-r c-sltp" data-label={t('positions.col.slTp')}>
          <span className="ob-level" data-testid="position-stop-loss">
            {position.stop_lost ? formatPrice(position.stop_lost) : '—'}
          </span>
          <span className="ob-level text-body-secondary" data-testid="position-take-profit">
            {position.take_profit ? formatPrice(position.take_profit) : '—'}
          </span>
          {position.trailing_stop != null && (
            <span className="ob-position-sub text-body-secondary" data-testid="position-trailing">
              {t('ord.trailing.short', { distance: formatPrice(position.trailing_stop) })}
            </span>
          )}
        </td>
        <td
          className="ob-r c-liquidation"
          data-label={t('ord.col.liquidation')}
          data-testid="position-liquidation"
          title={liquidationTitle}
        >
          {liquidationText}
        </td>
        <CostsCell position={position} />
        {profit.status === 'unavailable' ? (
          // spec §8: 'Will be back soon' in place of profit and actions, and when the market opens next
          <td colSpan={2} className="ob-r c-profit c-unavailable" data-testid="position-unavailable">
            <span className="ob-unavailable-cell">
              <ClosedMarket nextOpen={facts.nextOpen} testId={`position-closed-${position.id}`} />
              {detailsToggle}
            </span>
          </td>
        ) : (
          <>
            <td
              className={`ob-r fw-semibold c-profit ${signClass(profit.profit)}`}
              data-testid="position-profit"
            >
              {profit.profit === null ? '—' : money.signed(profit.profit)}
            </td>
            <td className="ob-r ob-actions c-actions">
              {detailsToggle}
              <Button
                size="sm"
                variant="outline-secondary"
                className="ob-icon-action"
                onClick={() => onEdit(position)}
                aria-label={t('positions.edit', { id: position.id })}
                title={t('positions.edit', { id: position.id })}
                data-testid={`position-edit-${position.id}`}
              >
                <i className="bi bi-sliders" aria-hidden="true" />
              </Button>
              <Button
                size="sm"
                variant="outline-secondary"
                className="ob-icon-action c-part"
                onClick={() => onClose(position, 'part')}
                disabled={profit.status !== 'live'}
                aria-label={t('ord.close.partOne', { id: position.id })}
                title={t('ord.close.partOne', { id: position.id })}
                data-testid={`position-close-part-${position.id}`}
              >
                <i className="bi bi-scissors" aria-hidden="true" />
              </Button>
              <Button
                size="sm"
                variant="outline-danger"
                className="ob-icon-action"
                onClick={close}
                disabled={closing || profit.status !== 'live'}
                aria-label={t('positions.closeOne', { id: position.id })}
                title={t('positions.closeOne', { id: position.id })}
                data-testid={`position-close-${position.id}`}
              >
                {closing ? (
                  <Spinner size="sm" animation="border" aria-hidden="true" className="ob-action-spinner" />
                ) : (
                  <i className="bi bi-x-lg" aria-hidden="true" />
                )}
              </Button>
            </td>
          </>
        )}
      </tr>
      {details && (
        <tr className="ob-details-row" id={detailsId} data-testid={detailsId}>
          <td colSpan={OPEN_COLUMNS}>
            <dl className="ob-details">
              <div className="ob-details-open">
                <dt>{t('positions.col.openRate')}</dt>
                <dd className="ob-num">
                  {formatPrice(position.open_rate)} · {shortDateTime(position.open_date, i18n.language)}
                </dd>
              </div>
              <div title={liquidationTitle}>
                <dt>{t('ord.col.liquidation')}</dt>
                <dd className="ob-num">{liquidationText}</dd>
              </div>
              <div title={t('ord.costs.commission')}>
                <dt>{t('ord.costs.kind.commission')}</dt>
                <dd className="ob-num">
                  {position.commission ? money.signed(-Math.abs(position.commission)) : '—'}
                </dd>
              </div>
              <div title={t('ord.costs.swap')}>
                <dt>{t('ord.costs.kind.swap')}</dt>
                <dd className={`ob-num ${signClass(position.swap ?? 0)}`}>
                  {position.swap ? money.signed(position.swap) : '—'}
                </dd>
              </div>
              {profit.status !== 'unavailable' && (
                <div className="ob-details-action">
                  <Button
                    size="sm"
                    variant="outline-secondary"
                    onClick={() => onClose(position, 'part')}
                    disabled={profit.status !== 'live'}
                    aria-label={t('ord.close.partOne', { id: position.id })}
                    title={t('ord.close.partOne', { id: position.id })}
                    data-testid={`position-details-close-part-${position.id}`}
                  >
                    <i className="bi bi-scissors me-1" aria-hidden="true" />
                    {t('ord.why.partialBadge')}
                  </Button>
                </div>
              )}
            </dl>
          </td>
        </tr>
      )}
    </Fragment>
  );
});

function HistoryRow({ position }: { position: PositionDto }) {
  const { t, i18n } = useTranslation();
  const money = useMoney();
  const text = useMessageText();
  const [expanded, setExpanded] = useState(false);
  const label = closingReasonLabel(position.closingReason);
  const reasonKey = REASON_KEYS[label];
  const whyId = `position-why-${position.id}`;
  return (
    <Fragment>
      <tr data-testid={`position-row-${position.id}`}>
        <SymbolCell position={position} />
        <AmountCell position={position} />
        <td className="ob-r c-open" data-label={t('positions.col.openRate')}>
          {formatPrice(position.open_rate)}
          <span className="ob-position-sub text-body-secondary">
            {shortDateTime(position.open_date, i18n.language)}
          </span>
        </td>
        <td
          className="ob-r c-close"
          data-label={t('positions.col.closeRate')}
          data-testid="position-closed-rate"
        >
          {position.closed_rate === null ? '—' : formatPrice(position.closed_rate)}
          <span className="ob-position-sub text-body-secondary">
            {shortDateTime(position.close_date, i18n.language)}
          </span>
        </td>
        <td className="c-reason" data-testid="position-reason">
          <Badge bg="secondary-subtle" text="body" className="ob-reason">
            {position.part_of != null ? t('ord.why.partialBadge') : reasonKey ? t(reasonKey) : label || '—'}
          </Badge>
        </td>
        <td
          className={`ob-r fw-semibold c-profit ${signClass(position.profit)}`}
          data-testid="position-profit"
        >
          {position.profit === null ? '—' : money.signed(position.profit)}
        </td>
        <td className="ob-r ob-actions c-actions">
          <Button
            size="sm"
            variant="link"
            className="ob-icon-action"
            aria-expanded={expanded}
            aria-controls={whyId}
            aria-label={t('ord.why.toggle', { id: position.id })}
            title={t('ord.why.toggle', { id: position.id })}
            onClick={() => setExpanded((x) => !x)}
            data-testid={`position-why-toggle-${position.id}`}
          >
            <i className={`bi ${expanded ? 'bi-chevron-up' : 'bi-info-circle'}`} aria-hidden="true" />
          </Button>
        </td>
      </tr>
      {expanded && (
        <tr className="ob-why-row" id={whyId} data-testid={whyId}>
          <td colSpan={7} className="small">
            {closeExplanation({ position }, money.format).map((line) => (
              <div key={line.key}>{text(line)}</div>
            ))}
            {position.commission || position.swap ? (
              <div className="text-body-secondary">
                {t('ord.why.costs', {
                  commission: money.format(Math.abs(position.commission ?? 0)),
                  swap: money.signed(position.swap ?? 0),
                })}
              </div>
            ) : null}
          </td>
        </tr>
      )}
    </Fragment>
  );
}

function LoadingRows({ columns }: { columns: number }) {
  return (
    <tbody aria-hidden="true">
      {[0, 1].map((row) => (
        <tr key={row}>
          {Array.from({ length: columns }, (_, column) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: fixed placeholder cells
            <td key={column}>
              <Placeholder animation="glow">
                <Placeholder xs={10} size="sm" />
              </Placeholder>
            </td>
          ))}
        </tr>
      ))}
    </tbody>
  );
}

/**
 * Open positions, pending orders and history (spec §2). Open ones show their live profit at the
 * closing price, liquidation price and costs, close (confirmed unless the client turned that off), partial
 * close and the SL/TP/trailing editor, or 'Will be back soon' without a price (spec §8); closed ones their
 * closing reason, closed rate and realised profit, with the explanation of the close on demand. Notices of
 * automatic closes show on top until dismissed.
 */
export function PositionsPanel() {
  const { t } = useTranslation();
  const { positions } = useTrading();
  const { orders } = useOrders();
  const [confirmClose, setConfirmClose] = useConfirmClose();
  const [tab, setTab] = useState<PositionsTab>('open');
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
      {tab === 'orders' ? (
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
