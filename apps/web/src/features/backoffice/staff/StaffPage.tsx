import type { StaffMember } from '@openbroker/domain';
import { useState } from 'react';
import { Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { BoPage, BoPanel } from '../shell/BoPage.js';
import { useBrands } from '../shell/BrandFilter.js';
import { LoadError } from '../shell/panelStates.js';
import { useStaffSession } from '../shell/session.js';
import { NoAccess } from '../shell/states.js';
import '../money/money.css';
import { CreateStaffDialog } from './CreateStaffDialog.js';
import { EditStaffDialog } from './EditStaffDialog.js';
import { StaffConfirmDialog } from './StaffConfirmDialog.js';
import { IdleLimitsPanel, PasswordResetDialog } from './StaffCredentials.js';
import { StaffTable } from './StaffTable.js';
import { type StaffAction, useStaffAction, useStaffList } from './useStaff.js';

/**
 * Staff management (admin only): the staff list with roles, brand scope and two-factor
 * state; create a member (the initial password is shown once), change roles and brand scope,
 * disable or enable, reset two-factor sign-in.
 */
export function StaffPage() {
  const { t } = useTranslation();
  const { can, staff: me } = useStaffSession();
  const allowed = can('staff.manage');
  const brands = useBrands();
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<StaffMember | null>(null);
  const [confirm, setConfirm] = useState<StaffAction | null>(null);
  const [resetting, setResetting] = useState<StaffMember | null>(null);

  const query = useStaffList(allowed);
  const action = useStaffAction(() => setConfirm(null));

  const brandName = (id: number) => brands.data?.find((b) => b.id === id)?.name ?? `#${id}`;
  const rows = query.data ?? [];

  return (
    <BoPage
      title={t('bom.staff.title')}
      subtitle={t('bom.staff.lead')}
      testId="bo-staff"
      actions={
        allowed && (
          <Button size="sm" variant="primary" onClick={() => setCreating(true)} data-testid="bo-staff-create">
            <i className="bi bi-person-plus me-1" aria-hidden="true" />
            {t('bom.staff.create')}
          </Button>
        )
      }
    >
      {!allowed ? (
        <BoPanel>
          <NoAccess />
        </BoPanel>
      ) : (
        <BoPanel flush>
          {query.isError && !query.data ? (
            <LoadError error={query.error} onRetry={() => void query.refetch()} />
          ) : (
            <StaffTable
              rows={rows}
              pending={query.isPending}
              loaded={query.isSuccess}
              myId={me?.id}
              brandName={brandName}
              onEdit={setEditing}
              onConfirm={(next) => {
                action.reset();
                setConfirm(next);
              }}
              onResetPassword={setResetting}
            />
          )}
        </BoPanel>
      )}
      {creating && <CreateStaffDialog brands={brands.data ?? []} onHide={() => setCreating(false)} />}
      {editing && (
        <EditStaffDialog member={editing} brands={brands.data ?? []} onHide={() => setEditing(null)} />
      )}
      {allowed && <IdleLimitsPanel />}
      {resetting && <PasswordResetDialog member={resetting} onHide={() => setResetting(null)} />}
      {confirm && (
        <StaffConfirmDialog
          confirm={confirm}
          pending={action.isPending}
          error={action.error}
          onConfirm={(reason) => action.mutate({ ...confirm, reason })}
          onHide={() => setConfirm(null)}
        />
      )}
    </BoPage>
  );
}
