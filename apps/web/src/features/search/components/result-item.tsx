import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Group, Text, Title } from '@mantine/core';
import type { SearchHit } from '@estante/contract';
import { paths } from '../../../config/paths';
import classes from './search.module.css';

/**
 * One title in a result list: title link, author, year, work type, call number, availability; the
 * route may add a selection control before it and actions after it (the basket's, for instance).
 */
export function ResultItem({
  hit,
  select,
  actions,
}: {
  hit: SearchHit;
  select?: ReactNode;
  actions?: ReactNode;
}) {
  const { t } = useTranslation();
  const details: { label: string; value: string }[] = [];
  if (hit.autor) details.push({ label: t('search.results.author'), value: hit.autor });
  if (hit.ano_publicacao !== null)
    details.push({ label: t('search.results.year'), value: String(hit.ano_publicacao) });
  if (hit.desc_tipo_obra) details.push({ label: t('search.results.workType'), value: hit.desc_tipo_obra });
  if (hit.numero_chamada) details.push({ label: t('search.results.callNumber'), value: hit.numero_chamada });

  return (
    <article className={classes.result}>
      <Group gap="xs" wrap="nowrap" align="baseline">
        {select}
        <Title order={3} fz="lg">
          <Link to={paths.title.getHref(hit.cod_acervo)} className={classes.resultLink}>
            {hit.titulo}
          </Link>
        </Title>
      </Group>
      {details.length > 0 && (
        <dl className={classes.details}>
          {details.map((detail) => (
            <div key={detail.label}>
              <dt>{detail.label}</dt>
              <dd>{detail.value}</dd>
            </div>
          ))}
        </dl>
      )}
      <Text size="sm" className={hit.exemplares_disponiveis > 0 ? classes.available : undefined}>
        {hit.exemplares_total === 0
          ? t('search.results.noCopies')
          : t('search.results.availability', {
              count: hit.exemplares_total,
              available: hit.exemplares_disponiveis,
            })}
      </Text>
      {actions && (
        <Group gap="xs" mt="xs">
          {actions}
        </Group>
      )}
    </article>
  );
}
