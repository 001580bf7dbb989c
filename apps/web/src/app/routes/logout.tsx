import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { paths } from '../../config/paths';
import { signOut } from '../../features/identity/api/sign-out';
import { LoadingBlock } from '../../components/ui/query-state';

/**
 * SPEC §2 /sair: clears the session and persisted login state (revoking the tokens on the server),
 * then goes to the start page.
 */
export function LogoutRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  useEffect(() => {
    let active = true;
    void signOut().finally(() => {
      // Nothing the patron saw stays in the cache for the next person at this computer.
      queryClient.removeQueries({ queryKey: ['identity'] });
      if (active) void navigate(paths.home.getHref(), { replace: true });
    });
    return () => {
      active = false;
    };
  }, [navigate, queryClient]);
  return <LoadingBlock label={t('identity.logout.loading')} />;
}
