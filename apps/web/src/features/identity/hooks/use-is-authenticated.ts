import { hasUserSession } from '../utils/session';

/** True when a patron is signed in. Sign-in is not built yet, so nothing writes a user and this is false. */
export function useIsAuthenticated(): boolean {
  return hasUserSession();
}
