import type { PersonalAreaItemKey } from '../../config/paths';

/**
 * The personal-area menu items that have a screen (decision 0028), routed under
 * /meupergamum/{segment}: the router knows them without loading the personal area's code.
 * personal-area.tsx gives each its screen (its type makes the two lists agree).
 */
export const PERSONAL_AREA_SCREEN_KEYS = [
  'loans',
  'renewal',
  'debts',
  'suspensions',
  'noDebts',
  'loanHistory',
  'holds',
  'loanRequests',
  'interlibrary',
  'comments',
  'personalData',
  'userSwap',
  'password',
  'loanToken',
  'alerts',
  'privacy',
  'lists',
  'databases',
  'catalogueSheet',
  'acquisitionStats',
  'libraryRequests',
  'bibliographicSwitching',
  'specializedSearch',
  'teachingPlan',
  'paperPosting',
  'titleTotals',
  'acquisition',
  'suggestions',
  'purchaseOrders',
  'interestProfile',
  'interestAreas',
] as const satisfies readonly PersonalAreaItemKey[];

/** A personal-area item with a screen. */
export type PersonalAreaScreenKey = (typeof PERSONAL_AREA_SCREEN_KEYS)[number];
