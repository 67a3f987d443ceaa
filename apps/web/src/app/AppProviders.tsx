import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { BrandProvider } from '../lib/BrandProvider.js';
import { clearTheme } from '../shared/preferences/theme.js';
import { onLogout } from '../shared/session/useLogout.js';
import { ToastProvider } from '../ui/ToastProvider.js';

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
        <BrandProvider>
          <ToastProvider>{children}</ToastProvider>
        </BrandProvider>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
