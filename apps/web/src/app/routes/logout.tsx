import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../config/paths';
import { clearSession } from '../../features/identity/utils/session';
import { LoadingBlock } from '../../components/ui/query-state';

/** SPEC §2 /sair: clears the session and persisted login state, then goes to the start page. */
export function LogoutRoute() {
  const navigate = useNavigate();
  useEffect(() => {
    clearSession();
    void navigate(paths.home.getHref(), { replace: true });
  }, [navigate]);
  return <LoadingBlock />;
}
