/** Stable error codes; a 422's message is a translation key, other messages come in the request's language. */
export const ERROR_CODE = {
  VALIDATION: 'VALIDATION',
  NOT_FOUND: 'NOT_FOUND',
  UNAUTHORIZED: 'UNAUTHORIZED',
  INVALID_CLIENT: 'INVALID_CLIENT',
  UNSUPPORTED_GRANT_TYPE: 'UNSUPPORTED_GRANT_TYPE',
  INTERNAL: 'INTERNAL',
  /** SPEC §8: a 500 from the network catalogue; the web warns that the network service is unavailable. */
  NETWORK_CATALOGUE_ERROR: 'NETWORK_CATALOGUE_ERROR',
  /** SPEC §4: the catalogue search could not be completed (503); nothing of it is answered. */
  SEARCH_FAILED: 'SEARCH_FAILED',
  /** An advanced search with more ANTES / DEPOIS rows in one group than it can combine (422). */
  SEARCH_TOO_COMPLEX: 'SEARCH_TOO_COMPLEX',
  /** SPEC §8: a 500 from the my-library e-mail service. */
  MY_LIBRARY_EMAIL_ERROR: 'MY_LIBRARY_EMAIL_ERROR',
} as const;
export type ErrorCode = (typeof ERROR_CODE)[keyof typeof ERROR_CODE];
