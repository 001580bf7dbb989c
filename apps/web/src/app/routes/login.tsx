import { useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Paper, Stack, Text, Title } from '@mantine/core';
import { paths, REDIRECT_PARAM } from '../../config/paths';
import { DocumentTitle } from '../../components/ui/document-title';
import { SignInForm } from '../../features/identity/components/sign-in-form';
import { useSignInSettings } from '../../features/identity/hooks/use-sign-in-settings';
import { hasUserSession } from '../../features/identity/utils/session';
import { safeRedirect } from '../../features/identity/utils/safe-redirect';

/** SPEC §2 /login: the full-page sign-in; returns to `?redirect=` (default /) or the chosen destination. */
export function LoginRoute() {
  const { t } = useTranslation();
  const settings = useSignInSettings();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const redirectTo = safeRedirect(searchParams.get(REDIRECT_PARAM));
  // Only a patron already signed in when the screen opened is sent on at once; a sign-in made here
  // navigates from its own callback, to the destination chosen.
  const [wasSignedIn] = useState(hasUserSession);
  if (wasSignedIn) return <Navigate to={redirectTo ?? paths.home.getHref()} replace />;

  return (
    <>
      <DocumentTitle page={t('identity.login.title')} />
      <Stack gap="md" maw={440} mx="auto">
        <Title order={1}>{t('identity.login.title')}</Title>
        <Text>{t('identity.login.intro')}</Text>
        <Paper withBorder p="lg" radius="md">
          <SignInForm
            settings={settings}
            autoFocus
            showDestination={!redirectTo}
            returnTo={redirectTo}
            onSignedIn={({ destination }) => {
              const target =
                redirectTo ??
                (destination === 'personalArea' ? paths.personalArea.getHref() : paths.home.getHref());
              void navigate(target, { replace: true });
            }}
          />
        </Paper>
      </Stack>
    </>
  );
}
