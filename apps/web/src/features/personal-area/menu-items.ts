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
  {
    key: 'loanHistory',
    activity: ACTIVITY.PERSONAL_AREA_LOAN_HISTORY,
    label: 'personalArea.menu.loanHistory',
  },
  // SPEC §2: the permanent basket right after check titles (decision 0043).
  { key: 'lists', activity: ACTIVITY.PERSONAL_AREA_LISTS, label: 'personalArea.menu.lists' },
  { key: 'holds', activity: ACTIVITY.PERSONAL_AREA_HOLDS, label: 'personalArea.menu.holds' },
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
  // Title comments (decision 0042), after the items SPEC's list does not name.
  { key: 'comments', activity: ACTIVITY.PERSONAL_AREA_COMMENTS, label: 'personalArea.menu.comments' },
  // SPEC §2: databases before personal data (decision 0043).
  { key: 'databases', activity: ACTIVITY.PERSONAL_AREA_DATABASES, label: 'personalArea.menu.databases' },
  {
    key: 'personalData',
    activity: ACTIVITY.PERSONAL_AREA_PERSONAL_DATA,
    label: 'personalArea.menu.personalData',
  },
  { key: 'userSwap', activity: ACTIVITY.PERSONAL_AREA_USER_SWAP, label: 'personalArea.menu.userSwap' },
  { key: 'password', activity: ACTIVITY.PERSONAL_AREA_PASSWORD, label: 'personalArea.menu.password' },
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
