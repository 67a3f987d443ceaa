import type { StaffMember } from '@openbroker/domain';
import { Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../ui/EmptyState.js';
import { SkeletonRows } from '../shell/panelStates.js';
import { StaffRow } from './StaffRow.js';
import type { StaffAction } from './useStaff.js';

/**
 * The staff list: each member's roles, brand scope, two-factor and account state, last sign-in, and the
 * actions on them; placeholder rows while it loads, a note when there is nobody.
 */
export function StaffTable({
  rows,
  pending,
  loaded,
  myId,
  brandName,
  onEdit,
  onConfirm,
  onResetPassword,
}: {
  rows: StaffMember[];
  /** The list is still loading. */
  pending: boolean;
  /** The list has loaded. */
  loaded: boolean;
  /** The signed-in member, marked as "you" and not offered to disable themselves. */
  myId: number | undefined;
  brandName: (id: number) => string;
  onEdit: (member: StaffMember) => void;
  onConfirm: (action: StaffAction) => void;
  onResetPassword: (member: StaffMember) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="table-responsive bom-scroll">
      <Table hover className="ob-table bom-table mb-0 align-middle" data-testid="bo-staff-table">
        <caption className="visually-hidden">{t('bom.staff.title')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('bom.staff.col.member')}</th>
            <th scope="col">{t('bom.staff.col.roles')}</th>
            <th scope="col">{t('bom.staff.col.brands')}</th>
            <th scope="col">{t('bom.staff.col.twoFactor')}</th>
            <th scope="col">{t('bom.staff.col.status')}</th>
            <th scope="col">{t('bo.staffCred.col.lastSignIn')}</th>
            <th scope="col" className="text-end">
              <span className="visually-hidden">{t('bom.queue.col.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {pending && <SkeletonRows columns={7} />}
          {rows.map((member) => (
            <StaffRow
              key={member.id}
              member={member}
              self={member.id === myId}
              brandName={brandName}
              onEdit={onEdit}
              onConfirm={onConfirm}
              onResetPassword={onResetPassword}
            />
          ))}
        </tbody>
      </Table>
      {loaded && rows.length === 0 && <EmptyState icon="bi-people">{t('bom.staff.empty')}</EmptyState>}
    </div>
  );
}
