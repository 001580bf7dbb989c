import { createBrowserRouter, type RouteObject } from 'react-router';
import { paths, TITLE_TABS, AUTHORITY_TABS, type TitleTabKey } from '../config/paths';
import { RootErrorBoundary, RootLayout } from './routes/root';
import { HomeRoute } from './routes/home';
import { NotAvailableRoute, NotFoundRoute } from './routes/not-found';
import { personalAreaRoutes } from './routes/personal-area';
import { LogoutRoute } from './routes/logout';
import { staffRoutes } from './routes/staff';
import { BasketRoute } from './routes/basket';
import { SharedListRoute } from './routes/shared-list';
import { LoginRoute } from './routes/login';
import { OidcResponseRoute } from './routes/login-oidc-response';
import { SamlResponseRoute } from './routes/login-saml-response';
import {
  TitleCopiesTab,
  TitleDataTab,
  TitleDublinCoreTab,
  TitleHoldTab,
  TitleLoanRequestTab,
  TitleMarcTab,
  TitleReferenceTab,
  TitleRoute,
  TitleKardexTab,
  TitleSummariesTab,
  TitleBookSummariesTab,
  TitleStatisticsTab,
  TitleClosedCollectionTab,
} from './routes/title';
import { PearsonRoute } from './routes/pearson';
import { AuthorityDataTab, AuthorityMarcTab, AuthorityRoute } from './routes/authority';
import {
  EventsCalendarRoute,
  EventsRoute,
  FaqRoute,
  GeneralInformationRoute,
  OpeningHoursRoute,
} from './routes/institution';

/** The screen of each title sub-tab; tabs not built yet say so. */
const TITLE_TAB_ELEMENTS: Record<TitleTabKey, React.ReactElement> = {
  data: <TitleDataTab />,
  reference: <TitleReferenceTab />,
  marc: <TitleMarcTab />,
  copies: <TitleCopiesTab />,
  dublinCore: <TitleDublinCoreTab />,
  hold: <TitleHoldTab />,
  loanRequest: <TitleLoanRequestTab />,
  kardex: <TitleKardexTab />,
  summaries: <TitleSummariesTab />,
  bookSummaries: <TitleBookSummariesTab />,
  statistics: <TitleStatisticsTab />,
  closedCollection: <TitleClosedCollectionTab />,
};

/** Every route of SPEC §2. Static paths rank above `/:guia`, and `*` catches the rest. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RootErrorBoundary />,
    children: [
      { path: paths.home.path, element: <HomeRoute /> },
      { path: paths.login.path, element: <LoginRoute /> },
      { path: paths.logout.path, element: <LogoutRoute /> },
      { path: paths.externalRedirect.path, element: <NotAvailableRoute /> },
      { path: paths.oauthResponse.path, element: <OidcResponseRoute /> },
      { path: paths.samlResponse.path, element: <SamlResponseRoute /> },
      { path: paths.grupoA.path, element: <NotAvailableRoute /> },
      { path: paths.pearson.path, element: <PearsonRoute /> },
      { path: paths.basket.path, element: <BasketRoute /> },
      { path: paths.sharedList.path, element: <SharedListRoute /> },
      personalAreaRoutes,
      staffRoutes,
      {
        path: paths.title.path,
        element: <TitleRoute />,
        children: (Object.keys(TITLE_TABS) as TitleTabKey[]).map((key) =>
          TITLE_TABS[key].segment
            ? { path: TITLE_TABS[key].segment, element: TITLE_TAB_ELEMENTS[key] }
            : { index: true, element: TITLE_TAB_ELEMENTS[key] },
        ),
      },
      {
        path: paths.authority.path,
        element: <AuthorityRoute />,
        children: [
          { index: true, element: <AuthorityDataTab /> },
          { path: AUTHORITY_TABS.marc.segment, element: <AuthorityMarcTab /> },
        ],
      },
      { path: paths.faq.path, element: <FaqRoute /> },
      { path: paths.generalInformation.path, element: <GeneralInformationRoute /> },
      { path: paths.openingHours.path, element: <OpeningHoursRoute /> },
      { path: paths.events.path, element: <EventsRoute /> },
      { path: paths.eventsCalendar.path, element: <EventsCalendarRoute /> },
      { path: paths.guide.path, element: <HomeRoute /> },
      { path: '*', element: <NotFoundRoute /> },
    ],
  },
];

/** The browser router of the app. */
export function createRouter() {
  return createBrowserRouter(routes);
}
