import type { ComponentType, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { RouteObject } from 'react-router';
import { ContentPage } from '../features/site/ContentPage.js';
import { HomePage } from '../features/site/HomePage.js';
import { useDocumentTitle } from '../lib/useDocumentTitle.js';
import { NotFoundPage } from '../shared/site/NotFoundPage.js';
import type { PageTitleKey } from './i18n/shell.js';
import { RootLayout, ShellFallback } from './RootLayout.js';
import { RouteError } from './RouteError.js';

/**
 * Gives a screen that sets no title of its own its window title. Screens whose title depends on
 * what they show (content pages, the calendar, my account, transactions, payments, the platform) call
 * useDocumentTitle themselves instead: React runs a parent's effect after its child's, so a wrapper would win.
 */
function Titled({ title, children }: { title: PageTitleKey; children: ReactNode }) {
  const { t } = useTranslation();
  useDocumentTitle(t(title));
  return children;
}

/** A lazily loaded screen, wrapped in Titled when it sets no title of its own. */
function screen(load: () => Promise<ComponentType>, title?: PageTitleKey): RouteObject['lazy'] {
  return async () => {
    const Screen = await load();
    if (!title) return { Component: Screen };
    return {
      Component: () => (
        <Titled title={title}>
          <Screen />
        </Titled>
      ),
    };
  };
}

/**
 * The route table of spec §2. Bare and unknown sub-routes (`/platform`, `/my-account/x`, ...) are sent on
 * by RootLayout through `resolveRedirect` before any of these render, so they only list final screens.
 */
export const ROUTES: RouteObject[] = [
  // The back office: its own layout and a separate chunk, loaded only when visited.
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
    // The first load of a lazily loaded screen: the page frame with a quiet placeholder, no blank page.
    HydrateFallback: ShellFallback,
    errorElement: <RouteError />,
    children: [
      { index: true, element: <HomePage /> },
      {
        path: 'autoLogin/:code',
        lazy: screen(
          async () => (await import('../features/auth/AutoLoginPage.js')).AutoLoginPage,
          'fix.title.autoLogin',
        ),
      },
      {
        path: 'login',
        lazy: screen(
          async () => (await import('../features/auth/LoginPage.js')).LoginPage,
          'fix.title.login',
        ),
      },
      {
        path: 'password/request',
        lazy: screen(
          async () => (await import('../features/auth/ForgotPasswordPage.js')).ForgotPasswordPage,
          'fix.title.forgotPassword',
        ),
      },
      {
        path: 'password/reset/:token',
        lazy: screen(
          async () => (await import('../features/auth/ResetPasswordPage.js')).ResetPasswordPage,
          'fix.title.resetPassword',
        ),
      },
      {
        path: 'register',
        lazy: screen(
          async () => (await import('../features/auth/RegisterPage.js')).RegisterPage,
          'fix.title.register',
        ),
      },
      {
        // "Try a demo": its own chunk, texts included, so the home page does not grow
        path: 'demo',
        lazy: screen(async () => (await import('../features/auth/DemoPage.js')).DemoPage),
      },
      {
        path: 'affiliate',
        lazy: screen(
          async () => (await import('../features/affiliate/AffiliatePage.js')).AffiliatePage,
          'fix.title.affiliate',
        ),
      },
      {
        path: 'contact-us',
        lazy: screen(async () => (await import('../features/site/ContactPage.js')).ContactPage),
      },
      { path: '404', element: <NotFoundPage /> },
      {
        // The client area (spec §6): each screen is its own chunk, loaded when first visited.
        // Its profile rules (phone numbers) stay off the public pages too.
        lazy: async () => ({ Component: (await import('./ProtectedLayout.js')).ProtectedLayout }),
        children: [
          {
            path: 'my-account/:page',
            lazy: screen(async () => (await import('../features/account/AccountPage.js')).AccountPage),
          },
          {
            path: 'referrals',
            lazy: screen(
              async () => (await import('../features/referrals/ReferralsPage.js')).ReferralsPage,
              'fix.title.referrals',
            ),
          },
          {
            path: 'transactions/:type',
            lazy: screen(
              async () => (await import('../features/transactions/TransactionsPage.js')).TransactionsPage,
            ),
          },
          {
            path: 'statements',
            lazy: screen(
              async () => (await import('../features/statements/StatementsPage.js')).StatementsPage,
            ),
          },
          {
            path: 'fill-audit/:positionId/:kind',
            lazy: screen(async () => (await import('../features/fill-audit/FillAuditPage.js')).FillAuditPage),
          },
          {
            path: 'auto-trading',
            lazy: screen(
              async () => (await import('../features/auto-trading/AutoTradingPage.js')).AutoTradingPage,
            ),
          },
          {
            path: 'platform/:symbol',
            lazy: screen(async () => (await import('../features/platform/PlatformPage.js')).PlatformPage),
          },
          {
            path: 'payment/:method',
            lazy: screen(async () => (await import('../features/payments/PaymentPage.js')).PaymentPage),
          },
        ],
      },
      // The economic calendar (brand flag 'economics'; 404 without it) is a content page plus its events.
      {
        path: 'economic-calendar',
        lazy: screen(
          async () => (await import('../features/site/EconomicCalendarPage.js')).EconomicCalendarPage,
        ),
      },
      // Content pages by slug (about, account levels, legal pages, blog/… posts, ...) from the content service;
      // anything else is the 404 page (the server answers such a page load with HTTP 404: domain classifySitePath).
      { path: ':slug', element: <ContentPage /> },
      { path: '*', element: <ContentPage /> },
    ],
  },
];
