import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';

import { LazyToaster } from '@/components/ui/lazy-toaster';
import { i18n } from '@/lib/i18n';

import { SignedInLiveUpdates } from './signed-in-live-updates';

interface AppProvidersProps {
  children: ReactNode;
  /** Made by main.tsx before the first render (it starts reading the session), or fresh for each test. */
  queryClient: QueryClient;
}

export function AppProviders({ children, queryClient }: AppProvidersProps) {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <SignedInLiveUpdates />
        {children}
        <LazyToaster />
      </QueryClientProvider>
    </I18nextProvider>
  );
}
