import type { TransactionQueue } from '@openbroker/domain';
import { useTranslation } from 'react-i18next';
import { Facts, ReasonDialog } from '../shell/ReasonDialog.js';
import { ClientApprovalContext } from './ApprovalContextView.js';
import { useBoFormat } from './format.js';
import { type Dialog, needsTwoApprovals, unsigned, useTypeName } from './queueItem.js';

/**
 * Approving or rejecting one deposit or withdrawal: what moves for whom, the client's context
 * before a payout, and the four-eyes step when the amount needs two approvers.
 */
export function QueueDecisionDialog({
  queue,
  dialog,
  mine,
  pending,
  error,
  onConfirm,
  onHide,
}: {
  queue: TransactionQueue;
  dialog: NonNullable<Dialog>;
  mine: boolean;
  pending: boolean;
  error: unknown;
  onConfirm: (reason: string) => void;
  onHide: () => void;
}) {
  const { t } = useTranslation();
  const format = useBoFormat();
  const typeName = useTypeName();
  const { row, kind } = dialog;
  const approve = kind === 'approve';
  const twoStep = needsTwoApprovals(row);
  const isFirst = approve && twoStep && row.approvals.length === 0;
  const titleKey = approve
    ? queue === 'deposits'
      ? 'bom.queue.dialog.approveDeposit'
      : 'bom.queue.dialog.approveWithdrawal'
    : queue === 'deposits'
      ? 'bom.queue.dialog.rejectDeposit'
      : 'bom.queue.dialog.rejectWithdrawal';
  return (
    <ReasonDialog
      show
      title={t(titleKey)}
      reasonRequired={!approve}
      confirmLabel={t(
        approve ? (isFirst ? 'bom.queue.confirm.firstApproval' : 'bom.queue.approve') : 'bom.queue.reject',
      )}
      variant={approve ? 'success' : 'danger'}
      pending={pending}
      error={error}
      onConfirm={onConfirm}
      onHide={onHide}
      testId={`bo-${kind}-dialog`}
    >
      <Facts
        rows={[
          [t('bom.queue.col.client'), `${row.clientName} (${t('bom.pin')} ${row.pin})`],
          [
            t('bom.queue.col.reference'),
            <code key="ref" className="bom-ref">
              {row.reference}
            </code>,
          ],
          [t('bom.queue.col.method'), typeName(row)],
          ...(row.comments ? [[t('bom.queue.col.details'), row.comments] as [string, string]] : []),
          [
            t('bom.queue.col.amount'),
            <strong key="amount" className="ob-num">
              {format.money(unsigned(row.amount), row.currency)}
            </strong>,
          ],
        ]}
      />
      {/* paying a client out: who they are, the account the money leaves, the amount in the brand's currency and
          whether it needs a second approval, what staff moved lately, and whether they resemble a colleague */}
      {queue === 'withdrawals' && (
        <ClientApprovalContext clientId={row.userId} accountId={row.accountId} reference={row.reference} />
      )}
      {approve && twoStep && (
        <div className="bom-note bom-note-warn" data-testid="bo-dialog-four-eyes">
          <i className="bi bi-people" aria-hidden="true" />
          <span>
            {isFirst
              ? t('bom.queue.dialog.firstOfTwo')
              : t('bom.queue.dialog.secondOfTwo', { name: row.approvals[0]?.staffName ?? '' })}
            {mine && <strong className="d-block mt-1">{t('bom.queue.dialog.mine')}</strong>}
          </span>
        </div>
      )}
      {!approve && (
        <div className="bom-note">
          <i className="bi bi-info-circle" aria-hidden="true" />
          <span>
            {t(
              queue === 'withdrawals'
                ? 'bom.queue.dialog.rejectWithdrawalNote'
                : 'bom.queue.dialog.rejectDepositNote',
            )}
          </span>
        </div>
      )}
    </ReasonDialog>
  );
}
