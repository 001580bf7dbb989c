import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Stack } from '@mantine/core';
import { paths } from '../../config/paths';
import { DocumentTitle } from '../../components/ui/document-title';
import { LoadingBlock } from '../../components/ui/query-state';
import { finishSingleSignOn } from '../../features/identity/api/single-sign-on';
import { loginErrorMessage } from '../../features/identity/utils/login-errors';
import { safeRedirect } from '../../features/identity/utils/safe-redirect';

/**
 * SPEC §2 /oauth-response: the return screen of institutional single sign-on. Its content is not
 * shown: it finishes the sign-in and goes on to where the sign-in started.
 */
export function OidcResponseRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  // The handle can be traded once: a second effect run (StrictMode) must not try again.
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    finishSingleSignOn()
      .then(({ redirect }) => navigate(safeRedirect(redirect) ?? paths.home.getHref(), { replace: true }))
      .catch((error: unknown) => setFailure(loginErrorMessage(error, t)));
  }, [navigate, t]);

  if (!failure) return <LoadingBlock label={t('identity.sso.finishing')} />;
  return (
    <>
      <DocumentTitle page={t('identity.sso.failedTitle')} />
      <Stack gap="md" maw={480} mx="auto" align="flex-start">
        <Alert role="alert" color="red" variant="light" title={t('identity.sso.failedTitle')}>
          {failure}
        </Alert>
        <Button component={Link} to={paths.login.getHref()}>
          {t('identity.sso.backToLogin')}
        </Button>
      </Stack>
    </>
  );
}
