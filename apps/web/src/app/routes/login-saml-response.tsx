import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Stack } from '@mantine/core';
import { paths } from '../../config/paths';
import { DocumentTitle } from '../../components/ui/document-title';
import { LoadingBlock } from '../../components/ui/query-state';
import { finishSamlSignOn, readSamlResponse } from '../../features/identity/api/saml-sign-on';
import { loginErrorMessage } from '../../features/identity/utils/login-errors';
import { safeRedirect } from '../../features/identity/utils/safe-redirect';

/**
 * SPEC §2 /saml-response: the return screen of SAML single sign-on. Its content is not shown: it
 * posts the provider's answer (handed over in the fragment) to /saml/validar, starts the session
 * and goes on to where the sign-in started.
 */
export function SamlResponseRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { hash } = useLocation();
  const [failure, setFailure] = useState<string | null>(null);
  // The answer is accepted once: a second effect run (StrictMode) must not send it again.
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const answer = readSamlResponse(hash);
    // The answer leaves the address bar and the history at once.
    if (window.location.hash) window.history.replaceState(window.history.state, '', window.location.pathname);
    finishSamlSignOn(answer)
      .then(({ redirect }) => navigate(safeRedirect(redirect) ?? paths.home.getHref(), { replace: true }))
      .catch((error: unknown) => setFailure(loginErrorMessage(error, t)));
  }, [hash, navigate, t]);

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
