import type { MoneyRequest } from '@openbroker/domain';
import { Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { shortDateTime } from '../../../lib/dates.js';
import { KIND_LABEL, RequestStatus, SignedAmount } from './ApprovalContextView.js';
import { minutesSince, useBoFormat } from './format.js';
import { DecisionButtons } from './queueControls.js';
import type { RequestDecision } from './useMoneyRequests.js';

/** A request waiting longer than this is marked (a working day). */
const OVERDUE_MINUTES = 8 * 60;

/**
 * One staff money request: when, client, kind and reason, amount; pending: who asked and the
 * decision (or cancel, for one's own); decided: the outcome, who decided and why.
 */
export function RequestRow({
  request,
  pending,
  own,
  now,
  canCreate,
  canApprove,
  onDecide,
}: {
  request: MoneyRequest;
  /** The pending tab (else the decided one). */
  pending: boolean;
  /** The reader asked for this one (may cancel, never approve). */
  own: boolean;
  now: number;
  canCreate: boolean;
  canApprove: boolean;
  onDecide: (kind: RequestDecision['kind']) => void;
}) {
  const { t, i18n } = useTranslation();
  const format = useBoFormat();
  const at = pending ? request.requestedAt : (request.decidedAt ?? request.requestedAt);
  return (
    <tr data-testid="bomr-row" data-reference={request.reference} data-status={request.status}>
      <td className="text-nowrap">
        <div className="ob-num" title={format.dateTime(at)}>
          {shortDateTime(at, i18n.language)}
        </div>
        {pending && (
          <div
            className={`bom-sub ${minutesSince(at, now) >= OVERDUE_MINUTES ? 'bom-overdue' : ''}`}
            title={t('bom.queue.waiting')}
          >
            <i className="bi bi-clock me-1" aria-hidden="true" />
            {format.age(at, now)}
          </div>
        )}
      </td>
      <td className="bom-client-cell">
        <Link to={`/backoffice/clients/${request.userId}`} className="fw-semibold">
          {request.clientName}
        </Link>
        <span className="bom-brand-tag" data-testid="bomr-brand">
          {request.brandSlug}
        </span>
        <div className="bom-sub">
          <span className="text-break">{request.email}</span>
          <span className="ob-num text-nowrap">
            <span className="bom-sep" aria-hidden="true">
              ·
            </span>
            {t('bom.pin')} {request.pin}
          </span>
          <span className="ob-num text-nowrap" data-testid="bomr-account">
            <span className="bom-sep" aria-hidden="true">
              ·
            </span>
            {request.accountNumber}
          </span>
        </div>
      </td>
      <td>
        <div className="bomr-kind">{t(KIND_LABEL[request.kind])}</div>
        <code className="bom-ref">{request.reference}</code>
        <div className="bomr-reason" title={request.reason} data-testid="bomr-reason">
          {request.reason}
        </div>
      </td>
      <td className="text-end text-nowrap bomr-amount-cell">
        <SignedAmount request={request} />
      </td>
      {pending ? (
        <td>
          <span className="bom-sub bomr-phone-only">{t('bomr.col.requestedBy')}: </span>
          <span data-testid="bomr-requested-by">{request.requestedBy.name}</span>
          {own && <span className="bom-mine">{t('bomr.yours')}</span>}
        </td>
      ) : (
        <td>
          <RequestStatus status={request.status} />
          {request.decidedBy && (
            <div className="bom-sub" data-testid="bomr-decided-by">
              {t('bomr.decidedBy', { name: request.decidedBy.name })}
            </div>
          )}
          <div className="bomr-decision-reason">
            {request.decisionReason || <span className="bom-sub">{t('bomr.noReason')}</span>}
          </div>
        </td>
      )}
      {pending ? (
        <td className="text-end text-nowrap">
          <div className="bom-row-actions bom-queue-actions">
            {own
              ? canCreate && (
                  <Button
                    size="sm"
                    variant="outline-secondary"
                    onClick={() => onDecide('cancel')}
                    data-testid="bomr-cancel"
                  >
                    <i className="bi bi-x-circle me-1" aria-hidden="true" />
                    {t('bomr.cancel')}
                  </Button>
                )
              : canApprove && (
                  <DecisionButtons
                    onApprove={() => onDecide('approve')}
                    onReject={() => onDecide('reject')}
                    approveLabel={t('bomr.approve')}
                    rejectLabel={t('bomr.reject')}
                    testIdPrefix="bomr"
                  />
                )}
          </div>
        </td>
      ) : (
        <td>
          {request.requestedBy.name}
          {own && <span className="bom-mine">{t('bomr.yours')}</span>}
        </td>
      )}
    </tr>
  );
}
