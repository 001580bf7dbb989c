import { Navigate, useLocation } from 'react-router';
import { paths } from '../../config/paths';
import { useIsAuthenticated } from '../../features/identity/hooks/use-is-authenticated';
import { NotAvailableRoute } from './not-found';

/** SPEC §2 /meupergamum and /meupergamum/app: guarded; visitors go to /login?redirect={path}. */
export function PersonalAreaRoute() {
  const isAuthenticated = useIsAuthenticated();
  const location = useLocation();
  if (!isAuthenticated) {
    return <Navigate to={paths.login.getHref(location.pathname + location.search)} replace />;
  }
  return <NotAvailableRoute />;
}
