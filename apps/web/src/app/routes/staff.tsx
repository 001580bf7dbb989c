import { Navigate, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../config/paths';
import { ErrorBlock, LoadingBlock } from '../../components/ui/query-state';
import { useSession } from '../../features/identity/hooks/use-session';
import { useStaffSelf } from '../../features/staff/api/get-staff-self';
import { StaffWorkspace } from '../../features/staff/components/staff-workspace';
import { NotFoundRoute } from './not-found';

/**
 * /equipe (decision 0054): visitors go to /login?redirect=/equipe; a signed-in person without a
 * staff role gets the not-found screen, as for any address that is not theirs; staff get the
 * workspace. The server checks the roles again on every staff call.
 */
export function StaffRoute() {
  const session = useSession();
  const location = useLocation();
  if (!session) return <Navigate to={paths.login.getHref(location.pathname + location.search)} replace />;
  return <StaffArea key={session.user.login} login={session.user.login} />;
}

function StaffArea({ login }: { login: string }) {
  const { t } = useTranslation();
  const self = useStaffSelf(login, { fresh: true });
  if (self.isPending) return <LoadingBlock />;
  if (self.isError) return <ErrorBlock message={t('staff.loadError')} onRetry={() => void self.refetch()} />;
  if (self.data.papeis.length === 0) return <NotFoundRoute />;
  return <StaffWorkspace self={self.data} />;
}
