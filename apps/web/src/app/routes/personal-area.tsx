import type { ReactElement } from 'react';
import { Navigate, Outlet, useLocation, useNavigate, useOutletContext } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Stack, Text } from '@mantine/core';
import type { AuthPermission } from '@estante/contract';
import { paths, type PersonalAreaItemKey } from '../../config/paths';
import { PERSONAL_AREA_SCREEN_KEYS, type PersonalAreaScreenKey } from './personal-area-items';
import { LoadingBlock } from '../../components/ui/query-state';
import { useInstitution } from '../../features/chrome/api/get-institution';
import { useSession } from '../../features/identity/hooks/use-session';
import { useUserSession } from '../../features/identity/api/get-user-session';
import { TwoFactorSettings } from '../../features/identity/components/two-factor-settings';
import { usePersonalAreaName } from '../../features/personal-area/hooks/use-personal-area-name';
import { Dashboard, dashboardCounts } from '../../features/personal-area/components/dashboard';
import { useDashboard } from '../../features/personal-area/api/get-dashboard';
import { PersonalAreaLayout } from '../../features/personal-area/components/personal-area-layout';
import {
  menuItemOfPath,
  visibleMenuItems,
  type PersonalAreaMenuItem,
} from '../../features/personal-area/menu-items';
import { LoansScreen } from '../../features/circulation/components/loans-screen';
import { RenewalScreen } from '../../features/circulation/components/renewal-screen';
import { LoanHistoryScreen } from '../../features/circulation/components/loan-history-screen';
import { LoanTokenScreen } from '../../features/circulation/components/loan-token-screen';
import { DebtsScreen } from '../../features/circulation/components/debts-screen';
import { SuspensionsScreen } from '../../features/circulation/components/suspensions-screen';
import { NoDebtsScreen } from '../../features/circulation/components/no-debts-screen';
import { HoldsScreen } from '../../features/circulation/components/holds-screen';
import { LoanRequestsScreen } from '../../features/circulation/components/loan-requests-screen';
import { InterlibraryScreen } from '../../features/circulation/components/interlibrary-screen';
import { OwnCommentsScreen } from '../../features/comments/components/own-comments-screen';
import { AlertsScreen } from '../../features/alerts/components/alerts-screen';
import { PrivacyScreen } from '../../features/privacy/components/privacy-screen';
import { HistoryChoiceNotice } from '../../features/privacy/components/history-choice-notice';
import { PersonalDataScreen } from '../../features/account/components/personal-data-screen';
import { PasswordChangeScreen } from '../../features/identity/components/password-change-screen';
import { UserSwapScreen } from '../../features/identity/components/user-swap-screen';
import { ActivityInformation } from '../../features/personal-area/components/activity-information';
import { ListsScreen } from '../../features/lists/components/lists-screen';
import { DatabasesScreen } from '../../features/databases/components/databases-screen';
import { BasketExport } from '../../features/basket/components/basket-export';
import { CatalogueSheetScreen } from '../../features/catalogue-sheet/components/catalogue-sheet-screen';
import { AcquisitionStatsScreen } from '../../features/acquisition-stats/components/acquisition-stats-screen';
// Bibliographic requests (decision 0048).
import {
  BibliographicSwitchingScreen,
  SpecializedSearchScreen,
} from '../../features/library-requests/components/bibliographic-switching-screen';
import { LibraryRequestsScreen } from '../../features/library-requests/components/library-requests-screen';
// Teaching plan, paper posting and title totals (decision 0053).
import { TeachingPlanScreen } from '../../features/teaching-plan/components/teaching-plan-screen';
import { PaperPostingScreen } from '../../features/paper-posting/components/paper-posting-screen';
import { TitleTotalsScreen } from '../../features/title-totals/components/title-totals-screen';
import { AcquisitionScreen } from '../../features/suggestions/components/acquisition-screen';
import { SuggestionsScreen } from '../../features/suggestions/components/suggestions-screen';
import { PurchaseOrdersScreen } from '../../features/suggestions/components/purchase-orders-screen';
// The interest profile and areas of interest (decision 0052).
import { InterestProfileScreen } from '../../features/interest-profile/components/interest-profile-screen';
import { InterestAreasScreen } from '../../features/interest-profile/components/interest-areas-screen';

