import { Navigate, Outlet } from 'react-router';
import { useAuth } from '../features/auth/useAuth.js';
import { useSessionCheck } from '../features/auth/useSessionCheck.js';
import { LOGIN_PATH } from './redirects.js';

/** Client-area screens (spec §6): logged-in clients only; each screen re-checks the session (spec §4). */
export function ProtectedLayout() {
  const auth = useAuth();
  useSessionCheck();
  // RootLayout already sends logged-out visitors to /login; this covers a logout in another tab.
  if (!auth) return <Navigate to={LOGIN_PATH} replace />;
  return <Outlet />;
}
