import {
  can as roleCan,
  StaffLogoutAnswer,
  StaffMe,
  type StaffPermission,
  type StaffRole,
} from '@openbroker/domain';
import { useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { useIdleTimer } from 'react-idle-timer';
import { markStaffInput, onStaffTokenChange, readStaffToken, staffRequest, writeStaffToken } from '../api.js';

/** Why the last session ended, shown once on the sign-in screen. */
export type SignOutReason = 'idle' | 'expired' | 'user';

export type SessionStatus = 'loading' | 'anonymous' | 'passwordChange' | 'enrolment' | 'ready';

export interface StaffSession {
  status: SessionStatus;
  staff: StaffMe | null;
  token: string | null;
  /** Whether the signed-in staff member holds this permission (server `permissions`, else the role table). */
  can(permission: StaffPermission): boolean;
  signOut(reason?: SignOutReason): Promise<void>;
  /** Starts a session from a sign-in or enrolment answer. */
  signIn(token: string, staff: StaffMe): void;
  /** The reason of the previous sign-out (idle, expired), if any. */
  lastSignOut: SignOutReason | null;
  /** After an idle sign-out: the server's idle minutes the session ended after. */
  lastIdleMinutes: number | null;
}

const SessionContext = createContext<StaffSession | null>(null);

function permitted(staff: StaffMe | null, permission: StaffPermission): boolean {
  if (!staff?.twoFactorEnabled || staff.passwordChangeRequired) return false;
  if (staff.permissions.length > 0) return staff.permissions.includes(permission);
  return roleCan(staff.roles as StaffRole[], permission);
}

/** Keeps the staff session: token in sessionStorage, the member from `me`, idle sign-out, 401 → sign-in. */
export function StaffSessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [token, setToken] = useState<string | null>(() => readStaffToken());
  const [staff, setStaff] = useState<StaffMe | null>(null);
  const [lastSignOut, setLastSignOut] = useState<SignOutReason | null>(null);
  const [lastIdleMinutes, setLastIdleMinutes] = useState<number | null>(null);

  // A 401 anywhere (or another part of the app signing out) clears the token: follow it.
  useEffect(
    () =>
      onStaffTokenChange(() => {
        const next = readStaffToken();
        setToken((current) => {
          if (current && !next) setLastSignOut((reason) => reason ?? 'expired');
          return next;
        });
        if (!next) setStaff(null);
      }),
    [],
  );

  // Loads the member for a stored token (a reload keeps the session of this tab).
  useEffect(() => {
    if (!token || staff) return;
    const controller = new AbortController();
    staffRequest('/api/backoffice/me', { schema: StaffMe, signal: controller.signal, token })
      .then(setStaff)
      .catch(() => {
        if (!controller.signal.aborted) writeStaffToken(null);
      });
    return () => controller.abort();
  }, [token, staff]);

  const signIn = useCallback((next: string, member: StaffMe) => {
    markStaffInput();
    setLastSignOut(null);
    setStaff(member);
    writeStaffToken(next);
  }, []);

  const signOut = useCallback(
    async (reason: SignOutReason = 'user') => {
      const current = readStaffToken();
      setLastSignOut(reason === 'user' ? null : reason);
      setStaff(null);
      writeStaffToken(null);
      queryClient.removeQueries({ queryKey: ['bo'] });
      if (current) {
        // The server ends the session too; a failure (already expired) changes nothing here.
        await staffRequest('/api/backoffice/auth/logout', {
          schema: StaffLogoutAnswer,
          method: 'POST',
          token: current,
        }).catch(() => undefined);
      }
    },
    [queryClient],
  );

  const status: SessionStatus = !token
    ? 'anonymous'
    : !staff
      ? 'loading'
      : staff.passwordChangeRequired
        ? 'passwordChange'
        : staff.twoFactorEnabled
          ? 'ready'
          : 'enrolment';

  // The server ends a staff session after the member's idle limit without input (the strictest of their roles) and
  // says how long with the member (sign-in, `me`): the tab signs out at the same moment. Only input counts, never
  // data a screen receives. Until the member is known nothing counts.
  const idleMinutes = staff?.sessionIdleMinutes ?? 0;
  useIdleTimer({
    timeout: Math.max(idleMinutes, 1) * 60_000,
    debounce: 500,
    disabled: status === 'anonymous' || idleMinutes <= 0,
    // only input counts: the server hears of it with the next call and restarts its idle clock from then
    onAction: () => markStaffInput(),
    onIdle: () => {
      setLastIdleMinutes(idleMinutes);
      void signOut('idle');
    },
  });

  const value = useMemo<StaffSession>(
    () => ({
      status,
      staff,
      token,
      can: (permission) => permitted(staff, permission),
      signOut,
      signIn,
      lastSignOut,
      lastIdleMinutes,
    }),
    [status, staff, token, signOut, signIn, lastSignOut, lastIdleMinutes],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

/** The staff session of the back office (inside `StaffSessionProvider`). */
export function useStaffSession(): StaffSession {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useStaffSession must be used inside StaffSessionProvider');
  return session;
}

/** Renders its children only when the staff member holds the permission. */
export function Can({ permission, children }: { permission: StaffPermission; children: ReactNode }) {
  const { can } = useStaffSession();
  return can(permission) ? children : null;
}
