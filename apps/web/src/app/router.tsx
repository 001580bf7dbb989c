import { createBrowserRouter, type RouteObject } from 'react-router';
import { paths, PERSONAL_AREA_SEGMENTS, TITLE_TABS, AUTHORITY_TABS, type TitleTabKey } from '../config/paths';
import { STAFF_SECTIONS } from '../features/staff/sections';
import { PERSONAL_AREA_SCREEN_KEYS } from './routes/personal-area-items';
import { RootErrorBoundary, RootLayout } from './routes/root';
import { HomeRoute } from './routes/home';
import { NotAvailableRoute, NotFoundRoute } from './routes/not-found';
import { LogoutRoute } from './routes/logout';
import { OidcResponseRoute } from './routes/login-oidc-response';
import { SamlResponseRoute } from './routes/login-saml-response';
import { withAllTexts } from '../lib/i18n';

// Issue 18, a light first load: each area below is its own chunk, fetched when its address is
// first opened (the router waits for it, so nothing half-drawn shows). The home and results screen
// and the not-found screen stay in the first chunk; the sign-in page and the sign-in modal's form
// load when first shown.
const titleModule = () => withAllTexts(import('./routes/title'));
const personalAreaModule = () => withAllTexts(import('./routes/personal-area'));
const staffModule = () => withAllTexts(import('./routes/staff'));
const authorityModule = () => withAllTexts(import('./routes/authority'));
const institutionModule = () => withAllTexts(import('./routes/institution'));

/** The export of routes/title.tsx that draws each title sub-tab. */
const TITLE_TAB_COMPONENTS = {
  data: 'TitleDataTab',
  reference: 'TitleReferenceTab',
  marc: 'TitleMarcTab',
  copies: 'TitleCopiesTab',
  dublinCore: 'TitleDublinCoreTab',
  hold: 'TitleHoldTab',
  loanRequest: 'TitleLoanRequestTab',
  kardex: 'TitleKardexTab',
  summaries: 'TitleSummariesTab',
  bookSummaries: 'TitleBookSummariesTab',
  statistics: 'TitleStatisticsTab',
  closedCollection: 'TitleClosedCollectionTab',
} as const satisfies Record<TitleTabKey, keyof Awaited<ReturnType<typeof titleModule>>>;

/** /meupergamum and the screen of each of its items (decision 0028). */
const personalAreaRoutes: RouteObject = {
  path: paths.personalArea.path,
  lazy: async () => ({ Component: (await personalAreaModule()).PersonalAreaRoute }),
  children: [
    { index: true, lazy: async () => ({ Component: (await personalAreaModule()).PersonalAreaOverview }) },
    {
      path: paths.personalAreaApp.path.slice(paths.personalArea.path.length + 1),
      lazy: async () => ({ Component: (await personalAreaModule()).PersonalAreaOverview }),
    },
    ...PERSONAL_AREA_SCREEN_KEYS.map((key) => ({
      path: PERSONAL_AREA_SEGMENTS[key],
      lazy: async () => ({ element: (await personalAreaModule()).PERSONAL_AREA_SCREENS[key] }),
    })),
  ],
};

/** /equipe (the overview) and /equipe/{segment} of each part (decisions 0054, 0055). */
const staffRoutes: RouteObject = {
  path: paths.staff.path,
  lazy: async () => ({ Component: (await staffModule()).StaffRoute }),
  children: STAFF_SECTIONS.map((section) => {
    const lazy = async () => ({ element: (await staffModule()).staffSectionElement(section) });
    return section.segment ? { path: section.segment, lazy } : { index: true, lazy };
  }),
};

/** Every route of SPEC §2. Static paths rank above `/:guia`, and `*` catches the rest. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RootErrorBoundary />,
    children: [
      { path: paths.home.path, element: <HomeRoute /> },
      {
        path: paths.login.path,
        lazy: async () => ({ Component: (await withAllTexts(import('./routes/login'))).LoginRoute }),
      },
      { path: paths.logout.path, element: <LogoutRoute /> },
      { path: paths.externalRedirect.path, element: <NotAvailableRoute /> },
      { path: paths.oauthResponse.path, element: <OidcResponseRoute /> },
      { path: paths.samlResponse.path, element: <SamlResponseRoute /> },
      { path: paths.grupoA.path, element: <NotAvailableRoute /> },
      {
        path: paths.pearson.path,
        lazy: async () => ({ Component: (await withAllTexts(import('./routes/pearson'))).PearsonRoute }),
      },
      {
        path: paths.basket.path,
        lazy: async () => ({ Component: (await withAllTexts(import('./routes/basket'))).BasketRoute }),
      },
      {
        path: paths.sharedList.path,
        lazy: async () => ({
          Component: (await withAllTexts(import('./routes/shared-list'))).SharedListRoute,
        }),
      },
      personalAreaRoutes,
      staffRoutes,
      {
        path: paths.title.path,
        lazy: async () => ({ Component: (await titleModule()).TitleRoute }),
        children: (Object.keys(TITLE_TABS) as TitleTabKey[]).map((key) => {
          const lazy = async () => ({ Component: (await titleModule())[TITLE_TAB_COMPONENTS[key]] });
          const segment = TITLE_TABS[key].segment;
          return segment ? { path: segment, lazy } : { index: true, lazy };
        }),
      },
      {
        path: paths.authority.path,
        lazy: async () => ({ Component: (await authorityModule()).AuthorityRoute }),
        children: [
          { index: true, lazy: async () => ({ Component: (await authorityModule()).AuthorityDataTab }) },
          {
            path: AUTHORITY_TABS.marc.segment,
            lazy: async () => ({ Component: (await authorityModule()).AuthorityMarcTab }),
          },
        ],
      },
      { path: paths.faq.path, lazy: async () => ({ Component: (await institutionModule()).FaqRoute }) },
      {
        path: paths.generalInformation.path,
        lazy: async () => ({ Component: (await institutionModule()).GeneralInformationRoute }),
      },
      {
        path: paths.openingHours.path,
        lazy: async () => ({ Component: (await institutionModule()).OpeningHoursRoute }),
      },
      { path: paths.events.path, lazy: async () => ({ Component: (await institutionModule()).EventsRoute }) },
      {
        path: paths.eventsCalendar.path,
        lazy: async () => ({ Component: (await institutionModule()).EventsCalendarRoute }),
      },
      { path: paths.guide.path, element: <HomeRoute /> },
      { path: '*', element: <NotFoundRoute /> },
    ],
  },
];

/** The browser router of the app. */
export function createRouter() {
  return createBrowserRouter(routes);
}
