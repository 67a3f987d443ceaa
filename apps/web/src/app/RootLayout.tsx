import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, ScrollRestoration, useLocation } from 'react-router';
import { logoutDestination } from '../features/auth/authStore.js';
import { useAuth } from '../features/auth/useAuth.js';
import type { LoginLocationState } from '../features/auth/useLogout.js';
import { PopupNotices } from '../features/popups/PopupNotices.js';
import { useBrand } from './BrandProvider.js';
import { Footer } from './Footer.js';
import { Header } from './Header.js';
import { IdleLogout } from './IdleLogout.js';
import { LOGIN_PATH, resolveRedirect } from './redirects.js';

/** The page frame of every route, and the one place where the redirects of spec §2 are applied. */
export function RootLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const auth = useAuth();
  const { features } = useBrand();

  // The router hands out a decoded query; the platform rule needs the raw one (an encoded colon).
  const redirect = resolveRedirect(pathname, window.location.search, {
    loggedIn: !!auth,
    registrationEnabled: features.registrationEnabled,
    homeRedirectsToPlatform: features.homeRedirectsToPlatform,
  });
  // A logout that returns home (spec §8) must not be overtaken by the guard's redirect to /login.
  const destination = !auth && redirect?.to === LOGIN_PATH ? logoutDestination.peek() : null;
  if (destination) return <Navigate to={destination} replace />;
  if (redirect) {
    const state: LoginLocationState | undefined = redirect.from ? { from: redirect.from } : undefined;
    return <Navigate to={redirect.to} replace state={state} />;
  }

  return (
    <div className="ob-app">
      <a href="#main" className="visually-hidden-focusable ob-skip">
        {t('app.skipToContent')}
      </a>
      <Header />
      <main id="main" className="ob-main">
        <Outlet />
      </main>
      <Footer />
      {auth && <IdleLogout />}
      {auth && <PopupNotices />}
      <ScrollRestoration />
    </div>
  );
}
