/**
 * Cache settings of the patron's lists: read again when a screen opens (another device may have
 * changed them) and dropped when no screen shows them, so nothing stays for the next person at a
 * shared computer; marked as the patron's data, so sign-out drops it even while shown.
 */
export const PRIVATE_QUERY = { staleTime: 0, gcTime: 0, meta: { patron: true } } as const;

/** Query key of everything about the patron's lists. */
export const LISTS_KEY = ['lists'] as const;
