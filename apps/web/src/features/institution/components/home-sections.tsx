import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Paper, Stack, Title } from '@mantine/core';
import type { InstitutionPageKey } from '@estante/contract';
import { InstitutionHtml } from '../../../components/ui/institution-html';
import { useInstitutionPage } from '../api/get-institution-page';

function HomeSection({ pageKey }: { pageKey: InstitutionPageKey }) {
  const { t } = useTranslation();
  const headingId = useId();
  const page = useInstitutionPage(pageKey).data;
  if (!page?.conteudo?.trim()) return null;
  return (
    <Paper
      component="section"
      withBorder
      p="md"
      {...(page.titulo ? { 'aria-labelledby': headingId } : { 'aria-label': t('institution.home.label') })}
    >
      <Stack gap="xs">
        {page.titulo && (
          <Title order={2} size="h3" id={headingId}>
            {page.titulo}
          </Title>
        )}
        <InstitutionHtml html={page.conteudo} />
      </Stack>
    </Paper>
  );
}

/** SPEC §7 /parametros/secao_1 and secao_2: the two sections the institution writes for the home page. */
export function HomeSections() {
  return (
    <Stack gap="md">
      <HomeSection pageKey="secao_1" />
      <HomeSection pageKey="secao_2" />
    </Stack>
  );
}
