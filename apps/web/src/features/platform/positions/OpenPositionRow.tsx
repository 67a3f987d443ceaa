import { formatPrice } from '@openbroker/domain';
import { Fragment, memo, useState } from 'react';
import { Button, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { shortDateTime } from '../../../lib/dates.js';
import { signClass, useMoney } from '../../../shared/market/numbers.js';
import { useToast } from '../../../ui/ToastProvider.js';
import { ClosedMarket } from '../markets/NextOpen.js';
import { ackMessage } from '../trading/ackMessage.js';
import { closingDealing, liveProfit, useClosingQuote } from '../trading/liveFigures.js';
import { useTrading } from '../trading/useTrading.js';
import type { CloseMode } from './ClosePositionModal.js';
import { useConfirmClose } from './confirmCloseSetting.js';
import { AmountCell, CostsCell, type PositionDto, SymbolCell } from './PositionCells.js';
import type { PositionLiquidation } from './useLiquidationPrices.js';

/** Columns of the open positions' table (the details row spans them). */
export const OPEN_COLUMNS = 9;

/** An open position's row with its live figures and actions, and its details row when opened. */
export const OpenPositionRow = memo(function OpenPositionRow({
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
          {/* the open price links to the audit of this fill (the client area's page, in a new tab) */}
          <a
            className="ob-audit-link"
            href={`/fill-audit/${position.id}/open`}
            target="_blank"
            rel="noopener"
            title={t('ord.audit.title')}
            data-testid={`position-audit-open-${position.id}`}
          >
            {formatPrice(position.open_rate)}
          </a>
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
