import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button, List, Stack, Text, Title } from '@mantine/core';
import type { Authority, SearchType } from '@estante/contract';
import { paths } from '../../../config/paths';

interface AuthorityDataProps {
  authority: Authority;
  /** A link to search every title of this heading (the list here may be cut short). */
  searchHref: string;
}

/** The kind of search that finds an authority's titles: names by author, the rest by subject. */
export function searchTypeOf(authority: Authority): SearchType {
  return ['pessoa', 'instituicao', 'evento'].includes(authority.tipo) ? 'autor' : 'assunto';
}

function Section({ title, items }: { title: string; items: string[] }) {
  if (items.length === 0) return null;
  return (
    <section>
      <Title order={2} fz="h4" mb="xs">
        {title}
      </Title>
      <List spacing={6}>
        {items.map((item, index) => (
          <List.Item key={index}>{item}</List.Item>
        ))}
      </List>
    </section>
  );
}

/** The default view of an authority: references, notes and the titles linked to it. */
export function AuthorityData({ authority, searchHref }: AuthorityDataProps) {
  const { t } = useTranslation();
  return (
    <Stack gap="lg">
      <Section title={t('authority.seeFrom')} items={authority.remissivas_ver} />
      <Section title={t('authority.seeAlso')} items={authority.remissivas_ver_tambem} />
      <Section title={t('authority.notes')} items={authority.notas} />
      <section>
        <Title order={2} fz="h4" mb="xs">
          {t('authority.titles.heading')}
        </Title>
        <Text size="sm" mb="xs">
          {t('authority.titles.total', { count: authority.total_titulos })}
        </Text>
        {authority.titulos.length > 0 && (
          <List spacing={8}>
            {authority.titulos.map((title) => (
              <List.Item key={title.cod_acervo}>
                <Link to={paths.title.getHref(title.cod_acervo)}>{title.titulo}</Link>
                {title.ano_publicacao !== null ? ` (${title.ano_publicacao})` : ''}
              </List.Item>
            ))}
          </List>
        )}
        {authority.total_titulos > authority.titulos.length && (
          <Button component={Link} to={searchHref} variant="outline" size="xs" mt="sm">
            {t('authority.titles.searchAll', { count: authority.total_titulos })}
          </Button>
        )}
      </section>
    </Stack>
  );
}
