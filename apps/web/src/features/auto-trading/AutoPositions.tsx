import { formatPrice } from '@openbroker/domain';
import { Card, Placeholder } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { shortDateTime } from '../../lib/dates.js';
import { useAutoPositions } from '../../shared/auto-trading/useAutoTrading.js';
import { signClass, useMoney } from '../../shared/market/numbers.js';
import { EmptyState } from '../../ui/EmptyState.js';

/** The strategy's open positions ("open auto positions"); the client closes or edits them on the platform. */
export function AutoPositions() {
  const { t, i18n } = useTranslation();
  const money = useMoney();
  const query = useAutoPositions();
  const positions = query.data ?? [];
  return (
    <Card className="ob-card" data-testid="auto-positions">
      <Card.Header className="ob-card-header d-flex align-items-center gap-2">
        <h2 className="ob-card-title">
          <i className="bi bi-briefcase me-2" aria-hidden="true" />
          {t('at.positions.title')}
          {query.data && <span className="ob-count">{positions.length}</span>}
        </h2>
        <Link to="/platform" className="ms-auto small">
          {t('at.positions.platform')}
          <i className="bi bi-arrow-right ms-1" aria-hidden="true" />
        </Link>
      </Card.Header>
      {query.isPending ? (
        <Card.Body aria-hidden="true">
          <Placeholder animation="glow">
            <Placeholder xs={12} />
          </Placeholder>
        </Card.Body>
      ) : positions.length === 0 ? (
        <EmptyState icon="bi-briefcase">{t('at.positions.empty')}</EmptyState>
      ) : (
        <div className="ob-table-wrap table-responsive">
          <table className="table ob-table ob-at-table mb-0 align-middle">
            <thead>
              <tr>
                <th scope="col">{t('at.col.instrument')}</th>
                <th scope="col" className="text-end">
                  {t('at.col.amount')}
                </th>
                <th scope="col" className="text-end">
                  {t('at.col.openRate')}
                </th>
                <th scope="col" className="text-end">
                  {t('at.col.slTp')}
                </th>
                <th scope="col" className="text-end">
                  {t('at.col.profit')}
                </th>
              </tr>
            </thead>
            <tbody>
              {positions.map((position) => (
                <tr key={position.id} data-testid={`auto-position-${position.id}`}>
                  <td data-label={t('at.col.instrument')}>
                    <Link to={`/platform/${position.symbol}`} className="fw-semibold">
                      {position.symbol}
                    </Link>
                    <span className="ob-position-sub">
                      <span className={`ob-dir ob-dir-${position.direction}`}>
                        {t(position.direction === 'buy' ? 'positions.dir.buy' : 'positions.dir.sell')}
                      </span>
                      <span className="text-body-secondary">#{position.id}</span>
                    </span>
                  </td>
                  <td data-label={t('at.col.amount')} className="text-end ob-num">
                    {money.format(position.amount)}
                    <span className="ob-position-sub text-body-secondary">1:{position.leverage}</span>
                  </td>
                  <td data-label={t('at.col.openRate')} className="text-end ob-num">
                    {formatPrice(position.open_rate)}
                    <span className="ob-position-sub text-body-secondary">
                      {shortDateTime(position.open_date, i18n.language)}
                    </span>
                  </td>
                  <td data-label={t('at.col.slTp')} className="text-end ob-num">
                    <span className="d-block">
                      {position.stop_lost ? formatPrice(position.stop_lost) : '—'}
                    </span>
                    <span className="d-block text-body-secondary">
                      {position.take_profit ? formatPrice(position.take_profit) : '—'}
                    </span>
                  </td>
                  <td
                    data-label={t('at.col.profit')}
                    className={`text-end fw-semibold ob-num ${signClass(position.profit)}`}
                  >
                    {position.profit == null ? '—' : money.signed(position.profit)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Card>
  );
}
