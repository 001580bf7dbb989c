import type { ReactElement } from 'react';
import { Navigate, Outlet, useLocation, useOutletContext } from 'react-router';
import { useTranslation } from 'react-i18next';
import { holdsRole, type StaffSelf } from '@estante/contract';
import { paths } from '../../config/paths';
import { ErrorBlock, LoadingBlock } from '../../components/ui/query-state';
import { useSession } from '../../features/identity/hooks/use-session';
import { useStaffSelf } from '../../features/staff/api/get-staff-self';
import { AcquisitionsWorkspace } from '../../features/staff/acquisitions/components/acquisitions-workspace';
import { CommentModeration } from '../../features/staff/components/comment-moderation';
import { CirculationDesk } from '../../features/staff/desk/components/circulation-desk';
import { StaffRolesManager } from '../../features/staff/components/staff-roles-manager';
import { CirculationRequests } from '../../features/staff/requests/circulation-requests';
import { StaffPatrons } from '../../features/staff/patrons/components/staff-patrons';
import { AuditLog } from '../../features/staff/audit/components/audit-log';
import { ReferenceDesk } from '../../features/staff/reference/components/reference-desk';
import { CatalogueWorkspace } from '../../features/staff/catalogue/components/catalogue-workspace';
import { InstitutionContent } from '../../features/staff/content/components/institution-content';
import { StaffLayout, StaffOverview } from '../../features/staff/components/staff-workspace';
import type { StaffSection } from '../../features/staff/sections';
import { NotFoundRoute } from './not-found';

/**
 * /equipe and its parts (decisions 0054, 0055): visitors go to /login?redirect={path}; a signed-in
 * person without a staff role, or without the role a part needs, gets the not-found screen, as for
 * any address that is not theirs. The server checks the roles again on every staff call.
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
  return <Outlet context={self.data} />;
}

/** One part: shown in the workspace's frame to someone whose roles open it. */
function Section({
  section,
  children,
}: {
  section: StaffSection;
  children: (self: StaffSelf) => ReactElement;
}) {
  const self = useOutletContext<StaffSelf>();
  if (section.role !== null && !holdsRole(self.papeis, section.role)) return <NotFoundRoute />;
  return (
    <StaffLayout self={self} current={section}>
      {children(self)}
    </StaffLayout>
  );
}

const SCREENS: Record<StaffSection['key'], (self: StaffSelf) => ReactElement> = {
  overview: (self) => <StaffOverview self={self} />,
  comments: () => <CommentModeration />,
  desk: () => <CirculationDesk />,
  requests: () => <CirculationRequests />,
  acquisitions: () => <AcquisitionsWorkspace />,
  reference: () => <ReferenceDesk />,
  roles: () => <StaffRolesManager />,
  patrons: (self) => <StaffPatrons self={self} />,
  audit: () => <AuditLog />,
  catalogue: () => <CatalogueWorkspace />,
  content: () => <InstitutionContent />,
};

/** The screen of a staff part in the workspace's frame (the router loads it with this module). */
export function staffSectionElement(section: StaffSection): ReactElement {
  return <Section section={section}>{SCREENS[section.key]}</Section>;
}
