import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Text } from '@mantine/core';
import type { SearchHit } from '@estante/contract';
import { paths } from '../../../../config/paths';
import classes from './tabs.module.css';

interface NewAcquisitionsListProps {
  hits: SearchHit[];
  /** The institution's default image (GET /consulta/imagem-padrao), for titles without a cover. */
  defaultCoverUrl?: string;
}

/**
 * New-acquisitions display C (SPEC §3, the tab's default): a compact list of covers, each with
 * its title linking to the record, the author and the year. Display D is the common result list.
 */
export function NewAcquisitionsList({ hits, defaultCoverUrl }: NewAcquisitionsListProps) {
  const { t } = useTranslation();
  if (hits.length === 0) return <Text>{t('search.newAcquisitions.empty')}</Text>;
  return (
    <ol className={classes.covers} aria-label={t('search.newAcquisitions.listLabel')}>
      {hits.map((hit) => {
        const cover = hit.link_capa ?? defaultCoverUrl;
        return (
          <li key={hit.cod_acervo} className={classes.coverItem}>
            {/* The title beside it names the cover: the image itself is decorative. */}
            {cover ? (
              <img className={classes.cover} src={cover} alt="" loading="lazy" />
            ) : (
              <div className={classes.cover} aria-hidden="true" />
            )}
            <Link to={paths.title.getHref(hit.cod_acervo)} className={classes.coverLink}>
              {hit.titulo}
            </Link>
            {(hit.autor || hit.ano_publicacao !== null) && (
              <Text size="sm">
                {[hit.autor, hit.ano_publicacao].filter((part) => part !== null && part !== '').join(', ')}
              </Text>
            )}
            {hit.desc_tipo_obra && (
              <Text size="xs" c="dimmed">
                {hit.desc_tipo_obra}
              </Text>
            )}
          </li>
        );
      })}
    </ol>
  );
}
