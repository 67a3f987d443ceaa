import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { BrandProvider, type BrandWaitScreens } from '../lib/BrandProvider.js';
import { clearTheme } from '../shared/preferences/theme.js';
import { onLogout } from '../shared/session/useLogout.js';
import { FullPageMessage, FullPageSpinner } from '../ui/FullPage.js';
import { ToastProvider } from '../ui/ToastProvider.js';

/** A spinner while the brand loads; a full-page message with a retry when the server cannot be reached. */
export const BRAND_WAIT_SCREENS: BrandWaitScreens = {
  loading: <FullPageSpinner />,
  unreachable: ({ onRetry, retrying }) => (
    <FullPageMessage
      titleKey="app.unreachable.title"
      bodyKey="app.unreachable.body"
      retrying={retrying}
      onRetry={onRetry}
    />
  ),
};

// The theme is the shell's: a logout goes back to the default one.
onLogout(clearTheme);

/** Providers in dependency order: translations, server state, brand (gates everything), toasts. */
export function AppProviders({
  i18n,
  queryClient,
  children,
}: {
  i18n: I18n;
  queryClient: QueryClient;
  children: ReactNode;
}) {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <BrandProvider screens={BRAND_WAIT_SCREENS}>
          <ToastProvider>{children}</ToastProvider>
        </BrandProvider>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
