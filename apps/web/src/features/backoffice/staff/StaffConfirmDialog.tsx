import { useTranslation } from 'react-i18next';
import type { TranslationKey } from '../../../lib/i18n/keys.js';
import { ReasonDialog } from '../shell/ReasonDialog.js';
import type { StaffAction } from './useStaff.js';

const CONFIRM_TEXT = {
  reset2fa: {
    title: 'bom.staff.confirm.reset2fa',
    label: 'bom.staff.reset2fa',
    note: 'bom.staff.confirm.reset2faNote',
  },
  disable: {
    title: 'bom.staff.confirm.disable',
    label: 'bom.staff.disable',
    note: 'bom.staff.confirm.disableNote',
  },
  enable: {
    title: 'bom.staff.confirm.enable',
    label: 'bom.staff.enable',
    note: 'bom.staff.confirm.enableNote',
  },
  unlock2fa: {
    title: 'bo.staffCred.unlock.title',
    label: 'bo.staffCred.unlock.action',
    note: 'bo.staffCred.unlock.note',
  },
} as const satisfies Record<StaffAction['kind'], Record<'title' | 'label' | 'note', TranslationKey>>;

/**
 * The confirmation before disabling or enabling a member, or resetting or unlocking their two-factor
 * sign-in; disabling asks for a reason, kept in the audit log.
 */
export function StaffConfirmDialog({
  confirm,
  pending,
  error,
  onConfirm,
  onHide,
}: {
  confirm: StaffAction;
  pending: boolean;
  error: unknown;
  onConfirm: (reason: string) => void;
  onHide: () => void;
}) {
  const { t } = useTranslation();
  return (
    <ReasonDialog
      show
      // disabling asks why (required, audited); the other confirmations only ask to confirm
      hideReason={confirm.kind !== 'disable'}
      reasonRequired={confirm.kind === 'disable'}
      title={t(CONFIRM_TEXT[confirm.kind].title)}
      confirmLabel={t(CONFIRM_TEXT[confirm.kind].label)}
      variant={confirm.kind === 'enable' || confirm.kind === 'unlock2fa' ? 'success' : 'danger'}
      pending={pending}
      error={error}
      onConfirm={onConfirm}
      onHide={onHide}
      testId="bo-staff-confirm"
    >
      <p className="mb-2">
        <strong>{confirm.member.name}</strong> <span className="bom-sub">{confirm.member.email}</span>
      </p>
      <p className="mb-0 bom-sub">{t(CONFIRM_TEXT[confirm.kind].note)}</p>
    </ReasonDialog>
  );
}
