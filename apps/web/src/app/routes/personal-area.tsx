import { Navigate, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Stack, Text, Title } from '@mantine/core';
import { paths } from '../../config/paths';
import { DocumentTitle } from '../../components/ui/document-title';
import { useSession } from '../../features/identity/hooks/use-session';
import { useUserSession } from '../../features/identity/api/get-user-session';
import { TwoFactorSettings } from '../../features/identity/components/two-factor-settings';

function PersonalArea({ login, storedName }: { login: string; storedName: string }) {
  const { t } = useTranslation();
  // The name as the server has it now (GET /pessoas); the stored one until it answers.
  const { data } = useUserSession(login);
  const name = data?.user.nome_pessoa ?? storedName;
  return (
    <>
      <DocumentTitle page={t('identity.personalArea.title')} />
      <Stack gap="sm">
        <Title order={1}>{t('identity.personalArea.title')}</Title>
        <Text fz="lg">{t('identity.personalArea.welcome', { name })}</Text>
        <Text c="dimmed">{t('identity.personalArea.login', { login })}</Text>
        <Text>{t('identity.personalArea.comingSoon')}</Text>
      </Stack>
      <Stack gap="sm" mt="xl">
        <TwoFactorSettings login={login} />
      </Stack>
    </>
  );
}

/** SPEC §2 /meupergamum and /meupergamum/app: guarded; visitors go to /login?redirect={path}. */
export function PersonalAreaRoute() {
  const session = useSession();
  const location = useLocation();
  if (!session) {
    return <Navigate to={paths.login.getHref(location.pathname + location.search)} replace />;
  }
  return <PersonalArea login={session.user.login} storedName={session.user.nome_pessoa} />;
}
