import { lazy, Suspense } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { LOGIN_PATH } from '../shared/session/authStore.js';
import { useAuth } from '../shared/session/useAuth.js';
import { useSessionCheck } from '../shared/session/useSessionCheck.js';
import { ComplianceBanner } from './ComplianceBanner.js';

/**
 * The incomplete-profile banner, in its own chunk: completeness includes a valid phone number (spec §5), whose
 * rules need libphonenumber-js's full metadata, which would otherwise load before every client screen.
 */
const ProfileBannerFor = lazy(() =>
  import('./ProfileBanner.js').then((module) => ({ default: module.ProfileBannerFor })),
);

/** Client-area screens (spec §6): logged-in clients only; each screen re-checks the session (spec §4). */
export function ProtectedLayout() {
  const auth = useAuth();
  const { pathname } = useLocation();
  useSessionCheck();
  // RootLayout already sends logged-out visitors to /login; this covers a logout in another tab.
  if (!auth) return <Navigate to={LOGIN_PATH} replace />;
  return (
    <>
      <Suspense fallback={null}>
        <ProfileBannerFor pathname={pathname} user={auth.user} />
      </Suspense>
      <ComplianceBanner pathname={pathname} />
      <Outlet />
    </>
  );
}
