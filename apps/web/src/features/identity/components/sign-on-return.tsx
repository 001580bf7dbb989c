import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Stack } from '@mantine/core';
import { paths } from '../../../config/paths';
import { DocumentTitle } from '../../../components/ui/document-title';
import { LoadingBlock } from '../../../components/ui/query-state';
import { loginErrorMessage } from '../utils/login-errors';
import { safeRedirect } from '../utils/safe-redirect';

/**
 * The return screen of an institutional single sign-on (OIDC /oauth-response, SAML /saml-response):
 * runs `finish` once (the provider's answer is accepted once, so a second StrictMode effect run must
 * not send it again), then goes on to where the sign-in started, or shows why it failed.
 */
export function SignOnReturn({ finish }: { finish: () => Promise<{ redirect: string | null }> }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    finish()
      .then(({ redirect }) => navigate(safeRedirect(redirect) ?? paths.home.getHref(), { replace: true }))
      .catch((error: unknown) => setFailure(loginErrorMessage(error, t)));
  }, [finish, navigate, t]);

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
