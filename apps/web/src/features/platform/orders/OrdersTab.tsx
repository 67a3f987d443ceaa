import { useState } from 'react';
import { Button, Nav } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { EmptyState } from '../../../ui/EmptyState.js';
import type { OrderView } from '../trading/tradingContract.js';
import { useOrders } from '../trading/useTrading.js';
import { EditOrderModal } from './EditOrderModal.js';
import { NewOrderModal } from './NewOrderModal.js';
import { OpenOrderRow, OrderHistoryRow } from './OrderRows.js';

/**
 * Pending orders: the open ones with their level, the price they fill at now and the distance to
 * it, editable and cancellable; and what became of past ones (filled, cancelled, expired, rejected — why).
 */
export function OrdersTab() {
  const { t } = useTranslation();
  const symbol = (useParams().symbol ?? '').toUpperCase();
  const { orders } = useOrders();
  const [view, setView] = useState<'open' | 'history'>('open');
  const [editing, setEditing] = useState<OrderView | null>(null);
  const [creating, setCreating] = useState(false);
  const open = orders?.open ?? [];
  const history = orders?.history ?? [];
  const editingNow = editing && open.find((o) => o.id === editing.id);

  return (
    <div className="ob-table-wrap ob-orders-box table-responsive" data-testid="orders-tab">
      <div className="d-flex align-items-center gap-2 px-2 py-1 border-bottom">
        <Nav
          variant="pills"
          className="ob-subtabs small"
          activeKey={view}
          onSelect={(key) => setView(key === 'history' ? 'history' : 'open')}
        >
          <Nav.Item>
            <Nav.Link eventKey="open" className="py-1" data-testid="orders-view-open">
              {t('ord.view.open')}
            </Nav.Link>
          </Nav.Item>
          <Nav.Item>
            <Nav.Link eventKey="history" className="py-1" data-testid="orders-view-history">
              {t('ord.view.history')}
            </Nav.Link>
          </Nav.Item>
        </Nav>
        <Button
          size="sm"
          variant="outline-primary"
          className="ms-auto"
          onClick={() => setCreating(true)}
          data-testid="orders-new"
        >
          <i className="bi bi-plus-lg me-1" aria-hidden="true" />
          {t('ord.new')}
        </Button>
      </div>
      {view === 'open' ? (
        <table className="table table-hover ob-table ob-orders mb-0 align-middle" data-testid="orders-open">
          <thead>
            <tr>
              <th scope="col">{t('positions.col.symbol')}</th>
              <th scope="col" className="ob-r c-level">
                {t('ord.col.level')}
              </th>
              <th scope="col" className="ob-r c-current">
                {t('positions.col.current')}
              </th>
              <th scope="col" className="ob-r c-distance">
                {t('ord.col.distance')}
              </th>
              <th scope="col" className="ob-r c-amount">
                {t('positions.col.amount')}
              </th>
              <th scope="col" className="ob-r c-sltp">
                {t('positions.col.slTp')}
              </th>
              <th scope="col" className="c-expiry">
                {t('ord.col.expiry')}
              </th>
              <th scope="col" className="ob-r c-actions">
                <span className="visually-hidden">{t('positions.col.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {open.map((order) => (
              <OpenOrderRow key={order.id} order={order} onEdit={setEditing} />
            ))}
          </tbody>
        </table>
      ) : (
        <table
          className="table table-hover ob-table ob-orders mb-0 align-middle"
          data-testid="orders-history"
        >
          <thead>
            <tr>
              <th scope="col">{t('positions.col.symbol')}</th>
              <th scope="col" className="ob-r">
                {t('ord.col.level')}
              </th>
              <th scope="col" className="ob-r">
                {t('positions.col.amount')}
              </th>
              <th scope="col">{t('ord.col.status')}</th>
              <th scope="col">{t('ord.col.reason')}</th>
            </tr>
          </thead>
          <tbody>
            {history.map((order) => (
              <OrderHistoryRow key={order.id} order={order} />
            ))}
          </tbody>
        </table>
      )}
      {(view === 'open' ? open : history).length === 0 && (
        <EmptyState icon="bi-hourglass-split">{t(orders ? 'ord.empty' : 'ord.loading')}</EmptyState>
      )}
      {editingNow && <EditOrderModal order={editingNow} onClose={() => setEditing(null)} />}
      {creating && <NewOrderModal symbol={symbol} onClose={() => setCreating(false)} />}
    </div>
  );
}
