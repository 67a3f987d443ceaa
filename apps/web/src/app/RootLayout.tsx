import { lazy, Suspense } from 'react';
import { Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, ScrollRestoration, useLocation, useNavigation } from 'react-router';
import { useBrand } from '../lib/BrandProvider.js';
import { LOGIN_PATH, logoutDestination } from '../shared/session/authStore.js';
import { useAuth } from '../shared/session/useAuth.js';
import type { LoginLocationState } from '../shared/session/useLogout.js';
import { useSiteSwitches } from '../shared/site/usePlatformComponents.js';
import { Footer } from './Footer.js';
import { Header } from './Header.js';
import { resolveRedirect, switchedOffRedirect } from './redirects.js';

// Only signed-in clients need these (the idle timer, pop-up notices with their sanitizer): own chunks.
const IdleLogout = lazy(() => import('./IdleLogout.js').then((module) => ({ default: module.IdleLogout })));
const PopupNotices = lazy(() =>
  import('../features/popups/PopupNotices.js').then((module) => ({ default: module.PopupNotices })),
);

/**
 * A thin fixed bar while the next screen's code loads (the current screen stays meanwhile). Its own
 * component: the layout must not re-render on navigation changes, or a <Navigate> with state in it
 * would navigate again on every change and never let a pending lazy route settle.
 */
function NavigationProgress() {
  const navigation = useNavigation();
  return navigation.state === 'loading' ? <div className="ob-nav-progress" role="progressbar" /> : null;
}

/** The page frame of every route, and the one place where the redirects of spec §2 are applied. */
export function RootLayout() {
  const { t } = useTranslation();
  // The path and the query of one and the same location: the router's, as it renders. Reading the query
  // from window.location instead raced the redirect: once the router had replaced /platform?…%3AETHUSDT with
  // /platform/ETHUSD in the address bar, a render still on the old location (/platform) saw an empty query and sent
  // the client on to /platform/BTCUSD. The router keeps the query as in the address bar, still percent-encoded.
  const { pathname, search } = useLocation();
  const auth = useAuth();
  const { features } = useBrand();
  // only what the site settings switch off redirects; restricted mode keeps its own answer (spec §2: /referrals
  // is not found there)
  const screens = useSiteSwitches();

  const redirect = resolveRedirect(pathname, search, {
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
  // a client-area screen the brand's site settings switch off (spec §3 platform components)
  const offTo = switchedOffRedirect(pathname, screens, !!auth);
  if (offTo) return <Navigate to={offTo} replace />;

  return (
    <div className="ob-app">
      <a href="#main" className="visually-hidden-focusable ob-skip">
        {t('app.skipToContent')}
      </a>
      <NavigationProgress />
      <Header />
      <main id="main" className="ob-main">
        <Outlet />
      </main>
      <Footer />
      {auth && (
        <Suspense fallback={null}>
          <IdleLogout />
          <PopupNotices />
        </Suspense>
      )}
      <ScrollRestoration />
    </div>
  );
}

/** A screen's code on its way (the first load of a lazily loaded route): a centred spinner in the frame. */
export function ScreenLoading() {
  const { t } = useTranslation();
  return (
    <div className="ob-screen-loading" role="status" aria-live="polite" data-testid="screen-loading">
      <Spinner animation="border" variant="primary" />
      <span className="visually-hidden">{t('app.loading')}</span>
    </div>
  );
}

/**
 * The page frame while the first screen's code loads (the router's HydrateFallback): the header and
 * footer are there at once, so nothing moves when the screen arrives.
 */
export function ShellFallback() {
  return (
    <div className="ob-app">
      <Header />
      <main id="main" className="ob-main">
        <ScreenLoading />
      </main>
      <Footer />
    </div>
  );
}
