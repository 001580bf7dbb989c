import { paths } from '../../../config/paths';

/**
 * The path to return to after sign-in, from the `?redirect=` parameter: only a path of this site
 * (never another origin, so the login cannot be used to send people elsewhere), and never the login
 * or logout screens themselves. Null when there is none to honour.
 */
export function safeRedirect(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return null;
  const pathname = value.split(/[?#]/)[0] ?? '';
  if (pathname === paths.login.path || pathname === paths.logout.path) return null;
  return value;
}