/** What the personal area hands its screens: the items the patron may open. */
interface PersonalAreaContext {
  items: readonly PersonalAreaMenuItem[];
}

/** The renewal screen, with a link to the loans screen when the patron may open it. */
function RenewalItem() {
  const { items } = useOutletContext<PersonalAreaContext>();
  const canOpenLoans = items.some((item) => item.key === 'loans');
  return <RenewalScreen renewHref={canOpenLoans ? paths.personalAreaItem.getHref('loans') : undefined} />;
}

/** The loan history, saying so when the patron keeps no history (decision 0045). */
function LoanHistoryItem() {
  const { items } = useOutletContext<PersonalAreaContext>();
  const canOpenPrivacy = items.some((item) => item.key === 'privacy');
  return (
    <Stack gap="lg">
      <HistoryChoiceNotice
        privacyHref={canOpenPrivacy ? paths.personalAreaItem.getHref('privacy') : undefined}
      />
      <LoanHistoryScreen />
    </Stack>
  );
}

/** The privacy screen, with the institution's data-protection link and the patron's login. */
function PrivacyItem() {
  const session = useSession();
  const institution = useInstitution();
  return <PrivacyScreen login={session?.user.login ?? ''} lgpdLink={institution.link_lgpd} />;
}

/** The password change, checking the rules against the patron's name. */
function PasswordItem() {
  const session = useSession();
  return <PasswordChangeScreen name={session?.user.nome_pessoa ?? ''} />;
}

/** User swap: once switched, the area opens afresh on its overview for the chosen login. */
function UserSwapItem() {
  const session = useSession();
  const navigate = useNavigate();
  return (
    <UserSwapScreen
      persistent={session?.persistent ?? false}
      onSwitched={() => void navigate(paths.personalArea.getHref(), { replace: true })}
    />
  );
}

/** The lists screen, exporting a list with the basket's own export form (decision 0043). */
function ListsItem() {
  const sendsEmail = useInstitution().envia_email === true;
  return <ListsScreen renderExport={(ids) => <BasketExport ids={ids} sendsEmail={sendsEmail} />} />;
}

/** A request form, linking to the requests screen when the patron may open it (decision 0048). */
function LibraryRequestFormItem({ form }: { form: 'switching' | 'specialized' }) {
  const { items } = useOutletContext<PersonalAreaContext>();
  const href = items.some((item) => item.key === 'libraryRequests')
    ? { requestsHref: paths.personalAreaItem.getHref('libraryRequests') }
    : {};
  return form === 'switching' ? (
    <BibliographicSwitchingScreen {...href} />
  ) : (
    <SpecializedSearchScreen {...href} />
  );
}

/** The suggestion form, with a link to the suggestion query when the patron may open it (decision 0050). */
function AcquisitionItem() {
  const { items } = useOutletContext<PersonalAreaContext>();
  const canFollow = items.some((item) => item.key === 'suggestions');
  return (
    <AcquisitionScreen
      suggestionsHref={canFollow ? paths.personalAreaItem.getHref('suggestions') : undefined}
    />
  );
}

/** The interest profile, with a link to the areas of interest when the patron may open them (decision 0052). */
function InterestProfileItem() {
  const { items } = useOutletContext<PersonalAreaContext>();
  const canChooseAreas = items.some((item) => item.key === 'interestAreas');
  return (
    <InterestProfileScreen
      areasHref={canChooseAreas ? paths.personalAreaItem.getHref('interestAreas') : undefined}
    />
  );
}

/**
 * The screen of each personal-area menu item (decision 0028), under /meupergamum/{segment}. The menu
 * (order, activity, label) is features/personal-area/menu-items.ts; an item with no screen here is
 * neither routed nor shown.
 */
