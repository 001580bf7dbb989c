import { useTranslation } from 'react-i18next';
import { Stack, Text, Title } from '@mantine/core';
import type { InstitutionPage } from '@estante/contract';
import { InstitutionHtml } from '../../../components/ui/institution-html';

/** SPEC §7 /parametros/informacoes_gerais: the institution's general information page. */
export function GeneralInformation({ page }: { page: InstitutionPage }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <Title order={1}>{page.titulo ?? t('institution.generalInformation.title')}</Title>
      {page.conteudo?.trim() ? (
        <InstitutionHtml html={page.conteudo} />
      ) : (
        <Text>{t('institution.generalInformation.empty')}</Text>
      )}
    </Stack>
  );
}
