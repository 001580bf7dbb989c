import { Outlet, ScrollRestoration, isRouteErrorResponse, useLocation, useRouteError } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Box, Container } from '@mantine/core';
import { Header } from '../../features/chrome/components/header';
import { HeaderControl } from '../../features/identity/components/header-control';
import { BasketCounter } from '../../features/basket/components/basket-counter';
import { Footer } from '../../features/chrome/components/footer';
import { MAIN_CONTENT_ID, SkipLink } from '../../features/chrome/components/skip-link';
import { useIsAuthenticated } from '../../features/identity/hooks/use-is-authenticated';
import { useSession } from '../../features/identity/hooks/use-session';
import { UnreadAlertsLink } from '../../features/alerts/components/unread-alerts-link';
import { hasPermission } from '../../features/personal-area/menu-items';
import { ACTIVITY } from '@estante/contract';
import { LoginModalProvider, useLoginModal } from '../../features/identity/components/login-modal';
import { useSignInSettings } from '../../features/identity/hooks/use-sign-in-settings';
import { StatusMessage, NotFoundMessage } from '../../components/errors/not-found-message';
import { DocumentTitle } from '../../components/ui/document-title';
import { BasketMerge } from '../basket-merge';
import { HeaderSearch } from '../../features/search/components/header-search';
import { useSearchShortcut } from '../../features/search/hooks/use-search-shortcut';
import { useSearchTabs } from '../../features/chrome/api/get-search-tabs';
import { paths } from '../../config/paths';

/**
 * Whether the header offers its search box here (decision 0068): not on the search page, whose own
 * form is the search box, nor in the staff workspace, whose parts search their own records.
 */
function useHeaderSearchShown(): boolean {
  const { pathname } = useLocation();
  const tabs = useSearchTabs();
  if (pathname === paths.home.path) return false;
  if (pathname === paths.staff.path || pathname.startsWith(`${paths.staff.path}/`)) return false;
  const [, first = '', ...rest] = pathname.split('/');
  return !(rest.length === 0 && tabs.some((tab) => tab.key === first));
}

/** The footer, whose comment and suggestion prompts sign in through the login modal. */
function PageFooter() {
  const isSignedIn = useIsAuthenticated();
  const { openLoginModal } = useLoginModal();
  return (
    <Footer isSignedIn={isSignedIn} onSignInRequest={(resume) => openLoginModal({ onSignedIn: resume })} />
  );
}

/** The unread-alerts count beside the personal-area button, for a patron who may open the alerts. */
function HeaderAlerts() {
  const session = useSession();
  if (!session || !hasPermission(session.authPermissions, ACTIVITY.PERSONAL_AREA_ALERTS)) return null;
  return <UnreadAlertsLink />;
}

function Page({ children }: { children: React.ReactNode }) {
  const signInSettings = useSignInSettings();
  const isSearchShown = useHeaderSearchShown();
  useSearchShortcut();
  return (
    <LoginModalProvider settings={signInSettings}>
      <SkipLink />
      <Header
        search={isSearchShown ? <HeaderSearch /> : null}
        userControl={
          <>
            <BasketCounter />
            <HeaderControl afterPersonalArea={<HeaderAlerts />} />
          </>
        }
      />
      {/* Issue 18: the main area fills the screen at least, so the footer never shows above the
          fold while a page's data loads and then jumps down (a layout shift). */}
      <Box component="main" id={MAIN_CONTENT_ID} tabIndex={-1} mih="100vh">
        <Container size="lg" py="lg">
          {children}
        </Container>
      </Box>
      <PageFooter />
    </LoginModalProvider>
  );
}

/** The page chrome around every screen: skip link, header, main content, footer. */
export function RootLayout() {
  return (
    <Page>
      <ScrollRestoration />
      <BasketMerge />
      <Outlet />
    </Page>
  );
}

/** Shown when a screen fails to render or a route throws: the page chrome stays. */
export function RootErrorBoundary() {
  const { t } = useTranslation();
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <Page>
        <DocumentTitle page={t('notFound.title')} />
        <NotFoundMessage />
      </Page>
    );
  }
  return (
    <Page>
      <DocumentTitle page={t('common.errorTitle')} />
      <StatusMessage title={t('common.errorTitle')} description={t('errors.unexpected')} />
    </Page>
  );
}
