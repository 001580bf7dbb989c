import { useSession } from './use-session';

/** True when a patron is signed in (SPEC §6: protected routes need a session or persistent user). */
export function useIsAuthenticated(): boolean {
  return useSession() !== null;
}
