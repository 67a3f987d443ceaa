import type { MoneyRequest } from '@openbroker/domain';
import { useTranslation } from 'react-i18next';
import { Facts, ReasonDialog } from '../shell/ReasonDialog.js';
import { ApprovalContextView, KIND_LABEL, SignedAmount } from './ApprovalContextView.js';
import { useBoFormat } from './format.js';
import { type RequestDecision, useMoneyRequestDetail } from './useMoneyRequests.js';

/** The decision dialog open on the requests page: which request, and approve, reject or cancel. */
export type Dialog = { request: MoneyRequest; kind: RequestDecision['kind'] } | null;

/** "EUR 120.00": the amount as an approver names it on the button, the code spelled out. */
export function useNamedAmount(): (request: Pick<MoneyRequest, 'amount' | 'currency'>) => string {
  const format = useBoFormat();
  return (request) => `${request.currency} ${format.amount(request.amount)}`;
}

/**
 * Approving, rejecting or cancelling one request. Approve and reject show what the approver should know about
 * the client first (verification, documents, balance, the latest staff requests, look-alike staff).
 */
export function RequestDialog({
  dialog,
  pending,
  error,
  onConfirm,
  onHide,
}: {
  dialog: NonNullable<Dialog>;
  pending: boolean;
  error: unknown;
  onConfirm: (reason: string) => void;
  onHide: () => void;
}) {
  const { t } = useTranslation();
  const named = useNamedAmount();
  const { request, kind } = dialog;
  const detail = useMoneyRequestDetail(kind === 'cancel' ? null : request.reference);
  const confirmLabel =
    kind === 'approve'
      ? t('bomr.approveNamed', { amount: named(request), kind: t(`bomr.kindNoun.${request.kind}`) })
      : kind === 'reject'
        ? t('bomr.reject')
        : t('bomr.dialog.cancelConfirm');
  return (
    <ReasonDialog
      show
      title={t(`bomr.dialog.${kind}`)}
      reasonRequired={kind === 'reject'}
      confirmLabel={confirmLabel}
      variant={kind === 'approve' ? 'success' : kind === 'reject' ? 'danger' : 'primary'}
      pending={pending}
      error={error}
      onConfirm={onConfirm}
      onHide={onHide}
      testId={`bomr-${kind}-dialog`}
    >
      <Facts
        rows={[
          [t('bom.queue.col.client'), `${request.clientName} (${t('bom.pin')} ${request.pin})`],
          [t('bo.accounts.pick'), `${request.accountNumber} · ${request.currency}`],
          [
            t('bom.queue.col.reference'),
            <code key="ref" className="bom-ref">
              {request.reference}
            </code>,
          ],
          [t('bom.adjust.kind'), t(KIND_LABEL[request.kind])],
          [t('bom.queue.col.amount'), <SignedAmount key="amount" request={request} />],
          [t('bomr.dialog.requestedBy'), request.requestedBy.name],
          [
            t('bomr.dialog.requestReason'),
            <span key="reason" className="text-break">
              {request.reason}
            </span>,
          ],
        ]}
      />
      {kind !== 'cancel' && (
        <ApprovalContextView
          context={detail.data?.context}
          error={detail.isError ? detail.error : null}
          exclude={request.reference}
        />
      )}
      <div className="bom-note">
        <i className="bi bi-info-circle" aria-hidden="true" />
        <span>{t(`bomr.dialog.${kind}Note`)}</span>
      </div>
    </ReasonDialog>
  );
}
