/**
 * Cache settings of the patron's own data (loans, debts, lists, alerts, personal data…): read again
 * each time a screen opens (the desk or another device may have changed it meanwhile) and dropped
 * as soon as no screen shows it, so nothing of one patron's account stays in memory for the next
 * person at the computer. Marked as the patron's data, so sign-out and a session ending drop it even
 * while a screen shows it.
 */
export const PRIVATE_QUERY = { staleTime: 0, gcTime: 0, meta: { patron: true } } as const;
