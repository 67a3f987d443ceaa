import type { StaffPermission } from '@openbroker/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, Route, Routes, useLocation } from 'react-router';
import { addBackofficeResources } from '../../app/i18n/backofficeResources.js';
import { AffiliatePage, AffiliatesPage } from './affiliates/index.js';
import { AuditPage } from './audit/index.js';
import { AutoTradingAdminPage } from './auto-trading/index.js';
import { BrandPage, BrandsPage } from './brands/index.js';
import { ClientListPage } from './clients/ClientListPage.js';
import { ClientPage } from './clients/ClientPage.js';
import { ContentPagesPage, PageEditorPage } from './content/index.js';
import { DashboardPage } from './dashboard/DashboardPage.js';
import { DealingPage } from './dealing/index.js';
import {
  DepositsQueuePage,
  MoneyLimitsPage,
  MoneyRequestsPage,
  WithdrawalsQueuePage,
} from './money/index.js';
import { PopupsPage } from './popups/index.js';
import { ReportsPage } from './reports/index.js';
import { BackofficeLayout } from './shell/BackofficeLayout.js';
import { BoPage } from './shell/BoPage.js';
import { EnrolPage } from './shell/EnrolPage.js';
import { type BackofficeLocationState, LoginPage } from './shell/LoginPage.js';
import { BACKOFFICE_BASE } from './shell/nav.js';
import { PasswordPage } from './shell/PasswordPage.js';
import { StaffSessionProvider, useStaffSession } from './shell/session.js';
import { BoEmpty, SkeletonBlock } from './shell/ui.js';
import { InboxPage, SiteSettingsPage } from './site/index.js';
import { StaffPage } from './staff/index.js';
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

/** The back office: its own session, layout and routes under /backoffice, a separate chunk. */
export function BackofficeApp() {
  // The back office's texts travel in its own chunk; they join the app's translations on first render.
  addBackofficeResources(useTranslation().i18n);
  return (
    <StaffSessionProvider>
      <Routes>
        <Route path="login" element={<LoginPage />} />
        <Route path="enrol" element={<EnrolPage />} />
        <Route path="password" element={<PasswordPage />} />
        <Route element={<RequireSession />}>
          <Route index element={<DashboardPage />} />
          <Route
            path="clients"
            element={
              <RequirePermission anyOf={['clients.read']}>
                <ClientListPage />
              </RequirePermission>
            }
          />
          <Route
            path="clients/:id"
            element={
              <RequirePermission anyOf={['clients.read']}>
                <ClientPage />
              </RequirePermission>
            }
          />
          <Route
            path="deposits"
            element={
              <RequirePermission anyOf={['deposits.approve']}>
                <DepositsQueuePage />
              </RequirePermission>
            }
          />
          <Route
            path="withdrawals"
            element={
              <RequirePermission anyOf={['withdrawals.approve']}>
                <WithdrawalsQueuePage />
              </RequirePermission>
            }
          />
          <Route
            path="money-requests"
            element={
              <RequirePermission anyOf={['adjustments.approve', 'adjustments.create']}>
                <MoneyRequestsPage />
              </RequirePermission>
            }
          />
          <Route
            path="money-limits"
            element={
              <RequirePermission anyOf={['limits.manage']}>
                <MoneyLimitsPage />
              </RequirePermission>
            }
          />
          <Route
            path="positions"
            element={
              <RequirePermission anyOf={['positions.read', 'exposure.read']}>
                <DealingPage />
              </RequirePermission>
            }
          />
          <Route
            path="audit"
            element={
              <RequirePermission anyOf={['audit.read']}>
                <AuditPage />
              </RequirePermission>
            }
          />
          <Route
            path="staff"
            element={
              <RequirePermission anyOf={['staff.manage']}>
                <StaffPage />
              </RequirePermission>
            }
          />
          <Route
            path="brands"
            element={
              <RequirePermission anyOf={['brands.manage']}>
                <BrandsPage />
              </RequirePermission>
            }
          />
          <Route
            path="brands/:id"
            element={
              <RequirePermission anyOf={['brands.manage']}>
                <BrandPage />
              </RequirePermission>
            }
          />
          <Route
            path="content"
            element={
              <RequirePermission anyOf={['content.edit']}>
                <ContentPagesPage />
              </RequirePermission>
            }
          />
          <Route
            path="content/:id"
            element={
              <RequirePermission anyOf={['content.edit']}>
                <PageEditorPage />
              </RequirePermission>
            }
          />
          <Route
            path="site"
            element={
              <RequirePermission anyOf={['content.edit']}>
                <SiteSettingsPage />
              </RequirePermission>
            }
          />
          <Route
            path="inbox"
            element={
              <RequirePermission anyOf={['inbox.read']}>
                <InboxPage />
              </RequirePermission>
            }
          />
          <Route
            path="popups"
            element={
              <RequirePermission anyOf={['popups.manage']}>
                <PopupsPage />
              </RequirePermission>
            }
          />
          <Route
            path="affiliates"
            element={
              <RequirePermission anyOf={['affiliates.manage']}>
                <AffiliatesPage />
              </RequirePermission>
            }
          />
          <Route
            path="affiliates/:id"
            element={
              <RequirePermission anyOf={['affiliates.manage']}>
                <AffiliatePage />
              </RequirePermission>
            }
          />
          <Route
            path="auto-trading"
            element={
              <RequirePermission anyOf={['autotrading.manage']}>
                <AutoTradingAdminPage />
              </RequirePermission>
            }
          />
          <Route
            path="reports"
            element={
              <RequirePermission anyOf={['reports.read']}>
                <ReportsPage />
              </RequirePermission>
            }
          />
          <Route path="*" element={<BackofficeNotFound />} />
        </Route>
      </Routes>
    </StaffSessionProvider>
  );
}
