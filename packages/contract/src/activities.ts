/** Activity codes that gate features (SPEC §6). */
export const ACTIVITY = {
  PERSONAL_AREA: 8,
  SUGGESTION: 12,
  COMMENTS: 13,
  EXTERNAL_LINK: 57,
  NETWORK_CATALOGUE: 87,
  PRODUCT_LOGO: 88,
  ACTIVITY_107: 107,
  LOGIN_CAPTCHA: 1120,
  // Items of the personal-area menu (SPEC §2 "Personal-area menu"; decision 0028), module 1: each
  // shows only when the signed-in patron's authPermissions include its code.
  PERSONAL_AREA_LOANS: 801,
  PERSONAL_AREA_RENEWAL: 802,
  PERSONAL_AREA_DEBTS: 803,
  PERSONAL_AREA_SUSPENSIONS: 804,
  PERSONAL_AREA_NO_DEBTS: 805,
  PERSONAL_AREA_LOAN_HISTORY: 806,
  PERSONAL_AREA_HOLDS: 807,
  PERSONAL_AREA_LOAN_REQUESTS: 808,
  PERSONAL_AREA_INTERLIBRARY: 809,
  PERSONAL_AREA_LOAN_TOKEN: 810,
} as const;
export type ActivityCode = (typeof ACTIVITY)[keyof typeof ACTIVITY];
