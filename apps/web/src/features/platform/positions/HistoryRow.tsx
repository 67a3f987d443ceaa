import { closingReasonLabel, formatPrice } from '@openbroker/domain';
import { Fragment, useState } from 'react';
import { Badge, Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { shortDateTime } from '../../../lib/dates.js';
import type { TranslationKey } from '../../../lib/i18n/keys.js';
import { signClass, useMoney } from '../../../shared/market/numbers.js';
import { useMessageText } from '../../../ui/forms.js';
import { closeExplanation } from './closeExplanation.js';
import { AmountCell, type PositionDto, SymbolCell } from './PositionCells.js';

const REASON_KEYS: Record<string, TranslationKey> = {
  Manually: 'positions.reason.0',
  'Stop Loss': 'positions.reason.1',
  'Take Profit': 'positions.reason.2',
  'Low Margin': 'positions.reason.3',
  'AI Trade': 'positions.reason.4',
};

/** A closed position's row, with the explanation of its close on demand. */
export function HistoryRow({ position }: { position: PositionDto }) {
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
            <div className="ob-audit-links" data-testid={`position-audit-${position.id}`}>
              <i className="bi bi-shield-check me-1" aria-hidden="true" />
              {t('ord.audit.title')}:{' '}
              <a
                href={`/fill-audit/${position.id}/open`}
                target="_blank"
                rel="noopener"
                data-testid={`position-audit-open-${position.id}`}
              >
                {t('ord.audit.open')}
              </a>
              {' · '}
              <a
                href={`/fill-audit/${position.id}/close`}
                target="_blank"
                rel="noopener"
                data-testid={`position-audit-close-${position.id}`}
              >
                {t('ord.audit.close')}
              </a>
            </div>
          </td>
        </tr>
      )}
    </Fragment>
  );
}
