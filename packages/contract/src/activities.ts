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
} as const;
export type ActivityCode = (typeof ACTIVITY)[keyof typeof ACTIVITY];
