import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { paths } from '../../config/paths';
import { forgetPatronData } from '../../lib/query-client';
import { signOut, singleSignOnLogoutLink } from '../../features/identity/api/sign-out';
import { browserWindow } from '../../features/identity/utils/leave-page';
import { useInstitution } from '../../features/chrome/api/get-institution';
import { LoadingBlock } from '../../components/ui/query-state';

/**
 * SPEC §2 /sair: clears the session and persisted login state (revoking the tokens on the server),
 * then goes to the start page — or, after an institutional single sign-on, to the institution's
 * logout link for it (link_logout_OIDC / link_logout_saml), which ends the sign-on there too.
 */
export function LogoutRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const institution = useInstitution();
  useEffect(() => {
    let active = true;
    void signOut()
      .catch(() => null)
      .then((method) => {
        // Nothing the patron saw stays in the cache for the next person at this computer.
        forgetPatronData(queryClient);
        if (!active) return;
        const link = singleSignOnLogoutLink(method, institution);
        if (link) browserWindow.leaveTo(link);
        else void navigate(paths.home.getHref(), { replace: true });
      });
    return () => {
      active = false;
    };
    // The institution data is loaded before any page shows and does not change meanwhile.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [navigate, queryClient]);
  return <LoadingBlock label={t('identity.logout.loading')} />;
}
