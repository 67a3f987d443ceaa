import { toDecimal, toMoneyString } from '@openbroker/domain';
import { Alert } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Facts, ReasonDialog } from '../shell/ReasonDialog.js';
import { KIND_LABEL } from './ApprovalContextView.js';
import type { Pending } from './adjustment.js';
import { useBoFormat } from './format.js';

/**
 * Confirming an adjustment request before it is sent: kind, the balance before, the change and
 * after approval (warned when it would go negative), the reason, and that a second colleague approves.
 */
export function AdjustmentConfirmDialog({
  pending,
  balance,
  currency,
  sending,
  error,
  onConfirm,
  onHide,
}: {
  pending: Pending;
  /** The balance now, once known. */
  balance: string | undefined;
  currency: string;
  /** The request is being sent. */
  sending: boolean;
  error: unknown;
  onConfirm: () => void;
  onHide: () => void;
}) {
  const { t } = useTranslation();
  const format = useBoFormat();
  const after = balance !== undefined ? toMoneyString(toDecimal(balance).plus(pending.signed)) : null;
  const negativeAfter = after !== null && toDecimal(after).isNegative();
  return (
    <ReasonDialog
      show
      title={t('bomr.panel.confirmTitle')}
      reasonRequired
      hideReason
      initialReason={pending.reason}
      confirmLabel={t('bomr.panel.send')}
      variant={pending.signed.startsWith('-') ? 'danger' : 'primary'}
      pending={sending}
      error={error}
      onConfirm={onConfirm}
      onHide={onHide}
      testId="bo-adjust-dialog"
    >
      <Facts
        rows={[
          [t('bom.adjust.kind'), t(KIND_LABEL[pending.kind])],
          [
            t('bom.adjust.balanceBefore'),
            <span className="ob-num" key="before">
              {format.money(balance, currency)}
            </span>,
          ],
          [
            t('bom.adjust.change'),
            <strong
              key="change"
              className={`ob-num ${pending.signed.startsWith('-') ? 'bom-amount-out' : 'bom-amount-in'}`}
              data-testid="bo-adjust-change"
            >
              {format.money(pending.signed, currency, true)}
            </strong>,
          ],
          [
            t('bomr.panel.balanceAfter'),
            <strong key="after" className="ob-num" data-testid="bo-adjust-after">
              {format.money(after, currency)}
            </strong>,
          ],
          [
            t('bom.reason'),
            <span key="reason" className="text-break">
              {pending.reason}
            </span>,
          ],
        ]}
      />
      {negativeAfter && (
        <Alert variant="warning" className="mb-0 mt-3 py-2 small">
          <i className="bi bi-exclamation-triangle me-1" aria-hidden="true" />
          {t('bom.adjust.negative')}
        </Alert>
      )}
      <div className="bom-note" data-testid="bo-adjust-two-keys">
        <i className="bi bi-key" aria-hidden="true" />
        <span>{t('bomr.panel.twoKeys')}</span>
      </div>
    </ReasonDialog>
  );
}
