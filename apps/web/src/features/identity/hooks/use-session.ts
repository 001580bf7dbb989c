import { useSyncExternalStore } from 'react';
import { getSession, subscribeSession, type Session } from '../utils/session';

/** The signed-in patron, or null for a visitor; re-renders on sign-in, sign-out and token renewal. */
export function useSession(): Session | null {
  return useSyncExternalStore(subscribeSession, getSession, getSession);
}
