import type { StaffPermission } from '@openbroker/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, Route, Routes, useLocation } from 'react-router';
import { DashboardPage } from './dashboard/DashboardPage.js';
import { addBackofficeResources } from './i18n.js';
import { BACKOFFICE_SCREENS } from './screens.js';
import { BackofficeLayout } from './shell/BackofficeLayout.js';
import { BoPage } from './shell/BoPage.js';
import { EnrolPage } from './shell/EnrolPage.js';
import { type BackofficeLocationState, LoginPage } from './shell/LoginPage.js';
import { BACKOFFICE_BASE, buildNav, NavProvider } from './shell/nav.js';
import { PasswordPage } from './shell/PasswordPage.js';
import { StaffSessionProvider, useStaffSession } from './shell/session.js';
import { BoEmpty, SkeletonBlock } from './shell/states.js';
import './backoffice.css';

/** Screens behind a full staff session; sign-in first, enrolment first for staff without 2FA. */
function RequireSession() {
  const { status } = useStaffSession();
  const { pathname, search } = useLocation();
  if (status === 'anonymous') {
    const state: BackofficeLocationState = { from: `${pathname}${search}` };
    return <Navigate to={`${BACKOFFICE_BASE}/login`} replace state={state} />;
  }
  if (status === 'enrolment') return <Navigate to={`${BACKOFFICE_BASE}/enrol`} replace />;
  if (status === 'passwordChange') return <Navigate to={`${BACKOFFICE_BASE}/password`} replace />;
  if (status === 'loading')
    return (
      <div className="bo-boot" data-testid="bo-boot">
        <SkeletonBlock lines={3} />
      </div>
    );
  return <BackofficeLayout />;
}

/** A screen only for staff holding one of these permissions; others see why it is closed. */
function RequirePermission({ anyOf, children }: { anyOf: readonly StaffPermission[]; children: ReactNode }) {
  const { t } = useTranslation();
  const { can } = useStaffSession();
  if (anyOf.some((permission) => can(permission))) return <>{children}</>;
  return (
    <BoPage title={t('bo.title')}>
      <BoEmpty icon="bi-lock">{t('bo.noAccess')}</BoEmpty>
    </BoPage>
  );
}

function BackofficeNotFound() {
  const { t } = useTranslation();
  return (
    <BoPage title={t('bo.notFound.title')}>
      <BoEmpty icon="bi-signpost-split" hint={<Link to={BACKOFFICE_BASE}>{t('bo.backToDashboard')}</Link>}>
        {t('bo.notFound.body')}
      </BoEmpty>
    </BoPage>
  );
}

/** The side menu, from every area's screens. */
const NAV = buildNav(BACKOFFICE_SCREENS);

/** The back office: its own session, layout and routes under /backoffice, a separate chunk. */
export function BackofficeApp() {
  // The back office's texts travel in its own chunk; they join the app's translations on first render.
  addBackofficeResources(useTranslation().i18n);
  return (
    <StaffSessionProvider>
      <NavProvider value={NAV}>
        <Routes>
          <Route path="login" element={<LoginPage />} />
          <Route path="enrol" element={<EnrolPage />} />
          <Route path="password" element={<PasswordPage />} />
          <Route element={<RequireSession />}>
            <Route index element={<DashboardPage />} />
            {BACKOFFICE_SCREENS.map(({ path, anyOf, Page }) => (
              <Route
                key={path}
                path={path}
                element={
                  <RequirePermission anyOf={anyOf}>
                    <Page />
                  </RequirePermission>
                }
              />
            ))}
            <Route path="*" element={<BackofficeNotFound />} />
          </Route>
        </Routes>
      </NavProvider>
    </StaffSessionProvider>
  );
}
