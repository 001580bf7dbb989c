import type { TFunction } from 'i18next';
import { STAFF_ACTIONS, type StaffActionName } from '@estante/contract';

/** The translation key of an action of the log: `staff.audit.actions.{thing}.{verb}`. */
export function actionKey(action: StaffActionName) {
  return `staff.audit.actions.${action}` as const;
}

const isKnown = (action: string): action is StaffActionName =>
  (STAFF_ACTIONS as readonly string[]).includes(action);

/** The action's text; an action this version does not know (a newer server's) shows its name. */
export function actionLabel(action: string, t: TFunction): string {
  return isKnown(action) ? t(actionKey(action)) : action;
}
