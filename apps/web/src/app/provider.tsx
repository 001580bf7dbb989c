import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { localStorageColorSchemeManager, MantineProvider } from '@mantine/core';
import { i18n } from '../lib/i18n';
import { createQueryClient, forgetPatronData } from '../lib/query-client';
import { NOTIFICATION_AUTO_CLOSE_MS } from '../lib/error-handler';
import { ConfigGate } from '../features/chrome/components/config-gate';
import { subscribePatron } from '../features/identity/utils/session';
import { ConfirmProvider } from '../components/ui/confirm-dialog';
import { STORAGE_KEYS } from '../config/env';
import { createAppTheme, cssVariablesResolver } from './theme';

// Issue 18, a light first load: the notifications' container (its transitions and layout) comes in
// a chunk of its own, fetched as the first screen draws; a notification shown before it arrives
// waits in Mantine's store and shows when it does.
const Notifications = lazy(async () => ({
  default: (await import('../lib/notifications-container')).Notifications,
}));

// SPEC §1 dark mode: follows the system until the patron chooses light or dark in the accessibility bar.
const colorSchemeManager = localStorageColorSchemeManager({ key: STORAGE_KEYS.colorScheme });

interface AppProviderProps {
  children: ReactNode;
  /** Tests pass their own client; the app makes one. */
  queryClient?: QueryClient;
  /** Skip the configuration wrapper (component tests that need no configuration). */
  withoutConfig?: boolean;
}

/** Translations, theme, notifications, queries and the public configuration, around every page. */
export function AppProvider({ children, queryClient, withoutConfig = false }: AppProviderProps) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  // A language change reloads the page, so the theme's translated labels are made once.
  const [theme] = useState(() => createAppTheme(i18n.t));
  // Nothing of one patron may show to the next: sign-out, a session ending or another sign-in
  // drops every patron query, and a screen still open fetches again for whoever is signed in now.
  useEffect(
    () => subscribePatron((session) => forgetPatronData(client, { refetch: session !== null })),
    [client],
  );
  return (
    <I18nextProvider i18n={i18n}>
      <MantineProvider
        theme={theme}
        cssVariablesResolver={cssVariablesResolver}
        colorSchemeManager={colorSchemeManager}
        defaultColorScheme="auto"
      >
        <Suspense fallback={null}>
          <Notifications position="top-right" autoClose={NOTIFICATION_AUTO_CLOSE_MS} />
        </Suspense>
        <QueryClientProvider client={client}>
          <ConfirmProvider>{withoutConfig ? children : <ConfigGate>{children}</ConfigGate>}</ConfirmProvider>
        </QueryClientProvider>
      </MantineProvider>
    </I18nextProvider>
  );
}
