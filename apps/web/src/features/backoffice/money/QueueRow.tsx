import type { StaffTransaction, TransactionQueue } from '@openbroker/domain';
import { Badge } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { shortDateTime } from '../../../lib/dates.js';
import { useStaffSession } from '../shell/session.js';
import { minutesSince, useBoFormat } from './format.js';
import { DecisionButtons } from './queueControls.js';
import { needsTwoApprovals, OVERDUE_MINUTES, unsigned, useTypeName } from './queueItem.js';

/** One waiting deposit or withdrawal: received and waited, client, reference and method, amount, four-eyes, decision buttons. */
export function QueueRow({
  queue,
  row,
  now,
  multiBrand,
  allowed,
  onDecide,
}: {
  queue: TransactionQueue;
  row: StaffTransaction;
  now: number;
  /** Whether the reader works for several brands (each row names its brand). */
  multiBrand: boolean;
  /** Whether the reader may decide (shows the buttons). */
  allowed: boolean;
  onDecide: (kind: 'approve' | 'reject') => void;
}) {
  const { t, i18n } = useTranslation();
  const { staff } = useStaffSession();
  const format = useBoFormat();
  const typeName = useTypeName();
  const waited = minutesSince(row.createdAt, now);
  const first = row.approvals[0];
  const mine = !!first && first.staffId === staff?.id;
  return (
    <tr data-testid="bo-queue-row" data-reference={row.reference}>
      <td className="text-nowrap">
        <div className="ob-num" title={format.dateTime(row.createdAt)}>
          {shortDateTime(row.createdAt, i18n.language)}
        </div>
        <div
          className={`bom-sub ${waited >= OVERDUE_MINUTES ? 'bom-overdue' : ''}`}
          title={t('bom.queue.waiting')}
        >
          <i className="bi bi-clock me-1" aria-hidden="true" />
          {format.age(row.createdAt, now)}
        </div>
      </td>
      <td className="bom-client-cell">
        <Link to={`/backoffice/clients/${row.userId}`} className="fw-semibold">
          {row.clientName}
        </Link>
        {multiBrand && <span className="bom-brand-tag">{row.brandSlug}</span>}
        <div className="bom-sub">
          <span className="text-break">{row.email}</span>
          <span className="ob-num text-nowrap">
            <span className="bom-sep" aria-hidden="true">
              ·
            </span>
            {t('bom.pin')} {row.pin}
          </span>
        </div>
      </td>
      <td className="bom-method-cell">
        <code className="bom-ref">{row.reference}</code>
        <div className="bom-sub">{typeName(row)}</div>
        {row.comments && (
          <div className="bom-sub bom-details" title={row.comments}>
            <i className="bi bi-bank me-1" aria-hidden="true" />
            {row.comments}
          </div>
        )}
      </td>
      <td className="text-end ob-num fw-semibold text-nowrap" data-testid="bo-queue-amount">
        {format.money(unsigned(row.amount), row.currency)}
      </td>
      {queue === 'withdrawals' && (
        <td className="bom-approvals-cell">
          <FourEyes row={row} mine={mine} />
        </td>
      )}
      <td className="text-end text-nowrap">
        {allowed && (
          <div className="bom-row-actions bom-queue-actions">
            <DecisionButtons
              onApprove={() => onDecide('approve')}
              onReject={() => onDecide('reject')}
              approveLabel={t('bom.queue.approve')}
              rejectLabel={t('bom.queue.reject')}
              testIdPrefix="bo"
            />
          </div>
        )}
      </td>
    </tr>
  );
}

/** The four-eyes state of a row: single approval, or "needs 2 approvals" with the first approver. */
function FourEyes({ row, mine }: { row: StaffTransaction; mine: boolean }) {
  const { t, i18n } = useTranslation();
  if (!needsTwoApprovals(row)) return <span className="bom-sub">{t('bom.queue.singleApproval')}</span>;
  const first = row.approvals[0];
  return (
    <div data-testid="bo-four-eyes">
      <Badge bg="" className="bom-badge bom-badge-warn">
        <i className="bi bi-people me-1" aria-hidden="true" />
        {t('bom.queue.needsTwo')}
        <span className="ob-num ms-1">{Math.min(row.approvals.length, 2)}/2</span>
      </Badge>
      {first && (
        <div
          className="bom-sub mt-1"
          data-testid="bo-first-approver"
          title={shortDateTime(first.createdAt, i18n.language)}
        >
          {t('bom.queue.firstApproval', { name: first.staffName })}
          {mine && <span className="bom-mine">{t('bom.queue.yourApproval')}</span>}
        </div>
      )}
    </div>
  );
}
