import type { StaffMember, StaffRole } from '@openbroker/domain';
import { Badge, Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import type { TranslationKey } from '../../../lib/i18n/keys.js';
import { useBoFormat } from '../money/format.js';
import { ROLE_LABEL } from './roles.js';
import type { StaffAction } from './useStaff.js';

const roleLabel = (t: (key: TranslationKey) => string, role: string) =>
  role in ROLE_LABEL ? t(ROLE_LABEL[role as StaffRole]) : role;

/**
 * One staff member in the staff list: name and e-mail, roles, brand scope, two-factor state (and a lock or
 * an address allow-list), account state, last sign-in, and the buttons to edit, unlock, reset the password or
 * two-factor sign-in, and disable or enable them.
 */
export function StaffRow({
  member,
  self,
  brandName,
  onEdit,
  onConfirm,
  onResetPassword,
}: {
  member: StaffMember;
  /** The member is the one signed in. */
  self: boolean;
  brandName: (id: number) => string;
  onEdit: (member: StaffMember) => void;
  onConfirm: (action: StaffAction) => void;
  onResetPassword: (member: StaffMember) => void;
}) {
  const { t } = useTranslation();
  const format = useBoFormat();
  return (
    <tr data-testid="bo-staff-row" className={member.disabled ? 'bom-row-muted' : undefined}>
      <td>
        <div className="fw-semibold text-nowrap">
          {member.name}
          {self && <span className="bom-mine">{t('bom.staff.you')}</span>}
        </div>
        <div className="bom-sub text-nowrap">{member.email}</div>
      </td>
      <td>
        <div className="bom-tags">
          {member.roles.map((role) => (
            <span key={role} className={`bom-role bom-role-${role}`}>
              {roleLabel(t, role)}
            </span>
          ))}
        </div>
      </td>
      <td>
        {member.brandScope.all ? (
          <span className="bom-sub">{t('bo.allBrands')}</span>
        ) : (
          <div className="bom-tags">
            {member.brandScope.brandIds.map((id) => (
              <span key={id} className="bom-brand-tag">
                {brandName(id)}
              </span>
            ))}
          </div>
        )}
      </td>
      <td>
        <Badge bg="" className={`bom-badge ${member.twoFactorEnabled ? 'bom-badge-ok' : 'bom-badge-warn'}`}>
          <i
            className={`bi ${member.twoFactorEnabled ? 'bi-shield-check' : 'bi-shield-exclamation'} me-1`}
            aria-hidden="true"
          />
          {t(member.twoFactorEnabled ? 'bom.staff.twoFactor.on' : 'bom.staff.twoFactor.off')}
        </Badge>
        {member.secondFactorLockedUntil && (
          <div className="bom-sub text-nowrap mt-1" data-testid="bo-staff-locked">
            <i className="bi bi-lock-fill me-1 text-danger" aria-hidden="true" />
            {t('bo.staffCred.lockedUntil', {
              time: format.dateTime(member.secondFactorLockedUntil),
            })}
          </div>
        )}
        {member.ipAllowList && (
          <div className="bom-sub text-nowrap mt-1" title={member.ipAllowList.join(', ')}>
            <i className="bi bi-globe2 me-1" aria-hidden="true" />
            {t('bo.staffCred.allowListCount', { count: member.ipAllowList.length })}
          </div>
        )}
      </td>
      <td>
        <Badge bg="" className={`bom-badge ${member.disabled ? 'bom-badge-muted' : 'bom-badge-ok'}`}>
          {t(member.disabled ? 'bom.staff.status.disabled' : 'bom.staff.status.active')}
        </Badge>
        {member.passwordChangeRequired && (
          <div className="bom-sub text-nowrap mt-1">{t('bo.staffCred.mustChange')}</div>
        )}
      </td>
      <td className="text-nowrap bom-sub" data-testid="bo-staff-last-sign-in">
        {member.lastLoginAt ? (
          <>
            <div className="ob-num">{format.dateTime(member.lastLoginAt)}</div>
            <div className="ob-num">{member.lastLoginIp}</div>
          </>
        ) : (
          t('bo.staffCred.never')
        )}
      </td>
      <td className="text-end text-nowrap">
        <div className="bom-row-actions">
          <Button size="sm" variant="outline-secondary" onClick={() => onEdit(member)}>
            <i className="bi bi-pencil me-1" aria-hidden="true" />
            {t('bom.staff.edit')}
          </Button>
          {member.secondFactorLockedUntil && (
            <Button
              size="sm"
              variant="outline-warning"
              aria-label={t('bo.staffCred.unlock.action')}
              title={t('bo.staffCred.unlock.action')}
              data-testid="bo-staff-unlock"
              onClick={() => onConfirm({ member, kind: 'unlock2fa' })}
            >
              <i className="bi bi-unlock" aria-hidden="true" />
            </Button>
          )}
          <Button
            size="sm"
            variant="outline-secondary"
            aria-label={t('bo.staffCred.reset.action')}
            title={t('bo.staffCred.reset.action')}
            data-testid="bo-staff-reset-password"
            onClick={() => onResetPassword(member)}
          >
            <i className="bi bi-key" aria-hidden="true" />
          </Button>
          {member.twoFactorEnabled && (
            <Button
              size="sm"
              variant="outline-secondary"
              aria-label={t('bom.staff.reset2fa')}
              title={t('bom.staff.reset2fa')}
              onClick={() => onConfirm({ member, kind: 'reset2fa' })}
            >
              <i className="bi bi-shield-x" aria-hidden="true" />
            </Button>
          )}
          {!self && (
            <Button
              size="sm"
              variant={member.disabled ? 'outline-success' : 'outline-danger'}
              aria-label={t(member.disabled ? 'bom.staff.enable' : 'bom.staff.disable')}
              title={t(member.disabled ? 'bom.staff.enable' : 'bom.staff.disable')}
              onClick={() => onConfirm({ member, kind: member.disabled ? 'enable' : 'disable' })}
            >
              <i
                className={`bi ${member.disabled ? 'bi-person-check' : 'bi-person-slash'}`}
                aria-hidden="true"
              />
            </Button>
          )}
        </div>
      </td>
    </tr>
  );
}
