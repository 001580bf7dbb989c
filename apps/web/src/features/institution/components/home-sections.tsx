import { lazy, Suspense, useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Paper, Stack, Title } from '@mantine/core';
import type { InstitutionPageKey } from '@estante/contract';
import { useInstitutionPage } from '../api/get-institution-page';

// Issue 18, a light first load: the institution's HTML and DOMPurify, which cleans it, are their
// own chunk. It is fetched as the sections' texts are (both start when the home page shows), and a
// section shows whole once both have arrived, as it showed once its text arrived before.
const loadInstitutionHtml = () => import('../../../components/ui/institution-html');
const InstitutionHtml = lazy(async () => ({ default: (await loadInstitutionHtml()).InstitutionHtml }));

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
  useEffect(() => {
    void loadInstitutionHtml();
  }, []);
  return (
    <Stack gap="md">
      <Suspense fallback={null}>
        <HomeSection pageKey="secao_1" />
      </Suspense>
      <Suspense fallback={null}>
        <HomeSection pageKey="secao_2" />
      </Suspense>
    </Stack>
  );
}
