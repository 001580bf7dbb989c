import { useTranslation } from 'react-i18next';
import { Anchor, Divider, Stack, Text } from '@mantine/core';
import { ErrorBlock, LoadingBlock } from '../../../components/ui/query-state';
import { usePrivacy } from '../api/get-privacy';
import { AccountRequestForm } from './account-request-form';
import { DataDownload } from './data-download';
import { KeptData } from './kept-data';
import { PrivacyChoicesForm } from './privacy-choices-form';
import { PrivacyRequests } from './privacy-requests';

interface PrivacyScreenProps {
  /** The patron's login (names the downloaded file). */
  login: string;
  /** The institution's data-protection page (SPEC §3 link_lgpd), when set. */
  lgpdLink: string | null;
}

/**
 * The privacy screen (LGPD; decision 0045), the personal-area menu's last item: what the library
 * keeps and why, the download of all of it, the patron's choices and the request to delete or
 * anonymise the account. The layout gives the page its h1.
 */
export function PrivacyScreen({ login, lgpdLink }: PrivacyScreenProps) {
  const { t } = useTranslation();
  const privacy = usePrivacy();
  if (privacy.isPending) return <LoadingBlock label={t('privacy.loading')} />;
  if (privacy.isError) {
    return <ErrorBlock message={t('privacy.loadError')} onRetry={() => void privacy.refetch()} />;
  }
  const { dados, escolhas, historico_emprestimos, pedidos } = privacy.data;
  return (
    <Stack gap="xl">
      <Stack gap="xs">
        <Text>{t('privacy.intro')}</Text>
        {lgpdLink && (
          <Anchor href={lgpdLink} target="_blank" rel="noopener noreferrer">
            {t('privacy.lgpdLink')}
          </Anchor>
        )}
      </Stack>
      <KeptData counts={dados} />
      <Divider />
      <DataDownload login={login} />
      <Divider />
      <PrivacyChoicesForm choices={escolhas} keptLoans={historico_emprestimos} />
      <Divider />
      <AccountRequestForm />
      <PrivacyRequests requests={pedidos} />
    </Stack>
  );
}
