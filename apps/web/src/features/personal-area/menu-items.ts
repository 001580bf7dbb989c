import { ACTIVITY, AUTH_MODULE, type AuthPermission } from '@estante/contract';
import type { TranslationKey } from '@estante/i18n';
import { PERSONAL_AREA_SEGMENTS, paths, type PersonalAreaItemKey } from '../../config/paths';

/** One item of the personal-area menu: its route key, the activity that gates it and its label. */
export interface PersonalAreaMenuItem {
  key: PersonalAreaItemKey;
  /** SPEC §6 activity the patron's authPermissions must hold (module 1, consultation). */
  activity: number;
  /** Translation key of the menu label, which is also the page's h1 and document title. */
  label: TranslationKey;
}

/**
 * The personal-area menu in SPEC §2's order (decision 0028): loans, renewal, debits, suspensions,
 * no-debts declaration, check titles (the loan history), then holds, loan requests, inter-library
 * loan, then personal data, user swap and the password (SPEC §2 puts personal data and user swap
 * before the loan token; the password goes beside them), and the loan token. The URL segment of
 * each is in config/paths.ts; the screen of each is in the route module
 * (app/routes/personal-area.tsx), and an item without a screen is not shown. Privacy is last.
 */
export const PERSONAL_AREA_MENU: readonly PersonalAreaMenuItem[] = [
  { key: 'loans', activity: ACTIVITY.PERSONAL_AREA_LOANS, label: 'personalArea.menu.loans' },
  { key: 'renewal', activity: ACTIVITY.PERSONAL_AREA_RENEWAL, label: 'personalArea.menu.renewal' },
  { key: 'debts', activity: ACTIVITY.PERSONAL_AREA_DEBTS, label: 'personalArea.menu.debts' },
  {
    key: 'suspensions',
    activity: ACTIVITY.PERSONAL_AREA_SUSPENSIONS,
    label: 'personalArea.menu.suspensions',
  },
  { key: 'noDebts', activity: ACTIVITY.PERSONAL_AREA_NO_DEBTS, label: 'personalArea.menu.noDebts' },
  // SPEC §2: the interest profile and areas of interest after the no-debts declaration (decision 0047).
  {
    key: 'interestProfile',
    activity: ACTIVITY.PERSONAL_AREA_INTEREST_PROFILE,
    label: 'personalArea.menu.interestProfile',
  },
  {
    key: 'interestAreas',
    activity: ACTIVITY.PERSONAL_AREA_INTEREST_AREAS,
    label: 'personalArea.menu.interestAreas',
  },
  {
    key: 'loanHistory',
    activity: ACTIVITY.PERSONAL_AREA_LOAN_HISTORY,
    label: 'personalArea.menu.loanHistory',
  },
  // SPEC §2: the permanent basket right after check titles (decision 0043).
  { key: 'lists', activity: ACTIVITY.PERSONAL_AREA_LISTS, label: 'personalArea.menu.lists' },
  { key: 'holds', activity: ACTIVITY.PERSONAL_AREA_HOLDS, label: 'personalArea.menu.holds' },
  // SPEC §2 "requests": what the patron asked of the library, every kind (decision 0047).
  {
    key: 'libraryRequests',
    activity: ACTIVITY.PERSONAL_AREA_LIBRARY_REQUESTS,
    label: 'personalArea.menu.libraryRequests',
  },
  {
    key: 'loanRequests',
    activity: ACTIVITY.PERSONAL_AREA_LOAN_REQUESTS,
    label: 'personalArea.menu.loanRequests',
  },
  {
    key: 'interlibrary',
    activity: ACTIVITY.PERSONAL_AREA_INTERLIBRARY,
    label: 'personalArea.menu.interlibrary',
  },
  // SPEC §2: bibliographic switching and survey, catalogue sheet, acquisition, suggestion query,
  // purchase orders (decision 0047).
  {
    key: 'bibliographicSwitching',
    activity: ACTIVITY.PERSONAL_AREA_BIBLIOGRAPHIC_SWITCHING,
    label: 'personalArea.menu.bibliographicSwitching',
  },
  {
    key: 'catalogueSheet',
    activity: ACTIVITY.PERSONAL_AREA_CATALOGUE_SHEET,
    label: 'personalArea.menu.catalogueSheet',
  },
  {
    key: 'acquisition',
    activity: ACTIVITY.PERSONAL_AREA_ACQUISITION,
    label: 'personalArea.menu.acquisition',
  },
  {
    key: 'suggestions',
    activity: ACTIVITY.PERSONAL_AREA_SUGGESTIONS,
    label: 'personalArea.menu.suggestions',
  },
  {
    key: 'purchaseOrders',
    activity: ACTIVITY.PERSONAL_AREA_PURCHASE_ORDERS,
    label: 'personalArea.menu.purchaseOrders',
  },
  // Title comments (decision 0042), after the items SPEC's list does not name.
  { key: 'comments', activity: ACTIVITY.PERSONAL_AREA_COMMENTS, label: 'personalArea.menu.comments' },
  // SPEC §2: databases before personal data (decision 0043).
  { key: 'databases', activity: ACTIVITY.PERSONAL_AREA_DATABASES, label: 'personalArea.menu.databases' },
  // SPEC §2: acquisition statistics, title totals and paper posting after the databases (decision 0047).
  {
    key: 'acquisitionStats',
    activity: ACTIVITY.PERSONAL_AREA_ACQUISITION_STATS,
    label: 'personalArea.menu.acquisitionStats',
  },
  {
    key: 'titleTotals',
    activity: ACTIVITY.PERSONAL_AREA_TITLE_TOTALS,
    label: 'personalArea.menu.titleTotals',
  },
  {
    key: 'paperPosting',
    activity: ACTIVITY.PERSONAL_AREA_PAPER_POSTING,
    label: 'personalArea.menu.paperPosting',
  },
  {
    key: 'personalData',
    activity: ACTIVITY.PERSONAL_AREA_PERSONAL_DATA,
    label: 'personalArea.menu.personalData',
  },
  { key: 'userSwap', activity: ACTIVITY.PERSONAL_AREA_USER_SWAP, label: 'personalArea.menu.userSwap' },
  { key: 'password', activity: ACTIVITY.PERSONAL_AREA_PASSWORD, label: 'personalArea.menu.password' },
  // SPEC §2: specialized search and teaching plan before the loan token (decision 0047).
  {
    key: 'specializedSearch',
    activity: ACTIVITY.PERSONAL_AREA_SPECIALIZED_SEARCH,
    label: 'personalArea.menu.specializedSearch',
  },
  {
    key: 'teachingPlan',
    activity: ACTIVITY.PERSONAL_AREA_TEACHING_PLAN,
    label: 'personalArea.menu.teachingPlan',
  },
  { key: 'loanToken', activity: ACTIVITY.PERSONAL_AREA_LOAN_TOKEN, label: 'personalArea.menu.loanToken' },
  { key: 'alerts', activity: ACTIVITY.PERSONAL_AREA_ALERTS, label: 'personalArea.menu.alerts' },
  // SPEC §2: privacy is the menu's last item (decision 0045).
  { key: 'privacy', activity: ACTIVITY.PERSONAL_AREA_PRIVACY, label: 'personalArea.menu.privacy' },
];

/** True when the patron's permissions hold the activity in the consultation module (SPEC §6). */
export function hasPermission(permissions: readonly AuthPermission[], activity: number): boolean {
  return permissions.some(
    (permission) =>
      permission.cod_modulo === AUTH_MODULE.CONSULTATION && permission.cod_atividade === activity,
  );
}

/** The items the patron sees, in menu order: those that have a screen and whose activity they hold. */
export function visibleMenuItems(
  permissions: readonly AuthPermission[],
  built: ReadonlySet<PersonalAreaItemKey>,
): PersonalAreaMenuItem[] {
  return PERSONAL_AREA_MENU.filter(
    (item) => built.has(item.key) && hasPermission(permissions, item.activity),
  );
}

/** Which item a path under /meupergamum names: null for the overview (/meupergamum, /meupergamum/app) or another path. */
export function menuItemOfPath(pathname: string): PersonalAreaMenuItem | null {
  const base = `${paths.personalArea.path}/`;
  if (!pathname.startsWith(base)) return null;
  const segment = pathname.slice(base.length).replace(/\/$/, '');
  if (!segment || segment.includes('/')) return null;
  return PERSONAL_AREA_MENU.find((item) => PERSONAL_AREA_SEGMENTS[item.key] === segment) ?? null;
}
