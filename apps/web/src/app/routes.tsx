import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { RouteObject } from 'react-router';
import { AccountPage } from '../features/account/AccountPage.js';
import { AffiliatePage } from '../features/affiliate/AffiliatePage.js';
import { AutoLoginPage } from '../features/auth/AutoLoginPage.js';
import { ForgotPasswordPage } from '../features/auth/ForgotPasswordPage.js';
import { LoginPage } from '../features/auth/LoginPage.js';
import { RegisterPage } from '../features/auth/RegisterPage.js';
import { ResetPasswordPage } from '../features/auth/ResetPasswordPage.js';
import { PaymentPage } from '../features/payments/PaymentPage.js';
import { PlatformPage } from '../features/platform/PlatformPage.js';
import { ReferralsPage } from '../features/referrals/ReferralsPage.js';
import { ContactPage } from '../features/site/ContactPage.js';
import { ContentPage } from '../features/site/ContentPage.js';
import { EconomicCalendarPage } from '../features/site/EconomicCalendarPage.js';
import { HomePage } from '../features/site/HomePage.js';
import { NotFoundPage } from '../features/site/NotFoundPage.js';
import { TransactionsPage } from '../features/transactions/TransactionsPage.js';
import type { ClientFixesKey } from './i18n/clientFixes.js';
import { ProtectedLayout } from './ProtectedLayout.js';
import { RootLayout } from './RootLayout.js';
import { RouteError } from './RouteError.js';
import { useDocumentTitle } from './useDocumentTitle.js';

/**
 * Gives a screen that sets no title of its own its window title (issue 14). Screens whose title depends on
 * what they show (content pages, the calendar, my account, transactions, payments, the platform) call
 * useDocumentTitle themselves instead: React runs a parent's effect after its child's, so a wrapper would win.
 */
function Titled({ title, children }: { title: ClientFixesKey; children: ReactNode }) {
  const { t } = useTranslation();
  useDocumentTitle(t(title));
  return children;
}

/**
 * The route table of spec §2. Bare and unknown sub-routes (`/platform`, `/my-account/x`, ...) are sent on
 * by RootLayout through `resolveRedirect` before any of these render, so they only list final screens.
 */
export const ROUTES: RouteObject[] = [
  // The back office (issue 13): its own layout and a separate chunk, loaded only when visited.
  {
    path: 'backoffice/*',
    errorElement: <RouteError />,
    lazy: async () => {
      const { BackofficeApp } = await import('../features/backoffice/BackofficeApp.js');
      return { Component: BackofficeApp };
    },
  },
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      { index: true, element: <HomePage /> },
      {
        path: 'autoLogin/:code',
        element: (
          <Titled title="fix.title.autoLogin">
            <AutoLoginPage />
          </Titled>
        ),
      },
      {
        path: 'login',
        element: (
          <Titled title="fix.title.login">
            <LoginPage />
          </Titled>
        ),
      },
      {
        path: 'password/request',
        element: (
          <Titled title="fix.title.forgotPassword">
            <ForgotPasswordPage />
          </Titled>
        ),
      },
      {
        path: 'password/reset/:token',
        element: (
          <Titled title="fix.title.resetPassword">
            <ResetPasswordPage />
          </Titled>
        ),
      },
      {
        path: 'register',
        element: (
          <Titled title="fix.title.register">
            <RegisterPage />
          </Titled>
        ),
      },
      {
        path: 'affiliate',
        element: (
          <Titled title="fix.title.affiliate">
            <AffiliatePage />
          </Titled>
        ),
      },
      { path: 'contact-us', element: <ContactPage /> },
      { path: '404', element: <NotFoundPage /> },
      {
        element: <ProtectedLayout />,
        children: [
          { path: 'my-account/:page', element: <AccountPage /> },
          {
            path: 'referrals',
            element: (
              <Titled title="fix.title.referrals">
                <ReferralsPage />
              </Titled>
            ),
          },
          { path: 'transactions/:type', element: <TransactionsPage /> },
          { path: 'platform/:symbol', element: <PlatformPage /> },
          { path: 'payment/:method', element: <PaymentPage /> },
        ],
      },
      // The economic calendar (brand flag 'economics'; 404 without it) is a content page plus its events.
      { path: 'economic-calendar', element: <EconomicCalendarPage /> },
      // Content pages by slug (about, account levels, legal pages, ...) from the content service.
      { path: ':slug', element: <ContentPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
