/** Query key of everything about the patron's lists. */
export const LISTS_KEY = ['lists'] as const;
