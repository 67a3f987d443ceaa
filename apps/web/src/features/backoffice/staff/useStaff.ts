import { StaffMember, StaffMemberList } from '@openbroker/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useToast } from '../../../ui/ToastProvider.js';
import { staffRequest } from '../api.js';

export const STAFF_KEY = ['bo', 'staff'] as const;

/** An action on one member that is confirmed first: disable, enable, reset or unlock two-factor sign-in. */
export interface StaffAction {
  member: StaffMember;
  kind: 'disable' | 'enable' | 'reset2fa' | 'unlock2fa';
}

/** The staff list, asked for only when the reader may manage staff. */
export function useStaffList(allowed: boolean) {
  return useQuery({
    queryKey: STAFF_KEY,
    queryFn: ({ signal }) => staffRequest('/api/backoffice/staff', { schema: StaffMemberList, signal }),
    enabled: allowed,
  });
}

/** Carries out a confirmed action on a member, says so in a toast, then reloads the staff list. */
export function useStaffAction(onDone: () => void) {
  const toast = useToast();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ member, kind, reason }: StaffAction & { reason: string }) =>
      kind === 'reset2fa' || kind === 'unlock2fa'
        ? staffRequest(
            `/api/backoffice/staff/${member.id}/${kind === 'reset2fa' ? 'reset-2fa' : 'unlock-2fa'}`,
            {
              schema: StaffMember,
              method: 'POST',
              body: {},
            },
          )
        : staffRequest(`/api/backoffice/staff/${member.id}`, {
            schema: StaffMember,
            method: 'POST',
            // disabling needs a reason, kept in the audit log
            body: { disabled: kind === 'disable', ...(reason ? { reason } : {}) },
          }),
    onSuccess: (_answer, { kind }) => {
      onDone();
      toast('success', {
        key:
          kind === 'reset2fa'
            ? 'bom.staff.toast.reset2fa'
            : kind === 'unlock2fa'
              ? 'bo.staffCred.unlock.done'
              : kind === 'disable'
                ? 'bom.staff.toast.disabled'
                : 'bom.staff.toast.enabled',
      });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: STAFF_KEY }),
  });
}
