import { TIMING } from '@openbroker/domain';
import { useIdleTimer } from 'react-idle-timer';
import { useLogout } from '../shared/session/useLogout.js';

/** spec §4: 20 minutes without activity while logged in logs out. Rendered only while logged in. */
export function IdleLogout() {
  const logout = useLogout();
  useIdleTimer({
    timeout: TIMING.idleLogoutMs,
    debounce: TIMING.idleDebounceMs,
    // Activity in any tab of the site counts, so a second tab does not log out an active user.
    crossTab: true,
    onIdle: () => logout('idle'),
  });
  return null;
}