export const PERSONAL_AREA_SCREENS: Record<PersonalAreaScreenKey, ReactElement> = {
  loans: <LoansScreen />,
  renewal: <RenewalItem />,
  debts: <DebtsScreen />,
  suspensions: <SuspensionsScreen />,
  noDebts: <NoDebtsScreen />,
  loanHistory: <LoanHistoryItem />,
  holds: <HoldsScreen />,
  loanRequests: <LoanRequestsScreen />,
  interlibrary: <InterlibraryScreen />,
  comments: <OwnCommentsScreen />,
  personalData: <PersonalDataScreen />,
  userSwap: <UserSwapItem />,
  password: <PasswordItem />,
  loanToken: <LoanTokenScreen />,
  alerts: <AlertsScreen />,
  privacy: <PrivacyItem />,
  // Saved lists and databases (decision 0043).
  lists: <ListsItem />,
  databases: <DatabasesScreen />,
  // The catalogue sheet (decision 0049).
  catalogueSheet: <CatalogueSheetScreen />,
  // Acquisition statistics (decision 0051).
  acquisitionStats: <AcquisitionStatsScreen />,
  // Bibliographic requests (decision 0048).
  libraryRequests: <LibraryRequestsScreen />,
  bibliographicSwitching: <LibraryRequestFormItem form="switching" />,
  specializedSearch: <LibraryRequestFormItem form="specialized" />,
  // Teaching plan, paper posting and title totals (decision 0053).
  teachingPlan: <TeachingPlanScreen />,
  paperPosting: <PaperPostingScreen />,
  titleTotals: <TitleTotalsScreen />,
  // Purchase suggestions and orders (decision 0050).
  acquisition: <AcquisitionItem />,
  suggestions: <SuggestionsScreen />,
  purchaseOrders: <PurchaseOrdersScreen />,
  // The interest profile and areas of interest (decision 0052).
  interestProfile: <InterestProfileItem />,
  interestAreas: <InterestAreasScreen />,
};

const BUILT_ITEMS: ReadonlySet<PersonalAreaItemKey> = new Set(PERSONAL_AREA_SCREEN_KEYS);

/** The overview (/meupergamum, /meupergamum/app): the welcome and the two-step verification settings. */
export function PersonalAreaOverview() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { items } = useOutletContext<PersonalAreaContext>();
  const session = useSession();
  const login = session?.user.login ?? '';
  // The name as the server has it now (GET /pessoas); the stored one until it answers.
  const { data } = useUserSession(login);
  if (!session) return null;
  const name = data?.user.nome_pessoa ?? session.user.nome_pessoa;
  return (
    <>
      <Stack gap="sm">
        <Text fz="lg">{t('identity.personalArea.welcome', { name })}</Text>
        <Text c="dimmed">{t('identity.personalArea.login', { login })}</Text>
      </Stack>
      <Stack gap="sm" mt="lg">
        <Dashboard pathname={pathname} items={new Set(items.map((item) => item.key))} />
      </Stack>
      <Stack gap="sm" mt="xl">
        <TwoFactorSettings login={login} />
      </Stack>
    </>
  );
}

function PersonalArea({ login, storedPermissions }: { login: string; storedPermissions: AuthPermission[] }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const institution = useInstitution();
  const areaName = usePersonalAreaName();
  // Permissions as the server has them now; the stored ones (from sign-in) until it answers.
  const session = useUserSession(login);
  const permissions = session.data?.authPermissions ?? storedPermissions;
  const items = visibleMenuItems(permissions, BUILT_ITEMS);
  const current = menuItemOfPath(pathname);
  const isAllowed = !current || items.some((item) => item.key === current.key);
  const context: PersonalAreaContext = { items };
  // What needs the patron now, read again at each move in the area: the menu shows the counts.
  const dashboard = useDashboard(pathname);
  return (
    <PersonalAreaLayout
      items={items}
      counts={dashboardCounts(dashboard.data)}
      title={current ? t(current.label) : areaName}
      theme={institution.tema}
    >
      {isAllowed ? (
        <>
          {/* The institution's text about the item, when it wrote one (decision 0041). */}
          {current && <ActivityInformation activity={current.activity} />}
          <Outlet context={context} />
        </>
      ) : session.isPending ? (
        <LoadingBlock />
      ) : (
        <Text>{t('personalArea.notAllowed')}</Text>
      )}
    </PersonalAreaLayout>
  );
}

/** SPEC §2 /meupergamum and below: guarded; visitors go to /login?redirect={path}. */
export function PersonalAreaRoute() {
  const session = useSession();
  const location = useLocation();
  if (!session) {
    return <Navigate to={paths.login.getHref(location.pathname + location.search)} replace />;
  }
  return (
    <PersonalArea
      // Another patron (another tab signed in, a linked login) gets the area afresh: no screen keeps
      // what it held for the last one.
      key={`${session.user.cod_pessoa}:${session.user.login}`}
      login={session.user.login}
      storedPermissions={session.authPermissions}
    />
  );
}
