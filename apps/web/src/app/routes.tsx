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
import { ProtectedLayout } from './ProtectedLayout.js';
import { RootLayout } from './RootLayout.js';
import { RouteError } from './RouteError.js';

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
      { path: 'autoLogin/:code', element: <AutoLoginPage /> },
      { path: 'login', element: <LoginPage /> },
      { path: 'password/request', element: <ForgotPasswordPage /> },
      { path: 'password/reset/:token', element: <ResetPasswordPage /> },
      { path: 'register', element: <RegisterPage /> },
      { path: 'affiliate', element: <AffiliatePage /> },
      { path: 'contact-us', element: <ContactPage /> },
      { path: '404', element: <NotFoundPage /> },
      {
        element: <ProtectedLayout />,
        children: [
          { path: 'my-account/:page', element: <AccountPage /> },
          { path: 'referrals', element: <ReferralsPage /> },
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
